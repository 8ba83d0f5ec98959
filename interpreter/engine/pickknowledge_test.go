package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// pickGame plays a game of Ant, Bee and Cat cards with the setup steps
// given and, in the first turn, the turn steps given, answering each
// choice of cards with its first option; it returns the game and each
// seat's log as the seat reads it.
func pickGame(t *testing.T, players int, setup, turn string) (*engine.Game, []string) {
	t.Helper()
	ruleset := `name: picks
players: {min: 2, max: 4}
zones:
  hand: {visibility: owner}
  deck: {visibility: hidden}
  table: {}
setup:
` + setup + `
turn:
  phases:
    - name: main
      do:
` + turn + `
        - choose_number: {max: 1, as: n}
`
	_, g := textGame(t, "picks.yaml", ruleset, "cards:\n  - {id: ant, name: Ant}\n  - {id: bee, name: Bee}\n  - {id: cat, name: Cat}\n", engine.Options{Players: players, Seed: 1})
	require.Empty(t, g.Evaluator().S.Error)
	for i := 0; i < 5; i++ {
		ps := g.Pending()
		if len(ps) == 0 || ps[0].Kind != state.DecideCards {
			break
		}
		require.NoError(t, g.Answer(ps[0].Player, state.Answer{Picks: []int{0}}))
	}
	var logs []string
	for p := 0; p < players; p++ {
		logs = append(logs, strings.Join(view.LogText(g, p, 0), "\n"))
	}
	return g, logs
}

// knownIn lists the cards of a zone of owner as seat reads them (? for a
// card it does not know).
func knownIn(g *engine.Game, seat int, zone string, owner int) []string {
	ev := g.Evaluator()
	var out []string
	for _, c := range ev.ZoneCards(ev.ZoneInst(ev.Rs.ZoneIx[zone], owner)) {
		if ev.Knows(seat, c) {
			out = append(out, ev.CardName(c))
		} else {
			out = append(out, "?")
		}
	}
	return out
}

// TestAPickIsNamedToThoseWhoSeeIt: which card a player picks from its own
// hand is named to it alone, even to a seat that knew the card was there;
// a pick from cards shown to all (the top of a deck, another player's hand
// with three players) is named to everyone who saw them.
func TestAPickIsNamedToThoseWhoSeeIt(t *testing.T) {
	t.Run("from the own hand, a card the other seat knew", func(t *testing.T) {
		g, logs := pickGame(t, 2, `  - create: {id: ant, count: 1, to: hand, owner: you}
  - create: {id: bee, count: 1, to: hand, owner: you}
  - reveal: {cards: "[you.hand[0]]", players: "[you.next]"}
`, `        - choose_cards: {cards: you.hand, count: 1, as: picked}
        - move: {cards: picked, to: deck}`)
		first := g.Evaluator().S.First
		assert.Contains(t, logs[first], "chooses Ant.")
		assert.Contains(t, logs[1-first], "chooses a card.")
		assert.NotContains(t, logs[1-first], "Ant goes")
	})
	t.Run("from the top of a deck shown to all", func(t *testing.T) {
		g, logs := pickGame(t, 3, `  - create: {id: ant, count: 1, to: deck, owner: you}
  - create: {id: bee, count: 1, to: deck, owner: you}
`, `        - reveal: {cards: "you.deck[:2]", players: players}
        - choose_cards: {cards: "you.deck[:2]", count: 1, as: picked}
        - move: {cards: picked, to: hand}`)
		for p := range 3 {
			assert.Regexp(t, `chooses (Ant|Bee)\.`, logs[p], "seat %d", p)
		}
		_ = g
	})
	t.Run("from another player's hand shown to all, three players", func(t *testing.T) {
		_, logs := pickGame(t, 3, `  - create: {id: ant, count: 1, to: hand, owner: you.next}
  - create: {id: bee, count: 1, to: hand, owner: you.next}
`, `        - reveal: {cards: "you.next.hand", players: players}
        - choose_cards: {cards: "you.next.hand", count: 1, as: picked}
        - move: {cards: picked, to: table}`)
		for p := range 3 {
			assert.Regexp(t, `chooses (Ant|Bee)\.`, logs[p], "seat %d", p)
		}
	})
}

// TestCardsPaidTogetherAreKnownAsMovedTogether: a whole hand the other
// seat knows, paid into a deck (pay_cards), leaves as it does when one
// move step takes it: the other seat can tell where each card went.
func TestCardsPaidTogetherAreKnownAsMovedTogether(t *testing.T) {
	setup := `  - create: {id: ant, count: 1, to: hand, owner: you}
  - create: {id: bee, count: 1, to: hand, owner: you}
  - reveal: {cards: "you.hand", players: "[you.next]"}
`
	var got [][]string
	for _, step := range []string{
		`        - move: {cards: you.hand, to: deck}`,
		`        - pay_cards: {cards: you.hand, match: ["true", "true"], to: deck}`,
	} {
		g, _ := pickGame(t, 2, setup, step)
		first := g.Evaluator().S.First
		got = append(got, knownIn(g, 1-first, "deck", first))
	}
	assert.NotContains(t, got[0], "?")
	assert.ElementsMatch(t, got[0], got[1])
}

// TestUnseenFaceDownIsUnknownToItsOwner: another player's Ant in a hand
// with a Bee, put face down and unseen on the table: the Ant's owner, who
// knew it in that hand, did not look at it and cannot tell which card
// went. Put face down and seen, the owner looks at its own card.
func TestUnseenFaceDownIsUnknownToItsOwner(t *testing.T) {
	for _, tc := range []struct {
		extra string
		table []string
	}{{", unseen: true", []string{"?"}}, {"", []string{"Ant"}}} {
		g, _ := pickGame(t, 2, `  - create: {id: ant, count: 1, to: hand, owner: you.next}
  - move: {cards: "you.next.hand", to: hand, owner: you}
  - create: {id: bee, count: 1, to: hand, owner: you}
`, `        - move: {cards: "[find(you.hand, .id == 'ant')]", to: table, owner: you, facing: down`+tc.extra+`}`)
		first := g.Evaluator().S.First
		assert.Equal(t, tc.table, knownIn(g, 1-first, "table", first), "move%s", tc.extra)
	}
}
