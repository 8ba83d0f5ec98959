package bot

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// TestRandomPicksDrawLikePerm checks that randomPicks gives what
// rand.Perm(n)[:k] gives and leaves the generator where Perm leaves it, so
// games answered at random are the games they were.
func TestRandomPicksDrawLikePerm(t *testing.T) {
	for _, n := range []int{1, 2, 5, 8, 9, 64, 65, 300} {
		for _, k := range []int{0, 1, n / 2, n} {
			a, b := rand.New(rand.NewPCG(7, uint64(n))), rand.New(rand.NewPCG(7, uint64(n)))
			for round := 0; round < 20; round++ {
				want := a.Perm(n)[:k]
				got := randomPicks(b, n, k)
				require.Equal(t, want, got, "n=%d k=%d round %d", n, k, round)
				require.Equal(t, a.Uint64(), b.Uint64(), "the generators part after n=%d k=%d", n, k)
			}
		}
	}
}

// The greedy bot's numbers: every number of a range of up to 21 (a bid of
// 0 to 13 tricks), and eleven spread over a wider one, its two ends
// included.
func TestNumberCandidates(t *testing.T) {
	nums := func(min, max int) []int {
		var out []int
		for _, a := range candidates(nil, &state.Decision{Kind: state.DecideNumber, Min: min, Max: max}) {
			out = append(out, a.Number)
		}
		return out
	}
	require.Equal(t, []int{0, 1, 2, 3}, nums(0, 3))
	require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, nums(0, 10))
	require.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, nums(0, 13))
	require.Len(t, nums(0, 20), 21)
	require.Equal(t, []int{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 21}, nums(0, 21))
	require.Equal(t, []int{5, 104, 203, 302, 401, 500, 599, 698, 797, 896, 995}, nums(5, 995))
}

// A range as wide as the whole numbers, or one that ends at the largest,
// gives both bots numbers without wrapping around: a legal random number,
// and for the greedy bot every number of a short range and eleven spread
// over a wide one, its ends included, however wide.
func TestNumbersOfRangesAtTheEdges(t *testing.T) {
	const most, least = math.MaxInt, math.MinInt
	cases := []struct {
		name  string
		d     state.Decision
		cands []int
	}{
		{"0 to the largest", state.Decision{Min: 0, Max: most}, []int{0, 922337203685477580, 1844674407370955161, 2767011611056432742, 3689348814741910322, 4611686018427387903, 5534023222112865484, 6456360425798343064, 7378697629483820645, 8301034833169298226, most}},
		{"the last four", state.Decision{Min: most - 3, Max: most}, []int{most - 3, most - 2, most - 1, most}},
		{"the last four but one", state.Decision{Min: most - 3, Max: most, Except: []int{most - 1}}, []int{most - 3, most - 2, most}},
		{"the first three", state.Decision{Min: least, Max: least + 2}, []int{least, least + 1, least + 2}},
		{"every whole number", state.Decision{Min: least, Max: most}, []int{least, -7378697629483820647, -5534023222112865485, -3689348814741910324, -1844674407370955162, -1, 1844674407370955161, 3689348814741910322, 5534023222112865484, 7378697629483820645, most}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.d.Kind = state.DecideNumber
			var got []int
			for _, a := range candidates(nil, &c.d) {
				require.NoError(t, c.d.Check(a))
				got = append(got, a.Number)
			}
			require.Equal(t, c.cands, got)
			r := rand.New(rand.NewPCG(3, 4))
			for range 50 {
				require.NoError(t, c.d.Check(RandomAnswer(r, &c.d)))
			}
		})
	}
}

// A division of a large amount is split by both bots at a cost that does
// not grow with the amount: random splits, and the greedy bot's six
// candidates, are legal and spread over the options; an amount of a few
// units is handed out unit by unit, drawing what it always drew.
func TestSplitsOfLargeAmounts(t *testing.T) {
	opts := func(n, least int) []state.Option {
		out := make([]state.Option, n)
		for i := range out {
			out[i] = state.Option{Label: string(rune('A' + i)), Card: i, Action: -1, Player: -1, Value: least}
		}
		return out
	}
	cases := []struct {
		name string
		d    state.Decision
	}{
		{"a billion among four", state.Decision{Options: opts(4, 0), Total: 1_000_000_000}},
		{"the largest amount among three", state.Decision{Options: opts(3, 0), Total: math.MaxInt}},
		{"the largest amount among three, a third each at least", state.Decision{Options: opts(3, math.MaxInt/3), Total: math.MaxInt}},
		{"a billion to one", state.Decision{Options: opts(1, 0), Total: 1_000_000_000}},
		{"just past unit by unit", state.Decision{Options: opts(5, 2), Total: 10 + unitByUnit + 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.d.Kind, c.d.Max = state.DecideDistribute, c.d.Total
			r := rand.New(rand.NewPCG(5, 6))
			got := make([]bool, len(c.d.Options))
			for range 200 {
				a := RandomAnswer(r, &c.d)
				require.NoError(t, c.d.Check(a))
				for i, x := range a.Amount {
					got[i] = got[i] || x > c.d.Options[i].Value
				}
			}
			require.NotContains(t, got, false, "an option never got more than its least")
			// all on each option in turn (of the first allOnOne), then six
			// random splits; each one a legal answer
			cands := candidates(r, &c.d)
			ones := 0
			if len(c.d.Options) > 1 {
				ones = min(len(c.d.Options), allOnOne)
			}
			require.Len(t, cands, ones+6)
			for _, a := range cands {
				require.NoError(t, c.d.Check(a))
			}
			for i := range ones {
				for j, x := range cands[i].Amount {
					if j != i {
						require.Equal(t, c.d.Options[j].Value, x, "all-on-%d gives %d more than its least", i, j)
					}
				}
			}
		})
	}

	// a few units: one at a time to a random option, as before
	d := state.Decision{Kind: state.DecideDistribute, Options: opts(3, 1), Total: 3 + unitByUnit}
	a, b := rand.New(rand.NewPCG(8, 9)), rand.New(rand.NewPCG(8, 9))
	for range 20 {
		want := []int{1, 1, 1}
		for range unitByUnit {
			want[a.IntN(3)]++
		}
		require.Equal(t, want, RandomAnswer(b, &d).Amount)
	}
}
