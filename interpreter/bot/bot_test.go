package bot_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/interpreter/bot"
)

func opts(n int) []in.Option {
	out := make([]in.Option, n)
	for i := range out {
		out[i] = in.Option{ID: string(rune('a' + i)), Label: string(rune('a' + i)), Card: i, Action: -1, Player: -1}
	}
	return out
}

// Every random answer must be one the engine accepts, whatever the kind of
// decision and its limits.
func TestRandomAnswerIsLegal(t *testing.T) {
	cases := []struct {
		name string
		d    in.Decision
	}{
		{"one card", in.Decision{Kind: "cards", Options: opts(5), Min: 1, Max: 1}},
		{"up to three", in.Decision{Kind: "cards", Options: opts(5), Min: 0, Max: 3}},
		{"number", in.Decision{Kind: "number", Min: 2, Max: 7}},
		{"distribute", in.Decision{Kind: "distribute", Options: opts(3), Total: 6}},
		{"order", in.Decision{Kind: "order", Options: opts(4), Min: 4, Max: 4}},
		{"assign", in.Decision{Kind: "assign", Options: opts(4), Targets: opts(3), Max: 4}},
		{"assign one per target", in.Decision{Kind: "assign", Options: opts(4), Targets: opts(2), Max: 4, PerTarget: 1}},
		// item 0 may take target 2 only, item 1 nothing, item 2 targets 1 and 3
		{"assign with allowed pairs", in.Decision{Kind: "assign", Options: opts(3), Targets: opts(3), Max: 3, Allowed: [][]int{{2}, {}, {1, 3}}}},
		// target 1 takes two items or none; target 2 cannot be filled (at most one per target)
		{"assign with fewest per target", in.Decision{Kind: "assign", Options: opts(4), Targets: opts(2), Max: 4, Fewest: []int{2, 1}}},
		{"assign with fewest above the most", in.Decision{Kind: "assign", Options: opts(4), Targets: opts(2), Max: 4, PerTarget: 1, Fewest: []int{1, 2}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			for i := 0; i < 500; i++ {
				a := bot.RandomAnswer(r, &c.d)
				require.NoError(t, c.d.Check(a), "answer %+v", a)
			}
		})
	}
}

// The engine refuses an assignment that gives a target fewer items than it
// needs, and accepts none or enough.
func TestAssignFewestIsEnforced(t *testing.T) {
	d := in.Decision{Kind: "assign", Options: opts(3), Targets: opts(2), Max: 3, Fewest: []int{2, 1}}
	require.NoError(t, d.Check(in.Answer{Amount: []int{1, 1, 2}}))
	require.NoError(t, d.Check(in.Answer{Amount: []int{2, 0, 0}}))
	require.NoError(t, d.Check(in.Answer{Amount: []int{0, 0, 0}}))
	require.ErrorContains(t, d.Check(in.Answer{Amount: []int{1, 0, 2}}), "a must get at least 2, or none (it gets 1)")
}

// The engine refuses an assignment the decision does not allow.
func TestAssignAllowedIsEnforced(t *testing.T) {
	d := in.Decision{Kind: "assign", Options: opts(2), Targets: opts(2), Max: 2, Allowed: [][]int{{2}, {1, 2}}}
	require.NoError(t, d.Check(in.Answer{Amount: []int{2, 1}}))
	require.NoError(t, d.Check(in.Answer{Amount: []int{0, 0}}))
	require.ErrorContains(t, d.Check(in.Answer{Amount: []int{1, 0}}), "a cannot be assigned to a")
}
