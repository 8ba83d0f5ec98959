package diag

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"
)

// Applied is one fix applied to a text, for reporting what changed.
type Applied struct {
	Line, Column int
	Old, New     string
	Code         string
}

// ApplyFixes applies to src (the text of file) every fix of ds that is on
// that file. Fixes that overlap one applied before are left out, as are fixes
// whose positions are not in the text; the same fix given twice is applied
// once.
func ApplyFixes(file string, src []byte, ds Diagnostics) ([]byte, []Applied) {
	type edit struct {
		from, to int
		text     string
		line     int
		col      int
		code     string
	}
	lines := lineStarts(src)
	offset := func(p Pos) (int, bool) {
		if p.Line < 1 || p.Line > len(lines) {
			return 0, false
		}
		i := lines[p.Line-1]
		end := len(src)
		if p.Line < len(lines) {
			end = lines[p.Line]
		}
		for col := 1; col < p.Column; col++ {
			if i >= end {
				return 0, false
			}
			_, w := utf8.DecodeRune(src[i:])
			i += w
		}
		return i, true
	}
	var edits []edit
	seen := map[Fix]bool{}
	for _, d := range ds {
		f := d.Fix
		if f.IsZero() || filepath.Clean(f.Pos.File) != filepath.Clean(file) || f.End.File != f.Pos.File || seen[f] {
			continue
		}
		seen[f] = true
		a, ok1 := offset(f.Pos)
		b, ok2 := offset(f.End)
		if !ok1 || !ok2 || b < a || f.Old != "" && string(src[a:b]) != f.Old {
			continue
		}
		edits = append(edits, edit{a, b, f.Text, f.Pos.Line, f.Pos.Column, d.Code})
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	var out strings.Builder
	var applied []Applied
	at := 0
	for _, e := range edits {
		if e.from < at {
			continue // overlaps an edit already made
		}
		out.Write(src[at:e.from])
		out.WriteString(e.text)
		applied = append(applied, Applied{Line: e.line, Column: e.col, Old: string(src[e.from:e.to]), New: e.text, Code: e.code})
		at = e.to
	}
	out.Write(src[at:])
	return []byte(out.String()), applied
}

func (a Applied) String() string {
	return fmt.Sprintf("%d:%d: %q -> %q [%s]", a.Line, a.Column, a.Old, a.New, a.Code)
}

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}
