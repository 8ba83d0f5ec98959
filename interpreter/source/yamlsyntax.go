package source

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"go.yaml.in/yaml/v3"
)

// SyntaxError turns the error yaml.v3 gives for a file that does not parse
// into a diagnostic at the place of the problem.
//
// yaml.v3 names a line in its message, but for most problems it is the line
// where the enclosing block or flow collection starts (and 0-based), and for
// an unknown anchor there is none. The place is found from the source
// instead: the problem is on the first line whose prefix of the file already
// fails with the same message, and at the first column of that line whose
// prefix does. Both searches halve the range at each parse, so a long file
// costs a few dozen parses, and only when it does not parse.
func SyntaxError(name string, data []byte, err error) diag.Diagnostic {
	full := err.Error()
	reported, msg := splitYAMLError(full)
	line, col := syntaxPos(data, full, reported)
	return diag.Diagnostic{Severity: diag.SeverityError, Code: "yaml-syntax", Pos: diag.Pos{File: name, Line: line, Column: col}, Message: "YAML syntax: " + msg}
}

// splitYAMLError reads yaml.v3's "yaml: line N: message" (the line part is
// optional) into N (0 when absent) and the message.
func splitYAMLError(s string) (int, string) {
	s = strings.TrimPrefix(s, "yaml: ")
	rest, ok := strings.CutPrefix(s, "line ")
	if !ok {
		return 0, s
	}
	n, i := 0, 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		n = n*10 + int(rest[i]-'0')
		i++
	}
	if i == 0 || !strings.HasPrefix(rest[i:], ": ") {
		return 0, s
	}
	return n, rest[i+2:]
}

// maxSearched and maxSearchedLine bound the file and the line whose syntax
// problem syntaxPos places by parsing prefixes again.
const (
	maxSearched     = 1 << 20
	maxSearchedLine = 4096
)

// syntaxPos finds the line and column of a syntax problem; see SyntaxError.
func syntaxPos(data []byte, full string, reported int) (int, int) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	fallback := max(reported, 1)
	if len(lines) == 0 {
		return 1, 1
	}
	if strings.Contains(full, "exceeded max depth") || len(data) > maxSearched {
		// each try parses a prefix again: on nesting this deep, or a file
		// this large, the search would take longer than the reader waits
		return min(fallback, len(lines)), 1
	}
	// the same failure as the whole file's, on a prefix of it
	same := func(prefix []byte) bool {
		var doc yaml.Node
		err := yaml.Unmarshal(prefix, &doc)
		return err != nil && err.Error() == full
	}
	lo, hi := min(max(reported, 1), len(lines)), len(lines)
	if reported > len(lines) {
		// yaml.v3 names the end of the file when the context of the problem
		// (an open quote, say) is on the first line: the line it names then
		// moves with the end of each prefix, so compare the message alone
		_, want := splitYAMLError(full)
		same = func(prefix []byte) bool {
			var doc yaml.Node
			err := yaml.Unmarshal(prefix, &doc)
			if err == nil {
				return false
			}
			_, got := splitYAMLError(err.Error())
			return got == want
		}
		lo = 1
	}
	upTo := func(n int) []byte { return bytes.Join(lines[:n], nil) }
	// whatever line yaml.v3 named, the problem is not above it: the context
	// it names encloses the problem
	if !same(upTo(hi)) {
		return fallback, 1
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if same(upTo(mid)) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	line := lo
	text := strings.TrimRight(string(lines[line-1]), "\r\n")
	msg := full
	switch {
	case strings.Contains(msg, "tab character"):
		if i := strings.IndexByte(text, '\t'); i >= 0 {
			return line, column(text, i)
		}
	case strings.Contains(msg, "unknown anchor '"):
		_, name, _ := strings.Cut(msg, "unknown anchor '")
		name, _, _ = strings.Cut(name, "'")
		if i := strings.Index(text, "*"+name); i >= 0 {
			return line, column(text, i)
		}
	}
	// the column: the shortest start of the line that fails the same way
	if len(text) > maxSearchedLine {
		return line, firstNonBlank(text)
	}
	before := upTo(line - 1)
	clo, chi := 1, len(text)
	if !same(append(before[:len(before):len(before)], text...)) {
		return line, firstNonBlank(text)
	}
	for clo < chi {
		mid := (clo + chi) / 2
		if same(append(before[:len(before):len(before)], text[:mid]...)) {
			chi = mid
		} else {
			clo = mid + 1
		}
	}
	// a flow collection left open: point at its opening bracket when it is
	// on this line
	for _, pair := range []string{"{}", "[]"} {
		if strings.Contains(msg, "did not find expected ',' or '"+pair[1:]+"'") {
			if i := unclosed(text[:min(clo, len(text))], pair[0], pair[1]); i >= 0 {
				return line, column(text, i)
			}
		}
	}
	return line, column(text, clo-1)
}

// unclosed is the byte index of the last opening bracket of s that is not
// closed within s, or -1.
func unclosed(s string, open, close byte) int {
	var stack []int
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case open:
			stack = append(stack, i)
		case close:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	if len(stack) == 0 {
		return -1
	}
	return stack[len(stack)-1]
}

// column is the 1-based column, in characters, of byte i of a line.
func column(line string, i int) int { return utf8.RuneCountInString(line[:min(i, len(line))]) + 1 }

func firstNonBlank(s string) int {
	for i, r := range s {
		if r != ' ' && r != '\t' {
			return column(s, i)
		}
	}
	return 1
}

// SecondDocument finds a second YAML document in a file whose first one
// parses (after a line of ---): a ruleset, a card file or a scenario is one
// document, and yaml.Unmarshal reads the first alone, so whatever follows
// would be left out without a word. It returns a diagnostic at the second
// document's first line, or nil when there is none (a --- or ... with
// nothing after it is none).
func SecondDocument(name string, data []byte) *diag.Diagnostic {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var first, next yaml.Node
	if dec.Decode(&first) != nil {
		return nil
	}
	err := dec.Decode(&next)
	if errors.Is(err, io.EOF) {
		return nil
	}
	if err != nil {
		// a second document that does not even parse: its error, placed
		// in the whole file
		d := SyntaxError(name, data, err)
		d.Message += " (in a second document, after a --- or ... line: the file is read as one document)"
		return &d
	}
	if len(next.Content) == 0 {
		return nil
	}
	n := next.Content[0]
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" {
		return nil // a --- with nothing after it
	}
	return &diag.Diagnostic{Severity: diag.SeverityError, Code: "yaml-syntax", Pos: diag.Pos{File: name, Line: n.Line, Column: n.Column},
		Message: "YAML syntax: a second document begins here (after a --- or ... line), and the file is read as one document: remove that line, or put the second document in a file of its own"}
}
