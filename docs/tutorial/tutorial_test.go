// Package tutorial_test checks docs/tutorial.md against the repository: the
// game it builds is tested with the others (its scenarios by
// interpreter/scenario, its random playouts by interpreter/conformance).
package tutorial_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository, seen from this folder.
var root = filepath.Join("..", "..")

// commands returns the commands of the tutorial's console blocks: the lines
// that begin with "$ ", without it.
func commands(t *testing.T) []string {
	text, err := os.ReadFile(filepath.Join(root, "docs", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	console := false
	for _, line := range strings.Split(string(text), "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			console = !console && strings.TrimPrefix(line, "```") == "console"
		case console && strings.HasPrefix(line, "$ "):
			out = append(out, strings.TrimPrefix(line, "$ "))
		}
	}
	return out
}

// TestCommandsNameFilesThatExist checks that every path a command of the
// tutorial names (an argument with a slash in it, flags aside) exists, from
// the root of the repository where the tutorial runs them.
func TestCommandsNameFilesThatExist(t *testing.T) {
	cmds := commands(t)
	if len(cmds) < 5 {
		t.Fatalf("found %d commands in docs/tutorial.md; is it still written with console blocks?", len(cmds))
	}
	paths := 0
	for _, cmd := range cmds {
		for _, arg := range strings.Fields(cmd)[1:] {
			if strings.HasPrefix(arg, "-") || !strings.Contains(arg, "/") {
				continue
			}
			paths++
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(arg))); err != nil {
				t.Errorf("%q names %s, which does not exist", cmd, arg)
			}
		}
	}
	if paths == 0 {
		t.Fatal("no command of the tutorial names a file")
	}
}
