package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/stdlib"
)

const generated = `
name: generated
properties:
  card:
    rank: {type: int, default: 1, min: 1, max: 13}
    suit: {type: enum, values: [cups, coins], default: cups}
    marked: {type: bool}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do: [{act: {actions: [wait]}}]
actions:
  wait: {label: wait}
`

const generatedCards = `
cards:
  - {id: pip, name: "{card.rank} of {card.suit}"}
  - {id: cup, name: "{card.rank} of cups"}
  - {id: token, name: "token {card.marked}"}
  - {id: next, name: "{card.rank + 1} up"}
  - {id: plain, name: Plain}
`

// TestSetupPlacesGeneratedCardsByName places cards whose definition names
// them from their properties by the names they get: the properties are read
// back from the name.
func TestSetupPlacesGeneratedCardsByName(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "generated.yaml", Data: []byte(generated)},
		[]load.Source{{Name: "cards.yaml", Data: []byte(generatedCards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	su := setup.Setup{Zones: []setup.Placement{{Seat: 0, Zone: "hand", Cards: []string{"12 of coins", "4 OF COINS", "token true", "Plain", "pip"}}}}
	g, err := engine.New(rs, engine.Options{Setup: &su})
	require.NoError(t, err)
	var names []string
	for _, c := range g.Evaluator().ZoneCards(g.Evaluator().ZoneInst(0, 0)) {
		names = append(names, g.Evaluator().CardName(c))
	}
	// a card placed by its id keeps its default properties
	assert.Equal(t, []string{"12 of coins", "4 of coins", "token true", "Plain", "1 of cups"}, names)

	for name, want := range map[string]string{
		// what a property could not print as, or the name of no card
		"0 of coins":  `unknown card "0 of coins"`,
		"07 of coins": `unknown card "07 of coins"`,
		"3 of swords": `unknown card "3 of swords"`,
		"token maybe": `unknown card "token maybe"`,
		// two definitions give this name
		"3 of cups": `"3 of cups" is the name of cards of 2 definitions (pip, cup): place one by its id and set its properties`,
	} {
		su := setup.Setup{Zones: []setup.Placement{{Seat: 0, Zone: "hand", Cards: []string{name}}}}
		ds := setup.CheckSetup(rs, su, 2)
		require.Len(t, ds, 1, name)
		assert.Equal(t, "unknown-card", ds[0].Code, name)
		assert.True(t, strings.HasPrefix(ds[0].Message, want), "%s: %s", name, ds[0].Message)
	}
	// an unknown name tells how generated cards are named, and which cannot
	// be placed by name
	ds := setup.CheckSetup(rs, setup.Setup{Zones: []setup.Placement{{Seat: 0, Zone: "hand", Cards: []string{"5 up"}}}}, 2)
	require.Len(t, ds, 1)
	assert.Contains(t, ds[0].Message, `cards named "{card.rank} of {card.suit}", "{card.rank} of cups", "token {card.marked}" are placed by the names they get from their properties`)
	assert.Contains(t, ds[0].Message, `cards named "{card.rank + 1} up" cannot be placed by name`)
}
