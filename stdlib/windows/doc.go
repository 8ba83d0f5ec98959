// Package windows holds the primitives that offer actions: act (a player's
// choice among legal actions, again and again until they pass) and priority
// (players in turn take an action or pass over a stack, until all pass in a
// row).
package windows
