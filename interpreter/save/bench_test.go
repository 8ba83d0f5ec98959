package save_test

import (
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/stdlib"
)

// BenchmarkLoadALongSave reads back a save of a four-player Risk &
// Resource game after 600 answers: its JSON decoded, its state checked,
// and the game played again from its seed and answers to verify it.
func BenchmarkLoadALongSave(b *testing.B) {
	rs, _ := load.LoadFile(filepath.Join("../..", "rulesets", "risk-resource.yaml"), stdlib.Library())
	g, _ := engine.New(rs, engine.Options{Players: 4, Seed: 3})
	bt, _ := bot.New("random", 3)
	for n := 0; n < 600 && !g.Over(); n++ {
		d := g.Pending()[0]
		g.Answer(d.Player, bt.Choose(g, &d))
	}
	data, _ := save.Marshal(g)
	b.ReportMetric(float64(len(data)), "save-bytes")
	b.ResetTimer()
	for range b.N {
		if _, err := save.LoadJSON(rs, data); err != nil {
			b.Fatal(err)
		}
	}
}
