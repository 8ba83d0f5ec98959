package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestNewIntoPlaysTheGameNewPlays: games started one after another in the
// memory of the last (NewInto) are, answer after answer, the games New
// starts with the same options, with and without log and record, in every
// ruleset; nothing of an earlier game shows in a later one.
func TestNewIntoPlaysTheGameNewPlays(t *testing.T) {
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		t.Run(name, func(t *testing.T) {
			rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", name+".yaml"), stdlib.Library())
			require.NotNil(t, rs, "%v", diags)
			var prev *engine.Game
			for seed := uint64(1); seed <= 3; seed++ {
				o := engine.Options{Players: rs.MinPlayers, Seed: seed, NoLog: seed == 2, NoRecord: seed == 2}
				fresh, err := engine.New(rs, o)
				require.NoError(t, err)
				reused, err := engine.NewInto(prev, rs, o)
				require.NoError(t, err)
				if prev != nil {
					require.Same(t, prev, reused, "a game of the same ruleset and seats is made in the memory of the last")
				}
				r := rand.New(rand.NewPCG(seed, 1))
				for n := 0; !fresh.Over() && n < 400; n++ {
					if n < 40 || n%20 == 0 {
						require.Equal(t, stateText(t, fresh), stateText(t, reused), "seed %d, after %d answers", seed, n)
					}
					d := fresh.Pending()[0]
					a := bot.RandomAnswer(r, &d)
					require.NoError(t, fresh.Answer(d.Player, a))
					require.NoError(t, reused.Answer(d.Player, a))
				}
				require.Equal(t, stateText(t, fresh), stateText(t, reused), "seed %d, at the end", seed)
				require.Equal(t, fresh.Outcome(), reused.Outcome())
				prev = reused
			}
			// another number of players is a new game
			if rs.MaxPlayers > rs.MinPlayers {
				g, err := engine.NewInto(prev, rs, engine.Options{Players: rs.MaxPlayers, Seed: 9})
				require.NoError(t, err)
				require.NotSame(t, prev, g)
			}
		})
	}
}

// stateText is a game's state as JSON, with an empty list written as no
// list: a game made in old memory has empty lists where a new one has none.
func stateText(t *testing.T, g *engine.Game) string {
	t.Helper()
	data, err := json.Marshal(g.Evaluator().S)
	require.NoError(t, err)
	return strings.ReplaceAll(string(data), "[]", "null")
}

// TestNewIntoACopyLeavesItsOriginal: a game started in the memory of a
// copy of a game, with other decks, changes nothing of the game copied,
// which plays on as it would have.
func TestNewIntoACopyLeavesItsOriginal(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "vault.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	o := engine.Options{Players: 2, Seed: 4, Decks: []string{"radiance", "tides"}}
	g, err := engine.New(rs, o)
	require.NoError(t, err)
	twin, err := engine.New(rs, o)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(4, 1))
	answer := func() {
		d := g.Pending()[0]
		a := bot.RandomAnswer(r, &d)
		require.NoError(t, g.Answer(d.Player, a))
		require.NoError(t, twin.Answer(d.Player, a))
	}
	for range 10 {
		answer()
	}
	c := g.Clone()
	other, err := engine.NewInto(c, rs, engine.Options{Players: 2, Seed: 9, Decks: []string{"plague", "wilds"}})
	require.NoError(t, err)
	require.Equal(t, []string{"plague", "wilds"}, other.Decks())
	require.Equal(t, []string{"radiance", "tides"}, g.Decks())
	for n := 0; n < 30 && !g.Over(); n++ {
		answer()
		require.Equal(t, stateText(t, twin), stateText(t, g))
	}
}
