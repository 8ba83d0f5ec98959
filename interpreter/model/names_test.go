package model

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNamesListsAreTheNamesOfEachValue: the lists of names made at load
// for a names property of a few values (PropDecl.Lists) are, value by
// value, the lists a read makes without them; a property of more values
// has none and reads as before.
func TestNamesListsAreTheNamesOfEachValue(t *testing.T) {
	small := PropDecl{Type: TStrings, Syms: []int64{7, 9, 4}}
	small.IndexNames()
	assert.Len(t, small.Lists, 8)
	for v := int64(0); v < 8; v++ {
		assert.Equal(t, small.namesOf(v), small.NamesDatum(v).L, "value %b", v)
	}
	assert.Equal(t, []int{7, 4}, small.NamesDatum(0b101).L)
	assert.Nil(t, small.NamesDatum(0).L)
	// a value outside the declared names reads the names it holds
	assert.Equal(t, []int{9}, small.NamesDatum(0b1010).L)

	big := PropDecl{Type: TStrings, Syms: []int64{1, 2, 3, 4, 5, 6, 7}}
	big.IndexNames()
	assert.Nil(t, big.Lists)
	assert.Equal(t, []int{2, 7}, big.NamesDatum(0b1000010).L)
}
