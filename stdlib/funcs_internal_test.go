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

// TestCountSums checks count_sums against counting every set of the cards
// one by one, on values that take the table, the map (a negative value, a
// total beyond the table) and zeros.
func TestCountSums(t *testing.T) {
	rs := &model.Ruleset{CardProps: []model.PropDecl{{Name: "n", Type: model.TInt}}, StaticSlot: []int{-1}}
	tests := []struct {
		name  string
		vals  []int64
		total int64
		want  int64
	}{
		{"none", nil, 15, 0},
		{"one card of the total", []int64{15}, 15, 1},
		// the classic hand of 5 5 5 J(10) and 5: eight fifteens
		{"four fives and a ten", []int64{5, 5, 5, 10, 5}, 15, 8},
		{"nothing adds up", []int64{1, 2, 3}, 100, 0},
		{"a total below zero, no negative card", []int64{1, 2}, -1, 0},
		{"zeros double the ways", []int64{0, 0, 3}, 3, 4},
		{"a total of zero leaves the empty set out", []int64{0, 1}, 0, 1},
		{"negative values", []int64{-2, 5, 3, -1, 4}, 3, 3},
		{"a total beyond the table", []int64{70000, 1, 69999, 2}, 70001, 2},
		{"a whole suit", []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10}, 15, 29},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &state.State{}
			cards := make([]int, len(tt.vals))
			for i, v := range tt.vals {
				s.CardProps = append(s.CardProps, v, 0)
				cards[i] = i
			}
			g := &model.Evaluator{Rs: rs, S: s}
			brute := int64(0)
			for mask := 1; mask < 1<<len(tt.vals); mask++ {
				sum := int64(0)
				for i, v := range tt.vals {
					if mask&(1<<i) != 0 {
						sum += v
					}
				}
				if sum == tt.total {
					brute++
				}
			}
			require.Equal(t, tt.want, brute, "the case's own figure")
			n, ok := countSums(g, cards, 0, tt.total)
			require.True(t, ok)
			require.Equal(t, brute, n)
		})
	}
}

// TestCountSumsStopsARunawayAndAnOverflow: count_sums counts the sums it
// keeps as the built-ins count their elements, so that values far apart
// (a sum per set of the cards) stop the evaluation with a reason rather than
// run for minutes; and a count past the largest whole number is an overflow,
// not a wrapped number.
func TestCountSumsStopsARunawayAndAnOverflow(t *testing.T) {
	var fn *model.Func
	for _, f := range functions() {
		if f.Name == "count_sums" {
			fn = f
		}
	}
	require.NotNil(t, fn)
	rs := &model.Ruleset{CardProps: []model.PropDecl{{Name: "n", Type: model.TInt}}, StaticSlot: []int{-1}, SymbolIx: map[string]int{}, CardPropIx: map[string]int{"n": 0}}
	rs.Intern("n")
	rs.IndexSymbols()
	call := func(vals []int64, total int64) (model.Datum, error) {
		s := &state.State{}
		cards := make([]int, len(vals))
		for i, v := range vals {
			s.CardProps = append(s.CardProps, v, 0)
			cards[i] = i
		}
		g := &model.Evaluator{Rs: rs, S: s}
		return g.CallFunc(fn, []model.Datum{{K: model.DList, E: model.DCard, L: cards}, {K: model.DSym, N: rs.Intern("n")}, {K: model.DInt, N: total}})
	}
	d, err := call([]int64{5, 5, 5, 10, 5}, 15)
	require.NoError(t, err)
	require.Equal(t, int64(8), d.N)
	// 2^k for k up to 29 and one -1: every set its own sum
	var apart []int64
	for k := range 30 {
		apart = append(apart, 1<<k)
	}
	_, err = call(append(apart, -1), 15)
	require.ErrorContains(t, err, "more than 10,000,000 elements")
	// 70 cards of 0: 2^70 - 1 sets add up to 0
	_, err = call(make([]int64, 70), 0)
	require.ErrorContains(t, err, "goes beyond what a whole number holds")
}
