package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestClonesFromSeveralGoroutines: copies of one game made at the same
// time from several goroutines (Clone), while nobody plays the game, are
// each the game as it was: played on with the same answers they end
// alike, and the game copied is left as it was. Run with -race, the test
// also tells that making the copies reads the game and writes nothing
// another copy reads.
func TestClonesFromSeveralGoroutines(t *testing.T) {
	const copies = 4
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		t.Run(name, func(t *testing.T) {
			rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", name+".yaml"), stdlib.Library())
			require.NotNil(t, rs, "%v", diags)
			g, err := engine.New(rs, engine.Options{Players: rs.MinPlayers, Seed: 6})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(6, 1))
			for n := 0; n < 30 && !g.Over(); n++ {
				d, _ := g.Next()
				require.NoError(t, g.Answer(d.Player, bot.RandomAnswer(r, &d)))
			}
			before := stateText(t, g)

			var start, done sync.WaitGroup
			start.Add(1)
			ends := make([]string, copies)
			errs := make([]error, copies)
			for i := range copies {
				done.Add(1)
				go func() {
					defer done.Done()
					start.Wait()
					c := g.Clone()
					r := rand.New(rand.NewPCG(9, 9)) // the same answers for every copy
					for n := 0; n < 200 && !c.Over(); n++ {
						d, _ := c.Next()
						if errs[i] = c.Answer(d.Player, bot.RandomAnswer(r, &d)); errs[i] != nil {
							return
						}
					}
					data, err := json.Marshal(c.Evaluator().S)
					ends[i], errs[i] = strings.ReplaceAll(string(data), "[]", "null"), err
				}()
			}
			start.Done()
			done.Wait()
			for i := range copies {
				require.NoError(t, errs[i], "copy %d", i)
				require.Equal(t, ends[0], ends[i], "copy %d ends otherwise than copy 0", i)
			}
			require.Equal(t, before, stateText(t, g), "the game copied changed")
		})
	}
}
