package engine_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
)

// TestShownTwinsAreNotTwoCards: a seat that knew of an Ant in another
// player's hand and is shown an Ant from it cannot tell whether it is the
// same card: it knows of one Ant there, not two, and still knows the card
// shown (a choice among the cards shown may follow). Shown an Ant and a
// Bee, it knows of one Ant and one Bee; shown both Ants, of two.
func TestShownTwinsAreNotTwoCards(t *testing.T) {
	cases := []struct {
		name  string
		shown string
		want  map[string]int // names p1 knows of in p2's hand
	}{
		{"the other ant", "[p2hand[1]]", map[string]int{"Ant": 1}},
		{"the ant it knew", "[p2hand[0]]", map[string]int{"Ant": 1}},
		{"an ant and the bee", "[p2hand[1], p2hand[2]]", map[string]int{"Ant": 1, "Bee": 1}},
		{"both ants", "p2hand[:2]", map[string]int{"Ant": 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, knownOfTheirHand(t, `  - reveal: {cards: "`+tc.shown+`", players: "[you]"}`))
		})
	}
}

// knownOfTheirHand plays the setup steps after p2 (the seat after the
// first) is dealt two Ants and a Bee, p2hand names p2's hand and the first
// seat is shown its first Ant; it returns the names the first seat knows
// of in p2's hand then, each with how many.
func knownOfTheirHand(t *testing.T, steps string) map[string]int {
	t.Helper()
	return knownOfTheir(t, steps, "hand")
}

// knownOfTheir is knownOfTheirHand for p2's zone of that name.
func knownOfTheir(t *testing.T, steps, zone string) map[string]int {
	t.Helper()
	ruleset := `name: twins
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner}
  deck: {visibility: hidden}
  table: {}
setup:
  - create: {id: ant, count: 2, to: hand, owner: you.next}
  - create: {id: bee, count: 1, to: hand, owner: you.next}
  - let: {as: p2hand, value: you.next.hand}
  - reveal: {cards: "[p2hand[0]]", players: "[you]"}
` + steps + `
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	_, g := textGame(t, "twins.yaml", ruleset, "cards:\n  - {id: ant, name: Ant}\n  - {id: bee, name: Bee}\n", engine.Options{Players: 2, Seed: 1})
	first := g.Evaluator().S.First
	known := map[string]int{}
	for _, name := range knownIn(g, first, zone, (first+1)%2) {
		if name != "?" {
			known[name]++
		}
	}
	return known
}

// TestTwinsInAPileAreTold: in a pile nobody sees, a seat tells two cards of
// a name apart by where they lie: looking at the top card, it still knows
// the one it saw put at the bottom.
func TestTwinsInAPileAreTold(t *testing.T) {
	const ruleset = `name: pile
players: {min: 2, max: 2}
zones:
  deck: {visibility: hidden}
setup:
  - create: {id: ant, count: 3, to: deck}
  - look: {cards: "you.deck[2:]"}
  - look: {cards: "you.deck[:1]"}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	rs, g := textGame(t, "pile.yaml", ruleset, "cards:\n  - {id: ant, name: Ant}\n", engine.Options{Players: 2, Seed: 1})
	ev := g.Evaluator()
	deck := ev.ZoneCards(ev.ZoneInst(rs.ZoneIx["deck"], ev.S.First))
	require.Len(t, deck, 3)
	assert.True(t, ev.Knows(ev.S.First, deck[0]), "the top card it looked at")
	assert.False(t, ev.Knows(ev.S.First, deck[1]))
	assert.True(t, ev.Knows(ev.S.First, deck[2]), "the bottom card it saw before")
}

// TestLeavingTwinsAreNotTold: a seat that knew of an Ant in another
// player's hand and sees an Ant it did not know leave it cannot tell
// whether the Ant it knew is still there; seeing a Bee leave, it can. A
// card it does not see leave (put into a deck) could be any card it knew.
func TestLeavingTwinsAreNotTold(t *testing.T) {
	cases := []struct {
		name string
		move string
		want map[string]int // names p1 knows of in p2's hand
	}{
		{"the other ant played", "{cards: 'p2hand[1]', to: table}", map[string]int{}},
		{"the ant it knew played", "{cards: 'p2hand[0]', to: table}", map[string]int{}},
		{"the bee played", "{cards: 'p2hand[2]', to: table}", map[string]int{"Ant": 1}},
		{"the other ant face down", "{cards: 'p2hand[1]', to: table, facing: down}", map[string]int{}},
		{"the bee into the deck", "{cards: 'p2hand[2]', to: deck}", map[string]int{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, knownOfTheirHand(t, "  - move: "+tc.move))
		})
	}
}

// TestKnownCardLeavingUnseen: a hand keeps no order, so a seat that knew
// a card there and does not see it leave (put into a deck) cannot tell it
// from the other cards of the hand: it no longer knows the card where it
// went, nor the cards of the hand. It still does when the hand's other
// cards leave in the same step, or are twins of it that it knows.
func TestKnownCardLeavingUnseen(t *testing.T) {
	cases := []struct {
		name       string
		steps      string
		hand, deck map[string]int // names p1 knows of in p2's hand and deck
	}{
		{"the ant it knew into the deck", "  - move: {cards: 'p2hand[0]', to: deck}", map[string]int{}, map[string]int{}},
		{"the whole hand into the deck, in one step", "  - move: {cards: p2hand, to: deck}", map[string]int{}, map[string]int{"Ant": 1}},
		{"an ant into the deck from a hand of two ants it knows", "  - move: {cards: 'p2hand[2]', to: table}\n  - reveal: {cards: 'p2hand[:2]', players: '[you]'}\n  - move: {cards: 'p2hand[0]', to: deck}", map[string]int{"Ant": 1}, map[string]int{"Ant": 1}},
		{"the ant it knew played face up", "  - move: {cards: 'p2hand[0]', to: table}", map[string]int{}, map[string]int{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.hand, knownOfTheir(t, tc.steps, "hand"), "p2's hand")
			assert.Equal(t, tc.deck, knownOfTheir(t, tc.steps, "deck"), "p2's deck")
		})
	}
}
