package stdlib_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A cost in several resources that cannot be paid says, in words, what it
// costs and what the player has: the fixed part of each resource and the
// part any may pay, against the store and the sources together.
func TestSpendMixSaysWhyItCannotBePaid(t *testing.T) {
	sc, err := scenario.Load(filepath.Join("..", "testdata", "engine", "mix-refused.yaml"))
	require.NoError(t, err)
	sc.Steps = nil
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	g := res.Game
	e := g.Evaluator()
	bust := -1
	for _, c := range e.ZoneCards(e.ZoneInst(e.Rs.ZoneIx["hand"], 0)) {
		if e.CardName(c) == "Bust" {
			bust = c
		}
	}
	require.GreaterOrEqual(t, bust, 0)
	// 3 gold in store and a Gold Mine; a Silver Mine
	assert.Equal(t, "it costs 2 silver and you have 4 gold, 1 silver", g.WhyNot(0, "build", bust))
}
