package interpreter_test

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/arbiter-games/arbiter/"

// layers is the order of docs/architecture.md: a package of the engine may
// import only the packages before it.
var layers = []string{
	"interpreter/diag",
	"interpreter/source",
	"interpreter/state",
	"interpreter/model",
	"interpreter/model/oracle",
	"interpreter/compile/closure",
	"interpreter/compile",
	"interpreter/lint",
	"interpreter/load",
	"interpreter/setup",
	"interpreter/engine",
	"interpreter/view",
	"interpreter/save",
	"interpreter/bot",
	"interpreter/scenario",
	"interpreter/conformance",
}

// imports lists the packages of this module that the non-test files of
// dir import.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	p, err := build.ImportDir(filepath.Join("..", dir), 0)
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	var out []string
	for _, imp := range p.Imports {
		if rest, ok := strings.CutPrefix(imp, module); ok {
			out = append(out, rest)
		}
	}
	return out
}

// Dependencies point one way: from cmd to stdlib to the engine, and inside
// the engine from each phase to the ones before it.
func TestPackagesImportOnlyEarlierLayers(t *testing.T) {
	for i, pkg := range layers {
		for _, imp := range imports(t, pkg) {
			j := slices.Index(layers, imp)
			switch {
			case j < 0:
				t.Errorf("%s imports %s, which is not a package of the engine (stdlib and cmd are above it)", pkg, imp)
			case j >= i:
				t.Errorf("%s imports %s, which comes after it in docs/architecture.md", pkg, imp)
			}
		}
	}
	// every package of the engine has its place in the order
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path == "." || strings.Contains(path, "testdata") {
			return err
		}
		if p, err := build.ImportDir(path, 0); err == nil && len(p.GoFiles) > 0 && !slices.Contains(layers, "interpreter/"+filepath.ToSlash(path)) {
			t.Errorf("package interpreter/%s has no place in the layers of docs/architecture.md", filepath.ToSlash(path))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A family of primitives sees the engine only through model.Context: it
// imports the model, the state and the shared argument readers, never the
// machine, another family or a package below cmd that is not the engine's.
func TestPrimitiveFamiliesSeeOnlyTheModel(t *testing.T) {
	entries, err := os.ReadDir("../stdlib")
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{"interpreter/model", "interpreter/state", "interpreter/diag", "stdlib/internal/args"}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "internal" || e.Name() == "testdata" {
			continue
		}
		n++
		for _, imp := range imports(t, "stdlib/"+e.Name()) {
			if !slices.Contains(allowed, imp) {
				t.Errorf("stdlib/%s imports %s; a family may import only %s", e.Name(), imp, strings.Join(allowed, ", "))
			}
		}
	}
	if n < 7 {
		t.Errorf("found %d families of primitives under stdlib, want the 7 of stdlib/library.go at least", n)
	}
}
