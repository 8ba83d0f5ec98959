package conformance_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/model/oracle"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

const wholeRules = `name: whole
players: {min: 2, max: 2}
properties:
  card:
    weight: {type: int}
  game:
    which: {type: enum, values: [weight], default: weight}
zones:
  row: {}
  pile: {per: game}
turn:
  phases:
    - name: main
      do: [{choose: {options: [{label: a, do: []}, {label: b, do: []}]}}]
`

const wholeCards = `cards:
  - {id: big, name: Big, props: {weight: 4611686018427387904}}
  - {id: bigless, name: Bigless, props: {weight: 4611686018427387903}}
  - {id: low, name: Low, props: {weight: -4611686018427387904}}
  - {id: small, name: Small, props: {weight: 3}}
`

// total() adds without wrapping around, as + and sum() do: a sum past the
// whole numbers stops the evaluation with the same error, in the compiled
// evaluator (a property named by a literal, or by any expression) and in
// the test oracle alike; a sum that fits, the largest included, is given.
func TestTotalStopsPastTheWholeNumbers(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "whole.yaml", Data: []byte(wholeRules)}, []load.Source{{Name: "cards.yaml", Data: []byte(wholeCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{
		Active: 0, Phase: "main",
		Zones: []setup.Placement{
			{Seat: 0, Zone: "row", Cards: []string{"Big", "Big", "Small"}},
			{Seat: 1, Zone: "row", Cards: []string{"Big", "Bigless"}},
			{Seat: -1, Zone: "pile", Cards: []string{"Low", "Low", "Low"}},
		},
	}})
	require.NoError(t, err)
	const beyond = "goes beyond what a whole number holds"
	cases := []struct {
		src  string
		want int    // when err is ""
		err  string // what the error says
	}{
		{"total(you.row, weight)", 0, "4611686018427387904 + 4611686018427387904 " + beyond},
		{"total(you.row, 'weight')", 0, "4611686018427387904 + 4611686018427387904 " + beyond},
		{"total(you.row, game.which)", 0, "4611686018427387904 + 4611686018427387904 " + beyond},
		{"total(you.row, weight) > 0", 0, beyond},
		{"total(game.pile, weight)", 0, "-9223372036854775808 + -4611686018427387904 " + beyond},
		{"total(opponent.row, weight)", 9223372036854775807, ""},
		{"total(opponent.row, game.which)", 9223372036854775807, ""},
		{"total(you.row[1:], weight)", 4611686018427387907, ""},
		{"sum(map(you.row, .weight))", 0, "4611686018427387904 + 4611686018427387904 " + beyond},
	}
	ev := g.Evaluator()
	for _, c := range cases {
		t.Run(c.src, func(t *testing.T) {
			var doc yaml.Node
			require.NoError(t, yaml.Unmarshal([]byte("q: \""+strings.ReplaceAll(c.src, `"`, `\"`)+"\"\n"), &doc))
			e, diags := compile.CompileQuery(rs, "q.yaml", []byte(c.src), doc.Content[0].Content[1], "", nil, model.TAny)
			require.False(t, diags.HasErrors(), "%v", diags)
			f := state.Frame{This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
			got, err := ev.Eval(e, &f)
			if c.err == "" {
				require.NoError(t, err)
				require.Equal(t, c.want, got)
			} else {
				require.ErrorContains(t, err, c.err)
			}
			if e.Int != nil {
				n, err := ev.EvalInt(e, &f)
				if c.err == "" {
					require.NoError(t, err)
					require.Equal(t, c.want, n)
				} else {
					require.ErrorContains(t, err, c.err)
				}
			}
			if strings.HasPrefix(c.src, "sum(") {
				return // the VM's own sum wraps around: see agree
			}
			got, err = oracle.Eval(ev, e, &f)
			if c.err == "" {
				require.NoError(t, err)
				require.Equal(t, c.want, got)
			} else {
				require.ErrorContains(t, err, beyond)
			}
			require.NoError(t, agree(g, e, &f))
		})
	}
}
