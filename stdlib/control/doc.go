// Package control holds the primitives that shape a step list: if, at_once,
// for_each, for_each_player, repeat, for_range, let, log and emit. They run
// other steps; none changes the game by itself.
package control
