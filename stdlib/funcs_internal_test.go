package stdlib

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// TestGroupsOfManyValues: max_group and distinct count every value of a
// property, however many different ones the cards have (the first few are
// counted on the stack, the rest in a map).
func TestGroupsOfManyValues(t *testing.T) {
	rs := &model.Ruleset{CardProps: []model.PropDecl{{Name: "n", Type: model.TInt}}, StaticSlot: []int{-1}}
	tests := []struct {
		name      string
		vals      []int64
		max, dist int
	}{
		{"none", nil, 0, 0},
		{"one", []int64{7}, 1, 1},
		{"a pair among few", []int64{1, 2, 1, 3}, 2, 3},
		// the largest group is of a value met after many others
		{"the largest group last", append(seq(0, 70), 99, 99, 99), 3, 71},
		{"many values", append(seq(0, 100), seq(50, 60)...), 2, 100},
		{"all the same", []int64{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 20, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &state.State{}
			cards := make([]int, len(tt.vals))
			for i, v := range tt.vals {
				s.CardProps = append(s.CardProps, v, 0) // the stride: the property and one more
				cards[i] = i
			}
			g := &model.Evaluator{Rs: rs, S: s}
			require.Equal(t, tt.max, maxGroup(g, cards, 0))
			require.Equal(t, tt.dist, distinct(g, cards, 0))
		})
	}
}

// seq is the numbers from a up to b, b left out.
func seq(a, b int64) []int64 {
	var out []int64
	for v := a; v < b; v++ {
		out = append(out, v)
	}
	return out
}
