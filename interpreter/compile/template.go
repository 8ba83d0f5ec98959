package compile

import (
	"strings"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

// Template compiles a text written at n into its fixed segments and
// expressions: Segs holds one more segment than Exprs, the text around each
// expression. A text with an error is kept as it is written.
func (c *ExprCompiler) Template(raw string, n *yaml.Node, path string, sc *closure.Scope) *model.Template {
	a := &model.Template{Text: raw, Pos: c.R.Pos(n)}
	var seg strings.Builder
	// where the scalar's text starts in the file, when it is on one line
	line, col := n.Line, n.Column
	oneLine := !strings.Contains(n.Value, "\n") && n.Style != yaml.LiteralStyle && n.Style != yaml.FoldedStyle
	if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
		col++
	}
	for i := 0; i < len(raw); {
		switch {
		case strings.HasPrefix(raw[i:], "{{"):
			seg.WriteByte('{')
			i += 2
		case strings.HasPrefix(raw[i:], "}}"):
			seg.WriteByte('}')
			i += 2
		case raw[i] == '}':
			c.R.Errorf(braceAt(n, raw, i, line, col, oneLine), "bad-template", path, "a } without its { in %q (write }} for a brace)", raw)
			return &model.Template{Text: raw, Pos: a.Pos}
		case raw[i] == '{':
			j := strings.IndexByte(raw[i:], '}')
			if j < 0 {
				c.R.Errorf(braceAt(n, raw, i, line, col, oneLine), "bad-template", path, "a { without its } in %q (write {{ for a brace)", raw)
				return &model.Template{Text: raw, Pos: a.Pos}
			}
			src := raw[i+1 : i+j]
			if strings.TrimSpace(src) == "" {
				c.R.Errorf(n, "bad-template", path, "an empty {} in %q", raw)
				return &model.Template{Text: raw, Pos: a.Pos}
			}
			node := &yaml.Node{Kind: yaml.ScalarNode, Value: src, Line: line, Column: col}
			if oneLine {
				node.Column = col + utf8.RuneCountInString(raw[:i+1])
			}
			c.printing = true
			e := c.CompileExpr(node, path, sc.With(sc.Card, sc.Player, sc.Event), model.TAny)
			c.printing = false
			if e == nil {
				return &model.Template{Text: raw, Pos: a.Pos}
			}
			a.Segs = append(a.Segs, seg.String())
			seg.Reset()
			a.Exprs = append(a.Exprs, e)
			i += j + 1
		default:
			seg.WriteByte(raw[i])
			i++
		}
	}
	a.Segs = append(a.Segs, seg.String())
	return a
}

// braceAt is where a diagnostic about the brace at raw[i] points: at the
// brace, when the text is on one line of the file, else at the text.
func braceAt(n *yaml.Node, raw string, i, line, col int, oneLine bool) *yaml.Node {
	if !oneLine {
		return n
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: raw[i:], Line: line, Column: col + utf8.RuneCountInString(raw[:i])}
}

// PlainText checks a text that is not a template: braces there would be shown
// as they are, which is never what a designer meant.
func (c *ExprCompiler) PlainText(n *yaml.Node, path, text string) {
	if strings.ContainsAny(text, "{}") {
		c.R.Errorf(n, "bad-template", path, "%s is plain text: {expressions} are not filled in here", source.DescribePath(path))
	}
}
