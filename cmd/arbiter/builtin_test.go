package main

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestBuiltinGames: the games that come with arbiter are written out once
// to the cache, whole, and load from there like the repository's; a name
// of no such game gives nothing.
func TestBuiltinGames(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	builtinOnce = sync.Once{} // written out afresh into this cache
	require.Equal(t, []string{"lands", "lanes", "pocket", "risk-resource", "vault"}, builtinGames())
	for _, game := range builtinGames() {
		p, err := builtinRuleset(game)
		require.NoError(t, err)
		rs, diags := load.LoadFile(p, stdlib.Library())
		require.NotNil(t, rs, "%s: %v", game, diags)
		repo, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", game+".yaml"), stdlib.Library())
		require.NotNil(t, repo, "%v", diags)
		require.Equal(t, repo.Hash, rs.Hash, "%s is the repository's", game)
		require.Len(t, rs.Cards, len(repo.Cards))
	}
	dirs, err := os.ReadDir(filepath.Join(cache, "arbiter", "games"))
	require.NoError(t, err)
	require.Len(t, dirs, 1, "one folder, written once, with no temporary one left")
	p, err := builtinRuleset("nosuch")
	require.NoError(t, err)
	require.Empty(t, p)
}
