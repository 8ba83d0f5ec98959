package stdlib_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestCounterPayableAsTheHandSays: whether a Lands player can pay for the
// counter (a Water and a card of the played card's type, two Waters against
// a Water: pay_cards judged by counting cards) is what their hand says,
// read from the state by hand, at every decision of many random games, for
// both players.
func TestCounterPayableAsTheHandSays(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	energy := rs.CardPropIx["energy"]
	hand, pending := rs.ZoneIx["hand"], rs.ZoneIx["pending"]
	checked := map[bool]int{}
	for seed := uint64(1); seed <= 300; seed++ {
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: seed, NoLog: true})
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(seed, 3))
		for n := 0; n < 120 && !g.Over(); n++ {
			ev := g.Evaluator()
			for p := range 2 {
				played := ev.S.Zones[ev.ZoneInst(pending, 1-p)].Cards
				if len(played) == 0 {
					continue // the condition refuses it before the cost is looked at
				}
				want := rs.Symbol(ev.CardProp(played[0], energy))
				waters, others := 0, 0
				for _, c := range ev.S.Zones[ev.ZoneInst(hand, p)].Cards {
					switch rs.Symbol(ev.CardProp(c, energy)) {
					case "water":
						waters++
					case want:
						others++
					}
				}
				payable := waters >= 1 && others >= 1
				if want == "water" {
					payable = waters >= 2
				}
				why := g.WhyNot(p, "counter", -1)
				require.Equal(t, payable, why == "", "seed %d, answer %d, p%d: %d waters, %d of %s; %q", seed, n, p+1, waters, others, want, why)
				checked[payable]++
			}
			d, _ := g.Next()
			require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
		}
	}
	t.Logf("%d hands that can pay, %d that cannot", checked[true], checked[false])
	require.Greater(t, checked[true], 20, "hands that can pay")
	require.Greater(t, checked[false], 20, "hands that cannot")
}
