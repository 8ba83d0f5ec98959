// Package setup describes a chosen position (scenario tests, puzzles): which
// cards lie in which zone of which seat, and which properties hold which
// values. CheckSetup checks one against a ruleset with a diagnostic per
// problem; the engine starts a game in a checked position (engine.Options).
package setup
