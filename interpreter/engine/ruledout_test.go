package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// An action only one mode allows, and one a seat's number rules out.
const ruledOutRuleset = `name: ruled out
players: {min: 2, max: 2}
modes:
  plain: the plain game
  bold: the bold game
properties:
  player:
    bids: {type: int}
zones:
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [bid, shout, first], pass_label: wait}
actions:
  bid:
    condition: you.bids < 2
    effect: [{add: {you.bids: 1}}]
  shout:
    condition: mode == bold and you.bids < 9
    effect: []
  first:
    condition: you.index == 0
    effect: []
`

// TestActionsAGameRulesOut: an action refused by a term that reads nothing
// a game changes (its mode, a seat's number) is not offered for the rest of
// the game, and is offered again in a game where it holds: a machine used
// for a new game (NewInto) keeps nothing of the old one's refusals.
func TestActionsAGameRulesOut(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "ruledout.yaml", Data: []byte(ruledOutRuleset)}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	offered := func(g *engine.Game) []string {
		p := g.Pending()
		require.Len(t, p, 1)
		var ids []string
		for _, o := range p[0].Options {
			ids = append(ids, o.ID)
		}
		return ids
	}
	play := func(g *engine.Game, mode string, want map[int][]string) {
		for turn := 0; turn < 6; turn++ {
			p := g.Pending()
			require.Len(t, p, 1)
			seat := p[0].Player
			require.Equal(t, want[seat], offered(g), "%s game, turn %d, p%d", mode, turn, seat+1)
			require.NoError(t, g.Answer(seat, state.Answer{Picks: []int{optionIndex(t, g, "wait")}}))
		}
	}
	for _, verify := range []bool{false, true} {
		var g *engine.Game
		for _, mode := range []string{"plain", "bold", "plain", "bold"} {
			var err error
			g, err = engine.NewInto(g, rs, engine.Options{Players: 2, Seed: 1, Mode: mode, VerifyChanges: verify})
			require.NoError(t, err)
			want := map[int][]string{0: {"bid", "first", "pass"}, 1: {"bid", "pass"}}
			if mode == "bold" {
				want = map[int][]string{0: {"bid", "shout", "first", "pass"}, 1: {"bid", "shout", "pass"}}
			}
			play(g, mode, want)
		}
	}
}
