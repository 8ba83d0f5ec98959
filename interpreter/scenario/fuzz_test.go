package scenario_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

// FuzzScenario reads, checks and plays scenario files of any bytes against
// Lands: a file that is not a scenario is refused with a message, and
// nothing panics, whatever its setup, rolls, answers or expectations say.
//
//	go test ./interpreter/scenario -run XXX -fuzz FuzzScenario -fuzztime 30s -fuzzminimizetime 5s
//
// (a new input that plays a long game takes the default minute to
// minimize, and the count of runs stands still meanwhile)
func FuzzScenario(f *testing.F) {
	rsPath, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "lands.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	rs, diags := load.LoadFile(rsPath, stdlib.Library())
	if rs == nil {
		f.Fatal(diags)
	}
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "lands", "*.yaml"))
	for _, s := range seeds[:min(len(seeds), 20)] {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("ruleset: lands\nrolls: [3, 0]\nsetup: {active: p1, phase: main, zones: {p1.hand: [Fire]}, props: {p1.board[0].energy: x}}\nsteps:\n  - expect: (turn == 1 and over) or winner == 'p1' and true\n  - p1: resign\n"))
	f.Add([]byte("ruleset: lands\nsetup: {active: p1, zones: {p1.board: [Fire]}, keywords: {p1.board[0]: [x, ''], p1.hand[2]: y}}\nsteps:\n  - expect: true\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "s.yaml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Skip()
		}
		sc, err := scenario.Load(path)
		if err != nil {
			return
		}
		if err := scenario.Check(rs, sc); err != nil {
			return
		}
		_, _ = scenario.RunWith(rs, sc, scenario.Options{Library: stdlib.Library()})
	})
}
