package stdlib_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// Every property the steps name comes after another of its kind, so that a
// step that wrote the first of the kind instead would show.
const propsRuleset = `name: props
players: {min: 2, max: 2}
properties:
  card:
    weight: {type: int, default: 9}
    tapped: {type: bool}
    power: {type: int, default: 1}
  player:
    fame: {type: int, default: 9}
    gold: {type: int, default: 5}
  game:
    age: {type: int, default: 9}
    round: {type: int}
zones:
  deck: {visibility: hidden}
  table: {}
setup:
  - create: {id: rock, to: table}
  - let: {as: rock, value: "you.table[0]"}
  - set: {rock.power: 4}
  - add: {rock.power: 2}
  - modify: {cards: rock, prop: power, amount: 10, until: permanent}
  - mark: {cards: rock, prop: tapped}
  - spend: {prop: gold, amount: 2}
  - add: {you.gold: 1}
  - set: {game.round: 3}
  - add: {game.round: 1}
  - log: "power {rock.power} weight {rock.weight} tapped {rock.tapped}; gold {you.gold} fame {you.fame}; round {game.round} age {game.age}"
turn:
  phases:
    - name: main
      do:
        - win: {}
`

// TestStepsWriteTheirProperty: set, add, modify, mark and spend write the
// property they name, found once at load (model.Arg.Ref).
func TestStepsWriteTheirProperty(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "props.yaml", Data: []byte(propsRuleset)},
		[]load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: rock, name: Rock}\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	resolved := 0
	for _, prog := range rs.Programs {
		for _, st := range prog.Steps {
			for _, a := range st.Args {
				if a.Ref != model.NoRef {
					resolved++
					require.Contains(t, []string{"set", "add", "modify", "mark", "spend"}, st.Prim.Name)
				}
			}
		}
	}
	require.Equal(t, 8, resolved, "each step's property")
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	require.Contains(t, view.LogText(g, -1, 0), "power 16 weight 9 tapped true; gold 4 fame 9; round 4 age 9")
}
