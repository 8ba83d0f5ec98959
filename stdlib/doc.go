// Package stdlib owns Arbiter's built-in vocabulary: the effect primitives a
// ruleset composes its effects from (move, draw, choose, if, ...) and the
// functions its expressions may call (count_where, max_group, has, ...).
//
// Library assembles them. The primitives live in a package per family
// (zones, choices, control, props, outcome, windows, costs), which share the
// argument readers of internal/args; the functions are in funcs.go and the
// documentation of every ruleset key in keys.go.
//
// Each primitive and function is declared with its name, arguments, a one-line
// doc and an example, apart from its implementation; the same registry drives
// the loader, the validator and `arbiter doc`. Nothing here knows any game:
// game concepts live in the ruleset files.
package stdlib
