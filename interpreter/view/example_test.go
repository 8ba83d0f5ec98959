package view_test

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// Each seat sees its own hand by name and the other's as a count; what is on
// the table everyone sees.
func ExampleFor() {
	const gems = `
name: gems
zones:
  hand: {visibility: owner}
  table: {}
setup:
  - for_each_player:
      do:
        - create: {id: ruby, to: hand, owner: you}
        - create: {id: opal, to: table, owner: you}
turn:
  phases:
    - name: main
      do: [{act: {actions: [wait]}}]
actions:
  wait: {label: wait}
`
	const cards = `
cards:
  - {id: ruby, name: Ruby}
  - {id: opal, name: Opal}
`
	rs, diags := load.Load(load.Source{Name: "gems.yaml", Data: []byte(gems)},
		[]load.Source{{Name: "gems-cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	if rs == nil {
		fmt.Println(diags)
		return
	}
	g, err := engine.New(rs, engine.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(view.For(g, 0).Summary())
	fmt.Println("--")
	fmt.Print(view.For(g, 1).Summary())
	// Output:
	// turn 1, phase main, active p2
	// p1
	//   hand (1): Ruby
	//   table (1): Opal
	// p2
	//   hand: 1 card
	//   table (1): Opal
	// --
	// turn 1, phase main, active p2
	// p1
	//   hand: 1 card
	//   table (1): Opal
	// p2
	//   hand (1): Ruby
	//   table (1): Opal
}
