package load_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

const assignRuleset = `name: assign
players: {min: 2, max: 2}
properties:
  card:
    tapped: {type: bool}
    power: {type: int}
    mood: {type: enum, values: [calm, angry, player]}
  player:
    gold: {type: int}
  game:
    round: {type: int}
zones:
  hand: {visibility: owner}
setup:
  - STEP
turn:
  phases:
    - name: main
`

// TestShortAssignment: {target.property: value} compiles to the step written
// with cards or player (as the target's type says, or neither for game), prop
// and value or amount, with each argument at its column.
func TestShortAssignment(t *testing.T) {
	for _, tc := range []struct {
		short, long string
		target      string // the argument the target fills, "" for the game
		targetCol   int
		propCol     int
	}{
		{"set: {you.gold: 3}", "set: {player: you, prop: gold, value: 3}", "player", 11, 15},
		{"set: {game.round: 1}", "set: {prop: round, value: 1}", "", 0, 16},
		{"add: {you.gold: 2}", "add: {player: you, prop: gold, amount: 2}", "player", 11, 15},
		{"set: {you.hand.tapped: true}", "set: {cards: you.hand, prop: tapped, value: true}", "cards", 11, 20},
		{`add: {"you.hand[0].power": -1}`, `add: {cards: "you.hand[0]", prop: power, amount: -1}`, "cards", 12, 24},
		{"set: {opponent.next.gold: you.gold}", "set: {player: opponent.next, prop: gold, value: you.gold}", "player", 11, 25},
		{"modify: {you.hand.power: 3, until: end_of_turn}", "modify: {cards: you.hand, prop: power, value: 3, until: end_of_turn}", "cards", 14, 23},
		{"modify: {until: end_of_turn, you.hand.power: 3}", "modify: {cards: you.hand, prop: power, value: 3, until: end_of_turn}", "cards", 34, 43},
		{"set: {you.hand.mood: calm}", "set: {cards: you.hand, prop: mood, value: calm}", "cards", 11, 20},
	} {
		step := func(src string) *model.Step {
			rs, diags := load.Load(load.Source{Name: "a.yaml", Data: []byte(strings.Replace(assignRuleset, "STEP", src, 1))}, nil, stdlib.Library())
			require.Empty(t, diags, src)
			return rs.Programs[rs.Setup].Steps[0]
		}
		short, long := step(tc.short), step(tc.long)
		require.Equal(t, long.Prim.Name, short.Prim.Name)
		for i, p := range short.Prim.Params {
			a, b := short.Args[i], long.Args[i]
			require.Equal(t, b.Set, a.Set, "%s: %s", tc.short, p.Name)
			require.Equal(t, b.Text, a.Text, "%s: %s", tc.short, p.Name)
			if b.Expr != nil {
				require.NotNil(t, a.Expr, "%s: %s", tc.short, p.Name)
				require.Equal(t, b.Expr.Src, a.Expr.Src, "%s: %s", tc.short, p.Name)
				require.Equal(t, b.Expr.Type, a.Expr.Type, "%s: %s", tc.short, p.Name)
			}
			switch p.Name {
			case tc.target:
				require.Equal(t, 15, a.Pos.Line)
				require.Equal(t, tc.targetCol, a.Pos.Column, "%s: the target's column", tc.short)
			case "prop":
				require.Equal(t, tc.propCol, a.Pos.Column, "%s: the property's column", tc.short)
			}
		}
	}
}

// TestAssignedEnumValue: the value a step assigns to an enum property may
// name the property's values bare, anywhere in its expression; a name the
// expression binds stays that name, and a value the enum lacks is refused.
func TestAssignedEnumValue(t *testing.T) {
	for _, tc := range []struct{ step, err string }{
		{"set: {you.hand.mood: calm}", ""},
		{"set: {cards: you.hand, prop: mood, value: \"len(you.hand) > 2 ? angry : calm\"}", ""},
		{"modify: {you.hand.mood: angry, until: end_of_turn}", ""},
		// player is a name every expression reads; here it is the value
		{"set: {you.hand.mood: player}", ""},
		{"set: {you.hand.mood: \"let calm = 'angry'; calm\"}", ""},
		{"set: {you.hand.mood: clam}", "unknown name clam"},
		{"set: {you.hand.power: calm}", "unknown name calm"},
	} {
		_, diags := load.Load(load.Source{Name: "a.yaml", Data: []byte(strings.Replace(assignRuleset, "STEP", tc.step, 1))}, nil, stdlib.Library())
		if tc.err == "" {
			require.Empty(t, diags, tc.step)
		} else {
			require.NotEmpty(t, diags, tc.step)
			require.Contains(t, diags[0].Message, tc.err, tc.step)
		}
	}
}

// TestOnShortForm: a card's on: {event: steps} loads as the triggers
// written out, one per event, run at once and with no condition; a card may
// have both forms.
func TestOnShortForm(t *testing.T) {
	const rules = `name: on
players: {min: 2, max: 2}
properties:
  player:
    gold: {type: int}
zones:
  hand: {visibility: owner}
  table: {}
turn:
  phases:
    - name: main
cards: [CARDS]
`
	load1 := func(card string) *model.CardDef {
		t.Helper()
		cards := load.Source{Name: "c/cards.yaml", Data: []byte("cards:\n  - id: knight\n" + card)}
		rs, diags := load.Load(load.Source{Name: "r.yaml", Data: []byte(strings.Replace(rules, "CARDS", "c", 1))}, []load.Source{cards}, stdlib.Library())
		require.Empty(t, diags)
		return rs.Cards[0]
	}
	short := load1("    on:\n      enter: [{add: {you.gold: 1}}]\n      leave:\n        - add: {you.gold: 2}\n")
	long := load1("    triggers:\n      - on: enter\n        do: [{add: {you.gold: 1}}]\n      - on: leave\n        do:\n          - add: {you.gold: 2}\n")
	require.Len(t, short.Triggers, 2)
	for i := range long.Triggers {
		a, b := short.Triggers[i], long.Triggers[i]
		require.Equal(t, b.Event, a.Event)
		require.Equal(t, b.UseStack, a.UseStack)
		require.Nil(t, a.Cond)
		require.Equal(t, 0, len(a.Zones))
	}
	both := load1("    triggers:\n      - {on: enter, if: event.to == table, do: [{add: {you.gold: 1}}]}\n    on:\n      leave: [{add: {you.gold: 2}}]\n")
	require.Len(t, both.Triggers, 2)
	require.Equal(t, "enter", both.Triggers[0].Event)
	require.NotNil(t, both.Triggers[0].Cond)
	require.Equal(t, "leave", both.Triggers[1].Event)
}
