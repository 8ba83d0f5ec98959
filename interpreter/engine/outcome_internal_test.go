package engine

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOutcomeTextKept: an outcome's text is the same whether made or
// kept from an earlier game, each seat name, verb and reason gets its own,
// and past the texts it keeps the machine still says the right one.
func TestOutcomeTextKept(t *testing.T) {
	var g machine
	require.Equal(t, "p1 wins: five of a kind", g.outcomeText("p1", "wins", "five of a kind"))
	require.Equal(t, "p1 wins: five of a kind", g.outcomeText("p1", "wins", "five of a kind"))
	require.Equal(t, "Ann wins: five of a kind", g.outcomeText("Ann", "wins", "five of a kind"), "seat names change between games")
	require.Equal(t, "p1 and p3 win: alliance", g.outcomeText("p1 and p3", "win", "alliance"))
	require.Equal(t, "p2 wins", g.outcomeText("p2", "wins", ""))
	require.Equal(t, "p2 wins: x", g.outcomeText("p2", "wins", "x"))
	for i := range 3 * maxOutcomes {
		why := fmt.Sprintf("score %d", i)
		require.Equal(t, "p1 wins: "+why, g.outcomeText("p1", "wins", why))
	}
	require.LessOrEqual(t, len(g.outcomes), maxOutcomes)
	require.Equal(t, "p1 wins: score 150", g.outcomeText("p1", "wins", "score 150"))
}
