//go:build linux

package source

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// A device or a pipe (which would be read for ever, or wait for a writer)
// is refused in words, before it is opened.
func TestReadFileRefusesDevicesAndPipes(t *testing.T) {
	_, err := ReadFile("/dev/zero")
	require.EqualError(t, err, "/dev/zero is not a regular file (a device, a pipe or a socket): it is not read")
	pipe := filepath.Join(t.TempDir(), "pipe.yaml")
	require.NoError(t, syscall.Mkfifo(pipe, 0o644))
	_, err = ReadFile(pipe)
	require.EqualError(t, err, pipe+" is not a regular file (a device, a pipe or a socket): it is not read")
}
