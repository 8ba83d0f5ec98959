package stdlib_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/stdlib"
)

// docsRuleset loads the neutral ruleset the examples compile against, with an
// action whose effect is the given steps.
func docsRuleset(t *testing.T, effect string) (*in.Ruleset, in.Diagnostics) {
	t.Helper()
	dir := filepath.Join("testdata", "docs")
	src, err := os.ReadFile(filepath.Join(dir, "docs.yaml"))
	require.NoError(t, err)
	cards, err := os.ReadFile(filepath.Join(dir, "cards", "docs", "cards.yaml"))
	require.NoError(t, err)
	text := strings.Replace(string(src), "  probe: {from: hand}", "  probe:\n    from: hand\n    effect:\n"+indent(effect, "      "), 1)
	return in.Load(in.Source{Name: "docs.yaml", Data: []byte(text)}, []in.Source{{Name: "cards.yaml", Data: cards}}, stdlib.Library())
}

func indent(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = pre + lines[i]
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestPrimitiveExamples compiles every primitive's documented example.
func TestPrimitiveExamples(t *testing.T) {
	for _, p := range stdlib.Library().Primitives() {
		t.Run(p.Name, func(t *testing.T) {
			require.NotEmpty(t, p.Doc, "every primitive is documented")
			require.NotEmpty(t, p.Example, "every primitive has an example")
			for _, a := range p.Params {
				require.NotEmpty(t, a.Doc, "argument %s is documented", a.Name)
			}
			rs, diags := docsRuleset(t, p.Example)
			require.NotNil(t, rs, "example of %s does not compile:\n%s\n%v", p.Name, p.Example, diags)
		})
	}
}

// TestFunctionExamples compiles every function's documented example.
func TestFunctionExamples(t *testing.T) {
	rs, diags := docsRuleset(t, "- log: ok")
	require.NotNil(t, rs, "%v", diags)
	for _, f := range stdlib.Library().Funcs() {
		t.Run(f.Name, func(t *testing.T) {
			require.NotEmpty(t, f.Doc)
			var n yaml.Node
			require.NoError(t, yaml.Unmarshal([]byte(`"`+strings.ReplaceAll(f.Example, `"`, `\"`)+`"`), &n))
			e, diags := rs.CompileQuery("example", []byte(f.Example), n.Content[0], nil, in.TAny)
			require.NotNil(t, e, "example of %s does not compile: %s\n%v", f.Name, f.Example, diags)
		})
	}
}

// TestKeyExamples checks that every documented ruleset key's example parses as YAML.
func TestKeyExamples(t *testing.T) {
	for _, k := range stdlib.Library().Keys() {
		require.NotEmpty(t, k.Doc, k.Path)
		if k.Path == "expressions" {
			continue
		}
		var v any
		require.NoError(t, yaml.Unmarshal([]byte(k.Example), &v), "example of %s", k.Path)
	}
}
