package diag

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSuggest(t *testing.T) {
	for _, tc := range []struct {
		typed string
		known []string
		want  string
	}{
		{"itme", []string{"item", "name"}, "item"},      // two letters swapped
		{"sute", []string{"suit", "rank"}, "suit"},      // two slips, same first letter
		{"bind", []string{"min", "max", "as"}, "as"},    // a synonym, not two slips away
		{"bind", []string{"min", "max"}, ""},            // two slips and another first letter
		{"rnd", []string{"round", "rank"}, "round"},     // letters left out
		{"lenght", []string{"len", "length"}, "length"}, // a slip in a long name
		{"turn_begin", []string{"turn_start", "turn_end", "draw"}, "turn_start"},
		{"phase_finish", []string{"phase_start", "phase_end"}, "phase_end"},
		{"game.market", []string{"market", "hand"}, "market"}, // a qualified name
		{"you.Hand", []string{"market", "hand"}, "hand"},
		{"zzz", []string{"market", "hand"}, ""},
		// a name left empty, typed or known, is close to nothing (it
		// crashed the loader: a first letter read from no letters)
		{"dek", []string{"", "deck"}, "deck"},
		{"", []string{"deck", ""}, ""},
	} {
		assert.Equal(t, tc.want, Suggest(tc.typed, tc.known), tc.typed)
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abc", 0}, {"abc", "abd", 1}, {"abc", "ab", 1},
		{"itme", "item", 1}, {"fier", "fire", 1}, {"sute", "suit", 2}, {"bind", "min", 2},
	} {
		assert.Equal(t, tc.want, editDistance(tc.a, tc.b), "%s/%s", tc.a, tc.b)
	}
}
