package conformance_test

import (
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/conformance"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// FuzzAnswers feeds arbitrary answers to games of every ruleset: an answer is
// either accepted or refused with a reason, a refused answer changes nothing,
// and nothing panics.
func FuzzAnswers(f *testing.F) {
	files := shippedFiles()
	var rss []*model.Ruleset
	for _, file := range files {
		if rs, _ := load.LoadFile(file, stdlib.Library()); rs != nil {
			rss = append(rss, rs)
		}
	}
	if len(rss) == 0 {
		f.Fatal("no ruleset loads")
	}
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5})
	f.Add(uint64(7), []byte{255, 0, 128, 3, 9, 200, 1, 1, 1})
	f.Add(uint64(3), []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		rs := rss[int(seed%uint64(len(rss)))]
		g, err := engine.New(rs, engine.Options{Seed: seed, NoLog: true})
		if err != nil {
			t.Skip()
		}
		for i := 0; i+1 < len(data) && !g.Over(); i += 2 {
			p := g.Pending()
			if len(p) == 0 {
				t.Fatalf("no decision pending and the game is not over: %v", g.Err())
			}
			d := p[int(data[i])%len(p)]
			a := answerFrom(data[i+1], data[i:], &d)
			before, _ := save.Marshal(g)
			if err := g.Answer(d.Player, a); err != nil {
				after, _ := save.Marshal(g)
				if string(before) != string(after) {
					t.Fatalf("a refused answer (%v) changed the game", err)
				}
			}
			if err := conformance.CheckState(g); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// answerFrom builds an answer, often an illegal one, from fuzz bytes.
func answerFrom(b byte, rest []byte, d *state.Decision) state.Answer {
	n := len(d.Options) + 2
	switch b % 7 {
	case 0:
		return state.Answer{Picks: []int{int(b) % n}}
	case 1:
		return state.Answer{Picks: []int{int(b)%n - 1, int(b) % n}}
	case 2:
		return state.Answer{Number: int(int8(b))}
	case 3:
		amounts := make([]int, len(d.Options))
		for i := range amounts {
			if i < len(rest) {
				amounts[i] = int(int8(rest[i]))
			}
		}
		return state.Answer{Amount: amounts}
	case 4:
		return state.Answer{Resign: true}
	case 5:
		return state.Answer{}
	}
	return state.Answer{Picks: []int{0}}
}
