package source

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"go.yaml.in/yaml/v3"
)

// Reader walks yaml nodes of one file and collects diagnostics with positions.
type Reader struct {
	File      string
	Src       []byte
	Diags     *diag.Diagnostics
	srcLines  []string
	suggested map[string]bool // names suggested for unknown fields: not reported missing again
}

// Lines is the file's text split into lines, computed once.
func (r *Reader) Lines() []string {
	if r.srcLines == nil {
		r.srcLines = strings.Split(string(r.Src), "\n")
	}
	return r.srcLines
}

func (r *Reader) Pos(n *yaml.Node) diag.Pos {
	if n == nil || n.Line == 0 {
		return diag.Pos{File: r.File, Line: 1, Column: 1}
	}
	return diag.Pos{File: r.File, Line: n.Line, Column: n.Column}
}

func (r *Reader) Errorf(n *yaml.Node, code, path, format string, args ...any) {
	*r.Diags = append(*r.Diags, diag.Diagnostic{Severity: diag.SeverityError, Code: code, Pos: r.Pos(n), End: r.end(n), Path: path, Message: fmt.Sprintf(format, args...)})
}

// FixLast attaches to the last diagnostic reported a fix that replaces the
// text of the one-line scalar n with text; a node of several lines gets none.
func (r *Reader) FixLast(n *yaml.Node, text string) {
	if len(*r.Diags) == 0 || n == nil || n.Kind != yaml.ScalarNode || n.Line == 0 {
		return
	}
	end := r.end(n)
	if end == r.Pos(n) {
		return
	}
	(*r.Diags)[len(*r.Diags)-1].Fix = diag.Fix{Pos: r.Pos(n), End: end, Text: text, Old: scalarSource(n)}
}

// scalarSource is how a one-line scalar is written when written plainly:
// its value, in its quotes. One written with an escape is written
// otherwise, and a fix that expects this text leaves it alone.
func scalarSource(n *yaml.Node) string {
	switch n.Style {
	case yaml.DoubleQuotedStyle:
		return `"` + n.Value + `"`
	case yaml.SingleQuotedStyle:
		return "'" + strings.ReplaceAll(n.Value, "'", "''") + "'"
	}
	return n.Value
}

// end is where a node's text ends on its line, for a diagnostic's range.
func (r *Reader) end(n *yaml.Node) diag.Pos {
	p := r.Pos(n)
	if n != nil && n.Kind == yaml.ScalarNode && !strings.Contains(n.Value, "\n") && n.Style != yaml.LiteralStyle && n.Style != yaml.FoldedStyle {
		w := len([]rune(n.Value))
		if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
			w += 2
		}
		p.Column += w
	}
	return p
}

// Field is one key of a mapping with its nodes.
type Field struct {
	Key   string
	KeyN  *yaml.Node
	Value *yaml.Node
}

// Mapping reads a mapping node; keys not in allowed are reported with a suggestion.
// A nil allowed list accepts every key.
func (r *Reader) Mapping(n *yaml.Node, path string, allowed ...string) ([]Field, bool) {
	n = ResolveAlias(n)
	if n == nil || n.Kind != yaml.MappingNode {
		r.Errorf(n, "type-mismatch", path, "%s must be a mapping, found %s", DescribePath(path), KindName(n))
		return nil, false
	}
	out := make([]Field, 0, len(n.Content)/2)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], ResolveAlias(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			r.Errorf(k, "type-mismatch", path, "mapping keys must be plain names")
			continue
		}
		if strings.TrimSpace(k.Value) == "" {
			// a name left empty names nothing a step or an expression
			// could read ('' in zones: {'': {}})
			r.Errorf(k, "bad-value", path, "an empty key in %s: a key here is a name, written out", DescribePath(path))
			continue
		}
		if seen[k.Value] {
			r.Errorf(k, "duplicate-key", joinPath(path, k.Value), "key %q appears twice", k.Value)
			continue
		}
		seen[k.Value] = true
		if allowed != nil && !Contains(allowed, k.Value) {
			msg := fmt.Sprintf("unknown field %q in %s", k.Value, DescribePath(path))
			if s := diag.Suggest(k.Value, allowed); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
				if r.suggested == nil {
					r.suggested = map[string]bool{}
				}
				r.suggested[joinPath(path, s)] = true
			}
			*r.Diags = append(*r.Diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-field", Pos: r.Pos(k), Path: joinPath(path, k.Value), Message: msg})
			continue
		}
		out = append(out, Field{Key: k.Value, KeyN: k, Value: v})
	}
	return out, true
}

func (r *Reader) Require(n *yaml.Node, path string, fs []Field, names ...string) bool {
	ok := true
	for _, name := range names {
		if Get(fs, name) == nil && !r.suggested[joinPath(path, name)] {
			r.Errorf(n, "missing-field", path, "%s needs the field %q", DescribePath(path), name)
			ok = false
		}
	}
	return ok
}

func Get(fs []Field, name string) *yaml.Node {
	for _, f := range fs {
		if f.Key == name {
			return f.Value
		}
	}
	return nil
}

func ResolveAlias(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func (r *Reader) Str(n *yaml.Node, path string) (string, bool) {
	n = ResolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		r.Errorf(n, "type-mismatch", path, "%s must be a text value, found %s", DescribePath(path), KindName(n))
		return "", false
	}
	if c, bad := ControlIn(n.Value); bad {
		// shown on players' terminals, it would not print as itself (an
		// escape sequence, a bell, a mark that turns the text round)
		r.Errorf(n, "bad-value", path, "%s holds the control character %U, which players' screens would not show as text: write printable text", DescribePath(path), c)
		return n.Value, false
	}
	return n.Value, true
}

// ControlIn finds the first character of s that a terminal would not print
// as text: a control character other than a line break or a tab, or a mark
// that turns the direction of the text round.
func ControlIn(s string) (rune, bool) {
	for _, c := range s {
		if c == '\n' || c == '\t' || c == '\r' {
			continue
		}
		if unicode.IsControl(c) || unicode.Is(unicode.Bidi_Control, c) {
			return c, true
		}
	}
	return 0, false
}

// Printable is text with every character ControlIn finds written as an
// escape (\u001b): shown as it is written, never acted on by a terminal;
// line breaks and tabs stay as they are.
func Printable(text string) string {
	if _, bad := ControlIn(text); !bad {
		return text
	}
	var b strings.Builder
	for _, r := range text {
		if r != '\n' && r != '\t' && r != '\r' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (r *Reader) Integer(n *yaml.Node, path string) (int, bool) {
	n = ResolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		r.Errorf(n, "type-mismatch", path, "%s must be a whole number, found %s", DescribePath(path), KindName(n))
		return 0, false
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		r.Errorf(n, "type-mismatch", path, "%s must be a whole number, found %q", DescribePath(path), n.Value)
		return 0, false
	}
	return v, true
}

func (r *Reader) Boolean(n *yaml.Node, path string) (bool, bool) {
	n = ResolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		r.Errorf(n, "type-mismatch", path, "%s must be true or false, found %s", DescribePath(path), KindName(n))
		return false, false
	}
	switch n.Value {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off":
		return false, true
	}
	r.Errorf(n, "type-mismatch", path, "%s must be true or false, found %q", DescribePath(path), n.Value)
	return false, false
}

func (r *Reader) StrList(n *yaml.Node, path string) ([]string, bool) {
	n = ResolveAlias(n)
	if n != nil && n.Kind == yaml.ScalarNode {
		return []string{n.Value}, true
	}
	if n == nil || n.Kind != yaml.SequenceNode {
		r.Errorf(n, "type-mismatch", path, "%s must be a list of names, found %s", DescribePath(path), KindName(n))
		return nil, false
	}
	out := make([]string, 0, len(n.Content))
	ok := true
	for i, c := range n.Content {
		s, good := r.Str(c, fmt.Sprintf("%s[%d]", path, i))
		ok = ok && good
		out = append(out, s)
	}
	return out, ok
}

func (r *Reader) Seq(n *yaml.Node, path string) ([]*yaml.Node, bool) {
	n = ResolveAlias(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		r.Errorf(n, "type-mismatch", path, "%s must be a list, found %s", DescribePath(path), KindName(n))
		return nil, false
	}
	return n.Content, true
}

func KindName(n *yaml.Node) string {
	if n == nil {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "an alias"
}

func joinPath(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}

func DescribePath(p string) string {
	if p == "" {
		return "the file"
	}
	return "`" + p + "`"
}

func Contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (r *Reader) DiagAt(p diag.Pos, code, path, msg string) {
	// a message ending in a space (some of expr's do) would print two
	// before the code
	*r.Diags = append(*r.Diags, diag.Diagnostic{Severity: diag.SeverityError, Code: code, Pos: p, Path: path, Message: strings.TrimSpace(msg)})
}

// DuplicateKeys calls found for every key written a second time in a
// mapping of n or of any node within it, with the key's first writing: a
// reader that walks a mapping itself would let the second hide the first.
func DuplicateKeys(n *yaml.Node, found func(again, first *yaml.Node)) {
	if n == nil {
		return
	}
	if n.Kind == yaml.MappingNode {
		var seen map[string]*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Value == "<<" {
				continue
			}
			if seen == nil {
				seen = map[string]*yaml.Node{}
			}
			if first, ok := seen[k.Value]; ok {
				found(k, first)
				continue
			}
			seen[k.Value] = k
		}
	}
	if n.Kind == yaml.AliasNode {
		return // its anchor's node is walked where it is written
	}
	for _, c := range n.Content {
		DuplicateKeys(c, found)
	}
}
