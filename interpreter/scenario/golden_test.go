package scenario_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

var update = flag.Bool("update", false, "rewrite golden files")

// roots are the folders whose scenarios TestGolden runs: the project's
// testdata/ and the tutorial's.
var roots = []string{
	filepath.Join("..", "..", "testdata"),
	filepath.Join("..", "..", "docs", "tutorial", "testdata"),
}

// TestGolden runs every scenario under the roots and compares its log and
// final state with the golden file beside it.
func TestGolden(t *testing.T) {
	for _, root := range roots {
		files, err := scenario.Find(root)
		require.NoError(t, err)
		require.NotEmpty(t, files, root)
		golden(t, root, files)
	}
}

func golden(t *testing.T, root string, files []string) {
	// each ruleset is loaded once, as arbiter test does: a game never
	// writes its ruleset
	loaded := map[string]*model.Ruleset{}
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, root+string(filepath.Separator)), ".yaml")
		t.Run(name, func(t *testing.T) {
			sc, err := scenario.Load(f)
			require.NoError(t, err)
			rs, ok := loaded[sc.Ruleset]
			if !ok {
				var diags diag.Diagnostics
				rs, diags = load.LoadFile(sc.Ruleset, stdlib.Library())
				require.NotNil(t, rs, "%v", diags)
				loaded[sc.Ruleset] = rs
			}
			res, err := scenario.RunWith(rs, sc, scenario.Options{Library: stdlib.Library()})
			require.NoError(t, err)
			for _, fl := range res.Failures {
				t.Error(fl)
			}
			golden := strings.TrimSuffix(f, ".yaml") + ".golden"
			if *update {
				// a failing scenario's run is cut short: no golden of it
				if res.Passed() {
					require.NoError(t, os.WriteFile(golden, []byte(res.Output), 0o644))
				}
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "no golden file; run go test ./interpreter/scenario -update and read it")
			require.Equal(t, string(want), res.Output)
		})
	}
}
