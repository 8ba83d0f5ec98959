// Package load reads a ruleset and its card files into a model.Ruleset,
// collecting every diagnostic at once: the files and card folders
// (files.go, find.go), the top-level keys (load.go), declarations of
// players, properties, keywords, modes and zones (declarations.go), cards
// and their statics and triggers (cards.go), decks and deck rules
// (decks.go), actions, the turn, checks and the view (rules.go), effect
// steps checked against the library's primitives (steps.go), procedures
// (procedures.go). Expressions are compiled by package compile; the checks
// that need the whole ruleset are package lint's.
package load
