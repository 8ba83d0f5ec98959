package stdlib_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// sealedScenario plays the first steps of a scenario of the sealed engine
// ruleset and returns the game there.
func sealedScenario(t *testing.T, file string, steps int) *engine.Game {
	t.Helper()
	sc, err := scenario.Load(filepath.Join("..", "testdata", "engine", file))
	require.NoError(t, err)
	sc.Steps = sc.Steps[:steps]
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	require.Empty(t, res.Failures)
	return res.Game
}

// seen is everything a seat can learn: its view, as data, and its log.
func seen(t *testing.T, g *engine.Game, seat int) string {
	t.Helper()
	v, err := json.Marshal(view.For(g, seat))
	require.NoError(t, err)
	return string(v) + "\n" + strings.Join(view.LogText(g, seat, 0), "\n")
}

// answer gives a seat's answer by option label (a number for a number).
func answer(t *testing.T, g *engine.Game, seat int, labels ...string) error {
	t.Helper()
	d, ok := g.PendingFor(seat)
	require.True(t, ok, "%s has no question", state.SeatName(seat))
	a := state.Answer{Picks: []int{}}
	for _, l := range labels {
		ix, err := scenario.FindOption(d, l)
		require.NoError(t, err)
		a.Picks = append(a.Picks, ix)
	}
	return g.Answer(seat, a)
}

// A sealed answer shows nowhere until all answers are in: what p1 sees, and
// what the log holds for anyone, is the same whichever card p2 bid; then
// both are revealed in one go, p2's card named only to p2 until it is played.
func TestSealedAnswersStayHiddenUntilAllAreIn(t *testing.T) {
	g := sealedScenario(t, "sealed-bid.yaml", 0)
	require.Len(t, g.Pending(), 2)
	logBefore := view.LogLen(g)

	dog, bee := g.Clone(), g.Clone()
	require.NoError(t, answer(t, dog, 1, "Dog"))
	require.NoError(t, answer(t, bee, 1, "Bee"))
	assert.Equal(t, seen(t, dog, 0), seen(t, bee, 0), "p1 learns something of p2's sealed bid")
	assert.Equal(t, logBefore, view.LogLen(dog), "a sealed answer is logged before the others are in")
	for _, c := range []*engine.Game{dog, bee} {
		d, ok := c.PendingFor(0)
		require.True(t, ok, "p1 is still asked")
		assert.True(t, d.Sealed)
		_, asked := c.PendingFor(1)
		assert.False(t, asked, "p2, who has answered, is not asked again")
	}
	// an answer refused for p1 leaves p2's sealed answer as it was
	err := dog.Answer(0, state.Answer{Picks: []int{0, 1}})
	require.ErrorContains(t, err, "choose exactly 1, not 2")
	require.ErrorContains(t, dog.Answer(1, state.Answer{Picks: []int{0}}), "p2 has no decision to answer")

	require.NoError(t, answer(t, dog, 0, "Elk"))
	full := view.LogText(dog, -1, logBefore)
	require.GreaterOrEqual(t, len(full), 4)
	assert.Equal(t, []string{"p1 chooses Elk.", "p2 chooses Dog.", "Elk goes from p1's hand to p1's table.", "Dog goes from p2's hand to p2's table."}, full[:4])
	asP1 := view.LogText(dog, 0, logBefore)
	assert.Equal(t, []string{"p1 chooses Elk.", "p2 chooses a card.", "Elk goes from p1's hand to p1's table.", "Dog goes from p2's hand to p2's table."}, asP1[:4])
}

// keepRules asks both players at once to keep a card worth more than 3 from
// their hand: how many such cards a hand holds is hidden.
const keepRules = `name: keep
players: {min: 2, max: 2}
properties:
  card:
    worth: {type: int}
zones:
  hand: {visibility: owner}
  table: {}
turn:
  phases:
    - name: main
      do:
        - choose_card:
            choosers: players
            cards: filter(you.hand, .worth > 3)
            as: kept
            prompt: Keep a card worth more than 3
            do: [{move: {cards: kept, to: table}}]
`

const keepCards = `cards:
  - {id: low, name: Low, props: {worth: 1}}
  - {id: high, name: High, props: {worth: 5}}
  - {id: top, name: Top, props: {worth: 6}}
`

// A player with one card to keep, or none, is asked like a player with a
// choice: p1 sees the same whatever p2 holds, and learns only when all
// answers are revealed, as "p2 chooses a card" or "p2 chooses nothing".
func TestSealedForcedQuestionsLookLikeChoices(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "keep.yaml", Data: []byte(keepRules)}, []load.Source{{Name: "cards.yaml", Data: []byte(keepCards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	start := func(p2 ...string) *engine.Game {
		su := &setup.Setup{Active: 0, Turn: 1, Phase: "main", Zones: []setup.Placement{
			{Seat: 0, Zone: "hand", Cards: []string{"High", "Top", "Low"}},
			{Seat: 1, Zone: "hand", Cards: p2},
		}}
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1, Setup: su})
		require.NoError(t, err)
		return g
	}
	two := start("High", "Top", "Low")
	one := start("Low", "Top", "Low")
	none := start("Low", "Low", "Low")
	for name, g := range map[string]*engine.Game{"two": two, "one": one, "none": none} {
		assert.Len(t, g.Pending(), 2, "%s: both are asked", name)
		assert.Equal(t, seen(t, two, 0), seen(t, g, 0), "%s: p1 learns how many cards p2 could keep", name)
	}
	d, _ := one.PendingFor(1)
	assert.Equal(t, []string{"Top"}, labels(d), "a single card is offered, not chosen for p2")
	d, _ = none.PendingFor(1)
	assert.Equal(t, []string{"nothing to choose"}, labels(d))
	require.ErrorContains(t, none.Answer(1, state.Answer{}), "choose exactly 1, not 0", "even a question with one answer takes an answer")

	// p2 answers: still nothing for p1 to see, whatever p2 could choose
	require.NoError(t, answer(t, two, 1, "High"))
	require.NoError(t, answer(t, one, 1, "Top"))
	require.NoError(t, answer(t, none, 1, "nothing to choose"))
	assert.Equal(t, seen(t, two, 0), seen(t, one, 0))
	assert.Equal(t, seen(t, two, 0), seen(t, none, 0))
	for _, g := range []*engine.Game{two, one, none} {
		require.NoError(t, answer(t, g, 0, "Top"))
	}
	assert.Contains(t, view.LogText(one, 0, 0), "p2 chooses a card.")
	assert.Contains(t, view.LogText(none, 0, 0), "p2 chooses nothing.")
}

func labels(d *state.Decision) []string {
	var out []string
	for _, o := range d.Options {
		out = append(out, o.Label)
	}
	return out
}

// The answers to sealed numbers are checked like any answer, each against
// the asked player's own bounds.
func TestSealedNumberBoundsArePerPlayer(t *testing.T) {
	g := sealedScenario(t, "sealed-three.yaml", 0)
	p1, ok := g.PendingFor(0)
	require.True(t, ok)
	p3, ok := g.PendingFor(2)
	require.True(t, ok)
	assert.Equal(t, [2]int{0, 1}, [2]int{p1.Min, p1.Max}, "p1 has 1 point to wager")
	assert.Equal(t, [2]int{0, 2}, [2]int{p3.Min, p3.Max}, "p3 has 2")
	assert.Equal(t, "Wager how many of your 1 points?", p1.Prompt, "the prompt is worked out with you as the asked player")
	require.ErrorContains(t, g.Answer(0, state.Answer{Number: 2}), "the number must be from 0 to 1, not 2")
	require.ErrorContains(t, g.Answer(2, state.Answer{Number: -1}), "the number must be from 0 to 2, not -1")
	_, asked := g.PendingFor(1)
	assert.False(t, asked, "p2, who sits the round out, is not in the list and not asked")
	require.NoError(t, g.Answer(2, state.Answer{Number: 2}))
	require.NoError(t, g.Answer(0, state.Answer{Number: 1}))
	assert.Equal(t, []string{"p3 chooses 2.", "p1 chooses 1."}, view.LogText(g, 1, 1)[:2], "revealed from the active player, p3, on")
}

// A game saved between two sealed answers keeps the one given, still
// sealed, and goes on as the game itself does.
func TestSealedAnswerSurvivesASave(t *testing.T) {
	g := sealedScenario(t, "sealed-bid.yaml", 0)
	require.NoError(t, answer(t, g, 1, "Dog"))
	data, err := save.Marshal(g)
	require.NoError(t, err)
	loaded, err := save.LoadJSON(g.Ruleset(), data)
	require.NoError(t, err)
	assert.Equal(t, seen(t, g, 0), seen(t, loaded, 0))
	d, ok := loaded.PendingFor(0)
	require.True(t, ok)
	assert.True(t, d.Sealed, "the question is still sealed")
	_, asked := loaded.PendingFor(1)
	assert.False(t, asked, "p2's answer is kept")
	for _, x := range []*engine.Game{g, loaded} {
		require.NoError(t, answer(t, x, 0, "Fox"))
	}
	assert.Equal(t, view.LogText(g, -1, 0), view.LogText(loaded, -1, 0))
	assert.Contains(t, view.LogText(loaded, -1, 0), "p2 chooses Dog.")
}

// A quiet choose writes no line of the option chosen, alone or sealed: the
// option's own steps say what happened.
func TestQuietChoose(t *testing.T) {
	const rules = `name: quietly
zones:
  hand: {}
turn:
  phases:
    - name: main
      do:
        - choose:
            quiet: QUIET
            options:
              - {label: raise, do: [{log: "{you} raises."}]}
              - {label: fold, do: [{log: "{you} folds."}]}
        - choose:
            choosers: players
            quiet: QUIET
            options:
              - {label: stay, do: [{log: "{you} stays."}]}
              - {label: go, do: [{log: "{you} goes."}]}
limits: {turns: 1}
`
	for _, quiet := range []string{"true", "false"} {
		g := firstActionGame(t, "quietly.yaml", strings.ReplaceAll(rules, "QUIET", quiet), "")
		for !g.Over() {
			d := g.Pending()[0]
			require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
		}
		log := strings.Join(view.LogText(g, -1, 0), "\n")
		require.Contains(t, log, "raises.")
		require.Contains(t, log, "stays.")
		require.Equal(t, quiet == "false", strings.Contains(log, "chooses: raise."), log)
		require.Equal(t, quiet == "false", strings.Contains(log, "chooses: stay."), log)
	}
}
