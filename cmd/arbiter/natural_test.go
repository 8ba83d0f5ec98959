package main

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNaturalOrder(t *testing.T) {
	names := []string{"Cheque 10", "cheque 2", "10 of Clubs", "9 of Clubs", "Ace", "Cheque 0", "Cheque 2b", "Cheque 02", "ace"}
	slices.SortStableFunc(names, naturalCompare)
	assert.Equal(t, []string{"9 of Clubs", "10 of Clubs", "Ace", "ace", "Cheque 0", "cheque 2", "Cheque 02", "Cheque 2b", "Cheque 10"}, names)
}
