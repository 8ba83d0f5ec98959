package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// Windows where nobody can do anything but pass, then a real question.
const atOnceRuleset = `name: at once
players: {min: 2, max: 2}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - priority: {actions: [play]}
        - act: {actions: [play], pass_label: nothing to play}
        - act: {actions: [play], player: opponent, pass: false}
        - choose_number: {max: 3, as: n}
actions:
  play:
    from: hand
    effect: []
`

// TestAForcedWindowIsCountedAsAsked: a window where a player can only
// pass is answered at once (AnswerAtOnce), without a pending decision, but
// counted as a question asked of that player, as Ask counts it: the
// numbers of the next decisions and a rewind's refusal depend on it.
func TestAForcedWindowIsCountedAsAsked(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "atonce.yaml", Data: []byte(atOnceRuleset)}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 4})
	require.NoError(t, err)
	s := g.Evaluator().S
	active := s.Active
	other := 1 - active

	pending := g.Pending()
	require.Len(t, pending, 1)
	d := pending[0]
	require.Equal(t, state.DecideNumber, d.Kind, "the windows did not wait")
	// the priority window asked both players, the first act the active
	// player, the second the other, then the real question
	require.Equal(t, 4, d.Seq, "four questions answered at once came first")
	require.Equal(t, 5, s.DecSeq)
	want := []int{0, 0}
	want[active] = 3 // priority, act, choose_number
	want[other] = 2  // priority, act
	require.Equal(t, want, s.Asked)
	require.Contains(t, view.LogText(g, -1, 0), state.SeatName(active)+": nothing to play.")
	require.Contains(t, view.LogText(g, -1, 0), state.SeatName(other)+" passes.")
}
