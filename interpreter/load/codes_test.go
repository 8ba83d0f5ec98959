package load_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// loadExample writes a snippet of the catalogue into the example ruleset (see
// diag.ExampleFiles) in a folder of its own and loads it as validate does.
func loadExample(t *testing.T, in, snippet string) diag.Diagnostics {
	diags, _ := loadExampleAt(t, in, snippet)
	return diags
}

func loadExampleAt(t *testing.T, in, snippet string) (diag.Diagnostics, string) {
	t.Helper()
	ruleset, cards := diag.ExampleFiles(in, snippet)
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "cards", "example"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cards", "example", "cards.yaml"), []byte(cards), 0o644))
	path := filepath.Join(dir, "example.yaml")
	require.NoError(t, os.WriteFile(path, []byte(ruleset), 0o644))
	_, diags := load.LoadFile(path, stdlib.Library())
	return diags, path
}

// TestExampleRulesetLoads: the ruleset every snippet is part of is clean.
func TestExampleRulesetLoads(t *testing.T) {
	require.Empty(t, loadExample(t, "", ""))
}

// TestCodeCatalogue makes the catalogue an oracle: each code's wrong snippet
// gives that code, with the registry's severity, and no other; its fixed
// snippet gives nothing at all. A code no ruleset can show says why.
func TestCodeCatalogue(t *testing.T) {
	for _, c := range diag.Codes() {
		t.Run(c.Code, func(t *testing.T) {
			require.NotEmpty(t, c.Meaning)
			if c.In == "" {
				require.Empty(t, c.Wrong+c.Fixed, "snippets need In")
				require.NotEmpty(t, c.Note, "a code without snippets says how it comes and what to do")
				return
			}
			require.NotEmpty(t, c.Wrong)
			require.NotEmpty(t, c.Fixed)
			wrong, path := loadExampleAt(t, c.In, c.Wrong)
			require.NotEmpty(t, wrong, "the wrong snippet loads without a diagnostic:\n%s", c.Wrong)
			t.Logf("%v", wrong)
			for _, d := range wrong {
				require.Equal(t, c.Code, d.Code, "the wrong snippet gives another code:\n%s\n%v", c.Wrong, wrong)
				require.Equal(t, c.Severity, d.Severity, "%v", d)
			}
			fixed := loadExample(t, c.In, c.Fixed)
			require.Empty(t, fixed, "the fixed snippet is not clean:\n%s", c.Fixed)
			// a code whose diagnostics carry fixes: applying them cleans the file
			applied := 0
			for _, file := range load.OwnFiles(path) {
				src, err := os.ReadFile(file)
				require.NoError(t, err)
				out, done := diag.ApplyFixes(file, src, wrong)
				applied += len(done)
				require.NoError(t, os.WriteFile(file, out, 0o644))
			}
			if applied > 0 {
				_, after := load.LoadFile(path, stdlib.Library())
				require.Empty(t, after, "applying the fixes leaves problems")
			}
		})
	}
}
