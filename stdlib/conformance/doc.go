// Package conformance owns the checks every ruleset must pass whatever its
// game: random playouts that verify, after every answer, that the state keeps
// its invariants, that every offered option is legal, that games end, that
// the same seed gives the same game, that a clone or a save resumes the
// identical game, and that no seat's view depends on cards it does not know.
package conformance
