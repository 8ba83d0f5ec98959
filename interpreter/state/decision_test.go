package state_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

func options(labels ...string) []state.Option {
	out := make([]state.Option, len(labels))
	for i, l := range labels {
		out[i] = state.Option{ID: l, Label: l, Card: i, Action: -1, Player: -1}
	}
	return out
}

// A sealed question is checked like any other, the ones with a single way
// to answer included: being asked it, the player must give that answer.
func TestSealedAnswersAreChecked(t *testing.T) {
	nothing := state.Option{ID: "nothing", Label: "nothing to choose", Card: -1, Action: -1, Player: -1, Value: -1}
	cases := []struct {
		name string
		d    state.Decision
		a    state.Answer
		want string // "" when the answer is legal
	}{
		{"one card", state.Decision{Kind: state.DecideCards, Options: options("Ant", "Bee"), Min: 1, Max: 1, Sealed: true}, state.Answer{Picks: []int{1}}, ""},
		{"two cards for one", state.Decision{Kind: state.DecideCards, Options: options("Ant", "Bee"), Min: 1, Max: 1, Sealed: true}, state.Answer{Picks: []int{0, 1}}, "choose exactly 1, not 2"},
		{"a card that is not offered", state.Decision{Kind: state.DecideCards, Options: options("Ant", "Bee"), Min: 1, Max: 1, Sealed: true}, state.Answer{Picks: []int{2}}, "there is no option 3; the options are 1 to 2"},
		{"the same card twice", state.Decision{Kind: state.DecideCards, Options: options("Ant", "Bee", "Cat"), Min: 0, Max: 2, Sealed: true}, state.Answer{Picks: []int{1, 1}}, "option 2 is chosen twice"},
		{"up to two, three given", state.Decision{Kind: state.DecideCards, Options: options("Ant", "Bee", "Cat"), Min: 0, Max: 2, Sealed: true}, state.Answer{Picks: []int{0, 1, 2}}, "choose from 0 to 2, not 3"},
		{"up to two, none given", state.Decision{Kind: state.DecideCards, Options: options("Ant", "Bee", "Cat"), Min: 0, Max: 2, Sealed: true}, state.Answer{}, ""},
		{"the only card", state.Decision{Kind: state.DecideCards, Options: options("Ant"), Min: 1, Max: 1, Sealed: true}, state.Answer{Picks: []int{0}}, ""},
		{"the only card left out", state.Decision{Kind: state.DecideCards, Options: options("Ant"), Min: 1, Max: 1, Sealed: true}, state.Answer{}, "choose exactly 1, not 0"},
		{"nothing to choose", state.Decision{Kind: state.DecideCards, Options: []state.Option{nothing}, Min: 1, Max: 1, Sealed: true}, state.Answer{Picks: []int{0}}, ""},
		{"nothing to choose, left out", state.Decision{Kind: state.DecideTarget, Options: []state.Option{nothing}, Min: 1, Max: 1, Sealed: true}, state.Answer{}, "choose exactly 1, not 0"},
		{"a number in range", state.Decision{Kind: state.DecideNumber, Min: 0, Max: 2, Sealed: true}, state.Answer{Number: 2}, ""},
		{"a number above", state.Decision{Kind: state.DecideNumber, Min: 0, Max: 2, Sealed: true}, state.Answer{Number: 3}, "the number must be from 0 to 2, not 3"},
		{"the only number", state.Decision{Kind: state.DecideNumber, Min: 0, Max: 0, Sealed: true}, state.Answer{Number: 1}, "the number must be from 0 to 0, not 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.d.Check(c.a)
			if c.want == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, c.want)
			}
		})
	}
}

// TestPicksAreCheckedOnceEach: an answer may pick each option once,
// whether it is among the first 64 options or past them.
func TestPicksAreCheckedOnceEach(t *testing.T) {
	labels := make([]string, 100)
	for i := range labels {
		labels[i] = string(rune('A'+i%26)) + string(rune('a'+i/26))
	}
	d := state.Decision{Kind: state.DecideCards, Options: options(labels...), Min: 0, Max: 100}
	cases := []struct {
		picks []int
		want  string
	}{
		{[]int{0, 63, 64, 99}, ""},
		{[]int{63, 5, 63}, "option 64 is chosen twice"},
		{[]int{64, 70, 64}, "option 65 is chosen twice"},
		{[]int{99, 0, 99}, "option 100 is chosen twice"},
		{[]int{1, 100}, "there is no option 101; the options are 1 to 100"},
	}
	for _, c := range cases {
		err := d.Check(state.Answer{Picks: c.picks})
		if c.want == "" {
			assert.NoError(t, err, "%v", c.picks)
		} else {
			assert.EqualError(t, err, c.want, "%v", c.picks)
		}
	}
}

// A number decision with numbers it may not take: they are refused, left
// out of its words and of its first answer, and one number left is forced.
func TestNumberExcept(t *testing.T) {
	d := state.Decision{Kind: state.DecideNumber, Min: 0, Max: 3, Except: []int{2, 7}}
	assert.Equal(t, "a number from 0 to 3 but 2", d.NumberRange())
	assert.Equal(t, 3, d.NumberCount())
	assert.EqualError(t, d.Check(state.Answer{Number: 2}), "2 may not be chosen here (a number from 0 to 3 but 2)")
	assert.NoError(t, d.Check(state.Answer{Number: 3}))
	assert.Equal(t, []int{0, 1, 3}, []int{d.NumberAt(0), d.NumberAt(1), d.NumberAt(2)})
	forced, _ := state.ForcedAnswer(&d)
	assert.False(t, forced)

	one := state.Decision{Kind: state.DecideNumber, Min: 1, Max: 3, Except: []int{1, 3}}
	assert.Equal(t, "a number from 1 to 3 but 1 and 3", one.NumberRange())
	forced, a := state.ForcedAnswer(&one)
	assert.True(t, forced)
	assert.Equal(t, 2, a.Number)
	assert.Equal(t, 2, state.LeastAnswer(&one).Number)

	twice := state.Decision{Kind: state.DecideNumber, Min: 0, Max: 2, Except: []int{1, 1}}
	assert.Equal(t, 2, twice.NumberCount(), "a number excepted twice is one number")
	assert.Equal(t, "a number from 0 to 2 but 1", twice.NumberRange())

	// every number excepted is none, not one: the step that asks refuses
	// it, and a number past the range is never an answer
	all := state.Decision{Kind: state.DecideNumber, Min: 0, Max: 2, Except: []int{0, 1, 2}}
	assert.Equal(t, 0, all.NumberCount())
	forced, _ = state.ForcedAnswer(&all)
	assert.False(t, forced)
	single := state.Decision{Kind: state.DecideNumber, Min: 4, Max: 4}
	assert.Equal(t, 1, single.NumberCount())
	assert.Equal(t, 0, (&state.Decision{Kind: state.DecideNumber, Min: 4, Max: 4, Except: []int{4}}).NumberCount())
}

// A division is checked without wrapping around: shares that together pass
// the largest number are refused as such, never taken as adding up.
func TestDistributeSharesDoNotWrap(t *testing.T) {
	const most = math.MaxInt
	three := options("Ant", "Bee", "Cat")
	cases := []struct {
		name   string
		total  int
		amount []int
		want   string // "" when the answer is legal
	}{
		{"adds up", 10, []int{3, 7, 0}, ""},
		{"adds up to less", 10, []int{3, 6, 0}, "the amounts must add up to 10, not 9"},
		{"adds up to more", 10, []int{3, 6, 2}, "the amounts must add up to 10, not 11"},
		{"a share past the amount", 5, []int{most, most, 7}, "Ant cannot get 9223372036854775807: there is only 5 to divide"},
		{"a share past the amount, later", 10, []int{1, 11, 0}, "Bee cannot get 11: there is only 10 to divide"},
		{"shares that wrap to the amount", most - 1, []int{most - 1, most - 1, 2}, "the amounts must add up to 9223372036854775806, and these add up to more than 9223372036854775807"},
		{"the whole of the largest amount", most, []int{0, most, 0}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := state.Decision{Kind: state.DecideDistribute, Options: three, Total: c.total, Max: c.total}
			err := d.Check(state.Answer{Amount: c.amount})
			if c.want == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, c.want)
			}
		})
	}
}

// A number decision as wide as the whole numbers, or ending at the largest
// of them, is counted and indexed without wrapping around: its count is
// the largest int at most, its numbers are found by index from its ends,
// and its first and forced answers are its least number.
func TestNumberRangesAtTheEdges(t *testing.T) {
	const most, least = math.MaxInt, math.MinInt
	cases := []struct {
		name   string
		d      state.Decision
		count  int
		span   uint64
		at     map[uint64]int // index: number
		spread []int          // SpreadNumbers(4)
	}{
		{"0 to 3 but 2", state.Decision{Min: 0, Max: 3, Except: []int{2, 7}}, 3, 2, map[uint64]int{0: 0, 1: 1, 2: 3, 9: 3}, []int{0, 1, 3}},
		{"excepted out of order and twice", state.Decision{Min: 0, Max: 5, Except: []int{4, 1, 4}}, 4, 3, map[uint64]int{0: 0, 1: 2, 2: 3, 3: 5}, []int{0, 2, 3, 5}},
		{"0 to the largest", state.Decision{Min: 0, Max: most}, most, most, map[uint64]int{0: 0, most: most}, []int{0, most / 4, most / 2, 6917529027641081855, most}},
		{"the last four", state.Decision{Min: most - 3, Max: most}, 4, 3, map[uint64]int{0: most - 3, 3: most, 4: most}, []int{most - 3, most - 2, most - 1, most}},
		{"the last four but the largest", state.Decision{Min: most - 3, Max: most, Except: []int{most}}, 3, 2, map[uint64]int{2: most - 1}, []int{most - 3, most - 2, most - 1}},
		{"every whole number", state.Decision{Min: least, Max: most}, most, math.MaxUint64, map[uint64]int{0: least, 1 << 63: 0, math.MaxUint64: most}, []int{least, least/2 - 1, -1, most / 2, most}},
		{"every whole number but 0", state.Decision{Min: least, Max: most, Except: []int{0}}, most, math.MaxUint64 - 1, map[uint64]int{1<<63 - 1: -1, 1 << 63: 1, math.MaxUint64: most}, []int{least, least/2 - 1, -1, most / 2, most}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.d.Kind = state.DecideNumber
			assert.Equal(t, c.count, c.d.NumberCount())
			assert.Equal(t, c.span, c.d.NumberSpan())
			for i, n := range c.at {
				assert.Equal(t, n, c.d.NumberAt(i), "number %d", i)
			}
			assert.Equal(t, c.spread, c.d.SpreadNumbers(4))
			assert.Equal(t, c.spread[0], c.d.FirstNumber())
			assert.Equal(t, c.spread[0], state.LeastAnswer(&c.d).Number)
			forced, _ := state.ForcedAnswer(&c.d)
			assert.False(t, forced)
		})
	}
}
