package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestWhyTemplates: filter_why and timing_why are templates as why is:
// their parts are worked out for the player who asks, never shown raw.
func TestWhyTemplates(t *testing.T) {
	const ruleset = `name: follow
players: {min: 2, max: 2}
properties:
  card:
    suit: {type: enum, values: [red, blue]}
  game:
    led: {type: enum, values: [red, blue], default: red}
zones:
  hand: {visibility: owner}
  table: {}
decks:
  d: {r: 1, b: 1}
setup:
  - for_each_player:
      do: [{create_deck: {to: hand}}]
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}, {act: {actions: [play, lead]}}]
actions:
  play:
    from: hand
    filter: card.suit == game.led
    filter_why: "you must follow {game.led}"
    effect: [{move: {cards: card, to: table}}]
  lead:
    timing: turn > 3
    timing_why: "not before turn {4}, and this is turn {turn}"
    effect: [{log: led}]
`
	rs, diags := load.Load(load.Source{Name: "follow.yaml", Data: []byte(ruleset)},
		[]load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: r, name: Rose, props: {suit: red}}\n  - {id: b, name: Bell, props: {suit: blue}}\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	seat := g.Pending()[0].Player
	bell := -1
	for _, c := range g.Evaluator().ZoneCards(g.Evaluator().ZoneInst(rs.ZoneIx["hand"], seat)) {
		if g.Evaluator().CardName(c) == "Bell" {
			bell = c
		}
	}
	require.GreaterOrEqual(t, bell, 0)
	assert.Equal(t, "you must follow red", g.WhyNot(seat, "play", bell))
	assert.Equal(t, "not before turn 4, and this is turn 1", g.WhyNot(seat, "lead", -1))
}
