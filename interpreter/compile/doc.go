// Package compile turns the expressions of a ruleset into closures, once, at
// load: with the type environment of package closure it has expr parse and
// type-check each expression (expr.go), rewrites member reads into indexed
// reads (patch.go), and has package closure give every node a static type
// and build a Go closure for it. Named predicates are declared and checked
// for recursion here (predicate.go, cycles.go); the first edition's
// spellings get diagnostics that name the new form (edition.go). Texts with
// {expression} parts become templates (template.go); expressions written
// outside the ruleset, such as scenario expectations, compile as queries
// (query.go). Every problem is a diagnostic with its line and column.
//
// Nothing is parsed while a game runs: the closures run on a
// model.Evaluator.
package compile
