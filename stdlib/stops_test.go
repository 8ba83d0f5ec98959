package stdlib_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/stdlib"
)

// firstActionGame loads a ruleset whose only action is taken at once, with
// cards on p1's table, and starts a game of it in p1's main phase.
func firstActionGame(t *testing.T, name, rules, cards string, table ...string) *engine.Game {
	t.Helper()
	var cardFiles []load.Source
	if cards != "" {
		cardFiles = []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}
	}
	rs, diags := load.Load(load.Source{Name: name, Data: []byte(rules)}, cardFiles, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	o := engine.Options{Players: 2, Seed: 1}
	if len(table) > 0 {
		o.Setup = &setup.Setup{Active: 0, Phase: "main", Zones: []setup.Placement{{Seat: 0, Zone: "table", Cards: table}}}
	}
	g, err := engine.New(rs, o)
	require.NoError(t, err)
	return g
}

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
	g := firstActionGame(t, "faceless.yaml", rules, "cards:\n  - {id: stone, name: Stone}\n", "Stone")
	require.True(t, g.Over(), "the only action, taken at once, stops the game")
	require.ErrorContains(t, g.Err(), "faceless.yaml:14:9: flip: Stone has faces 0 to 0, not 1")
}

// A spend below 0 is no cost: paying it stops the game with the position,
// rather than giving the player what it should have taken.
func TestSpendBelowZeroStopsTheGame(t *testing.T) {
	const rules = `name: discount
properties:
  player:
    gold: {type: int, default: 5}
zones:
  table: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [buy], pass: false}
actions:
  buy:
    label: buy
    cost:
      - spend: {prop: gold, amount: "2 - 5"}
    effect: []
`
	g := firstActionGame(t, "discount.yaml", rules, "")
	require.True(t, g.Over(), "the only action, taken at once, stops the game")
	require.ErrorContains(t, g.Err(), "discount.yaml:16:9: spend: an amount of -3 is no cost")
	require.Equal(t, int64(5), g.Evaluator().PlayerProp(0, g.Ruleset().PlayerPropIx["gold"]))
}
