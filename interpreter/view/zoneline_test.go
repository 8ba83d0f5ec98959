package view

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A zone's line on a board: a hidden zone says how many cards it holds,
// and an empty one, hidden or not, says empty.
func TestZoneLine(t *testing.T) {
	for _, tc := range []struct {
		z    ZoneView
		want string
	}{
		{ZoneView{Name: "deck", Count: 0}, "deck: empty"},
		{ZoneView{Name: "deck", Count: 1}, "deck: 1 card"},
		{ZoneView{Name: "hand", Count: 3}, "hand: 3 cards"},
		{ZoneView{Name: "discard", Visible: true}, "discard: empty"},
		{ZoneView{Name: "discard", Visible: true, Count: 1, Cards: []CardView{{Name: "Knight"}}}, "discard (1): Knight"},
		{ZoneView{Name: "deck", Count: 2, Cards: []CardView{{Name: "Knight"}}}, "deck: 2 cards, known: Knight"},
	} {
		assert.Equal(t, tc.want, tc.z.line())
	}
}
