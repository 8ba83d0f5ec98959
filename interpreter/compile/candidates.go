package compile

import (
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
)

// StaticCandidates works out, from a static's applies_to, which cards it
// can apply to at all, so that deriving its values tries those rather than
// every card of the game: a condition that is, or begins with, `card.zone
// == z`, `card.zone in [z1, z2]` or `card in <list>` (a list that does not
// read card) holds for no other card. It gives the zone kinds (nil: any)
// and the list, compiled in sc (nil: none). An expression it cannot read so
// leaves the static trying every card.
func (c *ExprCompiler) StaticCandidates(n *yaml.Node, sc *closure.Scope) (zones []int, in *model.Expr) {
	n = source.ResolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil, nil
	}
	text, _ := rewriteEdition(n.Value)
	tree, err := parser.Parse(text)
	if err != nil {
		return nil, nil
	}
	for _, part := range conjuncts(tree.Node) {
		b, ok := part.(*ast.BinaryNode)
		if !ok {
			continue
		}
		switch {
		case isCardZone(b.Left) && b.Operator == "==":
			if z, ok := c.zoneName(b.Right); ok && zones == nil {
				zones = []int{z}
			}
		case isCardZone(b.Left) && b.Operator == "in":
			arr, ok := b.Right.(*ast.ArrayNode)
			if !ok || zones != nil {
				continue
			}
			var zs []int
			for _, el := range arr.Nodes {
				z, ok := c.zoneName(el)
				if !ok {
					zs = nil
					break
				}
				zs = append(zs, z)
			}
			zones = zs
		case isIdent(b.Left, "card") && b.Operator == "in" && !mentions(b.Right, "card") && in == nil:
			// compiled on its own, quietly: the whole condition compiled
			// already, so the part does too
			quiet := *c
			quiet.R = &source.Reader{File: c.R.File, Src: c.R.Src, Diags: new(diag.Diagnostics)}
			if e, _, _ := quiet.compileExpr(&yaml.Node{Kind: yaml.ScalarNode, Value: b.Right.String(), Line: n.Line, Column: n.Column}, "applies_to", sc, model.TCards); e != nil && e.Reads&model.ReadsAnything == 0 {
				in = e
			}
		}
	}
	return zones, in
}

// conjuncts lists the parts of a condition joined by and.
func conjuncts(n ast.Node) []ast.Node {
	if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "and" || b.Operator == "&&") {
		return append(conjuncts(b.Left), conjuncts(b.Right)...)
	}
	return []ast.Node{n}
}

func isIdent(n ast.Node, name string) bool {
	id, ok := n.(*ast.IdentifierNode)
	return ok && id.Value == name
}

// isCardZone reports whether n is card.zone.
func isCardZone(n ast.Node) bool {
	m, ok := n.(*ast.MemberNode)
	if !ok || !isIdent(m.Node, "card") {
		return false
	}
	s, ok := m.Property.(*ast.StringNode)
	return ok && s.Value == "zone"
}

// zoneName is the zone kind a bare or quoted name names.
func (c *ExprCompiler) zoneName(n ast.Node) (int, bool) {
	var name string
	switch v := n.(type) {
	case *ast.IdentifierNode:
		name = v.Value
	case *ast.StringNode:
		name = v.Value
	default:
		return 0, false
	}
	z, ok := c.Rs.ZoneIx[name]
	return z, ok
}

// mentions reports whether a tree reads a name.
func mentions(n ast.Node, name string) bool {
	found := false
	ast.Find(n, func(x ast.Node) bool {
		if isIdent(x, name) {
			found = true
		}
		return found
	})
	return found
}
