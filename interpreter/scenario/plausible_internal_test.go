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

// A text that only holds a card's name, or names a seat the game cannot
// have, names nothing of the game: refusing it would pass whatever the
// rules said (Firee, plya Fire and p9 were taken as plausible).
func TestAMisspeltAnswerIsImplausible(t *testing.T) {
	// plausible of each text, in a game of the repository
	check := func(game string, want bool, texts ...string) {
		t.Helper()
		rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", game+".yaml"), stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		words := rulesetWords(rs)
		for _, l := range texts {
			assert.Equal(t, want, plausible(rs, words, nil, nil, l), "%s: %s", game, l)
		}
	}
	check("lands", true, "Fire", "fire", "play Fire", "p2's Fire", "Fire #2", "a Fire", "Fire, Water", "p2", "counter the counter with two Waters")
	check("lands", false, "Firee", "plya Fire", "p9", "play Firee", "Fire, Watr")
	// a label that holds a comma is read whole before it is cut, and a
	// typographic apostrophe reads as the plain one
	check("risk-resource", true, "medium risk (11+, 6+ now)", "cast Gambler\u2019s Spark", "Gambler\u2019s Spark")
	// the words of a label after its card: tap Forest for green mana
	check("vault", true, "tap Forest for green mana", "tap p2's Island for blue mana")
	check("vault", false, "tap Forrest for green mana")
}
