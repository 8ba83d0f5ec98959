package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestMoveWithinASharedZone: a card moved within a zone nobody owns goes to
// its top or bottom; no player is said to put it in "their" zone, nor to
// draw a card dealt into one.
func TestMoveWithinASharedZone(t *testing.T) {
	const ruleset = `name: shared
players: {min: 2, max: 2}
zones:
  stock: {per: game, visibility: hidden}
  market: {per: game}
setup:
  - create: {id: gem, count: 3, to: stock, owner: none}
  - move: {cards: "game.stock[0]", to: stock, position: bottom}
  - move: {cards: "game.stock[2]", to: stock}
  - draw: {from: stock, to: market}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 2, as: n}}]
`
	_, g := textGame(t, "shared.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 2, Seed: 1})
	log := view.LogText(g, 0, 0)
	assert.Contains(t, log, "A card goes to the bottom of the stock.")
	assert.Contains(t, log, "A card goes to the top of the stock.")
	// dealt into the market, a card nobody drew
	assert.Contains(t, log, "Gem goes from the stock to the market.")
	for _, l := range log {
		assert.NotContains(t, l, "their stock")
		assert.NotContains(t, l, "draws")
	}
}

// TestCreateDeckOwnedByNobody: a deck put into a shared zone with owner:
// none belongs to nobody, not to the player whose turn it is; without it,
// its cards are that player's.
func TestCreateDeckOwnedByNobody(t *testing.T) {
	for owner, want := range map[string]state.Seat{"none": state.NoSeat, "you": 0} {
		ruleset := `name: deck
players: {min: 2, max: 2}
zones:
  stock: {per: game, visibility: hidden}
setup:
  - create_deck: {to: stock, deck: stock, owner: ` + owner + `}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 2, as: n}}]
`
		_, g := textGame(t, "deck.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\ndecks:\n  stock: {gem: 3}\n", engine.Options{Players: 2, Seed: 2})
		s := g.Evaluator().S
		if owner == "you" {
			want = state.Seat(s.First)
		}
		require.Len(t, s.Cards, 3)
		for _, c := range s.Cards {
			assert.Equal(t, want, c.Owner, "owner: %s", owner)
		}
	}
}

// TestWhyNotNamesASharedZone: an action that takes a card from a zone the
// players share asks for a card from that zone, not from "your" one.
func TestWhyNotNamesASharedZone(t *testing.T) {
	const ruleset = `name: shop
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner}
  market: {per: game}
setup:
  - create: {id: gem, count: 2, to: market, owner: none}
turn:
  phases:
    - name: main
      do: [{act: {actions: [take, keep]}}]
actions:
  take:
    from: market
    effect: [{move: {cards: card, to: hand}}]
  keep:
    from: hand
    effect: [{move: {cards: card, to: market}}]
`
	_, g := textGame(t, "shop.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 2, Seed: 1})
	assert.Equal(t, "it needs a card from the market", g.WhyNot(0, "take", -1))
	assert.Equal(t, "it needs a card from your hand", g.WhyNot(0, "keep", -1))
}

// TestDrawBetweenSharedZonesNeedsNoPlayer: a card nobody owns that deals
// the market a card when it enters it draws between two shared zones, where
// nobody need draw; a draw into a player's zone for nobody stops the game
// with the reason instead of doing nothing.
func TestDrawBetweenSharedZonesNeedsNoPlayer(t *testing.T) {
	const ruleset = `name: deal
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner}
  stock: {per: game, visibility: hidden}
  market: {per: game}
  wreck: {per: game}
setup:
  - create: {id: gem, count: 2, to: stock, owner: none}
  - create: {id: wave, count: 1, to: stock, owner: none}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 2, as: n}}, {draw: {player: active, from: stock, to: market}}]
`
	cards := func(to string) string {
		return `cards:
  - {id: gem, name: Gem}
  - id: wave
    name: Wave
    triggers:
      - on: enter
        if: event.to == market
        do:
          - move: {cards: this, to: wreck}
          - draw: {from: stock, to: ` + to + `}
`
	}
	for _, tc := range []struct{ to, want string }{
		{"market", ""},
		{"hand", "draw from stock to hand has no player"},
	} {
		rs, g := textGame(t, "deal.yaml", ruleset, cards(tc.to), engine.Options{Players: 2, Seed: 3})
		// deal the three cards of the stock, one a turn
		for i := 0; i < 4 && !g.Over() && len(g.Pending()) > 0; i++ {
			d := g.Pending()[0]
			if err := g.Answer(d.Player, state.Answer{Picks: []int{0}}); err != nil {
				break
			}
		}
		S := g.Evaluator().S
		market, wreck := g.Evaluator().ZoneInst(rs.ZoneIx["market"], 0), g.Evaluator().ZoneInst(rs.ZoneIx["wreck"], 0)
		if tc.want == "" {
			assert.Len(t, S.Zones[wreck].Cards, 1, "the Wave sank")
			assert.Len(t, S.Zones[market].Cards, 2, "and the market was dealt a card in its place")
			assert.Contains(t, view.LogText(g, 0, 0), "The stock is empty: nothing more goes to the market.")
		} else {
			require.Error(t, g.Err())
			assert.Contains(t, g.Err().Error(), tc.want)
			assert.Contains(t, g.Err().Error(), "cards.yaml:", "the step's position")
		}
	}
}

// TestTheGamesDeckIsNoPlayersDeck: a deck a create_deck step names (the
// market's stock) is the game's: a seat plays the first other deck by
// default, and naming it for a seat is refused with the reason.
func TestTheGamesDeckIsNoPlayersDeck(t *testing.T) {
	const ruleset = `name: market
players: {min: 2, max: 2}
zones:
  deck: {visibility: hidden}
  stock: {per: game, visibility: hidden}
decks:
  wares: {gem: 3}
  starter: {coin: 2}
setup:
  - create_deck: {deck: wares, to: stock, owner: none}
  - for_each_player:
      do: [{create_deck: {to: deck}}]
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 2, as: n}}]
`
	rs, diags := load.Load(load.Source{Name: "market.yaml", Data: []byte(ruleset)},
		[]load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: gem, name: Gem}\n  - {id: coin, name: Coin}\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	assert.Equal(t, []string{"starter"}, rs.PlayerDeckNames())
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, []string{"starter", "starter"}, g.Start().Decks)
	deck := g.Evaluator().ZoneInst(rs.ZoneIx["deck"], 0)
	assert.Len(t, g.Evaluator().S.Zones[deck].Cards, 2, "p1's deck is the starter's two coins")
	_, err = engine.New(rs, engine.Options{Players: 2, Seed: 1, Decks: []string{"wares"}})
	assert.ErrorContains(t, err, `market's deck "wares" is the game's (a create_deck step puts it into play), not one a player plays`)
	assert.ErrorContains(t, engine.CheckOptions(rs, engine.Options{Players: 2, Decks: []string{"", "wares"}}), "is the game's")
}

// TestNoPlayerPrintsAsNobody: a template part that gives no player (the
// owner of a card nobody owns) prints as nobody, as `you` there does.
func TestNoPlayerPrintsAsNobody(t *testing.T) {
	const ruleset = `name: owners
players: {min: 2, max: 2}
zones:
  stock: {per: game}
setup:
  - create: {id: gem, count: 1, to: stock, owner: none}
  - log: "{game.stock[0]} belongs to {game.stock[0].owner}."
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	_, g := textGame(t, "owners.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 2, Seed: 1})
	assert.Contains(t, view.LogText(g, 0, 0), "Gem belongs to nobody.")
}

// textGame loads a ruleset and its card file given as text and starts a
// game of it with the options o.
func textGame(t *testing.T, name, ruleset, cards string, o engine.Options) (*model.Ruleset, *engine.Game) {
	t.Helper()
	rs, diags := load.Load(load.Source{Name: name, Data: []byte(ruleset)},
		[]load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, o)
	require.NoError(t, err)
	return rs, g
}

// A shared zone's shuffle reads as English for a name of one thing (the
// pile is shuffled) and of many (the threats are shuffled), a name of
// words joined by underscores as words (the goal pile, not goal_pile).
func TestShuffleOfASharedZoneReads(t *testing.T) {
	for name, want := range map[string]string{"pile": "The pile is shuffled.", "threats": "The threats are shuffled.", "moss": "The moss is shuffled.", "goal_pile": "The goal pile is shuffled."} {
		ruleset := `name: shuffled
zones:
  ` + name + `: {per: game, visibility: hidden}
setup:
  - create: {id: stone, count: 2, to: ` + name + `, owner: none}
  - shuffle: {zone: ` + name + `}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
		_, g := textGame(t, "shuffled.yaml", ruleset, "cards:\n  - {id: stone, name: Stone}\n", engine.Options{Players: 2, Seed: 1})
		require.Contains(t, strings.Join(view.LogText(g, -1, 0), "\n"), want)
	}
}

// TestACardOfAMarketMakesNoOwnerSaid: a card nobody controls (a market's,
// dealt to no one) is no other player's card, and does not make a log
// line say whose a card of the same name is ("p1's Gem: ..." said it).
func TestACardOfAMarketMakesNoOwnerSaid(t *testing.T) {
	const ruleset = `name: market
players: {min: 2, max: 2}
zones:
  market: {per: game}
  table: {}
setup:
  - create: {id: gem, count: 2, to: market, owner: none}
  - create: {id: gem, to: table}
  - log: "{first(you.table)} shines."
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 2, as: n}}]
`
	_, g := textGame(t, "market.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 2, Seed: 1})
	log := view.LogText(g, -1, 0)
	assert.Contains(t, log, "Gem shines.")
	for _, l := range log {
		assert.NotContains(t, l, "'s Gem shines")
	}
}

// TestALineWhoseSubjectControlsTheCard: a line that begins with the
// player who controls a card says whose it is, whoever wrote it, so the
// card is named without its controller there; a line of another subject
// names it with its controller when another player's card has its name.
func TestALineWhoseSubjectControlsTheCard(t *testing.T) {
	const ruleset = `name: twins
players: {min: 2, max: 2}
zones:
  table: {}
setup:
  - for_each_player:
      do: [{create: {id: gem, to: table}}]
  # p2 starts, and is you here: p1 is another player
  - let: {as: other, value: "players[0]"}
  - log: "{other} shows {first(other.table)}."
  - log: "{players[1]} eyes {first(other.table)}."
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 2, as: n}}]
`
	_, g := textGame(t, "twins.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 2, Seed: 1})
	log := view.LogText(g, -1, 0)
	assert.Contains(t, log, "p1 shows Gem.")
	assert.Contains(t, log, "p2 eyes p1's Gem.")
}

// TestAStepThatExceptsEveryNumber stops the game with the reason: every
// number excepted was counted as one number, which the engine then took
// for the player, a number past the range.
func TestAStepThatExceptsEveryNumber(t *testing.T) {
	const ruleset = `name: none-left
players: {min: 2, max: 2}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do:
        - choose_number: {min: 0, max: 2, except: "[0, 1, 2]", as: n}
        - log: "{you} chooses {n}."
`
	_, g := textGame(t, "none-left.yaml", ruleset, "cards: []\n", engine.Options{Players: 2, Seed: 1})
	require.Error(t, g.Err())
	assert.Contains(t, g.Err().Error(), "it leaves no number to choose: every number from 0 to 2 is excepted")
	for _, l := range view.LogText(g, -1, 0) {
		assert.NotContains(t, l, "chooses 3")
	}
}

// TestALeastShareTooLargeToGiveIsNone: a division's least share that the
// amount cannot give every card is none, however large: the product of a
// huge share and the number of cards wrapped round to a small number, and
// the question then had no answer.
func TestALeastShareTooLargeToGiveIsNone(t *testing.T) {
	for least, want := range map[string]int{
		"9223372036854775807": 0,
		"3074457345618258603": 0, // times 3 wraps round to a number below 5
		"-2":                  0,
		"2":                   0, // 2 each is 6, more than 5
		"1":                   1,
	} {
		ruleset := `name: shares
players: {min: 2, max: 2}
zones:
  table: {}
setup:
  - for_each_player:
      do: [{create: {id: gem, count: 3, to: table}}]
turn:
  phases:
    - name: main
      do:
        - distribute: {amount: 5, cards: you.table, at_least: ` + least + `, as: c, share: n, do: [{log: "{c} gets {n}."}]}
`
		_, g := textGame(t, "shares.yaml", ruleset, "cards:\n  - {id: gem, name: Gem}\n", engine.Options{Players: 2, Seed: 1})
		require.NoError(t, g.Err(), least)
		for _, o := range g.Pending()[0].Options {
			assert.Equal(t, want, o.Value, "at_least %s", least)
		}
	}
}
