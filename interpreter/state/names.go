package state

import (
	"fmt"
)

// CardID is the stable id of a card instance in options and views.
func CardKey(c int) string {
	if c >= 0 && c < len(cardIDs) {
		return cardIDs[c]
	}
	return fmt.Sprintf("c%d", c)
}

// cardIDs holds the ids of the first card instances, so building options does
// not format strings.
var cardIDs = func() []string {
	ids := make([]string, 512)
	for i := range ids {
		ids[i] = fmt.Sprintf("c%d", i)
	}
	return ids
}()

var SeatNames = [...]string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"}

// SeatName returns the name of a seat: p1, p2, ...
func SeatName(p int) string {
	if p >= 0 && p < len(SeatNames) {
		return SeatNames[p]
	}
	return fmt.Sprintf("p%d", p+1)
}
