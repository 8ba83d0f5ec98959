package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A draw into a positional zone takes its first free position, as a move
// does: a hand of positions that drew three cards put the second on the
// first and stopped the game (the draw asked for position 0).
func TestDrawIntoAPositionalZone(t *testing.T) {
	const rules = `name: row-hand
zones:
  pile: {per: game, visibility: hidden}
  hand: {visibility: owner, slots: 4}
cards: []
setup:
  - for_each_player:
      do:
        - repeat:
            count: 3
            do: [{create: {id: c, to: pile, owner: you, quiet: true}}]
  - for_each_player:
      do:
        - draw: {count: 3, from: pile, to: hand}
turn:
  phases:
    - name: main
      do: [{choose: {options: [{label: a, do: []}, {label: b, do: []}]}}]
`
	card := load.Source{Name: "cards.yaml", Data: []byte("cards:\n  - id: c\n    name: Coin\n")}
	rs, diags := load.Load(load.Source{Name: "row-hand.yaml", Data: []byte(rules)}, []load.Source{card}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, g.Err())
	e := g.Evaluator()
	for p := range 2 {
		hand := e.S.Zones[e.ZoneInst(rs.ZoneIx["hand"], p)].Cards
		require.Len(t, hand, 3)
		slots := map[int64]bool{}
		for _, c := range hand {
			slots[e.SlotOf(c)] = true
		}
		require.Equal(t, map[int64]bool{0: true, 1: true, 2: true}, slots)
	}
}
