package source

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// ReadFile reads regular files only: a folder, a device or a pipe (which
// would be read for ever, or wait for a writer) is refused in words.
func TestReadFileRefusesWhatIsNoFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "rules.yaml")
	require.NoError(t, os.WriteFile(file, []byte("name: x\n"), 0o644))
	data, err := ReadFile(file)
	require.NoError(t, err)
	require.Equal(t, "name: x\n", string(data))

	_, err = ReadFile(dir)
	require.EqualError(t, err, dir+" is a folder, not a file")
	_, err = ReadFile(filepath.Join(dir, "missing.yaml"))
	require.EqualError(t, err, filepath.Join(dir, "missing.yaml")+" does not exist")
}
