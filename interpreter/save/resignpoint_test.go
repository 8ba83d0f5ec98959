package save_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestAResignationAtAPointAfterAnOwnAnswerIsPlayedAgain: p1 plays in turn
// 5, p2 counters, turns 6 and 7 ask nobody anything, and p1, refused a
// resignation in turn 8, resigns at its moment in turn 7 (turn 5 asked p1
// something and gives no moment). A save of it is played again from its
// answers with p1 watched only from the answer before the resignation:
// it must resign at the same moment, not at one of turn 5, which the
// replay would take for a moment if it did not know that p1 answered then.
func TestAResignationAtAPointAfterAnOwnAnswerIsPlayedAgain(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	src := "ruleset: lands\nsetup:\n  active: p1\n  turn: 5\n  phase: main\n  zones:\n    p1.hand: [Fire, Grass]\n    p1.deck: [Fire]\n    p2.hand: [Water, Grass]\n    p2.deck: [Fire, Water, Grass]\nsteps:\n  - expect: true\n"
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 14, Setup: sc.Setup, WatchResign: []int{0}})
	require.NoError(t, err)
	pick := func(p int, label string) state.Answer {
		d, ok := g.PendingFor(p)
		require.True(t, ok)
		for i, o := range d.Options {
			if o.Label == label {
				return state.Answer{Picks: []int{i}}
			}
		}
		t.Fatalf("no option %q in %v", label, d.Options)
		return state.Answer{}
	}
	g.WatchResign(0)
	require.NoError(t, g.Answer(0, pick(0, "play Grass")))
	g.WatchResign(0)
	require.NoError(t, g.Answer(1, pick(1, "counter")))
	require.Error(t, g.Resign(0), "p1 may not resign in p2's turn")
	require.NoError(t, g.ResignAtPoint(0))
	require.Equal(t, 7, g.Evaluator().S.Turn, "p1's moment is its own turn 7, which asked it nothing")
	data, err := save.Marshal(g)
	require.NoError(t, err)
	back, err := save.LoadJSON(rs, data)
	require.NoError(t, err)
	require.Equal(t, g.Evaluator().S.Turn, back.Evaluator().S.Turn)
	require.Equal(t, g.Outcome(), back.Outcome())
}
