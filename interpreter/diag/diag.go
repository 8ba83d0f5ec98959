package diag

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Severity says whether a diagnostic stops a ruleset from loading.
type Severity int

const (
	SeverityError Severity = iota
	SeverityWarning
)

func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Pos is a position in a source file; Line and Column are 1-based.
type Pos struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

func (p Pos) String() string {
	if p.File == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Diagnostic is one problem found while loading or validating a ruleset.
type Diagnostic struct {
	Severity Severity `json:"-"`
	Code     string   `json:"code"`
	Pos      Pos      `json:"pos"`
	End      Pos      `json:"end"` // where the offending text ends, when known
	Path     string   `json:"path,omitempty"`
	Message  string   `json:"message"`
	Detail   string   `json:"detail,omitempty"`
	Fix      Fix      `json:"fix,omitzero"` // a machine-applicable repair, when there is one
}

// Fix is a repair a tool can apply without asking: replace the text of Pos's
// file from Pos up to (not including) End with Text. Columns count
// characters, as positions do; both ends are on the file of the diagnostic.
type Fix struct {
	Pos  Pos    `json:"pos"`
	End  Pos    `json:"end"`
	Text string `json:"text"`
	// Old is the text the fix replaces, as the file has it: a fix whose
	// range holds anything else (a key written with an escape, a file
	// changed since) is not applied. "" applies it as it is.
	Old string `json:"old,omitempty"`
}

// IsZero says whether there is no fix.
func (f Fix) IsZero() bool { return f.Pos.Line == 0 }

func (d Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s: %s [%s]", d.Pos, d.Severity, d.Message, d.Code)
}

// Diagnostics is a list of problems; it is an error when it holds an error.
type Diagnostics []Diagnostic

func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// Sort orders diagnostics by file and position, so output is stable.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

func (ds Diagnostics) Error() string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

// Dedup drops repeats of a diagnostic: a YAML alias (or merge) compiles its
// node once per use, and one mistake in it is one mistake, told once, for
// the first place that uses it, though each use names its own path.
func (ds Diagnostics) Dedup() Diagnostics {
	type at struct {
		sev      Severity
		code     string
		pos, end Pos
		// the message without the paths it names: each use of an anchor
		// names its own; without a position, the path tells them apart
		words string
	}
	seen := make(map[at]bool, len(ds))
	out := ds[:0]
	for _, d := range ds {
		k := at{sev: d.Severity, code: d.Code, pos: d.Pos, end: d.End, words: d.Message}
		if d.Pos.Line == 0 {
			k.words = d.Path + "\x00" + d.Message
		} else {
			k.words = withoutPaths(d.Message)
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// withoutPaths is a message without the paths it names in backquotes
// (`actions.two`).
func withoutPaths(msg string) string {
	var b strings.Builder
	in := false
	for _, r := range msg {
		if r == '`' {
			in = !in
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Err returns ds as an error when it holds an error, else nil.
func (ds Diagnostics) Err() error {
	if ds.HasErrors() {
		return ds
	}
	return nil
}

// Capped keeps at most n of the diagnostics, errors before warnings, sorted
// by position, and says in one more how many it left out: too-many-errors
// when an error is among them, too-many-warnings when only warnings are, so
// that a flood of warnings never makes a file that has no error fail.
func (ds Diagnostics) Capped(n int) Diagnostics {
	if len(ds) <= n {
		return ds
	}
	kept := make(Diagnostics, 0, n+1)
	for _, sev := range []Severity{SeverityError, SeverityWarning} {
		for _, d := range ds {
			if d.Severity == sev && len(kept) < n {
				kept = append(kept, d)
			}
		}
	}
	errors := 0
	for _, d := range ds {
		if d.Severity == SeverityError {
			errors++
		}
	}
	kept.Sort()
	last := kept[len(kept)-1].Pos
	msg := fmt.Sprintf("%d more problems not shown; fix these first", len(ds)-n)
	if errors > n {
		return append(kept, Diagnostic{Severity: SeverityError, Code: "too-many-errors", Pos: last, Message: msg})
	}
	return append(kept, Diagnostic{Severity: SeverityWarning, Code: "too-many-warnings", Pos: last, Message: msg})
}

// maxQuoted is the most runes of a source text a message quotes.
const maxQuoted = 300

// Quoted is text as a message quotes it (%q): a text longer than a few
// lines is cut, with how much was left out, so that an expression of
// thousands of terms does not make a message as long.
func Quoted(text string) string {
	r := []rune(text)
	if len(r) <= maxQuoted {
		return strconv.Quote(text)
	}
	return fmt.Sprintf("%s… (%d characters more)", strconv.Quote(string(r[:maxQuoted])), len(r)-maxQuoted)
}
