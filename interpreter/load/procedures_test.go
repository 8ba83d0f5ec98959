package load_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

const procsRuleset = `name: procs
properties:
  card:
    power: {type: int}
  player:
    gold: {type: int}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
  table: {}
predicates:
  strong(c card): c.power > 2
  strongest:
    params: {cs: cards}
    value: "first(sort_by(cs, -.power))"
  half(n int): n / 2
procedures:
  pay:
    params: {n: int, who: player}
    do:
      - let: {as: left, value: "who.gold - n"}
      - add: {player: who, prop: gold, amount: -n}
turn:
  phases:
    - name: main
      do:
        - let: {as: k, value: 2}
        - log: "{half(k)}"
        - pay: {n: k, who: you}
        - pay: {n: "strongest(you.table).power", who: opponent}
        - act: {actions: [play], pass: true}
actions:
  play:
    from: hand
    reveal: true
    filter: strong(card)
    effect:
      - pay: {n: 1, who: you}
`

// lineOf is the line of src where text first appears.
func lineOf(src, text string) int {
	return strings.Count(src[:strings.Index(src, text)], "\n") + 1
}

func loadProcs(t *testing.T, src string) (*model.Ruleset, diag.Diagnostics) {
	t.Helper()
	return load.Load(load.Source{Name: "procs.yaml", Data: []byte(src)}, []load.Source{{Name: "c.yaml", Data: []byte("cards: [{id: x, props: {power: 3}}]\n")}}, stdlib.Library())
}

// TestProcedureCalls: each call compiles the procedure's steps into the
// caller's effect, with its parameters in fresh slots of that effect.
func TestProcedureCalls(t *testing.T) {
	rs, diags := loadProcs(t, procsRuleset)
	require.NotNil(t, rs, "%v", diags)
	require.Empty(t, diags)
	phase := rs.Programs[rs.Phases[0].Body]
	var calls []*model.Step
	for _, st := range phase.Steps {
		if st.Prim.Name == "pay" {
			calls = append(calls, st)
		}
	}
	require.Len(t, calls, 2)
	slots := map[int]bool{}
	for _, st := range calls {
		require.Len(t, st.Args, 3, "n, who and the steps")
		require.Equal(t, model.TInt, st.Args[0].Var.Type)
		require.Equal(t, model.TPlayer, st.Args[1].Var.Type)
		for _, a := range st.Args[:2] {
			require.False(t, slots[a.Var.Slot], "each call has its own slots")
			slots[a.Var.Slot] = true
			require.Less(t, a.Var.Slot, phase.NVars, "the slots are the caller's effect's")
		}
		body := rs.Programs[st.Args[2].Prog]
		require.Equal(t, phase.Root, body.Root, "the steps run in the caller's effect")
		require.Len(t, body.Steps, 2)
		// the steps are written in the procedure
		require.Equal(t, lineOf(procsRuleset, "- let: {as: left"), body.Steps[0].Pos.Line)
	}
	require.NotEqual(t, calls[0].Args[2].Prog, calls[1].Args[2].Prog, "compiled at each call")
}

// TestPredicateTypes: a predicate's value has the type its expression gives,
// and a call is read like a value of that type.
func TestPredicateTypes(t *testing.T) {
	rs, diags := loadProcs(t, procsRuleset)
	require.NotNil(t, rs, "%v", diags)
	got := map[string]model.Type{}
	for _, p := range compile.Predicates(rs) {
		got[p.Name] = p.Result
	}
	require.Equal(t, map[string]model.Type{"strong": model.TBool, "strongest": model.TCard, "half": model.TFloat}, got)

	// a property read from a card a predicate gives is checked
	bad := strings.Replace(procsRuleset, `"strongest(you.table).power"`, `"strongest(you.table).powr"`, 1)
	_, diags = loadProcs(t, bad)
	require.True(t, diags.HasErrors())
	require.Contains(t, diags[0].Message, `unknown property powr; did you mean "power"?`)
	require.Equal(t, lineOf(bad, "powr"), diags[0].Pos.Line)

	// a fraction is no whole number of gold: the argument's type is checked at the call
	bad = strings.Replace(procsRuleset, `- pay: {n: 1, who: you}`, `- pay: {n: half(3), who: you}`, 1)
	_, diags = loadProcs(t, bad)
	require.Empty(t, diags, "a fraction where a whole number is needed is cut, as everywhere")
}

// TestProcedureScope: the caller's variables are not the procedure's, and
// the procedure's are not the caller's.
func TestProcedureScope(t *testing.T) {
	src := strings.Replace(procsRuleset, `      - let: {as: left, value: "who.gold - n"}`, `      - let: {as: left, value: "who.gold - k"}`, 1)
	_, diags := loadProcs(t, src)
	require.Len(t, diags, 1, "%v", diags)
	require.Equal(t, "unknown-name", diags[0].Code)
	require.Equal(t, lineOf(src, "- let: {as: left"), diags[0].Pos.Line)
	// reported once, with the first call compiled (actions come before the turn)
	require.Contains(t, diags[0].Message, fmt.Sprintf("(in procedure pay, called at procs.yaml:%d:9)", lineOf(src, "- pay: {n: 1")))

	src = strings.Replace(procsRuleset, `        - act: {actions: [play], pass: true}`, "        - log: \"{left}\"\n        - act: {actions: [play], pass: true}", 1)
	_, diags = loadProcs(t, src)
	require.Len(t, diags, 1, "%v", diags)
	require.Contains(t, diags[0].Message, "unknown name left")
}

// TestPredicateCallsAsDeclared: arbiter rules lists a predicate with its
// parameters' types as the ruleset declares them (v name, not v enum).
func TestPredicateCallsAsDeclared(t *testing.T) {
	src := strings.Replace(procsRuleset, "predicates:\n", `predicates:
  has_pile(v name): count(you.hand, .power > 0) > 0
  any_of(vs names, ns ints): len(vs) + len(ns) > 0
`, 1)
	src = strings.Replace(src, `- log: "{half(k)}"`, `- log: "{half(k)} {has_pile('x')} {any_of(['x'], [1])}"`, 1)
	rs, diags := loadProcs(t, src)
	require.NotNil(t, rs, "%v", diags)
	require.Empty(t, diags)
	var calls []string
	for _, p := range rs.Predicates {
		calls = append(calls, p.Call)
	}
	require.Equal(t, []string{"has_pile(v name)", "any_of(vs names, ns ints)", "strong(c card)", "strongest(cs cards)", "half(n int)"}, calls)
}

// TestBareNameArgument: a name parameter of a procedure takes a value of an
// enum property written bare, as set's value does; a bare name the game
// does not declare is told to be quoted.
func TestBareNameArgument(t *testing.T) {
	base := strings.Replace(procsRuleset, "    power: {type: int}\n", "    power: {type: int}\n    shade: {type: enum, values: [dark, light]}\n", 1)
	base = strings.Replace(base, "procedures:\n", "procedures:\n  paint:\n    params: {s: name}\n    do: [{log: \"{s}\"}]\n", 1)
	for _, tc := range []struct{ arg, want string }{
		{"dark", ""},
		{`"'dusk'"`, ""},
		{"drak", `drak is no value of the game's enum or names properties: a name given bare to s must be one; write any other name in quotes within the quotes, s: "'drak'"; did you mean "dark"?`},
	} {
		src := strings.Replace(base, "        - let: {as: k, value: 2}\n", "        - let: {as: k, value: 2}\n        - paint: {s: "+tc.arg+"}\n", 1)
		rs, diags := loadProcs(t, src)
		if tc.want == "" {
			require.NotNil(t, rs, "%s: %v", tc.arg, diags)
			require.Empty(t, diags, tc.arg)
			continue
		}
		require.Len(t, diags, 1, "%s: %v", tc.arg, diags)
		require.Equal(t, tc.want, diags[0].Message)
		require.Equal(t, lineOf(src, "paint: {s"), diags[0].Pos.Line)
	}
}
