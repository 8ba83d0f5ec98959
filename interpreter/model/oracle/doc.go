// Package oracle evaluates compiled expressions a second way, on expr's own
// VM, for tests: the closures of package closure are how games run, and the
// differential test compares them with this package on every expression of
// every ruleset. The two share nothing but the state accessors of the
// model.Evaluator: the VM program is compiled from the same checked, patched
// tree, and the functions here are the host functions it calls to read the
// game.
package oracle
