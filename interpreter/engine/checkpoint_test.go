package engine_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestNoRewindWithoutRecord: a game that keeps no record of its answers
// cannot tell who answered since a checkpoint, and refuses to go back.
func TestNoRewindWithoutRecord(t *testing.T) {
	rs, diags := load.LoadFile("../../testdata/engine/rulesets/again.yaml", stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, NoRecord: true, Setup: &setup.Setup{Active: 0, Phase: "main"}})
	require.NoError(t, err)
	start := g.Checkpoint()
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "walk")}}))
	require.Equal(t, "the game keeps no record of its answers", g.RewindRefusal(start, 0))
	require.Error(t, g.Rewind(start, 0))
}

// TestRewind: a seat goes back to its own earlier decision while nobody else
// has answered or learned anything, and is refused, with the reason, once
// another seat has answered.
func TestRewind(t *testing.T) {
	rs, diags := load.LoadFile("../../testdata/engine/rulesets/again.yaml", stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{Active: 0, Phase: "main"}})
	require.NoError(t, err)
	count := func() any { return query(t, rs, g, "game.count") }

	start := g.Checkpoint()
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "walk")}}))
	require.Equal(t, 1, count())
	// p1 is asked again, nobody else anything: p1 may go back
	require.Equal(t, "", g.RewindRefusal(start, 0))
	require.NoError(t, g.Rewind(start, 0))
	require.Equal(t, 0, count())

	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "walk")}}))
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "walk")}}))
	// the turn has passed to p2, who answers: going back would let p1 act
	// again knowing what p2 did
	require.NoError(t, g.Answer(1, state.Answer{Picks: []int{optionIndex(t, g, "walk")}}))
	require.Equal(t, 1, count())
	err = g.Rewind(start, 0)
	require.ErrorContains(t, err, "p2 has answered")
	require.Equal(t, 1, count(), "a refused rewind changes nothing")
}

// A seat that answered a sealed question after another (a bot answers
// first) may not go back once the answers are shown: it would answer again
// knowing the other's.
func TestNoRewindPastSealedAnswersShown(t *testing.T) {
	rs, diags := load.LoadFile("../../testdata/engine/rulesets/sealed.yaml", stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	require.Len(t, g.Pending(), 2)
	require.NoError(t, g.Answer(1, state.Answer{Picks: []int{}}))
	cp := g.Checkpoint() // p1's question, p2's answer in
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{}}))
	require.Equal(t, "p2's answer, given in secret, has been taken with yours", g.RewindRefusal(cp, 0))
	require.Error(t, g.Rewind(cp, 0))
}

// The same in Vault, where nothing else tells: after the keep or mulligan
// asked of both at once (simultaneous), only the first player is asked.
func TestNoRewindPastSealedMulligan(t *testing.T) {
	rs, diags := load.LoadFile("../../rulesets/vault.yaml", stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	pending := g.Pending()
	require.Len(t, pending, 2)
	keep := func(p int) state.Answer {
		for _, d := range g.Pending() {
			if d.Player == p {
				for i, o := range d.Options {
					if o.Label == "keep" {
						return state.Answer{Picks: []int{i}}
					}
				}
			}
		}
		t.Fatalf("p%d is not asked to keep", p+1)
		return state.Answer{}
	}
	require.NoError(t, g.Answer(1, keep(1)))
	cp := g.Checkpoint()
	require.NoError(t, g.Answer(0, keep(0)))
	require.Equal(t, "p2's answer, given in secret, has been taken with yours", g.RewindRefusal(cp, 0))
}
