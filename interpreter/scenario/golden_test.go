package scenario_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden runs every scenario under testdata/ and compares its log and final
// state with the golden file beside it.
func TestGolden(t *testing.T) {
	files, err := scenario.Find(filepath.Join("..", "..", "testdata"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		name := strings.TrimSuffix(strings.TrimPrefix(f, filepath.Join("..", "..", "testdata")+string(filepath.Separator)), ".yaml")
		t.Run(name, func(t *testing.T) {
			sc, err := scenario.Load(f)
			require.NoError(t, err)
			res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
			require.NoError(t, err)
			for _, fl := range res.Failures {
				t.Error(fl)
			}
			golden := strings.TrimSuffix(f, ".yaml") + ".golden"
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(res.Output), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "no golden file; run go test ./stdlib/scenario -update and read it")
			require.Equal(t, string(want), res.Output)
		})
	}
}
