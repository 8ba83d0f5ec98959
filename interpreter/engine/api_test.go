package engine_test

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
)

// The embedding API stays small, and docs/architecture.md lists all of it:
// a method added to Game is a decision, written down where a newcomer reads.
func TestEmbeddingAPIIsSmallAndListed(t *testing.T) {
	gt := reflect.TypeFor[*engine.Game]()
	assert.Less(t, gt.NumMethod(), 41, "Game has %d methods", gt.NumMethod())
	doc, err := os.ReadFile("../../docs/architecture.md")
	require.NoError(t, err)
	for i := 0; i < gt.NumMethod(); i++ {
		name := gt.Method(i).Name
		assert.True(t, strings.Contains(string(doc), "`"+name+"`"), "docs/architecture.md does not list Game.%s", name)
	}
}
