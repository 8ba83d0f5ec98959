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

// A save or a log line cut off in the middle of a value is said to be cut
// off, not to hold a space past its end, as encoding/json reads it; a
// mistake inside it is still told where it is.
func TestJSONErrorCutOff(t *testing.T) {
	var sv Save
	for _, data := range []string{`{"seed": -`, `{"seed": 1`, `{"ruleset": "la`, "{\"seed\": -\n"} {
		err := JSONErrorIn([]byte(data), json.Unmarshal([]byte(data), &sv))
		require.ErrorContains(t, err, "it is cut off at byte", data)
		require.NotContains(t, err.Error(), "' '", data)
	}
	// a stray character after a whole value is no cut
	for _, data := range []string{`{"seed": 1]`, `{"seed": 1}}`, `{"seed": 1,}`, `{"seed": 1}x`} {
		err := JSONErrorIn([]byte(data), json.Unmarshal([]byte(data), &sv))
		require.ErrorContains(t, err, "it is not JSON at byte", data)
	}
	data := []byte(`{"seed": x, "ruleset": "lands"}`)
	require.ErrorContains(t, JSONErrorIn(data, json.Unmarshal(data, &sv)), "it is not JSON at byte 10")
	// a byte-order mark is no part of a save
	require.Equal(t, []byte(`{}`), TrimBOM([]byte("\xef\xbb\xbf{}")))
}
