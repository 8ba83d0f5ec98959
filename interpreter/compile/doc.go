// Package compile turns the expressions of a ruleset into closures, once, at
// load: it builds the type environment from the ruleset's declarations
// (types.go), has expr parse and type-check each expression, rewrites member
// reads into indexed reads (patch.go), gives every node a static type and
// builds a Go closure for it (closure.go, calls.go, ctype.go). Texts with
// {expression} parts become templates (template.go); expressions written
// outside the ruleset, such as scenario expectations, compile as queries
// (query.go). Every problem is a diagnostic with its line and column.
//
// Nothing is parsed while a game runs: the closures run on a
// model.Evaluator.
package compile
