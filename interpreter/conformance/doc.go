// Package conformance owns the checks every ruleset must pass whatever its
// game: random playouts that verify, after every answer, that the state keeps
// its invariants, that every offered option is legal, that games end (never
// stopping without being over), that the same seed gives the same game, that
// a clone or a save resumes the identical game, and that no seat's view
// depends on cards it does not know. The games of rulesets/ are played from
// their own setup; the engine test rulesets of testdata/engine from theirs
// and from the placed position of each of their scenarios.
package conformance
