package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// turn.next names who takes the next turn; nothing there (a property never
// set) stops the game with the position instead of passing the turn on to
// the next seat as if nothing were wrong.
func TestTurnNextOfNothingStopsTheGame(t *testing.T) {
	rules := `name: leader
players: {min: 3, max: 3}
properties:
  game:
    leader: {type: player}
zones:
  hand: {}
turn:
  next: game.leader
  phases:
    - name: main
      do:
        - choose: {options: [{label: lead, do: [{set: {game.leader: you.prev}}]}, {label: forget, do: []}]}
`
	rs, diags := load.Load(load.Source{Name: "leader.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: C}\n")}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	first := g.Evaluator().S.Active
	// the leader named: the turn goes to them (the previous seat)
	require.NoError(t, g.Answer(first, state.Answer{Picks: []int{0}}))
	require.NoError(t, g.Err())
	require.Equal(t, (first+2)%3, g.Evaluator().S.Active)
	// set back to nothing: the next turn has no player
	i, _, ok := rs.PropIndex("game", "leader")
	require.True(t, ok)
	g.Evaluator().S.GameProps[i] = -1
	require.NoError(t, g.Answer(g.Evaluator().S.Active, state.Answer{Picks: []int{1}}))
	require.Error(t, g.Err())
	require.Contains(t, g.Err().Error(), `leader.yaml:9:9: turn.next "game.leader" gives no player to take the next turn`)
}
