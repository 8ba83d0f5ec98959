package conformance_test

import (
	"slices"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/stretchr/testify/require"
)

// TestHeardMovingAgreesWithTheTriggers checks, for every event some
// trigger of a shipped ruleset waits for and every move from one zone kind
// to another, that HeardMoving says the move may be heard exactly when one
// of those triggers admits its zones (Trigger.Admits), as emit tries them.
func TestHeardMovingAgreesWithTheTriggers(t *testing.T) {
	moves := 0
	for _, rs := range rulesets(t) {
		all := append(slices.Clone(rs.Triggers), rs.Listeners...)
		for _, d := range rs.Cards {
			all = append(all, d.Triggers...)
			for _, f := range d.Faces {
				all = append(all, f.Triggers...)
			}
		}
		syms := map[int64][]*model.Trigger{}
		for _, tr := range all {
			syms[tr.Sym] = append(syms[tr.Sym], tr)
		}
		for sym, ts := range syms {
			for from := range rs.Zones {
				for to := range rs.Zones {
					want := slices.ContainsFunc(ts, func(tr *model.Trigger) bool {
						return tr.Admits(rs, rs.ZoneSyms[to], rs.ZoneSyms[from])
					})
					require.Equal(t, want, rs.HeardMoving(sym, from, to), "%s: %s from %s to %s", rs.Name, rs.Symbol(sym), rs.Zones[from].Name, rs.Zones[to].Name)
					moves++
				}
			}
		}
		// an event nothing waits for is heard on no move
		require.False(t, rs.HeardMoving(int64(rs.Symbols()), 0, 0), rs.Name)
	}
	require.NotZero(t, moves)
}
