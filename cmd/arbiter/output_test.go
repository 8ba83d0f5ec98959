//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A report that cannot be written whole (a full disk here) makes the
// command fail and say so: a shard file cut short passed for a whole one.
func TestOutputThatCannotBeWrittenFails(t *testing.T) {
	bin, dir := arbiterIn(t)
	for _, args := range [][]string{
		{"sim", "lands", "--games", "4", "--shard", "0/2", "--format", "json"},
		{"doc"},
		{"rules", "lands"},
		{"schema", "ruleset"},
	} {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skip("no /dev/full here")
		}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err = cmd.Run()
		full.Close()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, "%v", args)
		require.Equal(t, 1, ee.ExitCode(), "%v", args)
		require.Contains(t, stderr.String(), ": cannot write output: no space left on device; what was written is incomplete\n", "%v", args)
		// told once
		require.Equal(t, 1, bytes.Count(stderr.Bytes(), []byte("\n")), "%v: %s", args, stderr.String())
	}
}
