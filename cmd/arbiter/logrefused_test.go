package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A replay log that cannot be written is blamed on --log only when the
// flag named it. The log a game is resumed from, in a folder that cannot
// be written, is reported as such, with the way to go on in another log.
func TestLogRefusedNamesTheFlagOnlyWhenGiven(t *testing.T) {
	denied := fmt.Errorf("cannot write rolog/g.jsonl: %w", fs.ErrPermission)
	for _, c := range []struct {
		name      string
		continued bool
		err       error
		want      string
	}{
		{"named with --log", false, denied, "--log: cannot write rolog/g.jsonl: permission denied"},
		{"resumed, folder read-only", true, denied, "the game cannot go on in rolog/g.jsonl, the log it is resumed from: its folder rolog cannot be written (permission denied); the log is left as it is (arbiter play --load rolog/g.jsonl --log NEW.jsonl goes on with its game in another log)"},
		{"resumed, file read-only", true, errors.New("rolog/g.jsonl is read-only; it is left as it is (--log names another log to write: arbiter play --load rolog/g.jsonl --log NEW.jsonl goes on with its game there)"), "rolog/g.jsonl is read-only; it is left as it is (--log names another log to write: arbiter play --load rolog/g.jsonl --log NEW.jsonl goes on with its game there)"},
		{"resumed, other reason", true, errors.New("rolog/g.jsonl is being written by another arbiter session"), "rolog/g.jsonl is being written by another arbiter session (arbiter play --load rolog/g.jsonl --log NEW.jsonl goes on with its game in another log)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, logRefused("rolog/g.jsonl", c.continued, c.err))
		})
	}
}

// The error of a log in a folder that cannot be written says so to
// logRefused (only when the folder can be made unwritable: not as root).
func TestReserveLogInAReadOnlyFolderIsAPermissionError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rolog")
	require.NoError(t, os.Mkdir(dir, 0o555))
	defer os.Chmod(dir, 0o755)
	if f, err := os.Create(filepath.Join(dir, "probe")); err == nil {
		f.Close()
		t.Skip("the folder can be written all the same (running as root)")
	}
	_, err := reserveLog(filepath.Join(dir, "g.jsonl"))
	require.ErrorIs(t, err, fs.ErrPermission)
}
