// Package model is a compiled ruleset and the evaluator its expressions run
// on.
//
// A Ruleset is read-only once loaded and shared by every game of it: its
// declarations (properties, zones, keywords, cards, decks, actions,
// triggers, statics, checks, phases), its effects as flat Programs of Steps,
// and its expressions as Exprs compiled to Go closures. The Library declares
// what a ruleset can call: effect Primitives (each with its Params and
// metadata the compiler reads) and expression Funcs; Context is what a
// primitive sees of the game that runs it.
//
// The Evaluator reads a game's state against its ruleset: every compiled
// expression runs on it (eval.go), each evaluation on its own entry of an
// evaluation stack; the values statics derive are computed outside
// evaluation (derived.go); texts with {expression} parts render here
// (template.go); expr's own VM runs the same programs only as a test oracle
// (oracle.go). The Evaluator changes nothing in the state.
package model
