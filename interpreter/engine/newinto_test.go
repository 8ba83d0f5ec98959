package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
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
	require.Equal(t, []string{"plague", "wilds"}, other.Start().Decks)
	require.Equal(t, []string{"radiance", "tides"}, g.Start().Decks)
	for n := 0; n < 30 && !g.Over(); n++ {
		answer()
		require.Equal(t, stateText(t, twin), stateText(t, g))
	}
}

// TestNewIntoLeavesACopysOptions: the options of a copy's pending
// decisions, and the lists its variables hold, lie where the original kept
// them; a game started in the original's memory writes its own elsewhere,
// and the copy plays on as it would have.
func TestNewIntoLeavesACopysOptions(t *testing.T) {
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		t.Run(name, func(t *testing.T) {
			rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", name+".yaml"), stdlib.Library())
			require.NotNil(t, rs, "%v", diags)
			o := engine.Options{Players: rs.MinPlayers, Seed: 5, NoLog: true}
			g, err := engine.NewInto(nil, rs, o)
			require.NoError(t, err)
			twin, err := engine.New(rs, o)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(5, 1))
			answer := func(a, b *engine.Game) {
				d := a.Pending()[0]
				ans := bot.RandomAnswer(r, &d)
				require.NoError(t, a.Answer(d.Player, ans))
				require.NoError(t, b.Answer(d.Player, ans))
			}
			for range 25 {
				answer(g, twin)
			}
			c := g.Clone()
			// the original's memory plays whole other games
			for seed := uint64(70); seed < 73; seed++ {
				g, err = engine.NewInto(g, rs, engine.Options{Players: rs.MinPlayers, Seed: seed, NoLog: true})
				require.NoError(t, err)
				for n := 0; n < 300 && !g.Over(); n++ {
					d := g.Pending()[0]
					require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
				}
			}
			for n := 0; n < 40 && !c.Over(); n++ {
				require.Equal(t, stateText(t, twin), stateText(t, c), "after %d answers of the copy", n)
				require.Equal(t, twin.Pending(), c.Pending())
				answer(c, twin)
			}
		})
	}
}

// TestNewIntoPlaysWithoutAllocating: once a machine has played a game, the
// next games of Lands played in its memory without a log allocate next to
// nothing: every list a step builds is the machine's own and reused, the
// options of decisions are cut from the same slab game after game (no
// copy of the game shares it), and an outcome's text is kept. The answers
// are the first options, from a shared list, so that the answerer
// allocates nothing.
func TestNewIntoPlaysWithoutAllocating(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates")
	}
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	first := []int{0, 1, 2, 3, 4, 5, 6, 7}
	var g *engine.Game
	seed := uint64(0)
	decisions := 0
	play := func() {
		seed++
		var err error
		g, err = engine.NewInto(g, rs, engine.Options{Players: 2, Seed: seed, NoLog: true, NoRecord: true})
		if err != nil {
			panic(err)
		}
		for !g.Over() {
			d, _ := g.Next()
			if err := g.Answer(d.Player, state.Answer{Picks: first[:d.Min:d.Min]}); err != nil {
				panic(err)
			}
			decisions++
		}
	}
	// the first games grow the machine's lists to the size games need
	for range 20 {
		play()
	}
	decisions = 0
	const games = 50
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range games {
		play()
	}
	runtime.ReadMemStats(&after)
	allocs := float64(after.Mallocs-before.Mallocs) / games
	require.Greater(t, decisions, games*10, "games of a few decisions would prove little")
	t.Logf("%.2f allocations a game, %d decisions", allocs, decisions)
	require.LessOrEqual(t, allocs, 0.1, "allocations a game")
}
