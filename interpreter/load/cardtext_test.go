package load_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestCardTextGenerated checks the lines card_text writes: in order, each
// when its condition holds, names as card_text.names gives them, keywords
// in the order the card lists them, a face's lines from its properties.
func TestCardTextGenerated(t *testing.T) {
	src := `name: t
keywords: [swift, double_strike, guard]
properties:
  card:
    kind: {type: enum, values: [unit, war_machine, spell]}
    cost: {type: int, default: 0}
    power: {type: int, default: 0}
zones:
  hand: {}
turn:
  phases: [{name: main}]
card_text:
  lines:
    - "{card.kind}."
    - "Cost {card.cost}."
    - {if: "card.kind != 'spell'", show: "Power {card.power}."}
    - {if: "card.power > 5", show: ""}
  names: {unit: Unit, war_machine: War Machine}
  keywords:
    guard: "Guard {card.power}."
`
	cards := `cards:
  - {id: knight, name: Knight, text: "When it arrives, draw a card.", props: {kind: unit, cost: 2, power: 3}, keywords: [guard, swift, double_strike]}
  - {id: ram, name: Ram, props: {kind: war_machine, cost: 4, power: 6}}
  - {id: zap, name: Zap, text: Deal 1 damage., props: {kind: spell, cost: 1}}
  - id: turncoat
    name: Turncoat
    props: {kind: unit, cost: 1, power: 1}
    keywords: [swift]
    faces:
      - {name: Loyal, text: It serves you.}
      - {name: Traitor, props: {power: 4}}
`
	rs, diags := load.Load(load.Source{Name: "t.yaml", Data: []byte(src)}, []load.Source{{Name: "c.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	require.Empty(t, diags)
	text := func(id string) string {
		d, ok := rs.CardByID(id)
		require.True(t, ok)
		return d.FullText()
	}
	assert.Equal(t, "Unit. Cost 2. Power 3. Guard 3. Swift. Double strike. When it arrives, draw a card.", text("knight"))
	assert.Equal(t, "War Machine. Cost 4. Power 6.", text("ram"))
	assert.Equal(t, "spell. Cost 1. Deal 1 damage.", text("zap"))
	d, _ := rs.CardByID("turncoat")
	assert.Empty(t, d.Lines, "a card with faces has its lines on its faces")
	assert.Equal(t, "Unit. Cost 1. Power 1. Swift. It serves you.", d.Faces[0].FullText())
	assert.Equal(t, "Unit. Cost 1. Power 4. Swift.", d.Faces[1].FullText())

	// what views show: the text of the card's current face, lines first
	g := &model.Evaluator{}
	g.Init(rs, 2)
	g.S = &state.State{Players: make([]state.PlayerState, 2), Zones: []state.ZoneInstance{{Kind: 0, Owner: 0}, {Kind: 0, Owner: 1}}}
	knight, _ := rs.CardByID("knight")
	c := g.AddCard(knight.Index, 0, 0)
	assert.Equal(t, "Unit. Cost 2. Power 3. Guard 3. Swift. Double strike. When it arrives, draw a card.", g.CardText(c))
	c = g.AddCard(d.Index, 0, 0)
	assert.Equal(t, "Unit. Cost 1. Power 1. Swift. It serves you.", g.CardText(c))
	g.S.Cards[c].Face = 1
	assert.Equal(t, "Unit. Cost 1. Power 4. Swift.", g.CardText(c))
}
