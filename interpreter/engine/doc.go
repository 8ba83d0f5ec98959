// Package engine runs games.
//
// Game is the embedding API (api.go): New starts a game and runs it to its
// first decisions; Pending lists them; Answer gives one seat's answer and
// runs on; Clone, Checkpoint and Rewind copy and take back; Evaluator reads
// the game for views (package view), saves (package save) and tools.
//
// Inside, a machine runs the compiled steps of the ruleset (machine.go): it
// pushes frames for effects, runs primitives, which see it as a
// model.Context, suspends on decisions (decisions.go), runs state checks
// between effects and ends the game (outcome.go). The operations primitives
// call are grouped by what they change: zones and cards (zones.go),
// properties and modifiers (properties.go), knowledge (knowledge.go),
// events and triggers (events.go), actions and the stack (actions.go,
// stack.go), the log (log.go). A budget stops effects that loop forever
// (budget.go).
package engine
