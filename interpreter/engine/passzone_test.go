package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// passRules deals each of three players two numbered cards in a hand that
// holds at most two (p1 gets 1 and 2, p2 11 and 12, p3 21 and 22) and one
// in a hidden pile (100, 101, 102), then runs the step given in place of
// %s. The game then waits on the choice of its one phase.
const passRules = `name: passing
players: {min: 3, max: 3}
properties:
  card:
    n: {type: int}
zones:
  hand: {visibility: owner, max: 2}
  pile: {visibility: hidden}
  common: {per: game}
setup:
  - for_each_player:
      do:
        - create: {id: c, to: hand, owner: you, as: a, quiet: true}
        - set: {cards: a, prop: n, value: "you.index * 10 + 1"}
        - create: {id: c, to: hand, owner: you, as: b, quiet: true}
        - set: {cards: b, prop: n, value: "you.index * 10 + 2"}
        - create: {id: c, to: pile, owner: you, as: p, quiet: true}
        - set: {cards: p, prop: n, value: "100 + you.index"}
  - %s
turn:
  phases:
    - name: main
      do:
        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}
`

func passGame(t *testing.T, step string) *engine.Game {
	t.Helper()
	src := []byte(fmtRules(passRules, step))
	rs, diags := load.Load(load.Source{Name: "passing.yaml", Data: src}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: \"Card {card.n}\"}\n")}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1, Players: 3})
	require.NoError(t, err)
	return g
}

// passHolds runs step in the passing game and checks that every expression
// of holds is true afterwards.
func passHolds(t *testing.T, step string, holds []string) {
	t.Helper()
	g := passGame(t, step)
	require.NoError(t, g.Err())
	for _, h := range holds {
		assert.Equal(t, true, query(t, g.Ruleset(), g, h), h)
	}
}

// TestPassZone passes zones of every player at once, in the ways the
// primitive's arguments allow.
func TestPassZone(t *testing.T) {
	for _, tc := range []struct {
		name, step string
		holds      []string // expressions that must be true afterwards
	}{
		{
			// every hand is full, yet each passes to the next player: one
			// move, so the limit counts the cards that leave as well
			name: "to the next player, at once",
			step: "pass_zone: hand",
			holds: []string{
				"map(players[0].hand, .n) == [21, 22] and map(players[1].hand, .n) == [1, 2] and map(players[2].hand, .n) == [11, 12]",
				"all(players[0].hand, .owner == players[0] and .controller == players[0]) and all(players[1].hand, .owner == players[1]) and all(players[2].hand, .owner == players[2])",
				// the receiver learns the cards and the giver still knows them (no
				// space before #: the query is read as YAML)
				"all(players[1].hand, knows(players[1],#) and knows(players[0],#) and not knows(players[2],#))",
			},
		},
		{
			// to another zone of the previous player, under its cards; the
			// pile is hidden, so the receiver does not learn them, but the
			// cards are its own now
			name: "to the previous player's pile, at the bottom",
			step: "pass_zone: {zone: hand, receiver: you.prev, to: pile, position: bottom}",
			holds: []string{
				"map(players[0].pile, .n) == [100, 11, 12] and map(players[1].pile, .n) == [101, 21, 22] and map(players[2].pile, .n) == [102, 1, 2]",
				"all(players, len(.hand) == 0)",
				"all(players[0].pile, .owner == players[0])",
				"knows(players[1], players[0].pile[1]) and not knows(players[0], players[0].pile[1])",
			},
		},
		{
			// a giver whose receiver is nothing keeps its cards; the passed
			// cards go on top, in their order
			name: "only the givers a receiver names",
			step: `pass_zone: {zone: hand, to: pile, receiver: "you.index == 1 ? you.next : none"}`,
			holds: []string{
				"map(players[0].hand, .n) == [1, 2] and len(players[1].hand) == 0 and map(players[2].hand, .n) == [21, 22]",
				"map(players[2].pile, .n) == [11, 12, 102]",
			},
		},
		{
			// a player out of the game neither gives nor receives: the
			// default receiver is the next player still in the game
			name: "past a player who lost",
			step: "for_each_player: {players: \"[players[1]]\", do: [{lose: {reason: gone}}]}\n  - pass_zone: hand",
			holds: []string{
				"players[1].lost",
				"map(players[0].hand, .n) == [21, 22] and map(players[1].hand, .n) == [11, 12] and map(players[2].hand, .n) == [1, 2]",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { passHolds(t, tc.step, tc.holds) })
	}
}

// A pass that would leave a zone over its limit stops the game with the
// position, and moves no card.
func TestPassZoneOverTheLimit(t *testing.T) {
	g := passGame(t, `pass_zone: {zone: hand, players: "[players[0]]"}`)
	require.Error(t, g.Err())
	assert.Contains(t, g.Err().Error(), "passing.yaml:19:5: pass_zone: zone hand of p2 would hold 4 cards, more than its 2")
	assert.Equal(t, true, query(t, g.Ruleset(), g, "map(players[0].hand, .n) == [1, 2] and map(players[1].hand, .n) == [11, 12]"))
}

// Only a zone of each player can be passed.
func TestPassZoneOfNoPlayer(t *testing.T) {
	src := []byte(fmtRules(passRules, "pass_zone: {zone: hand, to: common}"))
	_, diags := load.Load(load.Source{Name: "passing.yaml", Data: src}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: \"Card {card.n}\"}\n")}}, stdlib.Library())
	require.True(t, diags.HasErrors())
	assert.True(t, strings.Contains(diags.Error(), "pass_zone passes a zone of each player; common is shared (per: game)"), "%v", diags)
}

// Nor a positional zone, whose cards each hold a position.
func TestPassZoneOfPositions(t *testing.T) {
	src := []byte(strings.Replace(fmtRules(passRules, "pass_zone: {zone: hand, to: row}"), "  common: {per: game}\n", "  common: {per: game}\n  row: {slots: 3}\n", 1))
	_, diags := load.Load(load.Source{Name: "passing.yaml", Data: src}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: \"Card {card.n}\"}\n")}}, stdlib.Library())
	require.True(t, diags.HasErrors())
	assert.Contains(t, diags.Error(), "row is a positional zone (slots)")
}
