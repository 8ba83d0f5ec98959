package compile

import (
	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/expr-lang/expr/ast"
	"go.yaml.in/yaml/v3"
)

// maxTerms is the most conditions joined by and that CompileCondition
// compiles one by one; a longer chain is kept whole. maxLeaves is the most
// conditions a term written as alternatives may have in all (Expr.Alts).
const (
	maxTerms  = 8
	maxLeaves = model.MaxLeaves
)

// CompileCondition compiles a condition as CompileExpr does and, when it
// joins several conditions by and, each of them on its own as well
// (model.Expr.Terms), from the tree already checked: nothing is parsed
// twice. Each term reads what its own nodes read, so that what a false one
// gives may be kept longer than the whole. A term, or the whole, written
// as alternatives joined by or, each a chain joined by and, has those
// compiled one by one too (model.Expr.Alts).
func (c *ExprCompiler) CompileCondition(n *yaml.Node, path string, sc *closure.Scope) *model.Expr {
	e, tree, _ := c.compileExpr(n, path, sc, model.TBool)
	if e == nil {
		return nil
	}
	c.list(e)
	parts := conjuncts(tree)
	if len(parts) > maxTerms {
		return e
	}
	if len(parts) < 2 {
		e.Alts = c.alternatives(tree, e, sc)
		return e
	}
	terms := make([]*model.Expr, 0, len(parts))
	for _, p := range parts {
		t := c.subCondition(p, e, sc)
		if t == nil {
			// the whole compiled, so its terms do; a form told otherwise
			// keeps the condition whole
			return e
		}
		t.Alts = c.alternatives(p, e, sc)
		terms = append(terms, t)
	}
	e.Terms = terms
	return e
}

// subCondition compiles a condition inside the condition e (a term, an
// alternative's part) on its own, from e's checked tree: it takes e's text
// and position, and reads what its own nodes read. It is nil when the
// closures refuse it alone.
func (c *ExprCompiler) subCondition(n ast.Node, e *model.Expr, sc *closure.Scope) *model.Expr {
	cc := &closure.Compiler{Rs: c.Rs, Sc: sc, Preds: c.preds, Locals: append([]closure.Local(nil), sc.Params...)}
	fn, ct := cc.Compile(n)
	if len(cc.Errs) > 0 || ct.TypeOf() != model.TBool {
		return nil
	}
	t := &model.Expr{Src: e.Src, Pos: e.Pos, Type: model.TBool, Fn: fn, Cond: cc.Cond(n)}
	t.Reads, t.OwnReads = cc.Reads|cc.Own, cc.Own&^cc.Reads
	t.Idents = withCalled(identsOf(n, sc), cc.Called)
	return t
}

// alternatives are the conditions of a condition written as alternatives
// joined by or, each a chain joined by and ((a and b) or c: [[a, b], [c]]),
// each compiled on its own (model.Expr.Alts); nil for any other form, or
// for more than maxLeaves conditions.
func (c *ExprCompiler) alternatives(n ast.Node, e *model.Expr, sc *closure.Scope) [][]*model.Expr {
	ors := disjuncts(n)
	if len(ors) < 2 {
		return nil
	}
	var alts [][]*model.Expr
	leaves := 0
	for _, d := range ors {
		ands := conjuncts(d)
		if leaves += len(ands); leaves > maxLeaves {
			return nil
		}
		alt := make([]*model.Expr, 0, len(ands))
		for _, a := range ands {
			t := c.subCondition(a, e, sc)
			if t == nil {
				return nil
			}
			alt = append(alt, t)
		}
		alts = append(alts, alt)
	}
	return alts
}

// disjuncts are the conditions n joins by or (n alone when it does not).
func disjuncts(n ast.Node) []ast.Node {
	if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "or" || b.Operator == "||") {
		return append(disjuncts(b.Left), disjuncts(b.Right)...)
	}
	return []ast.Node{n}
}

// CompileCardTest compiles a condition on the card `card` (sc binds it) as
// CompileExpr does and, when it compares a property of the card with a
// value that does not depend on the card (card.color == red, card.cost !=
// this.cost), that value on its own as well (model.Expr.Key): a caller that
// tests a list of cards evaluates it once. The value is compiled in sc
// without `card`, so the compiler itself tells whether it reads the card.
func (c *ExprCompiler) CompileCardTest(n *yaml.Node, path string, sc *closure.Scope) *model.Expr {
	e, tree, _ := c.compileExpr(n, path, sc, model.TBool)
	if e == nil {
		return nil
	}
	c.list(e)
	b, ok := tree.(*ast.BinaryNode)
	if !ok || b.Operator != "==" && b.Operator != "!=" {
		return e
	}
	prop, value := b.Left, b.Right
	idx, ok := cardProp(prop)
	if !ok {
		prop, value = b.Right, b.Left
		if idx, ok = cardProp(prop); !ok {
			return e
		}
	}
	pc := &closure.Compiler{Rs: c.Rs, Sc: sc, Preds: c.preds, Locals: append([]closure.Local(nil), sc.Params...)}
	_, pt := pc.Compile(prop)
	without := *sc
	without.Card = false
	vc := &closure.Compiler{Rs: c.Rs, Sc: &without, Preds: c.preds, Locals: append([]closure.Local(nil), sc.Params...)}
	fn, vt := vc.Compile(value)
	// two whole numbers or two names, compared as the condition compares
	// them (closure's binary ==)
	if len(pc.Errs) > 0 || len(vc.Errs) > 0 || pt.Kind() != vt.Kind() || pt.Kind() != model.DInt && pt.Kind() != model.DSym {
		return e
	}
	k := &model.CardKey{Prop: idx, Sym: pt.Kind() == model.DSym, Not: b.Operator == "!="}
	v := &model.Expr{Src: e.Src, Pos: e.Pos, Type: vt.TypeOf(), Fn: fn, Int: vc.Int(value)}
	v.Reads, v.OwnReads = vc.Reads|vc.Own, vc.Own&^vc.Reads
	switch lit := value.(type) {
	case *ast.StringNode: // a name (red, 'red'): its symbol
		v.Const = &model.Datum{K: model.DSym, N: c.Rs.Intern(lit.Value)}
	case *ast.IntegerNode:
		v.Const = &model.Datum{K: model.DInt, N: int64(lit.Value)}
	}
	v.Idents = withCalled(identsOf(value, &without), vc.Called)
	k.Value = v
	e.Key = k
	return e
}

// cardProp is the card property n reads when it is one of `card`'s
// (card.color, patched as a host call with the property's index).
func cardProp(n ast.Node) (int, bool) {
	call, ok := n.(*ast.CallNode)
	if !ok || len(call.Arguments) != 3 {
		return 0, false
	}
	if id, ok := call.Callee.(*ast.IdentifierNode); !ok || id.Value != "$cp" || !isIdent(call.Arguments[1], "card") {
		return 0, false
	}
	i, ok := call.Arguments[2].(*ast.IntegerNode)
	if !ok {
		return 0, false
	}
	return i.Value, true
}
