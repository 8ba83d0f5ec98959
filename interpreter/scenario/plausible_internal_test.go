package scenario

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// Every text a shipped ruleset writes names something of its game (a refuse
// of it is plausible), and an action's words are read with the longest of
// them: Vault's cast your leader {card} beside cast {card}, so that cast
// your leader is no card named "your leader".
func TestTheRulesetsOwnTextsArePlausible(t *testing.T) {
	for _, game := range []string{"lands", "vault", "lanes", "pocket", "risk-resource"} {
		rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", game+".yaml"), stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		words := rulesetWords(rs)
		for w := range words {
			assert.True(t, plausible(rs, words, nil, nil, w), "%s: %q", game, w)
		}
	}
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "vault.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	words := rulesetWords(rs)
	assert.True(t, plausible(rs, words, nil, nil, "cast your leader Lady of Dawn"))
	assert.False(t, plausible(rs, words, nil, nil, "cast Banana"))
}
