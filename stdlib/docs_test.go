package stdlib_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

// docsRuleset loads the neutral ruleset the examples compile against, with an
// action whose effect is the given steps.
func docsRuleset(t *testing.T, effect string) (*model.Ruleset, diag.Diagnostics) {
	t.Helper()
	dir := filepath.Join("testdata", "docs")
	src, err := os.ReadFile(filepath.Join(dir, "docs.yaml"))
	require.NoError(t, err)
	cards, err := os.ReadFile(filepath.Join(dir, "cards", "docs", "cards.yaml"))
	require.NoError(t, err)
	text := strings.Replace(string(src), "  probe: {from: hand}", "  probe:\n    from: hand\n    effect:\n"+indent(effect, "      "), 1)
	return load.Load(load.Source{Name: "docs.yaml", Data: []byte(text)}, []load.Source{{Name: "cards.yaml", Data: cards}}, stdlib.Library())
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
			e, diags := compile.CompileQuery(rs, "example", []byte(f.Example), n.Content[0], "", nil, model.TAny)
			require.NotNil(t, e, "example of %s does not compile: %s\n%v", f.Name, f.Example, diags)
		})
	}
}

// TestKeyExamples compiles every documented key's example: a ruleset
// fragment is merged into the neutral ruleset (a mapping key by key, anything
// else replacing what was there) and the result must load without errors; a
// card file is loaded as the ruleset's cards, a step as an action's effect, an
// expression as a query, and a scenario against the neutral ruleset.
func TestKeyExamples(t *testing.T) {
	dir := filepath.Join("testdata", "docs")
	base, err := os.ReadFile(filepath.Join(dir, "docs.yaml"))
	require.NoError(t, err)
	cards, err := os.ReadFile(filepath.Join(dir, "cards", "docs", "cards.yaml"))
	require.NoError(t, err)
	// the card file's deck would clash with the examples of decks and deck_rules
	defs, _, _ := strings.Cut(string(cards), "\ndecks:")
	cards = []byte(defs + "\n")
	for _, k := range stdlib.Library().Keys() {
		t.Run(k.Path, func(t *testing.T) {
			require.NotEmpty(t, k.Doc)
			require.NotEmpty(t, k.Example)
			var ex yaml.Node
			require.NoError(t, yaml.Unmarshal([]byte(k.Example), &ex), "the example does not parse:\n%s", k.Example)
			switch k.Path {
			case "expressions":
				rs, diags := docsRuleset(t, "- log: ok")
				require.NotNil(t, rs, "%v", diags)
				e, diags := compile.CompileQuery(rs, "example", []byte(k.Example), ex.Content[0], "", []compile.QueryVar{{Name: "you", Type: model.TPlayer}}, model.TAny)
				require.NotNil(t, e, "the example does not compile: %s\n%v", k.Example, diags)
				return
			case "decisions", "templates", "arguments":
				// one step, written as a mapping: an action's effect is a list of them
				rs, diags := docsRuleset(t, "- "+strings.ReplaceAll(k.Example, "\n", "\n  "))
				require.NotNil(t, rs, "the example does not compile as a step:\n%s\n%v", k.Example, diags)
				return
			case "cards[]", "cards[].statics":
				rs, diags := load.Load(load.Source{Name: "docs.yaml", Data: base}, []load.Source{{Name: "example.yaml", Data: []byte(k.Example)}}, stdlib.Library())
				require.NotNil(t, rs, "the example does not load as a card file:\n%s\n%v", k.Example, diags)
				return
			case "scenario":
				checkScenarioExample(t, k.Example, base, cards)
				return
			}
			var doc yaml.Node
			require.NoError(t, yaml.Unmarshal(base, &doc))
			require.Equal(t, yaml.MappingNode, ex.Content[0].Kind, "the example of a ruleset key is a mapping")
			merge(doc.Content[0], ex.Content[0])
			text, err := yaml.Marshal(&doc)
			require.NoError(t, err)
			rs, diags := load.Load(load.Source{Name: "docs.yaml", Data: text}, []load.Source{{Name: "cards.yaml", Data: cards}}, stdlib.Library())
			require.NotNil(t, rs, "the example does not compile in the neutral ruleset:\n%s\n%v\n--- the ruleset:\n%s", k.Example, diags, text)
		})
	}
}

// merge puts the keys of mapping src into mapping dst: mappings are merged key
// by key, any other value replaces the one in dst.
func merge(dst, src *yaml.Node) {
	for i := 0; i+1 < len(src.Content); i += 2 {
		k, v := src.Content[i], src.Content[i+1]
		found := false
		for j := 0; j+1 < len(dst.Content); j += 2 {
			if dst.Content[j].Value != k.Value {
				continue
			}
			found = true
			if old := dst.Content[j+1]; old.Kind == yaml.MappingNode && v.Kind == yaml.MappingNode {
				merge(old, v)
			} else {
				dst.Content[j+1] = v
			}
		}
		if !found {
			dst.Content = append(dst.Content, k, v)
		}
	}
}

// checkScenarioExample writes the neutral ruleset as rulesets/<name>.yaml for
// the name the scenario example asks for, then loads the scenario and
// compiles its expectations against it.
func checkScenarioExample(t *testing.T, example string, base, cards []byte) {
	t.Helper()
	var top struct {
		Ruleset string `yaml:"ruleset"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(example), &top))
	require.NotEmpty(t, top.Ruleset, "the scenario example names its ruleset")
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "rulesets"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "cards", top.Ruleset), 0o755))
	text := strings.Replace(string(base), "cards: [cards/docs]", "cards: [../cards/"+top.Ruleset+"]", 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rulesets", top.Ruleset+".yaml"), []byte(text), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cards", top.Ruleset, "cards.yaml"), cards, 0o644))
	path := filepath.Join(dir, "example.yaml")
	require.NoError(t, os.WriteFile(path, []byte(example), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	rs, diags := load.LoadFile(sc.Ruleset, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	require.NoError(t, scenario.Check(rs, sc))
}
