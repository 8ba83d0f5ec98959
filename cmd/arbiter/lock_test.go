//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// A replay log a session is writing is refused to a second session, which
// would replace the file the first goes on writing and lose its answers:
// before the first has started (it holds the old log), and after (it holds
// the new one). Once the first ends, the log is free again.
func TestALogBeingWrittenIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.jsonl")
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)

	first, err := reserveLog(path)
	require.NoError(t, err)
	require.NoError(t, first.start(rs, g, []string{"human", "random"}))
	require.NoError(t, first.close())

	// a session resumes the log
	w, err := reserveLog(path)
	require.NoError(t, err)
	_, err = reserveLog(path)
	require.ErrorContains(t, err, "is being written by another arbiter session")
	require.NoError(t, w.start(rs, g, []string{"human", "random"}))
	_, err = reserveLog(path)
	require.ErrorContains(t, err, "is being written by another arbiter session")
	require.NoError(t, w.close())

	again, err := reserveLog(path)
	require.NoError(t, err)
	again.abandon()
}

// A pipe is not opened to tell whether it is a save or a log: opening it
// would wait for a writer for ever (validate hung on one).
func TestAPipeIsNoGameFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pipe.yaml")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	done := make(chan bool)
	go func() {
		_, ok := gameFileKind(path)
		done <- ok
	}()
	select {
	case ok := <-done:
		require.False(t, ok)
	case <-time.After(10 * time.Second):
		t.Fatal("gameFileKind waits on a pipe")
	}
}

// A replay log holds every hidden card: a new one only its player may
// read, in a folder only they may enter, and without a cache folder (a
// relative one is ignored) not in the temporary folder everyone shares
// but in a folder of this user's own there.
func TestALogIsReadByItsPlayerOnly(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	t.Setenv("XDG_CACHE_HOME", "relative/dir")
	t.Setenv("HOME", "")
	path, err := defaultReplayPath("lands")
	require.NoError(t, err)
	require.Equal(t, filepath.Join(tmp, fmt.Sprintf("arbiter-%d", os.Getuid()), "replays"), filepath.Dir(path))
	st, err := os.Stat(filepath.Dir(path))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())

	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	w, err := reserveLog(path)
	require.NoError(t, err)
	require.NoError(t, w.start(rs, g, []string{"human", "random"}))
	require.NoError(t, w.close())
	st, err = os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm())
}
