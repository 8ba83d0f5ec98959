package engine_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestAnAnswerGivenStaysInACopy: the engine gives the place of an answer to
// the next once no answer is pending; a copy made while one seat has
// answered a sealed choice and the other has not keeps that answer however
// far the original plays on, and plays on as the original did.
func TestAnAnswerGivenStaysInACopy(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "vault.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	for _, o := range []engine.Options{{Players: 2, Seed: 4}, {Players: 2, Seed: 5, NoLog: true, NoRecord: true}} {
		g, err := engine.New(rs, o)
		require.NoError(t, err)
		require.Len(t, g.Pending(), 2, "the keep-or-mulligan choice is asked of both at once")
		first := g.Pending()[0]
		require.NoError(t, g.Answer(first.Player, bot.RandomAnswer(rand.New(rand.NewPCG(1, 1)), &first)))
		cp := g.Clone()
		before := stateText(t, cp)

		r := rand.New(rand.NewPCG(o.Seed, 2))
		var given []int
		for n := 0; n < 60 && !g.Over(); n++ {
			d, _ := g.Next()
			a := bot.RandomAnswer(r, &d)
			given = append(given, d.Player)
			require.NoError(t, g.Answer(d.Player, a))
		}
		require.Equal(t, before, stateText(t, cp), "playing the original changed the copy's answers")

		// the copy, given the same answers, plays the same game
		r, r2 := rand.New(rand.NewPCG(o.Seed, 2)), rand.New(rand.NewPCG(o.Seed, 2))
		g2, err := engine.New(rs, o)
		require.NoError(t, err)
		d0 := g2.Pending()[0]
		require.NoError(t, g2.Answer(d0.Player, bot.RandomAnswer(rand.New(rand.NewPCG(1, 1)), &d0)))
		for n := 0; n < 60 && !g2.Over(); n++ {
			d, _ := g2.Next()
			e, _ := cp.Next()
			require.Equal(t, d.Player, e.Player)
			require.Equal(t, d.Options, e.Options)
			a, b := bot.RandomAnswer(r, &d), bot.RandomAnswer(r2, &e)
			require.NoError(t, g2.Answer(d.Player, a))
			require.NoError(t, cp.Answer(e.Player, b))
		}
		require.Equal(t, stateText(t, g2), stateText(t, cp))
		require.Len(t, given, 60)
	}
}
