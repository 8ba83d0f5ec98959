package compile

import (
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/stretchr/testify/require"
)

func TestRewriteEdition(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		found     []spelling
	}{
		{src: "you.hero == none", want: "you.hero == nil "},
		{src: "none(you.hand, .x) and none (you.deck, .y)", want: "none(you.hand, .x) and none (you.deck, .y)"},
		{src: "a.none == 'none' and \"none\" != none", want: "a.none == 'none' and \"none\" != nil "},
		{src: "sort_by(l, .x)[0] ?? none", want: "sortBy (l, .x)[0] ?? nil "},
		{src: "find_last_index(l, #)", want: "findLastIndex  (l, #)"},
		{src: "nonesuch + nones", want: "nonesuch + nones"},
		{src: "x != nil", want: "x != nil", found: []spelling{{from: 5, old: "nil", now: "none", code: "write-none"}}},
		{src: "'it''s' + sortBy(l, .x)", want: "'it''s' + sortBy(l, .x)", found: []spelling{{from: 10, old: "sortBy", now: "sort_by", code: "snake-case-function"}}},
		{src: "sortBy + findLast", want: "sortBy + findLast"}, // not calls: names, as written
		{src: "'é' + none", want: "'é' + nil "},
	} {
		got, found := rewriteEdition(tc.src)
		require.Equal(t, tc.want, got, tc.src)
		require.Equal(t, len([]rune(tc.src)), len([]rune(got)))
		require.Equal(t, tc.found, found, tc.src)
	}
	require.Equal(t, "find_last_index", closure.SnakeName("findLastIndex"))
	require.Equal(t, "to_json", closure.SnakeName("toJSON"))
	require.Equal(t, "len", closure.SnakeName("len"))
}
