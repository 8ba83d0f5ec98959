package interpreter

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// A template is text with {expression} parts, the one syntax of every text a
// ruleset writes that depends on the game: log lines, action labels, prompts,
// reasons, generated card names, views. {{ and }} stand for braces. Each part
// is compiled at load like any expression; when the text is rendered, every
// value prints the same way wherever it appears (see textPiece).

// template compiles the text of a into its fixed segments and expressions:
// Segs holds one more segment than Exprs, the text around each expression.
func (c *exprCompiler) template(a *Arg, n *yaml.Node, path string, sc *scope) {
	raw := a.Text
	var seg strings.Builder
	a.Segs, a.Exprs = nil, nil
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
			c.r.errorf(n, "bad-template", path, "a } without its { in %q (write }} for a brace)", raw)
			return
		case raw[i] == '{':
			j := strings.IndexByte(raw[i:], '}')
			if j < 0 {
				c.r.errorf(n, "bad-template", path, "a { without its } in %q (write {{ for a brace)", raw)
				return
			}
			src := raw[i+1 : i+j]
			if strings.TrimSpace(src) == "" {
				c.r.errorf(n, "bad-template", path, "an empty {} in %q", raw)
				return
			}
			node := &yaml.Node{Kind: yaml.ScalarNode, Value: src, Line: line, Column: col}
			if oneLine {
				node.Column = col + utf8.RuneCountInString(raw[:i+1])
			}
			e := c.compileExpr(node, path, sc.with(sc.card, sc.player, sc.event), TAny)
			if e == nil {
				return
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
}

// plainText checks a text that is not a template: braces there would be shown
// as they are, which is never what a designer meant.
func (c *exprCompiler) plainText(n *yaml.Node, path, text string) {
	if strings.ContainsAny(text, "{}") {
		c.r.errorf(n, "bad-template", path, "%s is plain text: {expressions} are not filled in here", describePath(path))
	}
}

// textPiece prints a value in text. Players print as their seats, cards
// through card (a name, or "a card" for a seat that does not know it), whole
// numbers and fractions as numbers (3.5), names as themselves, lists joined
// with commas and "and", and nothing as none.
func (g *Evaluator) textPiece(d Datum, none string, card func(int) string) string {
	switch d.K {
	case DNil:
		return none
	case DInt:
		return strconv.FormatInt(d.N, 10)
	case DFloat:
		return strconv.FormatFloat(d.Float(), 'f', -1, 64)
	case DBool:
		if d.N != 0 {
			return "true"
		}
		return "false"
	case DSym, DStr:
		return g.Text(d)
	case DPlayer:
		return g.seatName(int(d.N))
	case DCard:
		return card(int(d.N))
	case DList:
		if len(d.L) == 0 {
			return none
		}
		parts := make([]string, len(d.L))
		for i, x := range d.L {
			parts[i] = g.textPiece(Datum{K: d.E, N: int64(x)}, none, card)
		}
		return joinNames(parts)
	}
	return fmt.Sprint(g.datumAny(d))
}

// render fills a template's parts; a part that fails prints as "?" and the
// first error is returned.
func (g *Evaluator) render(a *Arg, f *Frame, none string, card func(int) string) (string, error) {
	if len(a.Exprs) == 0 {
		if len(a.Segs) == 1 {
			return a.Segs[0], nil
		}
		return a.Text, nil
	}
	var out strings.Builder
	var first error
	for i, e := range a.Exprs {
		out.WriteString(a.Segs[i])
		d, err := g.evalDatum(e, f)
		if err != nil {
			if first == nil {
				first = err
			}
			out.WriteString("?")
			continue
		}
		out.WriteString(g.textPiece(d, none, card))
	}
	out.WriteString(a.Segs[len(a.Segs)-1])
	return out.String(), first
}

// RenderText renders a template as seat sees it: the cards it does not know
// are "a card" (seat -1 knows every card; -2 none, for names built from names).
func (g *Evaluator) RenderText(a *Arg, f *Frame, seat int) string {
	return g.seatText(a, f, seat, "nothing")
}

// seatText renders a template for a seat, with none for nothing.
func (g *Evaluator) seatText(a *Arg, f *Frame, seat int, none string) string {
	s, _ := g.render(a, f, none, func(c int) string {
		if seat > -2 && c >= 0 && c < len(g.S.Cards) && g.knows(seat, c) {
			return g.CardName(c)
		}
		return "a card"
	})
	return s
}
