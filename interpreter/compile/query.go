package compile

import (
	"sort"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr/conf"
	"go.yaml.in/yaml/v3"
)

// QueryVar is a name a query may use besides the built-in ones.
type QueryVar struct {
	Name string
	Type model.Type
}

// CompileQuery compiles an expression written outside the ruleset (a scenario
// expectation, a tool's question) against the loaded ruleset, with extra
// variables. node gives its position in file, whose text is src, and path
// names it in messages ("expect"; "" for a file of its own). A query
// that wants true or false is compiled as a condition (CompileCondition),
// its terms and alternatives too.
func CompileQuery(rs *model.Ruleset, file string, src []byte, node *yaml.Node, path string, vars []QueryVar, want model.Type) (*model.Expr, diag.Diagnostics) {
	var diags diag.Diagnostics
	c := &ExprCompiler{Rs: rs, R: &source.Reader{File: file, Src: src, Diags: &diags}}
	for _, ph := range rs.Phases {
		c.PhaseNames = append(c.PhaseNames, ph.Name)
	}
	if env, ok := rs.ExprEnv.(*exprEnv); ok {
		c.Ts, c.cfg, c.preds = env.ts, env.cfg, env.preds
	}
	sc := closure.NewScope()
	for _, v := range vars {
		if _, err := sc.Bind(v.Name, v.Type, diag.Pos{}); err != nil {
			diags = append(diags, diag.Diagnostic{Code: "bad-variable", Pos: c.R.Pos(node), Message: err.Error()})
		}
	}
	nExprs := len(rs.Exprs)
	var e *model.Expr
	if want == model.TBool {
		e = c.CompileCondition(node, path, sc)
	} else {
		e = c.CompileExpr(node, path, sc, want)
	}
	rs.Exprs = rs.Exprs[:nExprs] // queries are not part of the ruleset
	if e != nil {
		e.Nvars = *sc.Nvars
	}
	return e, diags
}

// exprEnv is what a loaded ruleset keeps of its expression compiler.
type exprEnv struct {
	ts    *closure.TypeSystem
	cfg   *conf.Config
	preds map[string]*closure.Predicate
}

// KeepEnv stores the type environment in the ruleset for later queries.
func (c *ExprCompiler) KeepEnv() {
	c.Rs.ExprEnv = &exprEnv{ts: c.Ts, cfg: c.baseConfig(), preds: c.preds}
}

// Predicates lists the predicates a loaded ruleset declares, in declaration
// order (for tools and tests that write expressions calling them).
func Predicates(rs *model.Ruleset) []*closure.Predicate {
	env, ok := rs.ExprEnv.(*exprEnv)
	if !ok {
		return nil
	}
	var out []*closure.Predicate
	for _, p := range env.preds {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Order < out[j].Order })
	return out
}
