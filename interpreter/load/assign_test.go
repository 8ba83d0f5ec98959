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
				require.Equal(t, 14, a.Pos.Line)
				require.Equal(t, tc.targetCol, a.Pos.Column, "%s: the target's column", tc.short)
			case "prop":
				require.Equal(t, tc.propCol, a.Pos.Column, "%s: the property's column", tc.short)
			}
		}
	}
}
