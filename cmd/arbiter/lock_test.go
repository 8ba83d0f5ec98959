//go:build unix

package main

import (
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
