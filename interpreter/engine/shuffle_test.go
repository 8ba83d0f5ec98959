package engine_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// shuffleRules deals each player a pile of four cards, the bomb at the
// bottom; a player whose top card is the bomb loses at once. The active
// player may shuffle their pile.
const shuffleRules = `name: shuffling
players: {min: 2, max: 2}
properties:
  card:
    bomb: {type: bool}
zones:
  pile: {visibility: hidden}
setup:
  - for_each_player:
      do:
        - create: {id: dud, to: pile, owner: you, quiet: true}
        - create: {id: dud, to: pile, owner: you, quiet: true}
        - create: {id: dud, to: pile, owner: you, quiet: true}
        - create: {id: bomb, to: pile, owner: you, quiet: true}
checks:
  - name: bomb on top
    if: len(player.pile) > 0 and player.pile[0].bomb
    do: [{lose: {reason: the bomb came up}}]
turn:
  phases:
    - name: main
      do:
        - choose:
            options:
              - {label: shuffle, do: [{shuffle: pile}]}
              - {label: wait, do: []}
`

// TestACheckSeesAShuffle: a state check that reads the top card of a zone
// runs after a shuffle step, which changes nothing else: the player whose
// shuffle brings the bomb up loses at once; one whose shuffle does not
// plays on.
func TestACheckSeesAShuffle(t *testing.T) {
	cards := "cards:\n  - {id: dud, name: Dud}\n  - {id: bomb, name: Bomb, props: {bomb: true}}\n"
	rs, diags := load.Load(load.Source{Name: "shuffling.yaml", Data: []byte(shuffleRules)}, []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	up, down := 0, 0
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := engine.New(rs, engine.Options{Seed: seed, Players: 2})
		require.NoError(t, err)
		require.Equal(t, false, query(t, rs, g, "any(players, .pile[0].bomb)"), "seed %d: the bombs start at the bottom", seed)
		d, ok := g.Next()
		require.True(t, ok)
		require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{optionIndex(t, g, "shuffle")}}))
		if g.Over() {
			up++
			require.Equal(t, []int{1 - d.Player}, g.Winners(), "seed %d: the player who shuffled lost", seed)
			require.Equal(t, true, query(t, rs, g, fmt.Sprintf("players[%d].pile[0].bomb", d.Player)), "seed %d", seed)
			continue
		}
		down++
		require.Equal(t, false, query(t, rs, g, "any(players, .pile[0].bomb)"), "seed %d: no bomb on top, and the game goes on", seed)
	}
	require.NotZero(t, up, "some shuffle brings the bomb up")
	require.NotZero(t, down, "some does not")
}
