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
// == z`, `card.zone in [z1, z2]` or `card in <list>` (a list written as a
// name and its fields, such as this.adjacent or you.table) holds for no
// other card. It gives the zone kinds (nil: any)
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
			if arr, ok := b.Right.(*ast.ArrayNode); ok && zones == nil {
				zones = zonesOf(arr.Nodes, c.zoneName)
			}
		case isIdent(b.Left, "card") && b.Operator == "in" && isPath(b.Right) && !mentions(b.Right, "card") && in == nil:
			// compiled on its own, quietly, from its text written out again:
			// a name and its fields read back as they were written (a
			// longer expression might not, and a list that missed a card
			// would keep the static off it)
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

// isPath reports whether n is a name and its fields: you.table, this.adjacent.
func isPath(n ast.Node) bool {
	switch v := n.(type) {
	case *ast.IdentifierNode:
		return true
	case *ast.MemberNode:
		s, ok := v.Property.(*ast.StringNode)
		return ok && !v.Optional && isPath(v.Node) && s.Value != ""
	}
	return false
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

// CompileTrigger compiles a trigger's condition as CompileExpr does and
// works out, from it, the zones an event must name in its to and from
// fields for the condition to hold: a condition that is, or has among the
// parts joined by and, `event.to == z`, `z == event.to` or `event.to in
// [z1, z2]` (from alike), z a zone's name. It gives their kinds, nil when
// the condition does not say; the engine then tries the condition only on
// events that name one of them. The tree the compiler checked is read, so
// nothing is parsed twice. exact is whether the condition is those zone
// tests and nothing else (zonesDecide): an event they admit meets it.
func (c *ExprCompiler) CompileTrigger(n *yaml.Node, path string, sc *closure.Scope) (e *model.Expr, to, from []int, exact bool) {
	// only the condition's own node: not an expression compiled on the way
	c.zonesAt, c.zonesTo, c.zonesFrom, c.zonesExact = source.ResolveAlias(n), nil, nil, false
	e = c.CompileExpr(n, path, sc, model.TBool)
	to, from, exact = c.zonesTo, c.zonesFrom, c.zonesExact
	c.zonesAt, c.zonesTo, c.zonesFrom, c.zonesExact = nil, nil, nil, false
	if e == nil {
		return nil, nil, nil, false
	}
	return e, to, from, exact
}

// eventZones is the zone kinds a condition's tree says event.<field> must
// name (CompileTrigger).
func (c *ExprCompiler) eventZones(tree ast.Node, field string) []int {
	for _, part := range conjuncts(tree) {
		if f, zones := c.zoneTestOf(part); f == field {
			return zones
		}
	}
	return nil
}

// zonesDecide reports whether a condition is its zone tests and nothing
// else: every part joined by and is one eventZones reads, each field
// tested once. An event the zones admit then meets the condition.
func (c *ExprCompiler) zonesDecide(tree ast.Node) bool {
	var to, from bool
	for _, part := range conjuncts(tree) {
		switch f, _ := c.zoneTestOf(part); {
		case f == "to" && !to:
			to = true
		case f == "from" && !from:
			from = true
		default:
			return false
		}
	}
	return true
}

// zoneTestOf reads a part of a condition as a test of an event's to or
// from against zones (event.to == z, z == event.to, event.to in [z1, z2]):
// the field and the zones' kinds, or "" when it is none.
func (c *ExprCompiler) zoneTestOf(part ast.Node) (field string, zones []int) {
	b, ok := part.(*ast.BinaryNode)
	if !ok {
		return "", nil
	}
	for _, field := range [...]string{"to", "from"} {
		left, right := b.Left, b.Right
		if b.Operator == "==" && isEventField(right, field) {
			left, right = right, left
		}
		if !isEventField(left, field) {
			continue
		}
		switch b.Operator {
		case "==":
			if z, ok := c.zoneKind(right); ok {
				return field, []int{z}
			}
		case "in":
			if arr, ok := right.(*ast.ArrayNode); ok {
				if out := zonesOf(arr.Nodes, c.zoneKind); out != nil {
					return field, out
				}
			}
		}
	}
	return "", nil
}

// zonesOf is the zone kinds a list literal's elements name, each read by
// kind; nil when one names none.
func zonesOf(nodes []ast.Node, kind func(ast.Node) (int, bool)) []int {
	var out []int
	for _, el := range nodes {
		z, ok := kind(el)
		if !ok {
			return nil
		}
		out = append(out, z)
	}
	return out
}

// isEventField reports whether n is event.<field>.
func isEventField(n ast.Node, field string) bool {
	m, ok := n.(*ast.MemberNode)
	if !ok || m.Optional || !isIdent(m.Node, "event") {
		return false
	}
	s, ok := m.Property.(*ast.StringNode)
	return ok && s.Value == field
}

// zoneKind is the zone kind a name or a string names; a name the language
// gives a meaning of its own (turn, you) is not read as a zone's.
func (c *ExprCompiler) zoneKind(n ast.Node) (int, bool) {
	if id, ok := n.(*ast.IdentifierNode); ok {
		if _, builtin := closure.BuiltinIdents[id.Value]; builtin {
			return 0, false
		}
	}
	return c.zoneName(n)
}
