package engine_test

import (
	"fmt"
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

// A Bell answers every ping with a log line and another ping, for ever; the
// ruleset sets no limits.steps, so the budget is the one that grows with the
// game.
const runawayRules = `name: runaway
properties:
  card:
    rings: {type: int, default: 0}
zones:
  hand: {}
  table: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [ring], repeat: true}
actions:
  ring:
    label: ring {card}
    from: table
    effect:
      - emit: {event: ping, card: this}
`

const runawayCards = `cards:
  - id: bell
    name: Bell
    triggers:
      - on: ping
        do:
          - add: {cards: this, prop: rings, amount: 1}
          - log: "{this} rings {this.rings} times."
          - emit: {event: ping, card: this}
`

// A runaway effect is stopped after a budget of 2000 steps and 25 per card
// (not after 100,000), the error names the steps it repeats and the budget,
// and its log lines are kept to a few and a count of the rest.
func TestRunawayStoppedByABudgetThatGrowsWithTheGame(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "runaway.yaml", Data: []byte(runawayRules)}, []load.Source{{Name: "cards.yaml", Data: []byte(runawayCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{
		Active: 0, Phase: "main",
		Zones: []setup.Placement{{Seat: 0, Zone: "table", Cards: []string{"Bell", "Bell", "Bell", "Bell"}}},
	}})
	require.NoError(t, err)
	require.Equal(t, 2000+25*4, g.StepBudget())
	before := view.LogLen(g)
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "ring Bell")}}))

	require.True(t, g.Over())
	require.Equal(t, 2100+1, g.Evaluator().S.Steps, "stopped as the budget ran out")
	msg := g.Err().Error()
	require.Contains(t, msg, "cards.yaml:7:13: an effect ran 2100 steps without asking anyone anything and probably loops for ever: it repeats ")
	for _, step := range []string{"add (cards.yaml:7:13)", "log (cards.yaml:8:13)", "emit (cards.yaml:9:13)"} {
		require.Contains(t, msg, step)
	}
	require.Contains(t, msg, "The budget is 2100 steps (2000 and 25 for each of the 4 cards in the game); if the effect is meant to be this long, set limits.steps")

	lines := view.LogText(g, -1, before)
	require.LessOrEqual(t, len(lines), 13, "%s", strings.Join(lines, "\n"))
	rings := query(t, rs, g, "sum(you.table, .rings)").(int)
	require.Contains(t, lines, fmt.Sprintf("... and %d more log lines of the same effect.", rings-9))
	require.Equal(t, "The game stopped: "+msg, lines[len(lines)-1])
}

// limits.steps sets the budget whatever the size of the game.
func TestRunawayBudgetFromLimits(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "runaway.yaml", Data: []byte(runawayRules + "limits: {steps: 300}\n")}, []load.Source{{Name: "cards.yaml", Data: []byte(runawayCards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Setup: &setup.Setup{
		Active: 0, Phase: "main",
		Zones: []setup.Placement{{Seat: 0, Zone: "table", Cards: []string{"Bell"}}},
	}})
	require.NoError(t, err)
	require.Equal(t, 300, g.StepBudget())
	require.NoError(t, g.Answer(0, state.Answer{Picks: []int{optionIndex(t, g, "ring Bell")}}))
	require.Contains(t, g.Err().Error(), "an effect ran 300 steps without asking anyone anything")
	require.Contains(t, g.Err().Error(), "The budget is limits.steps (300); if the effect is meant to be this long, raise it")
}

// idleRules skips its only phase, always: no step ever runs.
const idleRules = `name: idle
zones:
  hand: {}
turn:
  phases:
    - name: main
      skip_if: "true"
      do:
        - log: never
`

// Turns in which no step runs and nobody is asked anything (every phase
// skipped) would go on for ever without a step for the budget to count:
// the turn structure's moves count as steps, and the game stops with an
// error at the turn's first phase instead of hanging, which says how to
// end such a game. A turn limit ends it as a draw, however far off: the
// count starts over at each turn, the limit ending the turns.
func TestTurnsWhereNothingHappensStop(t *testing.T) {
	const stopped = "idle.yaml:6:7: the turns went on (2000 moves from phase to phase) without a step run or anyone asked anything: every phase is skipped or does nothing, and "
	for _, tc := range []struct {
		name, limits string
		err          string // "": a draw
	}{
		{"no turn limit", "", stopped + "nothing ends the game (limits.turns would)"},
		{"a turn limit within the budget", "limits: {turns: 50}\n", ""},
		{"a turn limit past the budget", "limits: {turns: 5000}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, diags := load.Load(load.Source{Name: "idle.yaml", Data: []byte(idleRules + tc.limits)}, nil, stdlib.Library())
			require.False(t, diags.HasErrors(), "%v", diags)
			g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
			require.NoError(t, err)
			require.True(t, g.Over())
			if tc.err == "" {
				require.Equal(t, "draw", g.OutcomeKind(), "%s", g.OutcomeReason())
				return
			}
			require.Equal(t, "error", g.OutcomeKind())
			require.EqualError(t, g.Err(), tc.err)
		})
	}
}

// humRules lets the active player hum or whistle for ever: every answer
// keeps the turn going, and nothing ends it.
const humRules = `name: hum
zones:
  hand: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [hum, whistle], repeat: true, pass: false}
actions:
  hum:
    label: hum
    effect: [{log: "{you} hums."}]
  whistle:
    label: whistle
    effect: [{log: "{you} whistles."}]
`

// A turn that its players' answers keep going for ever is stopped: no step
// budget sees it, each answer starting one, so the count of the turn's
// questions does.
func TestTurnThatAnswersKeepGoingStops(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "hum.yaml", Data: []byte(humRules)}, nil, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	answers := 0
	for !g.Over() && answers < 100000 {
		d := g.Pending()
		require.NotEmpty(t, d)
		require.NoError(t, g.Answer(d[0].Player, state.Answer{Picks: []int{answers % 2}}))
		answers++
	}
	require.True(t, g.Over())
	require.Less(t, answers, 25000)
	require.Contains(t, g.Err().Error(), "hum.yaml:8:11: act: turn 1 has asked 20000 questions without ending")
}

// create_deck makes no more cards than a game holds: two decks of 600,000
// cards each stop the game at the second with the bound, as create does
// (a game of 3,000,000 cards filled the memory).
func TestCreateDeckBoundedByTheCardsAGameHolds(t *testing.T) {
	var cards, deck strings.Builder
	cards.WriteString("cards:\n")
	for i := range 60 {
		fmt.Fprintf(&cards, "  - {id: c%d, name: C%d}\n", i, i)
		if i > 0 {
			deck.WriteString(", ")
		}
		fmt.Fprintf(&deck, "c%d: 10000", i)
	}
	rules := "name: many\nplayers: {min: 2, max: 2}\nzones:\n  deck: {visibility: hidden}\ndecks:\n  d: {" + deck.String() + "}\nsetup:\n  - for_each_player:\n      do: [{create_deck: {to: deck}}]\nturn:\n  phases:\n    - name: main\n      do:\n        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}\n"
	rs, diags := load.Load(load.Source{Name: "many.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte(cards.String())}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1, NoLog: true})
	if err == nil {
		err = g.Err()
	}
	require.Error(t, err)
	require.Contains(t, err.Error(), "a game has at most 1000000 cards (it has 600000; the deck d would make 600000)")
}
