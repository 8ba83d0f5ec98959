package engine_test

import "testing"

// TestMovesWhileReadingTheirZone moves the cards of a list read from the
// zone they leave. A move takes a card out of its zone in place, so a step
// that walked the zone's own list while moving would skip or repeat cards:
// every card must arrive, once, in the order the moves put them.
func TestMovesWhileReadingTheirZone(t *testing.T) {
	for _, tc := range []struct {
		name, step string
		holds      []string
	}{
		{
			// each card in turn on top of the pile: the hand's first card
			// leaves from the front of the list, then the next
			name: "a whole hand, one card at a time",
			step: "for_each_player: {do: [{move: {cards: you.hand, to: pile}}]}",
			holds: []string{
				"all(players, len(.hand) == 0)",
				"map(players[0].pile, .n) == [2, 1, 100] and map(players[1].pile, .n) == [12, 11, 101] and map(players[2].pile, .n) == [22, 21, 102]",
			},
		},
		{
			// the last card of the hand: taken from the end of the list
			name: "from the end of a hand",
			step: `for_each_player: {do: [{move: {cards: "filter(you.hand, .n % 2 == 0)", to: pile, position: bottom}}]}`,
			holds: []string{
				"map(players[0].hand, .n) == [1] and map(players[1].hand, .n) == [11] and map(players[2].hand, .n) == [21]",
				"map(players[0].pile, .n) == [100, 2] and map(players[2].pile, .n) == [102, 22]",
			},
		},
		{
			// a pile walked while its cards go to the common zone, and
			// a hand walked while its cards go under that pile; the game
			// of seed 1 starts with p2, so p2, p3 and p1 put their pile
			// cards on the common zone in turn
			name: "two zones, each walked while it empties",
			step: "for_each_player: {do: [{move: {cards: you.pile, to: common}}, {move: {cards: you.hand, to: pile, position: bottom}}]}",
			holds: []string{
				"active == players[1]",
				"all(players, len(.hand) == 0) and map(players[1].pile, .n) == [11, 12]",
				"map(game.common, .n) == [100, 102, 101]",
			},
		},
		{
			// some cards of a pile, walked in a loop: the card after one
			// that leaves from the middle is not skipped. Each pile is the
			// hand on top of the pile card, and a fourth card at the bottom
			// (p1: 2, 1, 100, 303); every card whose number does not end in
			// 2 leaves (p3's pile card, 102, stays)
			name: "some cards of a zone, in a loop",
			step: `for_each_player: {do: [{move: {cards: you.hand, to: pile}}, {create: {id: c, to: pile, owner: you, as: d, quiet: true}}, {set: {cards: d, prop: n, value: "300 + you.index * 10 + 3"}}, {for_each: {cards: you.pile, as: c, do: [{if: {cond: "c.n % 10 != 2", then: [{move: {cards: c, to: common}}]}}]}}]}`,
			holds: []string{
				"map(players[0].pile, .n) == [2] and map(players[1].pile, .n) == [12] and map(players[2].pile, .n) == [22, 102]",
				"len(game.common) == 8 and any(game.common, .n == 100) and any(game.common, .n == 323)",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) { passHolds(t, tc.step, tc.holds) })
	}
}
