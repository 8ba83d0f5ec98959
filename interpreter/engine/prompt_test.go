package engine_test

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

// TestPromptsOnlyWithALog: a game without a log asks the same questions as
// the game with one, option for option, but words no prompt (nor ids and
// labels): nobody reads them there. With a log, every question has one.
func TestPromptsOnlyWithALog(t *testing.T) {
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		t.Run(name, func(t *testing.T) {
			rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", name+".yaml"), stdlib.Library())
			require.NotNil(t, rs, "%v", diags)
			o := engine.Options{Players: rs.MinPlayers, Seed: 7}
			logged, err := engine.New(rs, o)
			require.NoError(t, err)
			o.NoLog, o.NoRecord = true, true
			silent, err := engine.New(rs, o)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(7, 1))
			asked := 0
			for ; !logged.Over() && asked < 300; asked++ {
				d, ok := logged.Next()
				require.True(t, ok, "no question and the game is not over")
				e, ok := silent.Next()
				require.True(t, ok, "the game without a log stopped asking at question %d", asked)
				require.NotEmpty(t, d.Prompt, "question %d has no prompt with the log", asked)
				require.Empty(t, e.Prompt, "question %d has a prompt without the log", asked)
				require.Equal(t, d.Player, e.Player)
				require.Equal(t, d.Kind, e.Kind)
				require.Len(t, e.Options, len(d.Options))
				for i := range d.Options {
					x, y := d.Options[i], e.Options[i]
					require.Equal(t, [4]int{x.Card, x.Action, x.Player, x.Value}, [4]int{y.Card, y.Action, y.Player, y.Value}, "question %d, option %d", asked, i)
				}
				a := bot.RandomAnswer(r, &d)
				require.NoError(t, logged.Answer(d.Player, a))
				require.NoError(t, silent.Answer(e.Player, a))
			}
			require.Equal(t, logged.Over(), silent.Over())
			require.Greater(t, asked, 20)
		})
	}
}
