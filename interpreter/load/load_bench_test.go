package load_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// thousandCards generates a card file of 1,000 cards, each with a property, a
// keyword and a trigger holding two expressions and three steps.
func thousandCards() []byte {
	var b strings.Builder
	b.WriteString("cards:\n")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, `  - id: card%d
    name: Card %d
    text: Swift. Power %d. When it enters the table, the strongest card of your opponent loses 1 power.
    props: {color: %s, power: %d}
    keywords: [swift]
    triggers:
      - on: enter
        if: event.to == 'table' and count_where(you.table, 'color', 'red') < %d
        do:
          - choose_card: {cards: opponent.table, as: victim}
          - if:
              cond: victim != none and victim.power > %d
              then: [{add: {cards: victim, prop: power, amount: -1}}]
`, i, i, i%7, []string{"red", "blue"}[i%2], i%7, i%9+1, i%3)
	}
	return []byte(b.String())
}

const benchRuleset = `name: bench
players: {min: 2, max: 2}
keywords: [swift]
properties:
  card:
    color: {type: enum, values: [red, blue]}
    power: {type: int}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
  table: {}
turn:
  phases:
    - name: main
      do: [{act: {actions: [play]}}]
actions:
  play:
    from: hand
    effect: [{move: {cards: card, to: table}}]
`

// BenchmarkLoad1000Cards loads and fully validates a ruleset with 1,000 cards.
func BenchmarkLoad1000Cards(b *testing.B) {
	cards := thousandCards()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rs, diags := load.Load(load.Source{Name: "bench.yaml", Data: []byte(benchRuleset)}, []load.Source{{Name: "cards.yaml", Data: cards}}, stdlib.Library())
		if rs == nil {
			b.Fatal(diags)
		}
	}
}
