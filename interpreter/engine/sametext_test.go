package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// The same texts written at several places: in the setup, y is an effect's
// second variable and x its first; in the phase, the other way round; both
// write `y * 10` and `10 / (y - 7)`. The loader compiles a text once for each scope it is
// written in.
const sameTextRuleset = `name: same text
players: {min: 2, max: 2}
zones:
  deck: {visibility: hidden}
setup:
  - let: {as: x, value: 1}
  - let: {as: y, value: 5}
  - log: "setup {y * 10} {x} {10 / (y - 7)}"
turn:
  phases:
    - name: main
      do:
        - let: {as: y, value: 7}
        - let: {as: x, value: 2}
        - log: "main {y * 10} {x}"
        - log: "then {10 / (y - 7)}"
`

// TestTheSameTextReadsItsOwnPlace: an expression written at several places is
// compiled once per scope, and each place still reads its own variables and
// reports its own position.
func TestTheSameTextReadsItsOwnPlace(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "same.yaml", Data: []byte(sameTextRuleset)}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)

	// each place is an expression of its own, at its own position
	var at []string
	for _, e := range rs.Exprs {
		if e.Src == "10 / (y - 7)" || e.Src == "y * 10" {
			at = append(at, e.Pos.String())
		}
	}
	require.Equal(t, []string{"same.yaml:8:18", "same.yaml:8:31", "same.yaml:15:23", "same.yaml:16:23"}, at)

	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	// y is the setup's second variable and the phase's first; the same
	// division fails in the phase only, and says where
	require.Equal(t, []string{"p2 starts.", "setup 50 1 -5", "Turn 1: p2.", "main 70 2",
		`The game stopped: same.yaml:16:11: log: same.yaml:16:23: in expression "10 / (y - 7)": division by zero`},
		view.LogText(g, -1, 0))
}

// TestTheSameTextReportsEachPlace: an expression that does not compile is
// reported at every place that writes it, and an old spelling too.
func TestTheSameTextReportsEachPlace(t *testing.T) {
	for _, tt := range []struct{ old, now, code string }{
		{"y * 10", "y * nothing", "unknown-name"},
		{"10 / (y - 7)", "y == nil", "write-none"},
	} {
		rs := strings.ReplaceAll(sameTextRuleset, tt.old, tt.now)
		_, diags := load.Load(load.Source{Name: "same.yaml", Data: []byte(rs)}, nil, stdlib.Library())
		var at []string
		for _, d := range diags {
			at = append(at, d.Code+" "+d.Pos.String())
		}
		want := map[string][]string{
			"unknown-name": {"unknown-name same.yaml:8:22", "unknown-name same.yaml:15:27"},
			"write-none":   {"write-none same.yaml:8:36", "write-none same.yaml:16:28"},
		}[tt.code]
		require.Equal(t, want, at)
	}
}
