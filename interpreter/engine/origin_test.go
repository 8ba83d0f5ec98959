package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// unseenDefs lists, per origin, the definitions of the cards a seat does
// not know, sorted: what a sample may deal out again among them.
func unseenDefs(s *state.State, seat int) map[state.Seat][]int32 {
	out := map[state.Seat][]int32{}
	for _, c := range s.Cards {
		if c.Known&(1<<uint(seat)) == 0 {
			out[c.Origin] = append(out[c.Origin], c.Def)
		}
	}
	for _, l := range out {
		slices.Sort(l)
	}
	return out
}

// TestSamplesKeepEachDecksCards: a sample deals the unseen cards out again
// within their origin. In Risk & Resource each player's library is their
// own deck: a player's unseen library holds their own cards in a sample,
// never the opponents'. In Pocket every card comes from the one shared
// pile, so a hidden hand may hold any unseen card of it.
func TestSamplesKeepEachDecksCards(t *testing.T) {
	for _, game := range []string{"risk-resource", "pocket"} {
		rs, diags := load.LoadFile("../../rulesets/"+game+".yaml", stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: 3, NoLog: true})
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 40 && !g.Over(); i++ {
			d := g.Pending()[0]
			require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
		}
		want := unseenDefs(g.Evaluator().S, 0)
		if game == "pocket" {
			require.Equal(t, []state.Seat{state.NoSeat}, mapKeys(want), "every card of Pocket comes from the shared pile")
		} else {
			require.Len(t, want, 2, "each player's unseen cards are of their own deck")
		}
		moved := false
		for i := uint64(0); i < 10; i++ {
			s := g.Determinize(0, rand.New(rand.NewPCG(i, 5)))
			require.Equal(t, want, unseenDefs(s.Evaluator().S, 0))
			for c := range s.Evaluator().S.Cards {
				moved = moved || s.Evaluator().S.Cards[c].Def != g.Evaluator().S.Cards[c].Def
			}
		}
		require.True(t, moved, "%s: the samples deal the unseen cards out again", game)
	}
}

func mapKeys(m map[state.Seat][]int32) []state.Seat {
	var out []state.Seat
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
