// Package interpreter is the home of Arbiter's generic rules engine. It
// knows zones, cards, properties, players, turns, phases, decisions,
// events, effects, expressions, a stack and modifiers; it knows no game.
//
// Its packages follow the path of a ruleset from YAML to a running game,
// each depending only on those before it (layers_test.go checks it):
//
//	diag             positions and diagnostics
//	source           YAML nodes with positions, syntax errors
//	state            a game as plain data
//	model            the compiled ruleset; the evaluator expressions run on
//	model/oracle     expr's VM as a second evaluator, for the differential test
//	compile/closure  the type environment; a closure for every form of expression
//	compile          expressions to closures: expr's checker, the patcher, predicates
//	lint             the checks that need the whole ruleset
//	load             YAML files to a model.Ruleset
//	setup            chosen positions for tests and puzzles
//	engine           the machine that runs a game; the embedding API (Game)
//	view, save       what a seat sees; saves
//	bot              players for simulations
//	scenario         golden scenario tests
//	conformance      playouts, invariants and the differential test
//
// Effect primitives and expression functions come from a model.Library (the
// standard one is package stdlib), so dependencies point one way:
// cmd → stdlib → interpreter.
package interpreter
