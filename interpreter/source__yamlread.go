package interpreter

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// reader walks yaml nodes of one file and collects diagnostics with positions.
type reader struct {
	file      string
	src       []byte
	diags     *Diagnostics
	srcLines  []string
	suggested map[string]bool // names suggested for unknown fields: not reported missing again
}

// lines is the file's text split into lines, computed once.
func (r *reader) lines() []string {
	if r.srcLines == nil {
		r.srcLines = strings.Split(string(r.src), "\n")
	}
	return r.srcLines
}

func (r *reader) pos(n *yaml.Node) Pos {
	if n == nil || n.Line == 0 {
		return Pos{File: r.file, Line: 1, Column: 1}
	}
	return Pos{File: r.file, Line: n.Line, Column: n.Column}
}

func (r *reader) errorf(n *yaml.Node, code, path, format string, args ...any) {
	*r.diags = append(*r.diags, Diagnostic{Severity: SeverityError, Code: code, Pos: r.pos(n), End: r.end(n), Path: path, Message: fmt.Sprintf(format, args...)})
}

// end is where a node's text ends on its line, for a diagnostic's range.
func (r *reader) end(n *yaml.Node) Pos {
	p := r.pos(n)
	if n != nil && n.Kind == yaml.ScalarNode && !strings.Contains(n.Value, "\n") && n.Style != yaml.LiteralStyle && n.Style != yaml.FoldedStyle {
		w := len([]rune(n.Value))
		if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
			w += 2
		}
		p.Column += w
	}
	return p
}

// field is one key of a mapping with its nodes.
type field struct {
	Key   string
	KeyN  *yaml.Node
	Value *yaml.Node
}

// mapping reads a mapping node; keys not in allowed are reported with a suggestion.
// A nil allowed list accepts every key.
func (r *reader) mapping(n *yaml.Node, path string, allowed ...string) ([]field, bool) {
	n = resolveAlias(n)
	if n == nil || n.Kind != yaml.MappingNode {
		r.errorf(n, "type-mismatch", path, "%s must be a mapping, found %s", describePath(path), kindName(n))
		return nil, false
	}
	out := make([]field, 0, len(n.Content)/2)
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolveAlias(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			r.errorf(k, "type-mismatch", path, "mapping keys must be plain names")
			continue
		}
		if seen[k.Value] {
			r.errorf(k, "duplicate-key", joinPath(path, k.Value), "key %q appears twice", k.Value)
			continue
		}
		seen[k.Value] = true
		if allowed != nil && !contains(allowed, k.Value) {
			msg := fmt.Sprintf("unknown field %q in %s", k.Value, describePath(path))
			if s := suggest(k.Value, allowed); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
				if r.suggested == nil {
					r.suggested = map[string]bool{}
				}
				r.suggested[joinPath(path, s)] = true
			}
			*r.diags = append(*r.diags, Diagnostic{Severity: SeverityError, Code: "unknown-field", Pos: r.pos(k), Path: joinPath(path, k.Value), Message: msg})
			continue
		}
		out = append(out, field{Key: k.Value, KeyN: k, Value: v})
	}
	return out, true
}

func (r *reader) require(n *yaml.Node, path string, fs []field, names ...string) bool {
	ok := true
	for _, name := range names {
		if get(fs, name) == nil && !r.suggested[joinPath(path, name)] {
			r.errorf(n, "missing-field", path, "%s needs the field %q", describePath(path), name)
			ok = false
		}
	}
	return ok
}

func get(fs []field, name string) *yaml.Node {
	for _, f := range fs {
		if f.Key == name {
			return f.Value
		}
	}
	return nil
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func (r *reader) str(n *yaml.Node, path string) (string, bool) {
	n = resolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		r.errorf(n, "type-mismatch", path, "%s must be a text value, found %s", describePath(path), kindName(n))
		return "", false
	}
	return n.Value, true
}

func (r *reader) integer(n *yaml.Node, path string) (int, bool) {
	n = resolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		r.errorf(n, "type-mismatch", path, "%s must be a whole number, found %s", describePath(path), kindName(n))
		return 0, false
	}
	v, err := strconv.Atoi(n.Value)
	if err != nil {
		r.errorf(n, "type-mismatch", path, "%s must be a whole number, found %q", describePath(path), n.Value)
		return 0, false
	}
	return v, true
}

func (r *reader) boolean(n *yaml.Node, path string) (bool, bool) {
	n = resolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		r.errorf(n, "type-mismatch", path, "%s must be true or false, found %s", describePath(path), kindName(n))
		return false, false
	}
	switch n.Value {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off":
		return false, true
	}
	r.errorf(n, "type-mismatch", path, "%s must be true or false, found %q", describePath(path), n.Value)
	return false, false
}

func (r *reader) strList(n *yaml.Node, path string) ([]string, bool) {
	n = resolveAlias(n)
	if n != nil && n.Kind == yaml.ScalarNode {
		return []string{n.Value}, true
	}
	if n == nil || n.Kind != yaml.SequenceNode {
		r.errorf(n, "type-mismatch", path, "%s must be a list of names, found %s", describePath(path), kindName(n))
		return nil, false
	}
	out := make([]string, 0, len(n.Content))
	ok := true
	for i, c := range n.Content {
		s, good := r.str(c, fmt.Sprintf("%s[%d]", path, i))
		ok = ok && good
		out = append(out, s)
	}
	return out, ok
}

func (r *reader) seq(n *yaml.Node, path string) ([]*yaml.Node, bool) {
	n = resolveAlias(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		r.errorf(n, "type-mismatch", path, "%s must be a list, found %s", describePath(path), kindName(n))
		return nil, false
	}
	return n.Content, true
}

func kindName(n *yaml.Node) string {
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

func describePath(p string) string {
	if p == "" {
		return "the file"
	}
	return "`" + p + "`"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (r *reader) diagAt(p Pos, code, path, msg string) {
	*r.diags = append(*r.diags, Diagnostic{Severity: SeverityError, Code: code, Pos: p, Path: path, Message: msg})
}
