package compile

import (
	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"go.yaml.in/yaml/v3"
)

// maxTerms is the most conditions joined by and that CompileCondition
// compiles one by one; a longer chain is kept whole.
const maxTerms = 8

// CompileCondition compiles a condition as CompileExpr does and, when it
// joins several conditions by and, each of them on its own as well
// (model.Expr.Terms), from the tree already checked: nothing is parsed
// twice. Each term reads what its own nodes read, so that what a false one
// gives may be kept longer than the whole.
func (c *ExprCompiler) CompileCondition(n *yaml.Node, path string, sc *closure.Scope) *model.Expr {
	e, tree, _ := c.compileExpr(n, path, sc, model.TBool)
	if e == nil {
		return nil
	}
	e.Index = len(c.Rs.Exprs)
	c.Rs.Exprs = append(c.Rs.Exprs, e)
	parts := conjuncts(tree)
	if len(parts) < 2 || len(parts) > maxTerms {
		return e
	}
	terms := make([]*model.Expr, 0, len(parts))
	for _, p := range parts {
		cc := &closure.Compiler{Rs: c.Rs, Sc: sc, Preds: c.preds, Locals: append([]closure.Local(nil), sc.Params...)}
		fn, ct := cc.Compile(p)
		if len(cc.Errs) > 0 || ct.TypeOf() != model.TBool {
			// the whole compiled, so its terms do; a form told otherwise
			// keeps the condition whole
			return e
		}
		t := &model.Expr{Src: e.Src, Pos: e.Pos, Type: model.TBool, Fn: fn, Cond: cc.Cond(p)}
		t.Reads, t.OwnReads = cc.Reads|cc.Own, cc.Own&^cc.Reads
		t.Idents = withCalled(identsOf(p, sc), cc.Called)
		terms = append(terms, t)
	}
	e.Terms = terms
	return e
}
