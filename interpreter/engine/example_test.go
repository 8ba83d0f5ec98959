package engine_test

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A tiny game written inline: each player in turn takes a coin from a shared
// pile; whoever holds three coins first wins.
const coins = `
name: coins
players: {min: 2, max: 2}
properties:
  player:
    coins: {type: int, default: 0}
zones:
  pile: {per: game}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [take, wait], pass: false}
actions:
  take:
    label: take a coin
    effect: [{add: {player: you, prop: coins, amount: 1}}]
  wait:
    label: wait
checks:
  - name: three coins
    if: player.coins >= 3
    do: [{win: {reason: three coins}}]
`

func Example() {
	rs, diags := load.Load(load.Source{Name: "coins.yaml", Data: []byte(coins)}, nil, stdlib.Library())
	if rs == nil {
		fmt.Println(diags)
		return
	}
	g, err := engine.New(rs, engine.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for !g.Over() {
		d := g.Pending()[0]
		// always pick the first option: "take a coin"
		if err := g.Answer(d.Player, state.Answer{Picks: []int{0}}); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Outcome())
	// Output: p2 wins: three coins
}

// An action's why says in plain words what its condition asks; without one
// a plain phrase is shown, never the condition's text (a player reads it).
func ExampleGame_WhyNot() {
	const shop = `
name: shop
properties:
  player:
    coins: {type: int, default: 0}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do: [{act: {actions: [buy, beg]}}]
actions:
  buy:
    label: buy a hat
    condition: you.coins >= 2
    why: a hat costs 2 coins
  beg:
    label: beg
    condition: you.coins >= 5
`
	rs, diags := load.Load(load.Source{Name: "shop.yaml", Data: []byte(shop)}, nil, stdlib.Library())
	if rs == nil {
		fmt.Println(diags)
		return
	}
	g, _ := engine.New(rs, engine.Options{Seed: 1})
	fmt.Println(g.WhyNot(0, "buy", -1))
	fmt.Println(g.WhyNot(0, "beg", -1))
	// Output:
	// a hat costs 2 coins
	// not possible now
}

// A seat may take an answer back while nobody has learned anything since:
// here the first player's answer, once the other seat has been asked
// something, no longer.
func ExampleGame_Rewind() {
	rs, _ := load.Load(load.Source{Name: "coins.yaml", Data: []byte(coins)}, nil, stdlib.Library())
	g, _ := engine.New(rs, engine.Options{Seed: 1})
	d := g.Pending()[0]
	cp := g.Checkpoint()
	_ = g.Answer(d.Player, state.Answer{Picks: []int{1}}) // wait
	fmt.Println(g.RewindRefusal(cp, d.Player))
	// the other seat is asked next: taking the answer back is refused
	fmt.Println(g.Rewind(cp, d.Player))
	// Output:
	// p1 has been asked something (even a question with one possible answer tells you about their cards)
	// p1 has been asked something (even a question with one possible answer tells you about their cards)
}
