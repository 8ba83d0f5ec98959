package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestDeterminizeIntoIsDeterminize: a sample made into the memory of an
// earlier one is the sample Determinize makes from the same draws, plays on
// the same, and shares nothing with the game it came from or with the
// samples made before it in the same memory.
func TestDeterminizeIntoIsDeterminize(t *testing.T) {
	rs, diags := load.LoadFile("../../rulesets/risk-resource.yaml", stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 3, Seed: 7, NoLog: true})
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 60 && !g.Over(); i++ {
		d := g.Pending()[0]
		require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
	}
	before, err := json.Marshal(g.Evaluator().S)
	require.NoError(t, err)
	var world *engine.Game
	for sample := uint64(0); sample < 5; sample++ {
		seat := int(sample) % 3
		fresh := g.Determinize(seat, rand.New(rand.NewPCG(sample, 9)))
		world = g.DeterminizeInto(world, seat, rand.New(rand.NewPCG(sample, 9)))
		a, err := json.Marshal(fresh.Evaluator().S)
		require.NoError(t, err)
		b, err := json.Marshal(world.Evaluator().S)
		require.NoError(t, err)
		require.JSONEq(t, string(a), string(b), "sample %d", sample)
		// both play on alike, and playing changes neither the game nor the other
		pr, wr := rand.New(rand.NewPCG(sample, 3)), rand.New(rand.NewPCG(sample, 3))
		for i := 0; i < 40 && !fresh.Over(); i++ {
			d := fresh.Pending()[0]
			e := world.Pending()[0]
			require.NoError(t, fresh.Answer(d.Player, bot.RandomAnswer(pr, &d)))
			require.NoError(t, world.Answer(e.Player, bot.RandomAnswer(wr, &e)))
		}
		a, _ = json.Marshal(fresh.Evaluator().S)
		b, _ = json.Marshal(world.Evaluator().S)
		require.JSONEq(t, string(a), string(b), "sample %d after play", sample)
		require.NoError(t, world.CheckStructure())
	}
	after, err := json.Marshal(g.Evaluator().S)
	require.NoError(t, err)
	require.JSONEq(t, string(before), string(after), "sampling changed the game")
}
