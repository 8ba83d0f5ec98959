// Package save writes a game as a Save (format, ruleset, hash, seed, the
// answers given and the whole state, sealed by a checksum) and reads one
// back, refusing with a reason a save of another ruleset or version, a
// damaged state or a changed content.
package save
