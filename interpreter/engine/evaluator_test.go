package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A ruleset whose cards have statics with predicates of their own: the
// cases where one evaluation used to run inside another and share its scratch.
const staticsRuleset = `name: statics
players: {min: 2, max: 2}
properties:
  card:
    kind: {type: enum, values: [a, b]}
    power: {type: int}
  game:
    n: {type: int}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
  table: {}
  pile: {per: game}
predicates:
  lead(cs cards): first(cs)
  rival(p player): p.next
  nth(cs cards, i int): cs[i]
  outer_nth(cs cards): nth(cs, 5) != none
setup:
  - let: {as: chosen, value: "turn > 5 ? [] : game.pile"}
  - log: "chosen {len(chosen)}"
turn:
  phases:
    - name: main
      do:
        - act: {actions: [play], pass: false}
actions:
  play:
    from: hand
    effect:
      - move: {cards: this, to: table}
`

const staticsCards = `cards:
  - id: lord
    name: Lord
    props: {kind: a, power: 1}
    statics:
      # while a card of kind a is on its controller's table, every other card
      # on the table gets +1: a predicate inside applies_to, whose last
      # element (the first card of kind a) is not the card it is asked about
      - zones: [table]
        applies_to: "card != this and card.zone == 'table' and any(this.controller.table, .kind == 'a')"
        prop: power
        add: 1
      # a static whose condition maps over a list, as one that ran on the
      # expression VM while the expression reading it ran there too
      - zones: [table]
        applies_to: "card.id == 'grunt' and len(map(this.controller.table, .kind)) > 5"
        prop: power
        add: 10
  - id: grunt
    name: Grunt
    props: {kind: b, power: 0}
  - id: token
    name: Token
    props: {kind: a, power: 2}
`

func staticsGame(t *testing.T) (*model.Ruleset, *engine.Game) {
	t.Helper()
	rs, diags := load.Load(load.Source{Name: "statics.yaml", Data: []byte(staticsRuleset)}, []load.Source{{Name: "cards.yaml", Data: []byte(staticsCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{
		Active: 0, Phase: "main",
		Zones: []setup.Placement{
			{Seat: 0, Zone: "table", Cards: []string{"Lord", "Grunt"}},
			{Seat: 0, Zone: "hand", Cards: []string{"Token", "Grunt"}},
			{Seat: -1, Zone: "pile", Cards: []string{"Token", "Token", "Token"}},
		},
	}})
	require.NoError(t, err)
	return rs, g
}

// compileQuery compiles an expression as a scenario's expectation is.
func compileQuery(t *testing.T, rs *model.Ruleset, src string) *model.Expr {
	t.Helper()
	var doc yaml.Node
	require.NoError(t, yaml.Unmarshal([]byte("q: "+strings.ReplaceAll(src, `"`, `\"`)+"\n"), &doc))
	node := doc.Content[0].Content[1]
	e, diags := compile.CompileQuery(rs, "q.yaml", []byte(src), node, "", nil, model.TAny)
	require.False(t, diags.HasErrors(), "%v", diags)
	require.NotNil(t, e)
	return e
}

func query(t *testing.T, rs *model.Ruleset, g *engine.Game, src string) any {
	t.Helper()
	e := compileQuery(t, rs, src)
	v, err := g.EvalQuery(e, 0, nil)
	require.NoError(t, err)
	return v
}

// TestNestedCallsKeepTheirArguments: a call inside the arguments of another
// call used to overwrite the outer call's argument buffer.
func TestNestedCallsKeepTheirArguments(t *testing.T) {
	rs, g := staticsGame(t)
	for i := 0; i < 3; i++ {
		require.Equal(t, 1, query(t, rs, g, "clamp(1, 0, clamp(9, 0, 5))"), "evaluation %d", i+1)
		require.Equal(t, 5, query(t, rs, g, "clamp(9, 0, clamp(9, 0, 5))"), "evaluation %d", i+1)
	}
}

// TestPredicateReadingAStaticWithAPredicate: reading .power applies the
// Lord's static, whose applies_to has a predicate of its own; the outer
// predicate used to lose its element to it.
func TestPredicateReadingAStaticWithAPredicate(t *testing.T) {
	rs, g := staticsGame(t)
	// Grunt is kind b with power 0 + 1 from the Lord; Lord is kind a, power 1
	require.Equal(t, 1, query(t, rs, g, "count(you.table, .power >= 0 and .kind == 'b')"))
	require.Equal(t, 1, query(t, rs, g, "count(you.table, .power == 1 and .kind == 'b')"))
	require.Equal(t, []int{1, 1}, query(t, rs, g, "map(you.table, .power)"))
	require.Equal(t, 2, query(t, rs, g, "sum(map(you.table, .power))"))
}

// TestListOfPredicateValues: a list written out whose elements are
// predicates' values is a list of cards (or of players), its elements' fields
// read as such; expr's checker typed it as a list of anything, and reading
// .power from its elements was refused at load.
func TestListOfPredicateValues(t *testing.T) {
	rs, g := staticsGame(t)
	require.Equal(t, []int{1, 1}, query(t, rs, g, "map([lead(you.table), last(you.table)], .power)"))
	require.Equal(t, 2, query(t, rs, g, "first([lead(you.table)]).power + len(filter([you, rival(you)], len(.hand) >= 0)) - 1"))
	require.Equal(t, []string{"p1", "p2"}, query(t, rs, g, "map([you, rival(you)], .seat)"))
}

// TestLetOfABuiltList: a name bound with let to a list concat, take or
// reverse builds reads its elements' fields; expr's checker typed the
// value as a list of anything, and the read was refused at load.
func TestLetOfABuiltList(t *testing.T) {
	rs, g := staticsGame(t)
	require.Equal(t, 1, query(t, rs, g, "let t = concat(you.table, you.hand); t[0].power"))
	require.Equal(t, 2, query(t, rs, g, "let t = take(you.table, 2); count(t, .power > 0)"))
	require.Equal(t, []int{1, 1}, query(t, rs, g, "let t = reverse(you.table); let u = t; map(u, .power)"))
	// every hand's cards, as the reference writes them
	require.Equal(t, 2, query(t, rs, g, "count(flatten(map(players, .hand)), .power >= 0)"))
	require.Equal(t, 2, query(t, rs, g, "sum(flatten(map(players, .table)), .power)"))
}

// TestErrorInAPredicate: an error met in a predicate's body says which
// predicate, and where it is written, the innermost that met it; the
// position of the expression alone points at the outermost call.
func TestErrorInAPredicate(t *testing.T) {
	rs, g := staticsGame(t)
	for _, src := range []string{"outer_nth(you.table)", "nth(you.table, 5).power + 1", "len(nth(you.table, 5).adjacent) > 0"} {
		_, err := g.EvalQuery(compileQuery(t, rs, src), 0, nil)
		require.Error(t, err, src)
		require.Contains(t, err.Error(), "index out of range: 5 (the list has 2) (in predicate nth, statics.yaml:", src)
		require.Equal(t, 1, strings.Count(err.Error(), "(in predicate"), src)
	}
}

// TestStaticsFollowTheState: derived values are derived again after a change.
func TestStaticsFollowTheState(t *testing.T) {
	rs, g := staticsGame(t)
	require.Equal(t, 1, query(t, rs, g, "find(you.table, .id == 'grunt').power"))
	require.Equal(t, 2, query(t, rs, g, "sum(filter(you.hand, .id == 'token'), .power)"))
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "Token")}}))
	// the Token entered the table, so the Lord's static gives it +1 too
	require.Equal(t, 3, query(t, rs, g, "sum(filter(players[0].table, .id == 'token'), .power)"))
	require.Equal(t, 1, query(t, rs, g, "find(players[0].table, .id == 'grunt').power"))
	require.Equal(t, 1, query(t, rs, g, "find(players[0].table, .id == 'lord').power"))
}

// TestLetOfAConditionalList: a list that is empty on one branch used to be
// typed as unknown and refused when it was bound, branch taken or not.
func TestLetOfAConditionalList(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "statics.yaml", Data: []byte(staticsRuleset)}, []load.Source{{Name: "cards.yaml", Data: []byte(staticsCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	require.Contains(t, view.LogText(g, -1, 0), "chosen 0")
}

func optionIndex(t *testing.T, g *engine.Game, label string) int {
	t.Helper()
	for _, d := range g.Pending() {
		for i, o := range d.Options {
			if strings.Contains(o.Label, label) {
				return i
			}
		}
	}
	t.Fatalf("no option %q in %v", label, g.Pending())
	return -1
}

// Two statics that affect each other: a Crown sets the power of every card
// whose power is at least 2 to 4, a Banner gives every card +1. Each reads
// powers without statics, so the Banner's +1 never lifts a card into the
// Crown's reach, and the order the cards are written in changes nothing;
// sets come before additions.
const orderRuleset = `name: order
players: {min: 2, max: 2}
properties:
  card:
    power: {type: int}
zones:
  table: {}
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [wait], pass: false}
actions:
  wait: {label: wait}
`

func orderCards(crownFirst bool) string {
	crown := `  - id: crown
    name: Crown
    props: {power: 0}
    statics:
      - {zones: [table], applies_to: "card != this and card.power >= 2", prop: power, set: 4}
`
	banner := `  - id: banner
    name: Banner
    props: {power: 0}
    statics:
      - {zones: [table], applies_to: "card != this", prop: power, add: 1}
`
	rest := `  - {id: one, name: One, props: {power: 1}}
  - {id: two, name: Two, props: {power: 2}}
`
	if crownFirst {
		return "cards:\n" + crown + banner + rest
	}
	return "cards:\n" + banner + crown + rest
}

func TestStaticsOrder(t *testing.T) {
	for _, crownFirst := range []bool{true, false} {
		rs, diags := load.Load(load.Source{Name: "order.yaml", Data: []byte(orderRuleset)}, []load.Source{{Name: "cards.yaml", Data: []byte(orderCards(crownFirst))}}, stdlib.Library())
		require.False(t, diags.HasErrors(), "%v", diags)
		g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{
			Active: 0, Phase: "main",
			Zones: []setup.Placement{{Seat: 0, Zone: "table", Cards: []string{"Crown", "Banner", "One", "Two"}}},
		}})
		require.NoError(t, err)
		power := func(id string) any { return query(t, rs, g, "find(you.table, .id == '"+id+"').power") }
		// One: 1, below the Crown's 2 even with the Banner's +1 (statics do not
		// see each other), so only +1: 2
		require.Equal(t, 2, power("one"), "crown first: %v", crownFirst)
		// Two: set to 4 by the Crown, then +1 from the Banner: 5
		require.Equal(t, 5, power("two"), "crown first: %v", crownFirst)
		// the Crown and the Banner each get the other's +1 and nothing else
		require.Equal(t, 1, power("crown"), "crown first: %v", crownFirst)
		require.Equal(t, 0, query(t, rs, g, "find(you.table, .id == 'banner').power"), "crown first: %v", crownFirst)
	}
}

// TestAFailingStaticStopsTheGame: a static whose expression fails (here it
// reads the power of the first card of an empty hand) stops the game with
// its position, rather than being left out silently.
func TestAFailingStaticStopsTheGame(t *testing.T) {
	ruleset := strings.Replace(orderRuleset, "  wait: {label: wait}", "  wait: {label: wait, condition: \"sum(you.table, .power) >= 0\"}", 1)
	cards := `cards:
  - id: broken
    name: Broken
    props: {power: 0}
    statics:
      - {zones: [table], applies_to: "card.power > first(this.controller.hand).power", prop: power, add: 1}
  - {id: one, name: One, props: {power: 1}}
`
	rs, diags := load.Load(load.Source{Name: "order.yaml", Data: []byte(ruleset)}, []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{Active: 0, Phase: "main",
		Zones: []setup.Placement{{Seat: 0, Zone: "table", Cards: []string{"Broken", "One"}}}}})
	require.NoError(t, err)
	require.True(t, g.Over())
	require.ErrorContains(t, g.Err(), "the static of Broken (cards.yaml:6:9)")
	require.ErrorContains(t, g.Err(), "given nothing where a number is needed")
}

// A value of an enum property is written bare where the compiler knows the
// property: compared with it (.kind == a), or given to a library function
// next to the property's name (count_where(cards, kind, a)); the quoted forms
// read the same, and a name that is bound stays that name.
func TestBareNamesOfPropertiesAndValues(t *testing.T) {
	rs, g := staticsGame(t)
	for _, tc := range []struct{ src, quoted string }{
		{"count(you.table, .kind == a)", "count(you.table, .kind == 'a')"},
		{"count(you.hand, b != .kind)", "count(you.hand, 'b' != .kind)"},
		{"count_where(you.table, kind, a)", "count_where(you.table, 'kind', 'a')"},
		{"count_where(game.pile, kind, b)", "count_where(game.pile, 'kind', 'b')"},
		{"let a = 'b'; count(you.table, .kind == a)", "count(you.table, .kind == 'b')"},
	} {
		require.Equal(t, query(t, rs, g, tc.quoted), query(t, rs, g, tc.src), tc.src)
	}
	require.Equal(t, 1, query(t, rs, g, "count(you.table, .kind == a)"))
}

// TestEvalWholeTellsNoneFromZero: a whole number read through its closure
// (what a card key's value is) is ok only when there is one: a property
// of no card is none, not 0, and a property that is 0 is 0.
func TestEvalWholeTellsNoneFromZero(t *testing.T) {
	rs, g := staticsGame(t)
	ev := g.Evaluator()
	for _, c := range []struct {
		src  string
		want int64
		ok   bool
	}{
		{"find(you.table, .kind == 'b').power", 1, true},
		{"game.n", 0, true},
		{"find(you.hand, .power > 50).power", 0, false},
	} {
		var doc yaml.Node
		require.NoError(t, yaml.Unmarshal([]byte("q: "+c.src+"\n"), &doc))
		e, diags := compile.CompileQuery(rs, "q.yaml", []byte(c.src), doc.Content[0].Content[1], "", nil, model.TAny)
		require.False(t, diags.HasErrors(), "%v", diags)
		require.NotNil(t, e.Int, "%s has a closure of a whole number", c.src)
		f := ev.TempFrame(state.Frame{This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
		v, ok, err := ev.EvalWhole(e, f)
		ev.ReleaseFrame()
		require.NoError(t, err)
		require.Equal(t, c.ok, ok, c.src)
		require.Equal(t, c.want, v, c.src)
	}
}

// value_index is the position of a value among an enum's declared values,
// -1 for nothing: the order that ranks cards by an enum.
func TestValueIndexRanksByDeclaredOrder(t *testing.T) {
	rs, diags := load.LoadFile("../../testdata/engine/rulesets/tricks.yaml", stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		require.Equal(t, i, query(t, rs, g, fmt.Sprintf("value_index(suit, value_at(suit, %d))", i)))
	}
	require.Equal(t, -1, query(t, rs, g, "value_index(suit, value_at(suit, 99))"))
}

// value_at, value_count and value_index read the declared values of an
// enum property of the game or of players as of cards: a trump suit that
// turns hand after hand; and those of a names property.
func TestValueFunctionsReadEveryEnum(t *testing.T) {
	rules := `name: trumps
properties:
  card:
    marks: {type: names, values: [circle, square, star]}
  player:
    seat_wind: {type: enum, values: [east, south, west, north], default: east}
  game:
    trump: {type: enum, values: [red, blue, green], default: blue}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do: [{choose: {options: [{label: a, do: []}, {label: b, do: []}]}}]
`
	rs, diags := load.Load(load.Source{Name: "trumps.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: C}\n")}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.Equal(t, 3, query(t, rs, g, "value_count(trump)"))
	require.Equal(t, 1, query(t, rs, g, "value_index(trump, game.trump)"))
	require.Equal(t, "green", query(t, rs, g, "value_at(trump, (value_index(trump, game.trump) + 1) % value_count(trump))"))
	require.Equal(t, 4, query(t, rs, g, "value_count(seat_wind)"))
	require.Equal(t, 3, query(t, rs, g, "value_count(marks)"))
	require.Equal(t, "star", query(t, rs, g, "value_at(marks, 2)"))
	require.Equal(t, 1, query(t, rs, g, "value_index(marks, 'square')"))
	// a name that is no enum or names property is refused at load
	_, diags = load.Load(load.Source{Name: "trumps.yaml", Data: []byte(strings.Replace(rules, "do: [{choose:", "do: [{log: \"{value_count(trmp)}\"}, {choose:", 1))}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: C}\n")}}, stdlib.Library())
	require.True(t, diags.HasErrors())
	require.Contains(t, diags.Error(), `value_count: no enum or names property of cards, players or the game is called "trmp"; did you mean "trump"?`)
}
