package stdlib_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/stdlib"
)

const whoseRules = `name: whose
players: {min: 2, max: 2}
zones:
  table: {}
  shields: {face_down: true, blind: true}
turn:
  phases:
    - name: main
      do:
        - choose_card: {cards: "concat(everyone.table, everyone.shields)", as: c}
`

const whoseCards = `cards:
  - {id: squire, name: Squire}
  - {id: pebble, name: Pebble}
`

// TestIdenticalCardsOfTwoPlayersSayWhose: a choice among identical cards
// that different players control names each with its controller, a
// face-down card nobody knows too (without its article); a card of one
// label keeps its name.
func TestIdenticalCardsOfTwoPlayersSayWhose(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "whose.yaml", Data: []byte(whoseRules)}, []load.Source{{Name: "cards.yaml", Data: []byte(whoseCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1, Setup: &setup.Setup{
		Active: 0, Phase: "main",
		Zones: []setup.Placement{
			{Seat: 0, Zone: "table", Cards: []string{"Squire", "Pebble"}},
			{Seat: 1, Zone: "table", Cards: []string{"Squire"}},
			{Seat: 0, Zone: "shields", Cards: []string{"Pebble"}},
			{Seat: 1, Zone: "shields", Cards: []string{"Squire"}},
		},
	}})
	require.NoError(t, err)
	d, ok := g.Next()
	require.True(t, ok)
	var labels []string
	for _, o := range d.Options {
		labels = append(labels, o.Label)
	}
	require.ElementsMatch(t, []string{"p1's Squire", "p2's Squire", "Pebble", "p1's face-down card", "p2's face-down card"}, labels)
}
