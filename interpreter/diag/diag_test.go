package diag

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Capped keeps the errors before the warnings and names what it left out by
// the worst of it: warnings alone never add an error.
func TestCapped(t *testing.T) {
	at := func(line int, sev Severity) Diagnostic {
		return Diagnostic{Severity: sev, Code: "x", Pos: Pos{File: "a.yaml", Line: line, Column: 1}, Message: "m"}
	}
	for _, tc := range []struct {
		name    string
		in      Diagnostics
		n       int
		lines   []int // the lines kept, in order
		summary string
	}{
		{"under the cap", Diagnostics{at(1, SeverityWarning), at(2, SeverityError)}, 2, []int{1, 2}, ""},
		{"warnings only", Diagnostics{at(1, SeverityWarning), at(2, SeverityWarning), at(3, SeverityWarning)}, 2, []int{1, 2}, "too-many-warnings"},
		{"errors kept before earlier warnings", Diagnostics{at(1, SeverityWarning), at(2, SeverityWarning), at(3, SeverityError)}, 2, []int{1, 3}, "too-many-warnings"},
		{"errors left out", Diagnostics{at(1, SeverityError), at(2, SeverityError), at(3, SeverityError), at(4, SeverityWarning)}, 2, []int{1, 2}, "too-many-errors"},
	} {
		out := tc.in.Capped(tc.n)
		var lines []int
		for _, d := range out {
			if d.Code == "x" {
				lines = append(lines, d.Pos.Line)
			}
		}
		if fmt.Sprint(lines) != fmt.Sprint(tc.lines) {
			t.Errorf("%s: kept lines %v, want %v", tc.name, lines, tc.lines)
		}
		last := out[len(out)-1]
		switch {
		case tc.summary == "" && len(out) != len(tc.in):
			t.Errorf("%s: %d diagnostics, want all %d", tc.name, len(out), len(tc.in))
		case tc.summary != "" && last.Code != tc.summary:
			t.Errorf("%s: the last says %s, want %s", tc.name, last.Code, tc.summary)
		case out.HasErrors() != tc.in.HasErrors():
			t.Errorf("%s: errors %v after capping, %v before", tc.name, out.HasErrors(), tc.in.HasErrors())
		}
	}
}

func TestQuotedCutsALongText(t *testing.T) {
	assert.Equal(t, `"a \"b\""`, Quoted(`a "b"`))
	long := strings.Repeat("not ", 1000) + "true"
	got := Quoted(long)
	assert.Equal(t, strconv.Quote(long[:300])+"… (3704 characters more)", got)
}

// TestDedup: a mistake in a value an anchor names is told once, though
// each use of it names its own path; mistakes that differ in more than
// their paths, or have no position to tell them apart, are all told.
func TestDedup(t *testing.T) {
	at := Pos{File: "f.yaml", Line: 5, Column: 64}
	ds := Diagnostics{
		{Severity: SeverityError, Code: "unknown-field", Pos: at, Path: "actions.one.lable", Message: "unknown field \"lable\" in `actions.one`"},
		{Severity: SeverityError, Code: "unknown-field", Pos: at, Path: "actions.two.lable", Message: "unknown field \"lable\" in `actions.two`"},
		{Severity: SeverityWarning, Code: "card-text", Pos: at, Message: "the text says \"Cost 3\", but the card's cost is 4"},
		{Severity: SeverityWarning, Code: "card-text", Pos: at, Message: "the text says \"Power 3\", but the card's power is 2"},
		{Severity: SeverityError, Code: "io-error", Path: "a", Message: "cannot read"},
		{Severity: SeverityError, Code: "io-error", Path: "b", Message: "cannot read"},
		{Severity: SeverityError, Code: "io-error", Path: "b", Message: "cannot read"},
	}
	got := ds.Dedup()
	assert.Len(t, got, 5)
	assert.Equal(t, "actions.one.lable", got[0].Path, "the first use is kept")
	assert.Equal(t, []string{"a", "b"}, []string{got[3].Path, got[4].Path})
}
