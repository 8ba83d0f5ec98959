package stdlib_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A flip to a face the card does not have stops the game with the position,
// rather than logging a turn that changes nothing.
func TestFlipToAFaceTheCardLacks(t *testing.T) {
	const rules = `name: faceless
zones:
  table: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [turn], pass: false}
actions:
  turn:
    label: turn {card}
    from: table
    effect:
      - flip: {cards: this, face: 1}
`
	const cards = `cards:
  - id: stone
    name: Stone
`
	rs, diags := load.Load(load.Source{Name: "faceless.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1, Setup: &setup.Setup{
		Active: 0, Phase: "main",
		Zones: []setup.Placement{{Seat: 0, Zone: "table", Cards: []string{"Stone"}}},
	}})
	require.NoError(t, err)
	require.True(t, g.Over(), "the only action, taken at once, stops the game")
	require.ErrorContains(t, g.Err(), "faceless.yaml:14:9: flip: Stone has faces 0 to 0, not 1")
}
