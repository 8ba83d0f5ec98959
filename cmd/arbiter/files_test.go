package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// When the rename that puts a save or a log in place fails (here the
// target is a folder with a file in it, which no rename replaces), the
// temporary file is removed and the target is untouched.
func TestAFailedRenameLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "game.json")
	require.NoError(t, os.Mkdir(target, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(target, "inside"), []byte("x"), 0o644))
	f, err := createTemp(target)
	require.NoError(t, err)
	_, err = f.WriteString("{}")
	require.NoError(t, err)
	err = placeTemp(f, target, 0, false)
	require.Error(t, err)
	require.True(t, strings.HasPrefix(err.Error(), "cannot write "+target+": "), err.Error())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the folder is left: %v", entries)
	inside, err := os.ReadFile(filepath.Join(target, "inside"))
	require.NoError(t, err)
	require.Equal(t, "x", string(inside))
}
