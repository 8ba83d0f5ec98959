package source_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/source"
)

// TestSyntaxErrorPosition places YAML syntax errors at the line and column of
// the problem, not at the line yaml.v3 names (the start of the enclosing
// collection, or the end of the file).
func TestSyntaxErrorPosition(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		msg       string
	}{
		{"colon in a plain scalar", "name: x\ndoc: a: b\n", 2, 7, "YAML syntax: mapping values are not allowed in this context"},
		{"unclosed flow mapping", "name: x\nzones:\n  hand: {visibility: owner\nturn: {}\n", 3, 9, "YAML syntax: did not find expected ',' or '}'"},
		{"unclosed flow sequence", "name: x\ncards: [a, b\nturn: {}\n", 2, 8, "YAML syntax: did not find expected ',' or ']'"},
		{"tab in the indentation", "cards:\n  - id: a\n\tname: A\n", 3, 1, "YAML syntax: found a tab character that violates indentation"},
		{"under-indented key", "cards:\n  - id: a\n    name: A\n   text: x\n", 4, 4, "YAML syntax: did not find expected '-' indicator"},
		{"unknown anchor", "a: &one 1\nb: 2\nc: *two\n", 3, 4, "YAML syntax: unknown anchor 'two' referenced"},
		{"open quote on the first line", "name: \"abc\nzones: {}\n", 1, 7, "YAML syntax: found unexpected end of stream"},
		{"open quote further down", "name: x\nzones: {}\ndoc: 'abc\nturn: {}\n", 3, 6, "YAML syntax: found unexpected end of stream"},
		{"Windows line ends", "name: x\r\ndoc: a: b\r\n", 2, 7, "YAML syntax: mapping values are not allowed in this context"},
		{"columns count characters", "name: é\ndoc: ü: b\n", 2, 7, "YAML syntax: mapping values are not allowed in this context"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var doc yaml.Node
			err := yaml.Unmarshal([]byte(c.src), &doc)
			if err == nil {
				t.Fatalf("the source parses")
			}
			d := source.SyntaxError("f.yaml", []byte(c.src), err)
			if d.Pos.Line != c.line || d.Pos.Column != c.col || d.Message != c.msg || d.Code != "yaml-syntax" {
				t.Errorf("got %s, want f.yaml:%d:%d: error: %s [yaml-syntax] (yaml.v3 said %q)", d, c.line, c.col, c.msg, err)
			}
		})
	}
}

// TestATabBeforeABraceIsTheTab: a line indented with a tab whose value
// holds braces is told at the tab, as a tab, not as a value to quote (the
// braces were taken for the reason, at the far end of the line).
func TestATabBeforeABraceIsTheTab(t *testing.T) {
	src := "properties:\n  card:\n\tenergy: {type: enum, values: [a, b], doc: the card's type}\n"
	var doc yaml.Node
	err := yaml.Unmarshal([]byte(src), &doc)
	if err == nil {
		t.Fatalf("the source parses")
	}
	d := source.SyntaxPitfall(source.SyntaxError("f.yaml", []byte(src), err), []byte(src))
	if d.Pos.Line != 3 || d.Pos.Column != 1 || d.Code != "yaml-syntax" {
		t.Fatalf("got %s, want the tab at f.yaml:3:1 [yaml-syntax]", d)
	}
	if want := "a tab indents this line, and YAML indents with spaces only"; !strings.Contains(d.Message, want) && !strings.Contains(d.Message, "tab character") {
		t.Errorf("got %q, want it to say %q", d.Message, want)
	}
}

// TestAControlCharacterIsShownItself: a control character YAML refuses is
// reported where it is, as itself, with no hint about quotes (quoting the
// value would not take it out).
func TestAControlCharacterIsShownItself(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		char      string
	}{
		{"at the start", "\x00\x01name: x\n", 1, 1, "U+0000"},
		{"after a quoted value", "name: x\nversion: \"1\"\x07\n", 2, 13, "U+0007"},
		{"after accented letters", "name: é\ndoc: ü\x1b[31m\n", 2, 7, "U+001B"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var doc yaml.Node
			err := yaml.Unmarshal([]byte(c.src), &doc)
			if err == nil {
				t.Fatalf("the source parses")
			}
			d := source.SyntaxPitfall(source.SyntaxError("f.yaml", []byte(c.src), err), []byte(c.src))
			if d.Pos.Line != c.line || d.Pos.Column != c.col || !strings.Contains(d.Message, c.char) || strings.Contains(d.Message, "quotes") {
				t.Errorf("got %s, want the character %s at f.yaml:%d:%d", d, c.char, c.line, c.col)
			}
		})
	}
}

// TestBytesThatAreNoTextGetNoQuotesHint: a line of bytes that are not
// UTF-8 (a binary file read as a ruleset) is told as YAML tells it, with no
// hint to quote it, which would print the bytes to the terminal and mend
// nothing.
func TestBytesThatAreNoTextGetNoQuotesHint(t *testing.T) {
	for _, src := range []string{"name: x\ndoc: a: b \xc3\n", "name: x\ndoc: a: b \xff\xfe\n"} {
		var doc yaml.Node
		err := yaml.Unmarshal([]byte(src), &doc)
		if err == nil {
			t.Fatalf("%q parses", src)
		}
		d := source.SyntaxPitfall(source.SyntaxError("f.yaml", []byte(src), err), []byte(src))
		if strings.Contains(d.Message, "quotes") || !utf8.ValidString(d.Message) || d.Code != "yaml-syntax" {
			t.Errorf("%q: got %s", src, d)
		}
	}
}
