package main

import (
	"bufio"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A typed line longer than maxLine is refused whole, never answered with
// its first part; the lines after it are read as they are.
func TestALongLineIsRefusedWhole(t *testing.T) {
	in := strings.Repeat("1", maxLine+10) + "\n" + strings.Repeat("é", maxLine) + "\n2\nlast"
	r := &plainReader{r: bufio.NewReader(strings.NewReader(in))}
	for _, want := range []string{tooLong, tooLong, "2", "last"} {
		got, err := r.Prompt("")
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	_, err := r.Prompt("")
	require.Error(t, err)
}
