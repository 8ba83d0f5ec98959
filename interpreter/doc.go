// Package interpreter is Arbiter's generic rules engine. It owns loading a
// ruleset (YAML nodes with positions, every diagnostic at once), compiling its
// expressions once against a type environment built from the ruleset's own
// declarations, the game state as plain data, the effect machine that runs
// compiled steps and suspends on decisions, per-seat views and the log.
//
// It knows zones, cards, properties, players, turns, phases, decisions,
// events, effects, expressions, a stack and modifiers; it knows no game.
// Effect primitives and expression functions come from a Library (the
// standard one is in package stdlib), so dependencies point one way:
// cmd → stdlib → interpreter.
//
// Expressions run as Go closures compiled at load (closure.go), each
// evaluation with its own state on a stack (eval.go); expr's VM runs the same
// programs only as a test oracle (oracle.go). Continuous effects are derived
// values computed outside evaluation (derived.go); texts with {expression}
// parts are templates (template.go).
//
// The flow of a game: Load (or LoadFile) returns a read-only *Ruleset; New
// starts a *Game and runs it to its first Decision; Pending lists the open
// decisions; Answer gives one seat's answer and runs on to the next ones.
// ViewFor shows what a seat may know; LogText renders the log as a seat
// saw it; Clone, Snapshot and Restore copy and save games.
package interpreter
