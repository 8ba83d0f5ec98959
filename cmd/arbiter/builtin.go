package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	arbiter "github.com/arbiter-games/arbiter"
)

// The games that come with arbiter are embedded in it; one named where no
// rulesets/<game>.yaml is found on disk is written out once, whole, to a
// folder of the user's cache named by the games' contents, and read from
// there as any ruleset is (its cards relative to its file, its positions
// those of real files). A folder is written beside its final name and
// renamed into place, so that no reader sees half of it; one found changed
// (a file edited, removed or added) is mended in place, file by file.

// builtinGames lists the names of the games that come with arbiter.
func builtinGames() []string {
	entries, err := fs.ReadDir(arbiter.Games, "rulesets")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

var (
	builtinOnce sync.Once
	builtinDir  string
	builtinErr  error
)

// builtinRuleset gives the path of a game that comes with arbiter, written
// out to the cache when it is not there yet; "" when no such game comes
// with it.
func builtinRuleset(game string) (string, error) {
	if _, err := fs.Stat(arbiter.Games, path.Join("rulesets", game+".yaml")); err != nil {
		return "", nil
	}
	builtinOnce.Do(func() { builtinDir, builtinErr = writeBuiltinGames() })
	if builtinErr != nil {
		return "", fmt.Errorf("the game %s comes with arbiter, but cannot be written out: %v", game, builtinErr)
	}
	return filepath.Join(builtinDir, "rulesets", game+".yaml"), nil
}

// writeBuiltinGames writes the embedded games to the cache, unless a folder
// of the same contents is there already, and returns that folder.
func writeBuiltinGames() (string, error) {
	sum, err := builtinSum()
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	parent := filepath.Join(cache, "arbiter", "games")
	dir := filepath.Join(parent, sum)
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		if builtinIntact(dir) {
			return dir, nil
		}
		// the folder is ours, and someone changed it (a file edited,
		// removed or added): mended file by file, its games are those
		// that come with arbiter, not the changed ones
		if err := repairBuiltin(dir); err != nil {
			return "", fmt.Errorf("the games in %s were changed, and cannot be written again: %v", dir, cause(err))
		}
		return dir, nil
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("cannot make the folder %s: %v", parent, cause(err))
	}
	tmp, err := os.MkdirTemp(parent, "."+sum+"-")
	if err != nil {
		return "", fmt.Errorf("cannot write to %s: %v", parent, cause(err))
	}
	err = fs.WalkDir(arbiter.Games, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == "." {
			return err
		}
		to := filepath.Join(tmp, filepath.FromSlash(p))
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := arbiter.Games.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
		if st, serr := os.Stat(dir); serr == nil && st.IsDir() {
			return dir, nil // another arbiter wrote it first
		}
		return "", cause(err)
	}
	return dir, nil
}

// builtinIntact reports whether a folder holds the embedded games as they
// are: every file, the same bytes, and no other file (a card file added to
// a game's cards folder would be one of its cards).
func builtinIntact(dir string) bool {
	want := 0
	err := fs.WalkDir(arbiter.Games, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		want++
		data, err := arbiter.Games.ReadFile(p)
		if err != nil {
			return err
		}
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(got, data) {
			return fs.ErrInvalid
		}
		return nil
	})
	if err != nil {
		return false
	}
	have := 0
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			have++
		}
		return err
	})
	return err == nil && have == want
}

// repairBuiltin mends a folder of the embedded games that someone
// changed, in place: each file that differs is written beside itself and
// renamed over it, and a file that is none of theirs is removed. Another
// arbiter reading the folder meanwhile reads whole files, old or new, and
// another mending it at once writes the same bytes: the folder is never
// moved from under a reader.
func repairBuiltin(dir string) error {
	want := map[string]bool{}
	err := fs.WalkDir(arbiter.Games, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		to := filepath.Join(dir, filepath.FromSlash(p))
		want[to] = true
		data, err := arbiter.Games.ReadFile(p)
		if err != nil {
			return err
		}
		if got, err := os.ReadFile(to); err == nil && bytes.Equal(got, data) {
			return nil
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(to), "."+filepath.Base(to)+"-")
		if err != nil {
			return err
		}
		_, werr := f.Write(data)
		cerr := f.Close()
		if werr == nil {
			werr = cerr
		}
		if werr == nil {
			werr = os.Chmod(f.Name(), 0o644)
		}
		if werr == nil {
			werr = os.Rename(f.Name(), to)
		}
		if werr != nil {
			os.Remove(f.Name())
		}
		return werr
	})
	if err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil // gone since it was listed: another arbiter's file, renamed
		case err != nil || d.IsDir() || want[p]:
			return err
		case strings.HasPrefix(d.Name(), ".") && !strings.HasSuffix(d.Name(), ".yaml"):
			// another arbiter's file on its way in, which no game reads
			return nil
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	})
}

// builtinSum names the embedded games by their contents: a new arbiter
// with other games writes them to a folder of their own.
func builtinSum() (string, error) {
	h := sha256.New()
	err := fs.WalkDir(arbiter.Games, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := arbiter.Games.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}
