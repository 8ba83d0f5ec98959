// Package arbiter holds the games that come with Arbiter: the five rulesets,
// their docs and their cards, as they are in this repository, embedded so
// that the arbiter command plays and checks them from any folder (a
// rulesets/<game>.yaml found on disk, in the working folder or above it,
// comes first).
package arbiter

import "embed"

// Games is the rulesets/ and cards/ folders of the repository, in their
// layout: a ruleset reads its cards relative to its own file.
//
//go:embed rulesets/*.yaml rulesets/*.md cards
var Games embed.FS
