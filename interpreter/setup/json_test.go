package setup_test

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/setup"
)

// A setting kept in a save or a replay log reads back as it was written: a
// whole number as a whole number however large (as a float, the largest
// came back changed), a name, a flag and a fraction as themselves.
func TestPropSettingReadsBackAsWritten(t *testing.T) {
	for _, v := range []any{int64(math.MaxInt64), int64(-3), "red", true, 2.5, nil} {
		in := setup.PropSetting{Target: "p1", Prop: "coins", Value: v}
		data, err := json.Marshal(in)
		require.NoError(t, err)
		var out setup.PropSetting
		require.NoError(t, json.Unmarshal(data, &out))
		assert.Equal(t, in, out, "%s", data)
		again, err := json.Marshal(out)
		require.NoError(t, err)
		assert.Equal(t, string(data), string(again))
	}
}
