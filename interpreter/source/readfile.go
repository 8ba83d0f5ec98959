package source

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// MaxFileSize bounds what ReadFile reads: far more than any ruleset, card
// file, scenario, save or replay log, little enough to be held in memory.
const MaxFileSize = 256 << 20

// ReadFile reads a file the tools were given, as os.ReadFile does, but only
// a regular file of at most MaxFileSize bytes: a folder, a pipe or a device
// (which could be read for ever) is refused with a plain message, and so
// is anything larger. Errors name the path, never the system call.
func ReadFile(path string) ([]byte, error) {
	// looked at before it is opened: opening a pipe waits for a writer
	st, err := os.Stat(path)
	if err != nil {
		return nil, PlainFileError(path, err)
	}
	switch {
	case st.IsDir():
		return nil, fmt.Errorf("%s is a folder, not a file", path)
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file (a device, a pipe or a socket): it is not read", path)
	case st.Size() > MaxFileSize:
		return nil, fmt.Errorf("%s is %d bytes, more than the %d a file may have", path, st.Size(), MaxFileSize)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, PlainFileError(path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, PlainFileError(path, err)
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s is more than the %d bytes a file may have", path, MaxFileSize)
	}
	return data, nil
}

// PlainFileError says why a file could not be read in words: it is
// missing, it may not be read, or the system's own reason.
func PlainFileError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// a link whose file is gone exists as a link: say so, or the user
		// looks at a file that is plainly there
		if to, lerr := os.Readlink(path); lerr == nil {
			return fmt.Errorf("%s is a symbolic link to %s, which does not exist", path, to)
		}
		return fmt.Errorf("%s does not exist", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s may not be read (permission denied)", path)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("cannot read %s: %v", path, pe.Err)
	}
	return fmt.Errorf("cannot read %s: %v", path, err)
}
