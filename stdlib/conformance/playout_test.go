package conformance_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/stdlib"
	"github.com/arbiter-games/arbiter/stdlib/conformance"
)

func rulesets(t testing.TB) []*in.Ruleset {
	files, err := filepath.Glob(filepath.Join("..", "..", "rulesets", "*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []*in.Ruleset
	for _, f := range files {
		rs, diags := in.LoadFile(f, stdlib.Library())
		require.NotNil(t, rs, "%s: %v", f, diags)
		out = append(out, rs)
	}
	return out
}

// TestRandomPlayouts plays 1,000 random games of every ruleset (100 with
// -short), checking the invariants after every answer.
func TestRandomPlayouts(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for _, rs := range rulesets(t) {
		t.Run(rs.Name, func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= uint64(n); seed++ {
				// the costly checks on every tenth game keep the run short
				deep := seed%10 == 0
				_, err := conformance.Playout(rs, conformance.Options{Game: in.Options{Seed: seed}, Resume: deep, Views: deep, Legality: true})
				require.NoError(t, err)
			}
		})
	}
}

// TestSameSeedSameGame plays each ruleset twice per seed and compares the logs.
func TestSameSeedSameGame(t *testing.T) {
	for _, rs := range rulesets(t) {
		for seed := uint64(1); seed <= 20; seed++ {
			a, err := conformance.Playout(rs, conformance.Options{Game: in.Options{Seed: seed}})
			require.NoError(t, err)
			b, err := conformance.Playout(rs, conformance.Options{Game: in.Options{Seed: seed}})
			require.NoError(t, err)
			require.Equal(t, strings.Join(a.Log, "\n"), strings.Join(b.Log, "\n"), "%s seed %d", rs.Name, seed)
		}
	}
}
