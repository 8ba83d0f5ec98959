// Package zones holds the primitives that move and show cards: move, draw,
// pass_zone, shuffle, reveal, look, flip, create, control and create_deck.
// Each goes through the context's zone operations, so what a seat learns and
// what the log says follow from the move.
package zones
