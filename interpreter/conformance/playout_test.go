package conformance_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/conformance"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/stdlib"
)

// shipped are the patterns of the games' ruleset files: the project's and
// the tutorial's.
var shipped = []string{
	filepath.Join("..", "..", "rulesets", "*.yaml"),
	filepath.Join("..", "..", "docs", "tutorial", "rulesets", "*.yaml"),
}

func shippedFiles() []string {
	var files []string
	for _, pattern := range shipped {
		m, _ := filepath.Glob(pattern) // the patterns are well formed
		files = append(files, m...)
	}
	return files
}

func rulesets(t testing.TB) []*model.Ruleset {
	files := shippedFiles()
	require.NotEmpty(t, files)
	var out []*model.Ruleset
	for _, f := range files {
		rs, diags := load.LoadFile(f, stdlib.Library())
		require.NotNil(t, rs, "%s: %v", f, diags)
		out = append(out, rs)
	}
	return out
}

// configs lists the ways a ruleset can be played: every player count, and
// every mode at the largest count.
func configs(rs *model.Ruleset) []engine.Options {
	var out []engine.Options
	for n := rs.MinPlayers; n <= rs.MaxPlayers; n++ {
		out = append(out, engine.Options{Players: n})
	}
	for _, m := range rs.Modes {
		out = append(out, engine.Options{Players: rs.MaxPlayers, Mode: m})
	}
	return out
}

// TestRandomPlayouts plays 1,000 random games of every ruleset at every
// player count and mode (40 with -short; -playouts N plays N), checking the
// invariants after every answer; every tenth of them, 40 at most, also
// checks every offered option, the views and resuming.
func TestRandomPlayouts(t *testing.T) {
	n := gamesPer(1000, 40)
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
					// every tenth game, and no more than 40 in all, is deep: it
					// keeps its log and re-checks every offered option, the views
					// and a resume from a clone and a save, which costs more than
					// the game; the others run without a log
					deep := seed%uint64(max(n/40, 10)) == 0
					o := cfg
					o.Seed, o.NoLog = seed, !deep
					// every second game evaluates what the change tracking skips
					// (state checks, derived values), which must not differ
					o.VerifyChanges = seed%2 == 0
					// every game checks its invariants after every answer and that each
					// random legal answer is accepted
					res, err := conformance.Playout(rs, conformance.Options{Game: o, Resume: deep, Views: deep, Legality: deep})
					require.NoError(t, err)
					turns += res.Turns
				}
				t.Logf("%d games, %.1f turns on average", n, float64(turns)/float64(n))
			})
		}
	}
}

// playouts overrides how many random games a playout test plays.
var playouts = flag.Int("playouts", 0, "random games per configuration of the playout tests (default: each test's own)")

// gamesPer is how many games a playout test plays: -playouts when given,
// else full, or short with -short.
func gamesPer(full, short int) int {
	switch {
	case *playouts > 0:
		return *playouts
	case testing.Short():
		return short
	}
	return full
}

// TestSameSeedSameGame plays each ruleset twice per seed and compares the logs.
func TestSameSeedSameGame(t *testing.T) {
	for _, rs := range rulesets(t) {
		for seed := uint64(1); seed <= 20; seed++ {
			a, err := conformance.Playout(rs, conformance.Options{Game: engine.Options{Seed: seed}})
			require.NoError(t, err)
			b, err := conformance.Playout(rs, conformance.Options{Game: engine.Options{Seed: seed}})
			require.NoError(t, err)
			require.Equal(t, strings.Join(a.Log, "\n"), strings.Join(b.Log, "\n"), "%s seed %d", rs.Name, seed)
		}
	}
}

// TestVerifiedGameIsTheGame plays each ruleset at every player count and
// mode with VerifyChanges (which evaluates everything the engine skips or
// keeps, and stops at a difference) and without it, on the same seeds, and
// compares the logs: what the engine leaves out changes nothing a game
// shows. An oracle for the shortcuts beside the one VerifyChanges is:
// under it, some are not taken at all (the state checks are all gone
// through, triggers decided by their zones are evaluated).
func TestVerifiedGameIsTheGame(t *testing.T) {
	n := gamesPer(12, 3)
	for _, rs := range rulesets(t) {
		for _, cfg := range configs(rs) {
			for seed := uint64(1); seed <= uint64(n); seed++ {
				o := cfg
				o.Seed = seed
				plain, err := conformance.Playout(rs, conformance.Options{Game: o})
				require.NoError(t, err)
				o.VerifyChanges = true
				verified, err := conformance.Playout(rs, conformance.Options{Game: o})
				require.NoError(t, err, "%s %dp %s seed %d: VerifyChanges", rs.Name, cfg.Players, cfg.Mode, seed)
				require.Equal(t, strings.Join(plain.Log, "\n"), strings.Join(verified.Log, "\n"), "%s %dp %s seed %d", rs.Name, cfg.Players, cfg.Mode, seed)
			}
		}
	}
}

// engineStart is one way to start a game of an engine ruleset: its own
// setup at a player count and mode, or the placed position of one of its
// scenarios (which gives the game cards to play with).
type engineStart struct {
	name  string
	game  engine.Options
	setup *setup.Setup
}

// engineStarts lists the starts of every engine ruleset under
// testdata/engine/rulesets, keyed by ruleset file.
func engineStarts(t *testing.T) (files []string, starts map[string][]engineStart) {
	root := filepath.Join("..", "..", "testdata", "engine")
	files, err := filepath.Glob(filepath.Join(root, "rulesets", "*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	starts = map[string][]engineStart{}
	scenarios, err := scenario.Find(root)
	require.NoError(t, err)
	for _, f := range scenarios {
		sc, err := scenario.Load(f)
		require.NoError(t, err)
		if sc.Setup == nil {
			continue
		}
		rf := filepath.Clean(sc.Ruleset)
		o := engine.Options{Players: sc.Players, Mode: sc.Mode, Decks: sc.Decks}
		starts[rf] = append(starts[rf], engineStart{name: strings.TrimSuffix(filepath.Base(f), ".yaml"), game: o, setup: sc.Setup})
	}
	return files, starts
}

// engineErrors names the engine rulesets whose games are meant to end in a
// runtime error, and the error: echo tests the step budget with a card that
// answers its own event for ever.
var engineErrors = map[string]string{
	"echo": "an effect ran 500 steps without asking anyone anything",
}

// TestEngineRulesetPlayouts plays random games of every engine ruleset in
// testdata/engine/rulesets, from its own setup at every player count and
// mode and from the setup of each of its scenarios, checking the invariants
// after every answer as TestRandomPlayouts does. Many of these rulesets have
// no ending (they test one rule): those are given a turn limit of 40 turns.
// (Without one, once nobody has a choice left, turn follows turn without a
// question until the step budget stops the game as a runaway.)
func TestEngineRulesetPlayouts(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	files, starts := engineStarts(t)
	for _, f := range files {
		rs, diags := load.LoadFile(f, stdlib.Library())
		require.NotNil(t, rs, "%s: %v", f, diags)
		if rs.TurnLimit == 0 {
			rs.TurnLimit = 40
		}
		all := starts[filepath.Clean(f)]
		for _, cfg := range configs(rs) {
			name := fmt.Sprintf("%dp", cfg.Players)
			if cfg.Mode != "" {
				name += "/" + cfg.Mode
			}
			all = append([]engineStart{{name: name, game: cfg}}, all...)
		}
		wantErr, errs := engineErrors[rs.Name]
		for _, st := range all {
			t.Run(rs.Name+"/"+st.name, func(t *testing.T) {
				t.Parallel()
				ended, errors, answers := 0, 0, 0
				for seed := uint64(1); seed <= uint64(n); seed++ {
					deep := seed%5 == 0
					o := st.game
					o.Seed, o.NoLog = seed, !deep
					o.VerifyChanges = seed%2 == 0
					res, err := conformance.Playout(rs, conformance.Options{Game: o, Setup: st.setup, Errors: errs, Resume: deep, Views: deep, Legality: deep})
					require.NoError(t, err)
					if res.Err != nil {
						require.ErrorContains(t, res.Err, wantErr, "seed %d", seed)
						errors++
					}
					answers += res.Answers
					if res.Outcome != "" {
						ended++
					}
				}
				t.Logf("%d games, %.1f answers on average, %d ended, %d of them in an error", n, float64(answers)/float64(n), ended, errors)
			})
		}
	}
}
