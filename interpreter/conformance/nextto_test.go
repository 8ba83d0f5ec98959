package conformance_test

import (
	"slices"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/stretchr/testify/require"
)

// TestNextToAgreesWithAdjacentPositions checks, for every position of every
// positional zone of the shipped rulesets, that NextTo answers for each
// other position what the list AdjacentPositions gives says.
func TestNextToAgreesWithAdjacentPositions(t *testing.T) {
	checked := 0
	for _, rs := range rulesets(t) {
		g, err := engine.New(rs, engine.Options{Players: rs.MaxPlayers, Seed: 1, NoLog: true})
		require.NoError(t, err, rs.Name)
		ev := g.Evaluator()
		var positions []model.Position
		for zi, z := range ev.S.Zones {
			for s := 0; s < rs.Zones[z.Kind].Slots; s++ {
				positions = append(positions, model.Position{Zone: zi, Slot: s})
			}
		}
		for _, p := range positions {
			near := ev.AdjacentPositions(nil, p.Zone, p.Slot)
			for _, q := range positions {
				require.Equal(t, slices.Contains(near, q), ev.NextTo(p.Zone, p.Slot, q.Zone, q.Slot),
					"%s: is %v next to %v", rs.Name, q, p)
				checked++
			}
		}
	}
	require.NotZero(t, checked, "no ruleset has a positional zone")
}
