package stdlib_test

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestCardsPropGivesWhatFnGives: a function's fast form of cards and a
// property index (Func.CardsProp, what a call naming the property by a
// literal runs) gives what its general form gives, for every zone of
// positions reached by random play and every card property, a name no
// property has included.
func TestCardsPropGivesWhatFnGives(t *testing.T) {
	var fns []*model.Func
	for _, fn := range stdlib.Library().Funcs() {
		if fn.CardsProp != nil {
			fns = append(fns, fn)
		}
	}
	require.NotEmpty(t, fns)
	compared := 0
	for _, name := range []string{"lands", "risk-resource"} {
		rs, diags := load.LoadFile(filepath.Join("..", "rulesets", name+".yaml"), stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		props := []string{"no such property"}
		for _, p := range rs.CardProps {
			props = append(props, p.Name)
		}
		for seed := uint64(1); seed <= 5; seed++ {
			g, err := engine.New(rs, engine.Options{Players: 2, Seed: seed, NoLog: true})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(seed, 5))
			for n := 0; n < 200 && !g.Over(); n++ {
				if n%10 == 0 {
					ev := g.Evaluator()
					for _, z := range ev.S.Zones {
						for _, prop := range props {
							idx := -1
							if k, ok := rs.CardPropIx[prop]; ok {
								idx = k
							}
							args := []model.Datum{{K: model.DList, E: model.DCard, L: z.Cards}, {K: model.DSym, N: rs.Intern(prop)}}
							for _, fn := range fns {
								want := fn.Fn(ev, args)
								require.Equal(t, want.N, fn.CardsProp(ev, z.Cards, idx), "%s: %s(%v, %s)", name, fn.Name, z.Cards, prop)
								compared++
							}
						}
					}
				}
				d, _ := g.Next()
				require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
			}
		}
	}
	t.Logf("%d calls compared", compared)
}

// TestPlainPropIsCardProp: where a property reads as plain (model.Evaluator.
// PlainProp: the fast form of max_group, distinct, total and of payments
// counted by a property reads the state's table), each card's value there
// is the value CardProp gives, in positions of random play of games with
// and without static effects and modifiers; and a property is not plain
// while a modifier is in force or a static effect derives it.
func TestPlainPropIsCardProp(t *testing.T) {
	plain, derived := 0, 0
	for _, name := range []string{"lands", "vault", "risk-resource"} {
		rs, diags := load.LoadFile(filepath.Join("..", "rulesets", name+".yaml"), stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := engine.New(rs, engine.Options{Players: 2, Seed: seed, NoLog: true})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(seed, 7))
			for n := 0; n < 300 && !g.Over(); n++ {
				ev := g.Evaluator()
				for idx := range rs.CardProps {
					table, stride, ok := ev.PlainProp(idx)
					if !ok {
						require.True(t, rs.StaticSlot[idx] >= 0 || len(ev.S.Modifiers) > 0, "%s: %s", name, rs.CardProps[idx].Name)
						derived++
						continue
					}
					for c := range ev.S.Cards {
						require.Equal(t, ev.CardProp(c, idx), table[c*stride+idx], "%s: card %d, %s", name, c, rs.CardProps[idx].Name)
					}
					plain++
				}
				d, _ := g.Next()
				require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
			}
		}
	}
	require.NotZero(t, plain)
	require.NotZero(t, derived)
}
