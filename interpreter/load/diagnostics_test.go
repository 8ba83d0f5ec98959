package load_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

// invalidDir holds the bad-input corpus: each YAML file directly in it is a
// small ruleset with mistakes; its card files live in cards/<case>/.
//
// Every expected diagnostic is marked on the line it must be reported at, in
// the style of Go's own parser tests:
//
//	zones: [hand]  # ERROR "must be a mapping"
//	  - shufle: deck  # ERROR col=5 code=unknown-primitive `did you mean "shuffle"`
//
// A marker is `# ERROR` (or `# WARNING`) followed by one or more regexps, each
// one expected diagnostic of that severity on that line. A regexp matches the
// diagnostic's message or its code. `col=N` before a regexp pins its column,
// `code=C` its code.
// Inside an expression written over several lines (a `|` or `>` block), the
// marker goes in an expression comment at the end of the line: `// # ERROR
// "..."`. A diagnostic about a file that has no lines (a card file that cannot
// be read) is marked in the ruleset with `at=PATH`, PATH relative to the
// marking file; it is then expected at line 1 of PATH.
//
// The test checks that every marker is matched by exactly one diagnostic and
// that no diagnostic is left without a marker: every mistake is reported once,
// at the right place.
const invalidDir = "../../testdata/invalid"

// engineProblems lists the cases that show a loader problem whose fix is not
// trivial; they are skipped until the loader is fixed. (Cases whose fix is
// small are left to fail.)
var engineProblems = map[string]string{}

// expectation is one marked diagnostic.
type expectation struct {
	file     string // cleaned path
	line     int
	col      int    // 0: any column
	code     string // "": any code
	severity diag.Severity
	re       *regexp.Regexp
	src      string // the marker text, for messages
}

var markerRE = regexp.MustCompile(`#\s*(ERROR|WARNING)\b(.*)$`)

// parseMarkers returns the expectations marked in one file.
func parseMarkers(t *testing.T, path string) []expectation {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		// an unreadable entry (the io case) carries no markers
		return nil
	}
	var out []expectation
	for i, line := range strings.Split(string(data), "\n") {
		m := markerRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		sev := diag.SeverityError
		if m[1] == "WARNING" {
			sev = diag.SeverityWarning
		}
		rest := strings.TrimSpace(m[2])
		col, code, file, lineNo := 0, "", filepath.Clean(path), i+1
		n := 0
		for rest != "" {
			switch {
			case strings.HasPrefix(rest, "col="):
				end := strings.IndexByte(rest, ' ')
				if end < 0 {
					end = len(rest)
				}
				c, err := strconv.Atoi(rest[len("col="):end])
				require.NoError(t, err, "%s:%d: bad col= in marker", path, i+1)
				col = c
				rest = strings.TrimSpace(rest[end:])
			case strings.HasPrefix(rest, "code="):
				end := strings.IndexByte(rest, ' ')
				if end < 0 {
					end = len(rest)
				}
				code = rest[len("code="):end]
				rest = strings.TrimSpace(rest[end:])
			case strings.HasPrefix(rest, "at="):
				end := strings.IndexByte(rest, ' ')
				if end < 0 {
					end = len(rest)
				}
				file = filepath.Clean(filepath.Join(filepath.Dir(path), rest[len("at="):end]))
				lineNo = 1
				rest = strings.TrimSpace(rest[end:])
			case rest[0] == '"' || rest[0] == '`':
				q, err := strconv.QuotedPrefix(rest)
				require.NoError(t, err, "%s:%d: bad quoted regexp in marker", path, i+1)
				s, _ := strconv.Unquote(q)
				re, err := regexp.Compile(s)
				require.NoError(t, err, "%s:%d: bad regexp in marker", path, i+1)
				out = append(out, expectation{file: file, line: lineNo, col: col, code: code, severity: sev, re: re, src: q})
				col, code = 0, ""
				n++
				rest = strings.TrimSpace(rest[len(q):])
			default:
				t.Fatalf("%s:%d: cannot read marker %q", path, i+1, m[0])
			}
		}
		require.NotZero(t, n, "%s:%d: a marker needs at least one regexp", path, i+1)
	}
	return out
}

// markedFiles lists the files whose markers a case uses: the ruleset and every
// file under cards/<case>/.
func markedFiles(t *testing.T, ruleset string) []string {
	t.Helper()
	files := []string{ruleset}
	stem := strings.TrimSuffix(filepath.Base(ruleset), filepath.Ext(ruleset))
	dir := filepath.Join(filepath.Dir(ruleset), "cards", stem)
	if _, err := os.Stat(dir); err != nil {
		return files
	}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	require.NoError(t, err)
	return files
}

func describe(d diag.Diagnostic) string {
	return fmt.Sprintf("%d:%d: %s: %s [%s]", d.Pos.Line, d.Pos.Column, d.Severity, d.Message, d.Code)
}

func (e expectation) matches(d diag.Diagnostic) bool {
	if d.Severity != e.severity || filepath.Clean(d.Pos.File) != e.file || d.Pos.Line != e.line {
		return false
	}
	if e.col != 0 && d.Pos.Column != e.col || e.code != "" && d.Code != e.code {
		return false
	}
	return e.re.MatchString(d.Message) || e.re.MatchString(d.Code)
}

// loadNoPanic loads a ruleset file, turning a panic into a test failure.
func loadNoPanic(t *testing.T, path string) (rs *model.Ruleset, diags diag.Diagnostics) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("LoadFile panicked: %v", r)
		}
	}()
	return load.LoadFile(path, stdlib.Library())
}

// invalidCases lists the ruleset files directly in the corpus folder.
func invalidCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(invalidDir)
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".yaml") {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

// TestInvalidCorpusSize keeps the corpus from shrinking by accident.
func TestInvalidCorpusSize(t *testing.T) {
	require.GreaterOrEqual(t, len(invalidCases(t)), 45, "the corpus should hold at least 45 cases")
}

func TestInvalidRulesets(t *testing.T) {
	cases := invalidCases(t)
	for _, name := range cases {
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			if why, ok := engineProblems[name]; ok {
				t.Skip(why)
			}
			path := filepath.Join(invalidDir, name)
			var want []expectation
			for _, f := range markedFiles(t, path) {
				want = append(want, parseMarkers(t, f)...)
			}
			require.NotEmpty(t, want, "a case in the corpus marks at least one expected diagnostic")

			rs, diags := loadNoPanic(t, path)
			for _, d := range diags {
				require.NotEqual(t, "internal", d.Code, "the loader panicked: %s", describe(d))
			}
			if diags.HasErrors() {
				assert.Nil(t, rs, "a ruleset with errors must not be returned")
			} else {
				assert.NotNil(t, rs, "a ruleset without errors must be returned")
			}

			// pinned expectations first, so a loose one does not take their diagnostic
			sort.SliceStable(want, func(i, j int) bool { return want[i].col != 0 && want[j].col == 0 })
			used := make([]bool, len(diags))
			for _, e := range want {
				found := false
				for i, d := range diags {
					if !used[i] && e.matches(d) {
						used[i], found = true, true
						break
					}
				}
				if !found {
					var near []string
					for _, d := range diags {
						if filepath.Clean(d.Pos.File) == e.file && d.Pos.Line == e.line {
							near = append(near, describe(d))
						}
					}
					where := fmt.Sprintf("%s:%d", e.file, e.line)
					if e.col != 0 {
						where += fmt.Sprintf(":%d", e.col)
					}
					what := e.src
					if e.code != "" {
						what = "[" + e.code + "] " + what
					}
					assert.Failf(t, "missing diagnostic", "%s: want %s %s; on that line the loader reported: %s",
						where, e.severity, what, strings.Join(append(near, "(nothing else)"), "; "))
				}
			}
			for i, d := range diags {
				if used[i] {
					continue
				}
				why := "no marker on that line matches it"
				for j, o := range diags {
					if j != i && o.Pos == d.Pos && o.Code == d.Code && o.Message == d.Message && (used[j] || j < i) {
						why = "the same diagnostic is reported more than once"
						break
					}
				}
				assert.Failf(t, "unexpected diagnostic", "%s:%s (%s)", d.Pos.File, describe(d), why)
			}
		})
	}
}
