package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-games/arbiter/interpreter/source"
)

// fileKind is what Arbiter writes at a path the user names: a save or a
// replay log. Either may replace only a file of its own kind.
type fileKind int

const (
	kindSave fileKind = iota
	kindLog
)

func (k fileKind) String() string {
	if k == kindSave {
		return "save"
	}
	return "replay log"
}

// gameFileKind tells a save or a replay log by its start. Only a regular
// file is opened: opening a pipe would wait for a writer.
func gameFileKind(path string) (fileKind, bool) {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	for _, k := range []fileKind{kindSave, kindLog} {
		f, err := os.Open(path)
		if err != nil {
			return 0, false
		}
		ok := k.isKind(f)
		f.Close()
		if ok {
			return k, true
		}
	}
	return 0, false
}

// isKind reports whether the file r holds starts as a file of this kind:
// a save's JSON object names its format, a replay log's first line is its
// header. Only the start of the file is read.
func (k fileKind) isKind(r io.Reader) bool {
	if k == kindSave {
		var head struct {
			Format string `json:"format"`
		}
		return json.NewDecoder(r).Decode(&head) == nil && strings.HasPrefix(head.Format, "arbiter-save/")
	}
	// its first line, however long, read as isReplayLog reads a log
	data, _ := io.ReadAll(io.LimitReader(r, source.MaxFileSize))
	return isReplayLog(data)
}

// checkTarget says whether a file of this kind may be written at path, and
// the mode to give it: nothing there (the default mode), or a regular
// file, writable, that is itself a file of this kind (its own mode). A
// folder, a link, a device, a read-only file or any other file is refused
// with the reason, before anything is written.
func checkTarget(path string, kind fileKind) (mode fs.FileMode, exists bool, err error) {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("cannot write %s: %v", path, cause(err))
	}
	switch m := st.Mode(); {
	case m&fs.ModeSymlink != 0:
		return 0, true, fmt.Errorf("%s is a symbolic link; a %s is not written through one (name the file itself, or another file)", path, kind)
	case m.IsDir():
		return 0, true, fmt.Errorf("%s is a folder; name a file in it", path)
	case !m.IsRegular():
		return 0, true, fmt.Errorf("%s is not a regular file (a device, a pipe or a socket); it is left as it is", path)
	case m.Perm()&0o222 == 0:
		if kind == kindLog {
			if other, ok := gameFileKind(path); ok && other == kindLog {
				return 0, true, fmt.Errorf("%s is read-only; it is left as it is (--log names another log to write: arbiter play --load %s --log NEW.jsonl goes on with its game there)", path, path)
			}
		}
		return 0, true, fmt.Errorf("%s is read-only; it is left as it is", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, true, fmt.Errorf("cannot write %s: %v", path, cause(err))
	}
	defer f.Close()
	if !kind.isKind(f) {
		if other, ok := gameFileKind(path); ok {
			return 0, true, fmt.Errorf("%s is a %s, and a %s replaces only an earlier %s: it is left as it is (choose another name)", path, other, kind, kind)
		}
		return 0, true, fmt.Errorf("%s is not an Arbiter %s, and a %s replaces only an earlier one: it is left as it is (choose another name)", path, kind, kind)
	}
	return st.Mode().Perm(), true, nil
}

// createTemp creates a new, empty file beside path that only its owner may
// read and write: a save or a replay log holds every hidden card of its
// game. (A file it replaces keeps its own mode: placeTemp.)
func createTemp(path string) (*os.File, error) {
	dir := filepath.Dir(path)
	sweepTemps(dir)
	for range 100 {
		var b [6]byte
		_, _ = rand.Read(b[:])
		name := filepath.Join(dir, ".arbiter-"+hex.EncodeToString(b[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %w", path, cause(err))
		}
		// held while this process writes it: sweepTemps leaves it alone
		_, _ = tryLock(f)
		return f, nil
	}
	return nil, fmt.Errorf("cannot write %s: no free name for a temporary file in %s", path, dir)
}

// inProgress lists the temporary files writeFileSafely is writing, so that
// a session stopped by a signal removes them (removeTempsInProgress): each
// holds every hidden card of its game. Once stopping, no new one is made.
var inProgress struct {
	sync.Mutex
	names    map[string]bool
	stopping bool
}

// createTempInProgress is createTemp, with the file listed in inProgress
// until doneTemp.
func createTempInProgress(path string) (*os.File, error) {
	inProgress.Lock()
	defer inProgress.Unlock()
	if inProgress.stopping {
		return nil, fmt.Errorf("cannot write %s: the program is stopping", path)
	}
	f, err := createTemp(path)
	if err != nil {
		return nil, err
	}
	if inProgress.names == nil {
		inProgress.names = map[string]bool{}
	}
	inProgress.names[f.Name()] = true
	return f, nil
}

// doneTemp takes a temporary file off inProgress: it is in place, or gone.
func doneTemp(name string) {
	inProgress.Lock()
	defer inProgress.Unlock()
	delete(inProgress.names, name)
}

// removeTempsInProgress removes the temporary files writeFileSafely is
// writing, for a process about to exit, and lets it make no more. A file
// being renamed into place is either there already (its temporary name is
// gone) or is not renamed at all: the path keeps its old file.
func removeTempsInProgress() {
	inProgress.Lock()
	defer inProgress.Unlock()
	inProgress.stopping = true
	for name := range inProgress.names {
		os.Remove(name)
	}
}

// sweepTemps removes the temporary files a killed session left in dir (a
// save or a log it was writing when it was stopped): each holds a copy of
// a game's hidden cards. A file is left while a process holds it, and
// while it is younger than staleTemp, in case the system has no locks.
func sweepTemps(dir string) {
	names, err := filepath.Glob(filepath.Join(dir, ".arbiter-*.tmp"))
	if err != nil {
		return
	}
	for _, name := range names {
		if !isTempName(filepath.Base(name)) {
			continue // not a name createTemp gives: someone else's file
		}
		st, err := os.Lstat(name)
		if err != nil || !st.Mode().IsRegular() || time.Since(st.ModTime()) < staleTemp {
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		if free, _ := tryLock(f); free && heldGame(f) {
			os.Remove(name)
		}
		f.Close()
	}
}

// isTempName reports whether name is one createTemp gives: .arbiter-, 12
// lower-case hex digits, .tmp.
func isTempName(name string) bool {
	h, ok := strings.CutPrefix(name, ".arbiter-")
	if !ok {
		return false
	}
	h, ok = strings.CutSuffix(h, ".tmp")
	if !ok || len(h) != 12 {
		return false
	}
	_, err := hex.DecodeString(h)
	return err == nil && strings.ToLower(h) == h
}

// heldGame reports whether f is empty or starts as a save or a replay log
// this program writes: what a killed session leaves, and nothing a person
// wrote by hand under such a name.
func heldGame(f *os.File) bool {
	data, _ := io.ReadAll(io.LimitReader(f, source.MaxFileSize))
	if len(data) == 0 {
		return true
	}
	return isReplayLog(data) || saveStart.Match(data)
}

// saveStart is how a save's JSON begins (save.Marshal's, indented or not).
var saveStart = regexp.MustCompile(`\A\{\s*"format":\s*"arbiter-save/`)

// staleTemp is how old a temporary file must be before sweepTemps removes it.
const staleTemp = 10 * time.Minute

// writeFileSafely writes data at path through a temporary file in the same
// folder and a rename, so a reader sees the old file or the new one, never
// a part. It writes nothing when checkTarget refuses the path, keeps the
// mode of a file it replaces, and leaves no temporary file behind when it
// fails.
func writeFileSafely(path string, data []byte, kind fileKind) error {
	mode, exists, err := checkTarget(path, kind)
	if err != nil {
		return err
	}
	f, err := createTempInProgress(path)
	if err != nil {
		return err
	}
	defer doneTemp(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return fmt.Errorf("cannot write %s: %v", path, cause(err))
	}
	if err := placeTemp(f, path, mode, exists); err != nil {
		if err == errTaken {
			f.Close()
			os.Remove(f.Name())
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write %s: %v", path, cause(err))
	}
	return nil
}

// placeTemp gives the temporary file f the mode of the file it replaces
// (when there is one), syncs it and renames it to path; f stays open. A
// new file (exists false) takes path only while no file has it: else
// errTaken, with f kept for another name. On another failure f is closed
// and removed.
func placeTemp(f *os.File, path string, mode fs.FileMode, exists bool) (err error) {
	defer func() {
		if err != nil && err != errTaken {
			f.Close()
			os.Remove(f.Name())
			err = fmt.Errorf("cannot write %s: %v", path, cause(err))
		}
	}()
	if exists {
		if err := f.Chmod(mode); err != nil {
			return err
		}
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if !exists {
		// a new file: put in place only if the name is still free, so that
		// another program that took it since it was checked (a session
		// started in the same second) keeps its file
		switch err := os.Link(f.Name(), path); {
		case err == nil:
			return os.Remove(f.Name())
		case errors.Is(err, fs.ErrExist):
			return errTaken
		}
		// a file system without links: the name was free when checked
	}
	return os.Rename(f.Name(), path)
}

// errTaken says that a new file's name was taken by another program between
// the check and the writing.
var errTaken = errors.New("another program created the file meanwhile; it is left as it is")

// cause is the reason of a file error without the path it names.
func cause(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}
