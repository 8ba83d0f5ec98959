package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
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
	rs, g := textGame(t, "follow.yaml", ruleset, "cards:\n  - {id: r, name: Rose, props: {suit: red}}\n  - {id: b, name: Bell, props: {suit: blue}}\n", engine.Options{Players: 2, Seed: 1})
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

// TestForEachPlayerFrom: for_each_player from a player goes in seat order
// from it, over every player or over the list given.
func TestForEachPlayerFrom(t *testing.T) {
	const ruleset = `name: deal
players: {min: 4, max: 4}
zones:
  hand: {}
setup:
  - for_each_player: {from: "players[2]", do: [{log: "all {you}"}]}
  - for_each_player: {players: "filter(players, .index != 2)", from: "players[2]", do: [{log: "some {you}"}]}
  - for_each_player: {do: [{log: "you {you}"}]}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	_, g := textGame(t, "deal.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 4, Seed: 1})
	var all, some []string
	for _, l := range view.LogText(g, 0, 0) {
		if w, ok := strings.CutPrefix(l, "all "); ok {
			all = append(all, w)
		}
		if w, ok := strings.CutPrefix(l, "some "); ok {
			some = append(some, w)
		}
	}
	assert.Equal(t, []string{"p3", "p4", "p1", "p2"}, all)
	assert.Equal(t, []string{"p4", "p1", "p2"}, some)
}

// A template's {...} may give a number in one branch of ?: and a name in
// the other, each printed as it is; outside a template the branches must
// agree (the load refuses it there).
func TestPrintedBranchesMayDiffer(t *testing.T) {
	const ruleset = `name: printed
properties:
  player:
    bid: {type: int, default: -1}
zones:
  hand: {}
setup:
  - log: "before: {you.bid >= 0 ? you.bid : 'none yet'}"
  - set: {you.bid: 4}
  - log: "after: {you.bid >= 0 ? you.bid : 'none yet'}, {you.bid > 5 ? 'high' : you.bid > 3 ? you.bid * 10 : 'low'}"
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	_, g := textGame(t, "printed.yaml", ruleset, "cards:\n  - {id: stone, name: Stone}\n", engine.Options{Players: 2, Seed: 1})
	log := strings.Join(view.LogText(g, -1, 0), "\n")
	assert.Contains(t, log, "before: none yet")
	assert.Contains(t, log, "after: 4, 40")

	_, diags := load.Load(load.Source{Name: "refused.yaml", Data: []byte(strings.Replace(ruleset, "  - set: {you.bid: 4}", "  - if: {cond: \"(you.bid > 0 ? 1 : 'x') == 1\", then: [{log: never}]}", 1))}, nil, stdlib.Library())
	require.True(t, diags.HasErrors())
	assert.Contains(t, diags[0].Message, "in a template's {...} they may differ")
}

// A quiet choose_number writes no line of the number chosen: the
// ruleset's own line says it (p1 bids 2), once.
func TestQuietNumber(t *testing.T) {
	const ruleset = `name: quietbid
zones:
  hand: {}
turn:
  phases:
    - name: main
      do:
        - choose_number: {max: 3, as: b, quiet: true, prompt: Bid}
        - log: "{you} bids {b}."
        - choose_number: {max: 3, as: c, prompt: Again}
`
	_, g := textGame(t, "quietbid.yaml", ruleset, "cards:\n  - {id: stone, name: Stone}\n", engine.Options{Players: 2, Seed: 1})
	d, ok := g.Next()
	require.True(t, ok)
	require.NoError(t, g.Answer(d.Player, state.Answer{Number: 2}))
	d2, ok := g.Next()
	require.True(t, ok)
	require.NoError(t, g.Answer(d2.Player, state.Answer{Number: 1}))
	log := strings.Join(view.LogText(g, -1, 0), "\n")
	who := state.SeatName(d.Player)
	assert.Contains(t, log, who+" bids 2.")
	assert.NotContains(t, log, who+" chooses 2.")
	assert.Contains(t, log, who+" chooses 1.")
}

// A value of an enum property may be called event, as a card's kind: named
// bare where it is compared with the property, it is the value, not the
// event a trigger hears (it was refused as an unknown name).
func TestAValueNamedEvent(t *testing.T) {
	const ruleset = `name: kinds
properties:
  card:
    kind: {values: [event, hero]}
zones:
  hand: {}
  table: {}
setup:
  - create: {id: storm, to: hand}
  - move: {cards: "filter(you.hand, .kind == event)", to: table}
triggers:
  - on: enter
    if: "event.card.kind == event and event.to == table"
    do: [{log: "an event card arrives"}]
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	_, g := textGame(t, "kinds.yaml", ruleset, "cards:\n  - {id: storm, name: Storm, props: {kind: event}}\n", engine.Options{Players: 2, Seed: 1})
	assert.Contains(t, strings.Join(view.LogText(g, -1, 0), "\n"), "an event card arrives")
}

// A card that enters a zone whose cards show their first face turns to it
// (a part played back to the hand is the whole card again); elsewhere it
// keeps the face it shows.
func TestFirstFaceZones(t *testing.T) {
	const ruleset = `name: faces
zones:
  hand: {visibility: owner, first_face: true}
  table: {}
  shelf: {}
setup:
  - create: {id: split, to: table}
  - flip: {cards: "you.table", face: 1}
  - move: {cards: "you.table", to: shelf}
  - create: {id: split, to: table}
  - flip: {cards: "you.table", face: 2}
  - move: {cards: "you.table", to: hand}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	rs, g := textGame(t, "faces.yaml", ruleset, "cards:\n  - id: split\n    name: Rise // Fall\n    faces:\n      - {name: Rise // Fall}\n      - {name: Rise}\n      - {name: Fall}\n", engine.Options{Players: 2, Seed: 1})
	ev := g.Evaluator()
	shelf := ev.ZoneCards(ev.ZoneInst(rs.ZoneIx["shelf"], ev.S.First))
	hand := ev.ZoneCards(ev.ZoneInst(rs.ZoneIx["hand"], ev.S.First))
	require.Len(t, shelf, 1)
	require.Len(t, hand, 1)
	assert.Equal(t, "Rise", ev.CardName(shelf[0]))
	assert.Equal(t, "Rise // Fall", ev.CardName(hand[0]))
}

// A choice's note is added to each card the chooser knows, as it sees it;
// a card it does not know gets none, which would tell it apart.
func TestChoiceNotes(t *testing.T) {
	const ruleset = `name: notes
properties:
  card:
    worth: {type: int, default: 0}
zones:
  hand: {visibility: owner}
setup:
  - create: {id: gem, to: hand}
  - create: {id: rock, to: hand, owner: you.next}
turn:
  phases:
    - name: main
      do:
        - choose_card: {cards: "concat(you.hand, opponent.hand)", as: c, note: "worth {card.worth}"}
`
	_, g := textGame(t, "notes.yaml", ruleset, "cards:\n  - {id: gem, name: Gem, props: {worth: 3}}\n  - {id: rock, name: Rock, props: {worth: 1}}\n", engine.Options{Players: 2, Seed: 1})
	d, ok := g.Next()
	require.True(t, ok)
	var labels []string
	for _, o := range d.Options {
		labels = append(labels, o.Label)
	}
	require.Equal(t, g.Evaluator().S.First, d.Player)
	assert.ElementsMatch(t, []string{"Gem (worth 3)", state.SeatName(1-d.Player) + "'s card"}, labels)
}
