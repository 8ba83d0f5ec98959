package conformance_test

import (
	"os"
	"path/filepath"
	"testing"

	"math/rand/v2"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

func loadLands(b *testing.B) *model.Ruleset {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	if rs == nil {
		b.Fatal(diags)
	}
	return rs
}

// BenchmarkPlayoutLands plays random games of Lands with the text log, as a
// session or a scenario does, reporting games/s and decisions/s.
func BenchmarkPlayoutLands(b *testing.B) { benchPlayout(b, false) }

// BenchmarkPlayoutLandsNoLog plays random games of Lands without the text
// log and without a record of the answers, as arbiter sim and the bots'
// lookahead do.
func BenchmarkPlayoutLandsNoLog(b *testing.B) { benchPlayout(b, true) }

func benchPlayout(b *testing.B, noLog bool) {
	playRandom(b, loadLands(b), engine.Options{NoLog: noLog, NoRecord: noLog})
}

// playRandom plays b.N random games and reports games/s and decisions/s.
// Without a log, each game is made in the memory of the last, as arbiter
// sim makes them (engine.NewInto).
func playRandom(b *testing.B, rs *model.Ruleset, o engine.Options) {
	r := rand.New(rand.NewPCG(1, 2))
	decisions := 0
	var g *engine.Game
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		o.Seed = uint64(i)
		var err error
		if o.NoLog {
			g, err = engine.NewInto(g, rs, o)
		} else {
			g, err = engine.New(rs, o)
		}
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			d, _ := g.Next()
			if err := g.Answer(d.Player, bot.RandomAnswer(r, &d)); err != nil {
				b.Fatal(err)
			}
			decisions++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

// midGame plays a Lands game for a while and returns it.
func midGame(b *testing.B, rs *model.Ruleset) *engine.Game {
	g, _ := engine.New(rs, engine.Options{Seed: 3})
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20 && !g.Over(); i++ {
		p := g.Pending()
		_ = g.Answer(p[0].Player, bot.RandomAnswer(r, &p[0]))
	}
	return g
}

// BenchmarkCloneLands clones a mid-game Lands state.
func BenchmarkCloneLands(b *testing.B) {
	g := midGame(b, loadLands(b))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cloneSink = g.Evaluator().S.Clone()
	}
}

// cloneSink keeps each copy, so that it is made on the heap as a copy
// kept by its caller is.
var cloneSink *state.State

// BenchmarkCloneIntoLands copies a mid-game Lands state into the memory of
// an earlier copy, as the bots' lookahead does for every sample.
func BenchmarkCloneIntoLands(b *testing.B) {
	g := midGame(b, loadLands(b))
	var dst state.State
	g.Evaluator().S.CloneInto(&dst)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Evaluator().S.CloneInto(&dst)
	}
}

// BenchmarkLoadLands loads and compiles the Lands ruleset and its cards.
func BenchmarkLoadLands(b *testing.B) {
	path := filepath.Join("..", "..", "rulesets", "lands.yaml")
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	cards, _ := os.ReadFile(filepath.Join("..", "..", "cards", "lands", "energy.yaml"))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rs, diags := load.Load(load.Source{Name: path, Data: src}, []load.Source{{Name: "energy.yaml", Data: cards}}, stdlib.Library())
		if rs == nil {
			b.Fatal(diags)
		}
	}
}

// BenchmarkPlayoutEach plays random games of every ruleset at its largest
// player count, without the text log.
func BenchmarkPlayoutEach(b *testing.B) {
	for _, rs := range rulesets(b) {
		b.Run(rs.Name, func(b *testing.B) {
			playRandom(b, rs, engine.Options{Players: rs.MaxPlayers, NoLog: true, NoRecord: true})
		})
	}
}
