package save

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// A damaged save is described in words, never with Go's type names.
func TestJSONErrorInWords(t *testing.T) {
	var sv Save
	err := JSONError(json.Unmarshal([]byte(`{"seed": -1}`), &sv))
	require.ErrorContains(t, err, "the field seed holds a number (-1) where a whole number 0 or more belongs")
	require.NotContains(t, err.Error(), "Go struct")
	err = JSONError(json.Unmarshal([]byte(`{"seed": 1`), &sv))
	require.ErrorContains(t, err, "it is not JSON at byte")
	require.NoError(t, JSONError(nil))
}
