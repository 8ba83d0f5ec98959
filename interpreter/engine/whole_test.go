package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// fractionRules stores fractions where whole numbers are needed: a count, a
// property set and a property added to. Setup runs at once; the game then
// waits on the choice of its one phase.
const fractionRules = `name: fractions
properties:
  game:
    half: {type: int}
    negative: {type: int}
    added: {type: int, default: 1}
zones:
  deck: {}
  hand: {}
setup:
  - create: {id: c, count: 5, to: deck, quiet: true}
  - set: {prop: half, value: "7 / 2"}
  - set: {prop: negative, value: "-7 / 2"}
  - add: {prop: added, amount: "5 / 2"}
  - draw: {count: "7 / 2", from: deck, to: hand}
  - set: {prop: half, value: "%s"}
turn:
  phases:
    - name: main
      do:
        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}
`

func fractionGame(t *testing.T, last string) *engine.Game {
	t.Helper()
	return fractionGameOf(t, fmtRules(fractionRules, last))
}

func fractionGameOf(t *testing.T, rules string) *engine.Game {
	t.Helper()
	rs, diags := load.Load(load.Source{Name: "fractions.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: c, name: C}\n")}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	return g
}

func fmtRules(rules, last string) string {
	return strings.Replace(rules, "%s", last, 1)
}

// Where a whole number is needed, a fraction is cut toward zero: a count of
// 7 / 2 draws 3 cards, and 7 / 2, -7 / 2 and 1 + 5 / 2 stored in int
// properties are 3, -3 and 3. This is what the expressions reference says.
func TestFractionIsCutTowardZero(t *testing.T) {
	g := fractionGame(t, "7 / 2")
	require.NoError(t, g.Err())
	rs := g.Ruleset()
	prop := func(name string) int64 {
		i, _, ok := rs.PropIndex("game", name)
		require.True(t, ok)
		return g.Evaluator().GameProp(i)
	}
	require.Equal(t, int64(3), prop("half"))
	require.Equal(t, int64(-3), prop("negative"))
	require.Equal(t, int64(3), prop("added"))
	require.Equal(t, 3, query(t, rs, g, "len(players[0].hand) + len(players[1].hand)"))
}

// A fraction that is no number, or too large for any count, stops the game
// with the position instead of storing a made-up number.
func TestFractionThatIsNoWholeNumber(t *testing.T) {
	for _, src := range []string{"2 ** 80", "-(2 ** 80)"} {
		g := fractionGame(t, src)
		require.Error(t, g.Err(), src)
		require.Contains(t, g.Err().Error(), "fractions.yaml:16:5: set: a whole number is needed, and ", src)
	}
}

// A name worked out when the game runs that an enum property does not
// declare is not stored: the game stops with the position, where the
// property would otherwise hold a value no rule expects.
func TestUndeclaredEnumValueStopsTheGame(t *testing.T) {
	rules := `name: weather
properties:
  game:
    weather: {type: enum, values: [sun, rain], default: sun}
zones:
  hand: {}
setup:
  - set: {prop: weather, value: "turn >= 0 ? 'snow' : 'sun'"}
turn:
  phases:
    - name: main
      do:
        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}
`
	rs, diags := load.Load(load.Source{Name: "weather.yaml", Data: []byte(rules)}, nil, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.EqualError(t, g.Err(), `weather.yaml:8:5: set: "snow" is not one of the values of weather (sun, rain)`)
}

// Whole-number arithmetic whose result lies beyond what a whole number
// holds stops the game with the position, where it would otherwise wrap
// around to a number of the other sign.
func TestWholeNumberOverflowStopsTheGame(t *testing.T) {
	for _, c := range []struct{ src, msg string }{
		{"9223372036854775807 + 1", "9223372036854775807 + 1 goes beyond what a whole number holds"},
		{"(0 - 9223372036854775807) - 2", "-9223372036854775807 - 2 goes beyond what a whole number holds"},
		{"4611686018427387904 * 2", "4611686018427387904 * 2 goes beyond what a whole number holds"},
		{"(-1 - 9223372036854775807) * -1", "-9223372036854775808 * -1 goes beyond what a whole number holds"},
		{"-(-1 - 9223372036854775807)", "-(-9223372036854775808) goes beyond what a whole number holds"},
		{"abs(-1 - 9223372036854775807)", "abs(-9223372036854775808) goes beyond what a whole number holds"},
		{"sum([9223372036854775807, 1])", "9223372036854775807 + 1 goes beyond what a whole number holds"},
		{"sum(1..2, # * 9223372036854775807)", "2 * 9223372036854775807 goes beyond what a whole number holds"},
		{"len(-1 - 9223372036854775807..9223372036854775807)", "is longer than 10000"},
		{"0 ** -1", "0 ** -1 is no number"},
		{"(0 - 8) ** 0.5", "-8 ** 0.5 is no number"},
		{"10 ** 400", "10 ** 400 is no number"},
	} {
		g := fractionGame(t, c.src)
		require.Error(t, g.Err(), c.src)
		require.Contains(t, g.Err().Error(), "fractions.yaml:16:5: set: ", c.src)
		require.Contains(t, g.Err().Error(), c.msg, c.src)
	}
	// the largest and smallest whole numbers themselves are fine
	for _, src := range []string{"9223372036854775806 + 1", "-9223372036854775807 - 1", "-4611686018427387904 * 2", "3 * -5"} {
		g := fractionGame(t, src)
		require.NoError(t, g.Err(), src)
	}
}

// An add step whose sum lies beyond a whole number stops the game too.
func TestAddBeyondWholeNumberStopsTheGame(t *testing.T) {
	rules := strings.Replace(fractionRules, `value: "%s"}`, "value: 9223372036854775807}\n  - add: {prop: half, amount: 1}", 1)
	g := fractionGameOf(t, rules)
	require.Error(t, g.Err())
	require.Contains(t, g.Err().Error(), "fractions.yaml:17:5: add: adding 1 to half (9223372036854775807) goes beyond the whole numbers a property holds")
}

// create makes a bounded number of cards: a count past any game stops it
// with the position before memory runs out.
func TestCreateCountIsBounded(t *testing.T) {
	for _, c := range []struct{ count, msg string }{
		{"100000000", "create makes at most 10000 cards at once"},
		{"-3", "a count of -3 cards"},
	} {
		rules := strings.Replace(fractionRules, `  - set: {prop: half, value: "%s"}`, "  - create: {id: c, count: "+c.count+", to: deck}", 1)
		g := fractionGameOf(t, rules)
		require.Error(t, g.Err(), c.count)
		require.Contains(t, g.Err().Error(), "fractions.yaml:16:5: create: "+c.msg)
	}
}

// One expression that goes through more elements than any game needs
// (predicates nested over long lists) stops the game with its position in
// about a second, where it would otherwise run for hours; the same forms
// over shorter lists give their values.
func TestExpressionWorkIsBounded(t *testing.T) {
	for _, src := range []string{
		"sum(1..3000, sum(1..3000, sum(1..3000, #)))",
		"len(flatten(map(1..10000, 1..10000)))",
		"count(1..10000, any(1..10000, # < 0))",
		"len(filter(1..10000, len(sort_by(1..10000, -#)) > 0))",
		"find_index(1..10000, sum(1..10000, #) < 0) ?? 0",
		"sum(1..10000, len(1..10000))",
		// built-ins that go through a list made once, without a predicate
		"let big = 1..10000; sum(1..3000, len(uniq(big)))",
		"let big = 1..10000; sum(1..3000, len(sort(big)))",
		"let big = 1..10000; sum(1..3000, len(concat(big, big)))",
		"let big = 1..10000; count(1..3000, 0 in big)",
		"let big = 1..10000; sum(1..3000, max(big))",
		"let big = 1..10000; sum(1..3000, sum(big))",
		"let big = 1..10000; sum(1..3000, len(reverse(big)))",
	} {
		if testing.Short() && !strings.HasPrefix(src, "sum(1..3000") {
			continue // a tenth of a second to a second each
		}
		g := fractionGame(t, src)
		require.Error(t, g.Err(), src)
		require.Contains(t, g.Err().Error(), "fractions.yaml:16:5: set: ", src)
		require.Contains(t, g.Err().Error(), "went through more than 10,000,000 elements", src)
	}
	for src, want := range map[string]int64{
		"sum(1..300, sum(1..300, #))":             300 * 300 * 301 / 2,
		"len(flatten(map(1..1000, 1..1000)))":     1000 * 1000,
		"count(1..2000, all(1..2000, # > 0))":     2000,
		"sum(1..2000, sum(1..2000, 1)) / 1000000": 4,
		"sum(1..3000, len(1..3000))":              9000000,
	} {
		g := fractionGame(t, src)
		require.NoError(t, g.Err(), src)
		i, _, ok := g.Ruleset().PropIndex("game", "half")
		require.True(t, ok)
		require.Equal(t, want, g.Evaluator().GameProp(i), src)
	}
}

// A log line is bounded: a list of more than 10,000 elements in a text, or
// a text of more than 100,000 characters, stops the game with the position
// (twenty lines of a list of millions of numbers filled 1.8 GB and crashed);
// a list of cards as long as a log line may hold is written in one pass.
func TestLogLinesAreBounded(t *testing.T) {
	logGame := func(setup string) *engine.Game {
		rules := strings.Replace(fractionRules, `  - set: {prop: half, value: "%s"}`, setup, 1)
		return fractionGameOf(t, rules)
	}
	g := logGame(`  - log: "{flatten(map(1..1000, 1..100))}"`)
	require.ErrorContains(t, g.Err(), `fractions.yaml:16:5: log: fractions.yaml:16:12: in expression "flatten(map(1..1000, 1..100))": a list of 100000 elements is more than a text shows (10000 at most)`)
	g = logGame(`  - log: "{map(1..9000, 123456789)}{map(1..9000, 123456789)}"`)
	require.ErrorContains(t, g.Err(), "the text is longer than 100000 characters")
	g = logGame(`  - create: {id: c, count: 9990, to: hand, quiet: true}
  - log: "{you.hand}"`)
	require.NoError(t, g.Err())
	found := false
	for i := range g.Evaluator().S.Log {
		if e := &g.Evaluator().S.Log[i]; len(e.Cards) == 9993 {
			found = true
			text := view.Render(g, e, 0)
			require.Equal(t, 9993, strings.Count(text, "C"), "every card named once")
			require.NotContains(t, text, "{")
		}
	}
	require.True(t, found, "the line naming the hand")
}

// The work of every expression between two questions is bounded too: a
// loop of expressions each within its own bound (here 8,000,000 elements
// each) stops the game in a few seconds with the step's position, where
// the step budget alone would let it run for minutes.
func TestWorkBetweenQuestionsIsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a second or two")
	}
	rules := strings.Replace(fractionRules, `  - set: {prop: half, value: "%s"}`, `  - repeat:
      count: 100
      do: [{if: {cond: "sum(1..2000, sum(1..2000, 1)) > 0", then: [{add: {prop: half, amount: 1}}]}}]`, 1)
	g := fractionGameOf(t, rules)
	require.ErrorContains(t, g.Err(), "the expressions run since the last question went through more than 100,000,000 elements (statics over many cards, or a loop of long expressions?)")
	i, _, _ := g.Ruleset().PropIndex("game", "half")
	require.Less(t, g.Evaluator().GameProp(i), int64(20), "stopped after a dozen rounds")
}

// A choice whose chooser is nobody (none) is an error of the rules while
// every player is in the game (a player property never set); once a player
// has left, it is left out, as a choice of the player who left is.
func TestChooserOfNobody(t *testing.T) {
	const rules = `name: nobody
players: {min: 3, max: 3}
properties:
  player:
    rival: {type: player}
    points: {type: int, default: 0}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [leave], pass_label: go on}
        - choose:
            chooser: "players[1].lost ? none : you.rival"
            options: [{label: a}, {label: b}]
        - add: {player: you, prop: points, amount: 1}
actions:
  leave:
    effect: [{lose: {player: "players[1]", reason: left}}]
`
	rs, diags := load.Load(load.Source{Name: "nobody.yaml", Data: []byte(rules)}, nil, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	// every player in: the rival never set is an error, with the step
	start := &setup.Setup{Active: 0, Phase: "main"}
	g, err := engine.New(rs, engine.Options{Seed: 1, Players: 3, Setup: start})
	require.NoError(t, err)
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "go on")}}))
	require.ErrorContains(t, g.Err(), "nobody.yaml:14:11: choose: the chooser is nobody (none)")
	// p2 has left: the choice is left out, and its block with it
	g, err = engine.New(rs, engine.Options{Seed: 1, Players: 3, Setup: start})
	require.NoError(t, err)
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "leave")}}))
	require.NoError(t, g.Err())
	require.True(t, g.Evaluator().S.Players[1].Lost)
	found := false
	for _, e := range g.Evaluator().S.Log {
		found = found || e.Text == "Nobody is left to choose: what asked is not done."
	}
	require.True(t, found, "the log says the choice was left out")
}

// Work done between two questions outside the steps (a screen drawn, a
// scenario's expect: what a replay does not do) is no step's: past the
// bound it does not stop the game at the next step, which a replay of the
// same answers would not.
func TestWorkOutsideTheStepsIsForgotten(t *testing.T) {
	if testing.Short() {
		t.Skip("a second or two")
	}
	g := fractionGame(t, "1")
	rs := g.Ruleset()
	for range 13 { // 8,000,000 elements each: past 100,000,000 together
		query(t, rs, g, "sum(1..2000, sum(1..2000, 1))")
	}
	require.NoError(t, g.Answer(g.Pending()[0].Player, state.Answer{Picks: []int{0}}))
	require.NoError(t, g.Err())
}
