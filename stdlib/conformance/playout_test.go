package conformance_test

import (
	"fmt"
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

// configs lists the ways a ruleset can be played: every player count, and
// every mode at the largest count.
func configs(rs *in.Ruleset) []in.Options {
	var out []in.Options
	for n := rs.MinPlayers; n <= rs.MaxPlayers; n++ {
		out = append(out, in.Options{Players: n})
	}
	for _, m := range rs.Modes {
		out = append(out, in.Options{Players: rs.MaxPlayers, Mode: m})
	}
	return out
}

// TestRandomPlayouts plays 1,000 random games of every ruleset at every
// player count and mode (100 with -short), checking the invariants after
// every answer.
func TestRandomPlayouts(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	for _, rs := range rulesets(t) {
		for _, cfg := range configs(rs) {
			name := fmt.Sprintf("%s/%dp", rs.Name, cfg.Players)
			if cfg.Mode != "" {
				name += "/" + cfg.Mode
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				turns := 0
				for seed := uint64(1); seed <= uint64(n); seed++ {
					deep := seed%10 == 0 // keeps its log; the others run without one
					o := cfg
					o.Seed, o.NoLog = seed, !deep
					// every game checks its invariants after every answer and that each
					// random legal answer is accepted; every tenth also re-checks every
					// offered option, the views and a resume from a clone and a save
					res, err := conformance.Playout(rs, conformance.Options{Game: o, Resume: deep, Views: deep, Legality: deep})
					require.NoError(t, err)
					turns += res.Turns
				}
				t.Logf("%d games, %.1f turns on average", n, float64(turns)/float64(n))
			})
		}
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
