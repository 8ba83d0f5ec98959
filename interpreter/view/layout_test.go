package view_test

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A layout draws positional zones as one grid, each seat's rows where the
// layout puts them from the viewer: every seat sees its own row at the
// bottom, the next seat's above it, and so on.
func ExampleView_Summary_layout() {
	const rows = `
name: rows
players: {min: 3, max: 3}
zones:
  row: {slots: 2, slot_names: [left, right]}
setup:
  - for_each_player:
      do:
        - create: {id: pawn, to: row, owner: you}
turn:
  phases:
    - name: main
      do: [{act: {actions: [wait]}}]
actions:
  wait: {label: wait}
view:
  layout:
    - {zone: row, seat: 2}
    - {zone: row, seat: 1}
    - {zone: row}
`
	const cards = `
cards:
  - {id: pawn, name: Pawn}
`
	rs, diags := load.Load(load.Source{Name: "rows.yaml", Data: []byte(rows)},
		[]load.Source{{Name: "rows-cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	if rs == nil {
		fmt.Println(diags)
		return
	}
	g, err := engine.New(rs, engine.Options{Seed: 1, Players: 3})
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
	// p2
	// p3
	// board  | left | right
	// p3 row | Pawn | -
	// -------+------+------
	// p2 row | Pawn | -
	// -------+------+------
	// p1 row | Pawn | -
	// --
	// turn 1, phase main, active p2
	// p1
	// p2
	// p3
	// board  | left | right
	// p1 row | Pawn | -
	// -------+------+------
	// p3 row | Pawn | -
	// -------+------+------
	// p2 row | Pawn | -
}
