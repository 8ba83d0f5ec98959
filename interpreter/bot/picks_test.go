package bot

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRandomPicksDrawLikePerm checks that randomPicks gives what
// rand.Perm(n)[:k] gives and leaves the generator where Perm leaves it, so
// games answered at random are the games they were.
func TestRandomPicksDrawLikePerm(t *testing.T) {
	for _, n := range []int{1, 2, 5, 8, 9, 64, 65, 300} {
		for _, k := range []int{0, 1, n / 2, n} {
			a, b := rand.New(rand.NewPCG(7, uint64(n))), rand.New(rand.NewPCG(7, uint64(n)))
			for round := 0; round < 20; round++ {
				want := a.Perm(n)[:k]
				got := randomPicks(b, n, k)
				require.Equal(t, want, got, "n=%d k=%d round %d", n, k, round)
				require.Equal(t, a.Uint64(), b.Uint64(), "the generators part after n=%d k=%d", n, k)
			}
		}
	}
}
