package view_test

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

// bids makes cards of one definition named from a property, one of them
// with a second face of its own name, draws them, plays one, flips it and
// names them in a log line of the rules.
const bids = `name: bids
properties:
  card:
    amount: {type: int}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
  table: {}
setup:
  - create: {id: bid, count: 2, to: deck, quiet: true, as: made}
  - set: {cards: "made[0]", prop: amount, value: 3}
  - set: {cards: "made[1]", prop: amount, value: 4}
  - create: {id: chip, to: deck, quiet: true, as: chip}
  - set: {cards: chip, prop: amount, value: 5}
  - draw: {count: 3, from: deck, to: hand}
  - move: {cards: "you.hand[0]", to: table}
  - log: "{you} holds {you.hand} and shows {you.table}."
  - flip: {cards: chip, face: 1}
  - flip: {cards: chip, face: 0}
turn:
  phases:
    - name: main
      do:
        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}
`

const bidCards = `cards:
  - {id: bid, name: "Bid {card.amount}"}
  - {id: chip, name: "Chip {card.amount}", faces: [{text: a chip}, {name: Spent chip, text: a spent chip}]}
`

// TestGeneratedNamesInTheLog: a card whose name is made from its properties
// is named in log lines as boards name it, to the seats that know it (a card
// to the others), on every face without a name of its own.
func TestGeneratedNamesInTheLog(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "bids.yaml", Data: []byte(bids)}, []load.Source{{Name: "cards.yaml", Data: []byte(bidCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, g.Err())
	me := g.Evaluator().S.First
	other := 1 - me
	log := func(seat int) string { return strings.Join(view.LogText(g, seat, 0), "\n") }
	who := view.For(g, me).Players[me].Seat

	for _, seat := range []int{-1, me} {
		assert.Equal(t, strings.Join([]string{
			who + " starts.",
			who + " draws Bid 3.",
			who + " draws Bid 4.",
			who + " draws Chip 5.",
			"Bid 3 goes from " + who + "'s hand to " + who + "'s table.",
			who + " holds Bid 4 and Chip 5 and shows Bid 3.",
			"Chip 5 turns to another face.",
			"Spent chip turns to another face.",
			"Turn 1: " + who + ".",
		}, "\n"), log(seat), "seat %d", seat)
	}
	// the other seat knows only the card on the table
	assert.Equal(t, strings.Join([]string{
		who + " starts.",
		who + " draws a card.",
		who + " draws a card.",
		who + " draws a card.",
		"Bid 3 goes from " + who + "'s hand to " + who + "'s table.",
		who + " holds a card and a card and shows Bid 3.",
		"A card turns to another face.",
		"A card turns to another face.",
		"Turn 1: " + who + ".",
	}, "\n"), log(other))
	// the board names them the same way
	assert.Contains(t, view.For(g, me).Summary(), "hand (2): Bid 4, Chip 5\n  table (1): Bid 3")
}

// A log entry read from a damaged file (a card definition past the
// ruleset's, fewer knowledge marks than cards) is rendered with the card
// unnamed, never with an index out of range.
func TestDamagedLogEntryRenders(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "bids.yaml", Data: []byte(bids)}, []load.Source{{Name: "cards.yaml", Data: []byte(bidCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	for _, e := range []state.LogEntry{
		{Text: "p1 plays {cards}.", Cards: []int{0}, Known: []uint64{1}, Names: []int32{99999}, Faces: []int8{0}},
		{Text: "p1 plays {cards}.", Cards: []int{0}, Known: []uint64{1}, Names: []int32{-1}},
		{Text: "p1 plays {cards}.", Cards: []int{0, 1}, Known: []uint64{1}, Names: []int32{0}},
	} {
		require.Contains(t, view.Render(g, &e, -1), "p1 plays ")
	}
}
