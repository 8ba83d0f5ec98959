package interpreter

import (
	"github.com/expr-lang/expr/conf"
	"go.yaml.in/yaml/v3"
)

// QueryVar is a name a query may use besides the built-in ones.
type QueryVar struct {
	Name string
	Type Type
}

// CompileQuery compiles an expression written outside the ruleset (a scenario
// expectation, a tool's question) against the loaded ruleset, with extra
// variables. node gives its position in file, whose text is src.
func CompileQuery(rs *Ruleset, file string, src []byte, node *yaml.Node, vars []QueryVar, want Type) (*Expr, Diagnostics) {
	var diags Diagnostics
	c := &exprCompiler{rs: rs, r: &reader{file: file, src: src, diags: &diags}}
	if env, ok := rs.exprEnv.(*exprEnv); ok {
		c.ts, c.cfg = env.ts, env.cfg
	}
	sc := newScope()
	for _, v := range vars {
		if _, err := sc.bind(v.Name, v.Type, Pos{}); err != nil {
			diags = append(diags, Diagnostic{Code: "bad-variable", Pos: c.r.pos(node), Message: err.Error()})
		}
	}
	nExprs := len(rs.Exprs)
	e := c.compileExpr(node, "", sc, want)
	rs.Exprs = rs.Exprs[:nExprs] // queries are not part of the ruleset
	if e != nil {
		e.nvars = *sc.nvars
	}
	return e, diags
}

// exprEnv is what a loaded ruleset keeps of its expression compiler.
type exprEnv struct {
	ts  *typeSystem
	cfg *conf.Config
}

// keepEnv stores the type environment in the ruleset for later queries.
func (c *exprCompiler) keepEnv() {
	c.rs.exprEnv = &exprEnv{ts: c.ts, cfg: c.baseConfig()}
}
