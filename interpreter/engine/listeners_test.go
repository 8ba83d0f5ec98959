package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// Two cards that listen for the start of a phase: Alarm in its owner's
// table or bench, Bell in the table only. The first player has a Bell and
// an Alarm on the table and an Alarm on the bench, the other an Alarm on
// the table.
const listenersRuleset = `name: listeners
players: {min: 2, max: 2}
zones:
  deck: {visibility: hidden}
  table: {}
  bench: {}
setup:
  - create: {id: bell, to: table}
  - create: {id: alarm, to: table}
  - create: {id: alarm, to: bench}
  - create: {id: alarm, to: table, owner: opponent}
turn:
  phases:
    - name: main
      do:
        - choose_number: {max: 3, as: n}
`

const listenersCards = `cards:
  - id: alarm
    name: Alarm
    triggers:
      - on: phase_start
        zones: [table, bench]
        do: [{log: "Alarm in {this.zone} of {this.owner}"}]
  - id: bell
    name: Bell
    triggers:
      - on: phase_start
        zones: [table]
        do: [{log: "Bell in {this.zone} of {this.owner}"}]
`

// TestListenersTriggerInTheirOrder: the abilities of cards listening in
// zones trigger player by player in turn order from the active player
// (whoever sits first), then listener by listener (in the order the cards
// are declared), each in the order of its zones, though the zones are
// walked once for all of them.
func TestListenersTriggerInTheirOrder(t *testing.T) {
	requireTriggerOrder(t, listenersRuleset, listenersCards, []string{"Alarm in ", "Bell in "}, func(me, other string) []string {
		return []string{
			"Alarm in table of " + me,
			"Alarm in bench of " + me,
			"Bell in table of " + me,
			"Alarm in table of " + other,
		}
	})
}

// requireTriggerOrder plays the setup of a ruleset with several seeds, so
// that either player goes first, and requires the log lines that start
// with one of prefixes to be want's, for the active player me.
func requireTriggerOrder(t *testing.T, ruleset, cards string, prefixes []string, want func(me, other string) []string) {
	t.Helper()
	rs, diags := load.Load(load.Source{Name: "order.yaml", Data: []byte(ruleset)},
		[]load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	firsts := map[int]bool{}
	for seed := uint64(1); seed <= 6; seed++ {
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: seed})
		require.NoError(t, err)
		first := g.Evaluator().S.Active
		firsts[first] = true
		var heard []string
		for _, l := range view.LogText(g, -1, 0) {
			for _, p := range prefixes {
				if strings.HasPrefix(l, p) {
					heard = append(heard, l)
				}
			}
		}
		seat := []string{"p1", "p2"}
		require.Equal(t, want(seat[first], seat[1-first]), heard, "seed %d, p%d first", seed, first+1)
	}
	require.Len(t, firsts, 2, "either player first")
}

// TestCardsTriggerInTurnOrder: a card's own ability and another card's
// ability that hear one event trigger player by player in turn order from
// the active player, whichever card the event is about: the active
// player's Watcher, which listens on the table, before the other player's
// Newcomer, whose own ability the event is about.
func TestCardsTriggerInTurnOrder(t *testing.T) {
	const ruleset = `name: order
players: {min: 2, max: 2}
zones:
  table: {}
setup:
  - create: {id: watcher, to: table}
  - create: {id: newcomer, to: table, owner: opponent}
turn:
  phases:
    - name: main
      do:
        - choose_number: {max: 3, as: n}
`
	const cards = `cards:
  - id: watcher
    name: Watcher
    triggers:
      - on: enter
        zones: [table]
        if: event.card != this
        do: [{log: "Watcher of {this.owner} sees it"}]
  - id: newcomer
    name: Newcomer
    triggers:
      - on: enter
        do: [{log: "Newcomer of {this.owner} arrives"}]
`
	requireTriggerOrder(t, ruleset, cards, []string{"Watcher of ", "Newcomer of "}, func(me, other string) []string {
		return []string{"Watcher of " + me + " sees it", "Newcomer of " + other + " arrives"}
	})
}
