package compile

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWalkCalls(t *testing.T) {
	calls := map[string][]string{"a": {"b", "c"}, "b": {"c"}, "c": nil, "d": {"e"}, "e": {"d"}, "f": {"f"}}
	var cycles [][]string
	var order []string
	WalkCalls([]string{"a", "d", "f"}, func(s string) []string { return calls[s] },
		func(from string, i int, on []string) {
			cycles = append(cycles, append([]string{from + "→" + calls[from][i]}, on...))
		},
		func(s string) { order = append(order, s) })
	require.Equal(t, []string{"c", "b", "a", "e", "d", "f"}, order)
	require.Equal(t, [][]string{{"e→d", "d", "e"}, {"f→f", "f"}}, cycles)
}
