package stdlib_test

import (
	"fmt"
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
	g := firstActionGame(t, "discount.yaml", goldRules("discount", 5, "    cost:\n      - spend: {prop: gold, amount: \"2 - 5\"}\n    effect: []\n"), "")
	require.True(t, g.Over(), "the only action, taken at once, stops the game")
	require.ErrorContains(t, g.Err(), "discount.yaml:16:9: spend: an amount of -3 is no cost")
	require.Equal(t, int64(10), goldLeft(g))
}

// goldRules is a ruleset whose only action, buy, holds the steps given
// (its cost and effect, as YAML at their indent), with players starting
// with the gold given; the game ends after one turn.
func goldRules(name string, gold int, action string) string {
	return fmt.Sprintf(`name: %s
properties:
  player:
    gold: {type: int, default: %d, min: 0}
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
%slimits: {turns: 1}
`, name, gold, action)
}

// goldLeft is the gold both players hold together.
func goldLeft(g *engine.Game) int64 {
	gold := g.Ruleset().PlayerPropIx["gold"]
	return g.Evaluator().PlayerProp(0, gold) + g.Evaluator().PlayerProp(1, gold)
}

// A spend among an effect's steps of more than the player has, and a
// require whose condition does not hold there, stop the game with the
// position and the reason: the spend paid less than it said, and the
// require checked nothing.
func TestCostStepsInAnEffect(t *testing.T) {
	for step, want := range map[string]string{
		"spend: {prop: gold, amount: 5}":                            " must pay 5 gold and has 4: spend takes only what a player has",
		"require: {cond: you.gold > 4, reason: \"{you} is short\"}": ": what require requires does not hold: p",
	} {
		g := firstActionGame(t, "overdraw.yaml", goldRules("overdraw", 4, "    effect:\n      - "+step+"\n"), "")
		require.True(t, g.Over(), step)
		require.ErrorContains(t, g.Err(), "overdraw.yaml:16:9: ")
		require.ErrorContains(t, g.Err(), want)
		require.Equal(t, int64(8), goldLeft(g), step)
	}
	// what can be paid is paid
	g := firstActionGame(t, "overdraw.yaml", goldRules("overdraw", 4, "    effect:\n      - spend: {prop: gold, amount: 4}\n"), "")
	require.NoError(t, g.Err())
	require.Equal(t, int64(4), goldLeft(g))
}

// A require among an action's costs is judged when the action is offered,
// before any cost is paid: a spend paid before it does not stop the game.
func TestRequireAfterASpendInACost(t *testing.T) {
	g := firstActionGame(t, "ledger.yaml", goldRules("ledger", 1, "    cost:\n      - spend: {prop: gold, amount: 1}\n      - require: {cond: you.gold >= 1}\n    effect: []\n"), "")
	require.NoError(t, g.Err())
	require.Equal(t, int64(1), goldLeft(g))
}

// Numbers a game computes at the edges of their steps: a repeat of a count
// below 0 runs no times (it looped until the runaway guard stopped it), a
// range that ends at the largest whole number ends there (it wrapped round
// to the smallest), and a die of fewer than 1 side stops the game with the
// reason (it rolled a d-9).
func TestNumbersAtTheEdges(t *testing.T) {
	cases := []struct {
		name, step string
		hits       int64  // game.hits once the setup ran
		err        string // or the reason the game stopped
	}{
		{"repeat below 0", `repeat: {count: "0 - 5", do: [{add: {prop: hits, amount: 1}}]}`, 0, ""},
		{"repeat 3", `repeat: {count: 3, do: [{add: {prop: hits, amount: 1}}]}`, 3, ""},
		{"repeat while", `repeat: {while: "game.hits < 4", do: [{add: {prop: hits, amount: 1}}]}`, 4, ""},
		{"repeat while false at once", `repeat: {while: "game.hits > 0", do: [{add: {prop: hits, amount: 1}}]}`, 0, ""},
		{"range to the largest number", `for_range: {first: 9223372036854775806, last: 9223372036854775807, as: n, do: [{add: {prop: hits, amount: 1}}]}`, 2, ""},
		{"range of one", `for_range: {first: 4, last: 4, as: n, do: [{add: {prop: hits, amount: n}}]}`, 4, ""},
		{"die of no side", `roll: {sides: "0 - 9", as: r}`, 0, "roll: a die has at least 1 side; sides is -9"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rules := `name: edges
properties:
  game:
    hits: {type: int, default: 0}
zones:
  hand: {}
setup:
  - ` + tc.step + `
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
			g := firstActionGame(t, "edges.yaml", rules, "")
			if tc.err != "" {
				require.True(t, g.Over())
				require.ErrorContains(t, g.Err(), tc.err)
				return
			}
			require.NoError(t, g.Err())
			ev := g.Evaluator()
			require.Equal(t, tc.hits, ev.S.GameProps[ev.Rs.GamePropIx["hits"]])
		})
	}
}
