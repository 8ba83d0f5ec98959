package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// The lists of players are in seat order, p1 first, whoever is active, as
// the expressions reference says: players has every seat (those who lost
// too), opponents leaves the player out without starting after it, and
// everyone.<zone> lists p1's cards first, each zone top first. The game's
// first player (who is active) is p3 here, and p2 has lost.
func TestPlayerListsAreInSeatOrder(t *testing.T) {
	rules := `name: order
players: {min: 4, max: 4}
properties:
  card:
    n: {type: int}
zones:
  hand: {}
setup:
  - for_each_player:
      do:
        - create: {id: c, to: hand, owner: you, as: a, quiet: true}
        - set: {cards: a, prop: n, value: "you.index * 10 + 1"}
        - create: {id: c, to: hand, owner: you, as: b, quiet: true}
        - set: {cards: b, prop: n, value: "you.index * 10 + 2"}
  - for_each_player: {players: "[players[1]]", do: [{lose: {reason: gone}}]}
turn:
  phases:
    - name: main
      do:
        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}
`
	rs, diags := load.Load(load.Source{Name: "order.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: C}\n")}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	var g *engine.Game
	for seed := uint64(1); ; seed++ {
		var err error
		g, err = engine.New(rs, engine.Options{Seed: seed, Players: 4})
		require.NoError(t, err)
		if g.Evaluator().S.First == 2 {
			break
		}
	}
	require.NoError(t, g.Err())
	for _, q := range []string{
		"active == players[2]",
		"map(players, .seat) == ['p1', 'p2', 'p3', 'p4'] and players[1].lost",
		"map(players[2].opponents, .seat) == ['p1', 'p4']",
		"map(players[3].opponents, .seat) == ['p1', 'p3']",
		"map(everyone.hand, .n) == [1, 2, 21, 22, 31, 32]",
	} {
		assert.Equal(t, true, query(t, rs, g, q), q)
	}
}
