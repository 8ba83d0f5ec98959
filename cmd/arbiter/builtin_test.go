package main

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
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

// A cache folder of the games that someone changed is written again: a
// game that comes with arbiter plays as it came, whatever was done to the
// copy (a file edited, removed, or a card file added).
func TestBuiltinGamesChangedAreWrittenAgain(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	dir, err := writeBuiltinGames()
	require.NoError(t, err)
	lands := filepath.Join(dir, "rulesets", "lands.yaml")
	want, err := os.ReadFile(lands)
	require.NoError(t, err)
	for name, change := range map[string]func(){
		"edited":  func() { require.NoError(t, os.WriteFile(lands, []byte("name: lands\n"), 0o644)) },
		"removed": func() { require.NoError(t, os.Remove(lands)) },
		"added": func() {
			require.NoError(t, os.WriteFile(filepath.Join(dir, "cards", "lands", "extra.yaml"), []byte("cards: []\n"), 0o644))
		},
	} {
		change()
		again, err := writeBuiltinGames()
		require.NoError(t, err, name)
		assert.Equal(t, dir, again, name)
		got, err := os.ReadFile(lands)
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
		assert.NoFileExists(t, filepath.Join(dir, "cards", "lands", "extra.yaml"), name)
		assert.True(t, builtinIntact(dir), name)
	}
	// nothing is left beside it
	entries, err := os.ReadDir(filepath.Dir(dir))
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}
