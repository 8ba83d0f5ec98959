package bot_test

import (
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// BenchmarkGreedyFourSeats plays Risk & Resource with four greedy seats, a
// game per iteration (seeds 1, 2, ...), as arbiter sim does without a log.
func BenchmarkGreedyFourSeats(b *testing.B) {
	rs, diags := load.LoadFile("../../rulesets/risk-resource.yaml", stdlib.Library())
	if rs == nil {
		b.Fatal(diags)
	}
	decisions := 0
	var g *engine.Game
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seed := uint64(i + 1)
		var err error
		g, err = engine.NewInto(g, rs, engine.Options{Players: 4, Seed: seed, NoLog: true, NoRecord: true})
		if err != nil {
			b.Fatal(err)
		}
		bots := make([]bot.Bot, 4)
		for s := range bots {
			bots[s], _ = bot.New("greedy", bot.SeatSeed(seed, s))
		}
		for !g.Over() {
			d := g.Pending()[0]
			if err := g.Answer(d.Player, bots[d.Player].Choose(g, &d)); err != nil {
				b.Fatal(err)
			}
			decisions++
		}
		if err := g.Err(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/game")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
}
