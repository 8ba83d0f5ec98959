//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// A temporary file a killed session left (a save it was writing, with
// every hidden card) is removed by the next save or log made in its
// folder, unless a running process holds it or it is recent.
func TestKilledSessionsTemporaryFilesAreSwept(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	orphan := filepath.Join(dir, ".arbiter-00000000000a.tmp")
	held := filepath.Join(dir, ".arbiter-00000000000b.tmp")
	recent := filepath.Join(dir, ".arbiter-00000000000c.tmp")
	mine := filepath.Join(dir, "notes.tmp")
	// a person's files under names of the same shape, which no session
	// gave: another name, or text that is no save nor log
	named := filepath.Join(dir, ".arbiter-notes.tmp")
	written := filepath.Join(dir, ".arbiter-00000000000d.tmp")
	braced := filepath.Join(dir, ".arbiter-00000000000e.tmp")
	logged := filepath.Join(dir, ".arbiter-00000000000f.tmp") // a replay log's start
	for _, p := range []string{orphan, held, recent, mine, named, written, braced, logged} {
		content := `{"format":"arbiter-save/2","seed":1}`
		switch p {
		case logged:
			content = `{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":2,"seed":5}}` + "\n"
		case mine, named, written:
			content = "my notes"
		case braced:
			content = "{ my notes, in braces }"
		}
		require.NoError(t, os.WriteFile(p, []byte(content), 0o600))
		if p != recent {
			require.NoError(t, os.Chtimes(p, old, old))
		}
	}
	h, err := os.Open(held)
	require.NoError(t, err)
	defer h.Close()
	free, err := tryLock(h)
	require.NoError(t, err)
	require.True(t, free)

	require.NoError(t, writeFileSafely(filepath.Join(dir, "game.save"), []byte(`{"format":"arbiter-save/2"}`), kindSave))
	for _, p := range []string{orphan, logged} {
		_, err = os.Stat(p)
		require.ErrorIs(t, err, os.ErrNotExist, p)
	}
	for _, p := range []string{held, recent, mine, named, written, braced} {
		_, err := os.Stat(p)
		require.NoError(t, err, p)
	}
}

// The replay folder is made private even when an earlier version made it
// open to others; a folder of another user's where it goes is refused.
func TestTheReplayFolderIsPrivate(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := filepath.Join(cache, "arbiter", "replays")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.Chmod(dir, 0o755))
	_, err := defaultReplayPath("lands")
	require.NoError(t, err)
	st, err := os.Stat(dir)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o700), st.Mode().Perm())
	// a file where the folder goes is no folder
	other := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", other)
	require.NoError(t, os.MkdirAll(filepath.Join(other, "arbiter"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(other, "arbiter", "replays"), nil, 0o600))
	_, err = defaultReplayPath("lands")
	require.Error(t, err)
}

// A session that resumes a log takes its lock on the file that is at the
// log's path once locked: a file another session replaced meanwhile is not
// the log any more, and its lock proves nothing.
func TestTheLockIsOnTheFileInPlace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.jsonl")
	require.NoError(t, os.WriteFile(path, []byte("one\n"), 0o600))
	stale, err := os.Open(path)
	require.NoError(t, err)
	defer stale.Close()
	// another session puts its new log in place and holds it
	next := path + ".new"
	require.NoError(t, os.WriteFile(next, []byte("two\n"), 0o600))
	require.NoError(t, os.Rename(next, path))
	held, err := os.Open(path)
	require.NoError(t, err)
	defer held.Close()
	free, err := tryLock(held)
	require.NoError(t, err)
	require.True(t, free)
	// the stale file is free, but the one in place is not
	_, err = lockCurrent(path)
	require.ErrorContains(t, err, "is being written by another arbiter session")
}

// The default log of a game whose name holds a path's separators or dots
// stays in the replay folder.
func TestADefaultLogStaysInTheReplayFolder(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	path, err := defaultReplayPath("../../../elsewhere/game")
	require.NoError(t, err)
	dir, err := os.UserCacheDir()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "arbiter", "replays"), filepath.Dir(path))
	require.True(t, strings.HasPrefix(filepath.Base(path), "---------elsewhere-game-"), path)
	require.Equal(t, "Risk---Resource", fileWord("Risk & Resource"))
}
