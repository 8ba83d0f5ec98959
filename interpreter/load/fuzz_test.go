package load_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

// loadTimeout is how long one load may take before it counts as a hang.
const loadTimeout = 10 * time.Second

// FuzzLoad loads arbitrary bytes as a ruleset, with the lands card file as its
// cards. Any diagnostics are fine; the loader must not panic or hang, and a
// ruleset it refuses must come with at least one error. Crashers found by the
// fuzzer are kept in testdata/fuzz/FuzzLoad as regression cases.
func FuzzLoad(f *testing.F) {
	cards, err := os.ReadFile("../../cards/lands/energy.yaml")
	if err != nil {
		f.Fatal(err)
	}
	lands, err := os.ReadFile("../../rulesets/lands.yaml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(lands)
	err = filepath.WalkDir(invalidDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f.Add(b)
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	lib := stdlib.Library()
	f.Fuzz(func(t *testing.T, data []byte) {
		type result struct {
			rs    *model.Ruleset
			diags diag.Diagnostics
		}
		done := make(chan result, 1)
		go func() {
			rs, diags := load.Load(
				load.Source{Name: "fuzz.yaml", Data: data},
				[]load.Source{{Name: "energy.yaml", Data: cards}},
				lib)
			done <- result{rs, diags}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(loadTimeout):
			t.Fatalf("Load did not return within %v", loadTimeout)
		}
		for _, d := range r.diags {
			if d.Code == "internal" {
				t.Fatalf("Load panicked: %s", d.Error())
			}
		}
		if r.rs == nil && !r.diags.HasErrors() {
			t.Fatalf("Load returned no ruleset and no error; diagnostics: %v", r.diags)
		}
		if r.rs != nil && r.diags.HasErrors() {
			t.Fatalf("Load returned a ruleset with errors: %v", r.diags)
		}
	})
}

// TestLoadAliasExpansion loads a small ruleset whose step lists are YAML
// aliases of aliases, each level twice the previous one (2^30 steps in all):
// the loader must return quickly, refuse it with one error that says the
// effects expand too far, and report each of its other findings once, not
// once per use of the alias that holds it.
func TestLoadAliasExpansion(t *testing.T) {
	const levels = 30
	var b strings.Builder
	b.WriteString("name: aliases\nzones:\n  hand: {}\nactions:\n  tick: {effect: []}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [tick]}}]\nsetup:\n")
	b.WriteString("  - if: {cond: \"true\", then: &a0 [{log: x}, {log: x}]}\n")
	for i := 1; i < levels; i++ {
		fmt.Fprintf(&b, "  - if: {cond: \"true\", then: &a%d [{if: {cond: \"true\", then: *a%d}}, {if: {cond: \"true\", then: *a%d}}]}\n", i, i-1, i-1)
	}
	type result struct {
		rs    *model.Ruleset
		diags diag.Diagnostics
	}
	done := make(chan result, 1)
	go func() {
		rs, diags := load.Load(load.Source{Name: "aliases.yaml", Data: []byte(b.String())}, nil, stdlib.Library())
		done <- result{rs, diags}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(loadTimeout):
		t.Fatalf("Load did not return within %v", loadTimeout)
	}
	if r.rs != nil {
		t.Fatalf("a ruleset whose effects expand to 2^30 steps was accepted")
	}
	var errs []diag.Diagnostic
	seen := map[string]int{}
	for _, d := range r.diags {
		if d.Severity == diag.SeverityError {
			errs = append(errs, d)
		}
		seen[d.Error()]++
	}
	for _, d := range r.diags {
		if d.Severity == diag.SeverityWarning {
			// steps left uncompiled are no sign of an action no window offers
			t.Errorf("a warning after too many steps: %v", d)
		}
	}
	if len(errs) != 1 || errs[0].Code != "too-many-steps" || !strings.Contains(errs[0].Message, "aliases") {
		t.Fatalf("want one too-many-steps error that names aliases, got: %v", errs)
	}
	if errs[0].Pos.Line != 11 {
		t.Errorf("the error is at %s, want line 11 (the first alias, &a0)", errs[0].Pos)
	}
	for d, n := range seen {
		if n > 1 {
			t.Errorf("reported %d times: %s", n, d)
		}
	}
}
