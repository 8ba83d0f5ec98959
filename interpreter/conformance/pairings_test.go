package conformance_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/conformance"
	"github.com/arbiter-games/arbiter/interpreter/engine"
)

// TestRandomPlayoutsEveryDeckPairing plays random games of every pairing
// of the ready-made decks of each two-player ruleset that has several (the
// other playouts use the first deck only), checking the invariants after
// every answer: 400 games per ruleset spread over its pairings (50 with
// -short), as many as TestRandomPlayouts plays of one configuration, so
// that every deck's cards are played against every other's within CI's
// time; -playouts N plays N games of every pairing.
func TestRandomPlayoutsEveryDeckPairing(t *testing.T) {
	total := gamesPer(400, 50)
	for _, rs := range rulesets(t) {
		decks := rs.PlayerDeckNames() // a deck the game deals itself is no player's
		if len(decks) < 2 || rs.MinPlayers > 2 || rs.MaxPlayers < 2 {
			continue
		}
		pairs := len(decks) * len(decks)
		n := max(total/pairs, 2)
		if *playouts > 0 {
			n = *playouts // -playouts N: N games of every pairing
		}
		for _, a := range decks {
			for _, b := range decks {
				t.Run(fmt.Sprintf("%s/%s-%s", rs.Name, a, b), func(t *testing.T) {
					t.Parallel()
					for seed := uint64(1); seed <= uint64(n); seed++ {
						deep := seed%5 == 0
						o := engine.Options{Players: 2, Decks: []string{a, b}, Seed: seed, NoLog: !deep, VerifyChanges: seed%2 == 0}
						_, err := conformance.Playout(rs, conformance.Options{Game: o, Resume: deep, Views: deep, Legality: deep})
						require.NoError(t, err)
					}
				})
			}
		}
	}
}
