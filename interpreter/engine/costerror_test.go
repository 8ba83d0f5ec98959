package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A cost whose expression cannot be worked out (a property read from no
// card) stops the game with the position, as a condition's does; it does
// not quietly leave the action out of the options.
func TestCostThatCannotBeWorkedOutStopsTheGame(t *testing.T) {
	for _, c := range []struct{ cost, msg string }{
		{`spend: {prop: gold, amount: "first(you.hand).price"}`, "rules.yaml:17:9: spend: "},
		{`require: {cond: "first(you.hand).price > 0"}`, "rules.yaml:17:9: require: "},
		{`spend_mix: {props: "['gold']", amounts: "[0]", any: "first(you.hand).price"}`, "rules.yaml:17:9: spend_mix: "},
	} {
		rules := `name: costs
properties:
  card:
    price: {type: int}
  player:
    gold: {type: int, default: 3}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do: [{act: {actions: [buy]}}]
actions:
  buy:
    label: buy
    cost:
      - ` + c.cost + `
    effect: []
`
		rs, diags := load.Load(load.Source{Name: "rules.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: C}\n")}}, stdlib.Library())
		require.False(t, diags.HasErrors(), "%s: %v", c.cost, diags)
		g, err := engine.New(rs, engine.Options{Seed: 1})
		require.NoError(t, err)
		require.Error(t, g.Err(), c.cost)
		require.Contains(t, g.Err().Error(), c.msg, c.cost)
		require.Contains(t, g.Err().Error(), "nothing", c.cost)
	}
}
