package bot

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A decision whose lookahead would cost more than lookaheadWork is looked
// at only that far: the candidates tried are compared, the others left out,
// and the answer is still legal. Here every value goes through more than
// two million elements, and the 21 numbers on two worlds would be 42 of
// them.
func TestGreedyLookaheadStopsAtItsWork(t *testing.T) {
	rs, diags := load.LoadFile("testdata/ponder.yaml", stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1, NoLog: true})
	require.NoError(t, err)
	b := &Greedy{seed: 7, Samples: 2}
	d := g.Pending()[0]
	a := b.Choose(g, &d)
	require.Empty(t, a.Error)
	require.NoError(t, g.Answer(d.Player, a))

	tried, left := 0, 0
	for _, n := range b.tried[maxDepth] {
		if n > 0 {
			tried++
		} else {
			left++
		}
	}
	t.Logf("work %d, tried on each world: %v", b.work, b.tried[maxDepth])
	require.Len(t, b.tried[maxDepth], 21)
	require.Positive(t, tried)
	require.Positive(t, left, "every number was tried: the lookahead went on past its work")
	require.Greater(t, b.work, lookaheadWork)
	require.Less(t, b.work, 2*lookaheadWork, "the lookahead went on long past its work")
	// of the numbers tried, the greedy bot names the most (it scores most)
	require.Equal(t, tried-1, int(a.Number))
}
