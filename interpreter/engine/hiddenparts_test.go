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

// Each player holds a Gem (worth 3) in a hand only its owner sees. The
// first player may show it (an action that reveals its card) or hold it
// (one that does not); either way the log says what the card is worth.
const hiddenPartsRuleset = `name: hidden parts
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner}
  table: {}
properties:
  card:
    worth: {type: int, default: 0}
    tally: {type: int, default: 0, reset_on_move: true}
setup:
  - create: {id: gem, to: hand}
  - create: {id: gem, to: hand, owner: opponent}
actions:
  show:
    label: show {card}
    from: hand
    reveal: true
    effect:
      - log: "{you} shows a card worth {card.worth} (tally {card.tally})."
  hold:
    label: hold {card}
    from: hand
    effect:
      - log: "{you} holds a card worth {card.worth} (tally {card.tally}); all hands are worth {sum(map(everyone.hand, .worth))}."
turn:
  phases:
    - name: main
      do:
        - act: {actions: [show, hold]}
`

const hiddenPartsCards = `cards:
  - id: gem
    name: Gem
    props: {worth: 3, tally: 2}
`

// TestHiddenTemplateParts: a log line's value read from a card a seat does
// not know is "?" to that seat and itself to the others; a reset_on_move
// property (the card's state, not what it is) prints to all; an action with
// reveal shows its card as it is announced, so its line names it to all.
func TestHiddenTemplateParts(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "hidden.yaml", Data: []byte(hiddenPartsRuleset)},
		[]load.Source{{Name: "cards.yaml", Data: []byte(hiddenPartsCards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	lines := func(g *engine.Game, seat int) []string {
		var out []string
		for _, l := range view.LogText(g, seat, 0) {
			if strings.Contains(l, "worth") || strings.HasPrefix(l, "p1: ") || strings.HasPrefix(l, "p2: ") {
				out = append(out, l)
			}
		}
		return out
	}
	for _, tc := range []struct {
		answer        string
		all, me, them []string
	}{
		// the sum reads the other player's card too: only a reader of
		// the whole game (seat -1, a golden file) sees it
		{"hold Gem",
			[]string{"p1: hold Gem.", "p1 holds a card worth 3 (tally 2); all hands are worth 6."},
			[]string{"p1: hold Gem.", "p1 holds a card worth 3 (tally 2); all hands are worth ?."},
			[]string{"p1: hold a card.", "p1 holds a card worth ? (tally 2); all hands are worth ?."}},
		{"show Gem",
			[]string{"p1: show Gem.", "p1 shows a card worth 3 (tally 2)."},
			[]string{"p1: show Gem.", "p1 shows a card worth 3 (tally 2)."},
			[]string{"p1: show Gem.", "p1 shows a card worth 3 (tally 2)."}},
	} {
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
		require.NoError(t, err)
		p := g.Evaluator().S.Active
		require.NoError(t, g.Answer(p, state.Answer{Picks: []int{optionIndex(t, g, tc.answer)}}))
		seat := []string{"p1", "p2"}[p]
		fix := func(ls []string) []string {
			out := make([]string, len(ls))
			for i, l := range ls {
				out[i] = strings.ReplaceAll(l, "p1", seat)
			}
			return out
		}
		assert.Equal(t, fix(tc.me), lines(g, p), tc.answer)
		assert.Equal(t, fix(tc.them), lines(g, 1-p), tc.answer)
		assert.Equal(t, fix(tc.all), lines(g, -1), tc.answer)
	}
}
