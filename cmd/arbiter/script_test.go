package main

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// The end-to-end tests of the command line live in testdata/script/*.txtar.
// Each script runs in a fresh work directory that holds a copy of the
// repository's rulesets/ and cards/ folders, so `arbiter play lands` finds
// rulesets/lands.yaml there. Files of the script's archive are extracted
// first; the copies are added beside them.
//
// Run one script with: go test ./cmd/arbiter -run TestScripts/NAME
//
// Besides the standard commands, scripts may use
//
//	exitcode N PROGRAM [ARGS...]
//
// which runs PROGRAM like exec and fails unless it exits with status N, and
//
//	sleep DURATION
//
// which waits (1s, 200ms), for a program run in the background to get on.
//
// Rewrite the expected output of failing `cmp` lines with -update-scripts
// (read the changes before you commit them).

var updateScripts = flag.Bool("update-scripts", false, "rewrite the expected output of failing cmp lines in testdata/script")

func TestMain(m *testing.M) {
	// main calls os.Exit with its exit status on errors and returns on
	// success; testscript then exits with status 0.
	testscript.Main(m, map[string]func(){"arbiter": main})
}

func TestScripts(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "rulesets", "lands.yaml")); err != nil {
		t.Fatalf("cannot find the repository's rulesets: %v", err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *updateScripts,
		Cmds:                map[string]func(*testscript.TestScript, bool, []string){"exitcode": cmdExitcode, "sleep": cmdSleep},
		Setup: func(env *testscript.Env) error {
			for _, dir := range []string{"rulesets", "cards"} {
				if err := copyTree(filepath.Join(root, dir), filepath.Join(env.WorkDir, dir)); err != nil {
					return err
				}
			}
			// Keep default replay logs (play without --log) inside the
			// work directory.
			home := filepath.Join(env.WorkDir, ".home")
			env.Setenv("HOME", home)
			env.Setenv("XDG_CACHE_HOME", filepath.Join(home, ".cache"))
			return nil
		},
	})
}

// copyTree copies the files under src into dst, keeping files that are
// already in dst (those of the script's archive win).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if _, err := os.Stat(target); err == nil {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// cmdExitcode runs a program and checks its exit status: exitcode N PROGRAM [ARGS...].
func cmdExitcode(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("unsupported: ! exitcode")
	}
	if len(args) < 2 {
		ts.Fatalf("usage: exitcode N PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %q is not a number", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("%s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// cmdSleep waits: sleep DURATION.
func cmdSleep(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sleep DURATION")
	}
	d, err := time.ParseDuration(args[0])
	if err != nil {
		ts.Fatalf("sleep: %v", err)
	}
	time.Sleep(d)
}
