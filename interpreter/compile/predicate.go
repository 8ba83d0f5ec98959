package compile

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/model/oracle"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"go.yaml.in/yaml/v3"
)

// A predicate is a named expression with typed parameters that any
// expression of the ruleset calls like a function: strikes_first(a).
//
// Its body is parsed, checked and patched once, at load, against the
// ruleset's types with its parameters bound, in an order where every
// predicate comes after those it calls (recursion is refused). A call is
// checked against the parameters' types where it is written. The two
// evaluators run it each in their own way, sharing nothing but the
// checked tree:
//
//   - the closure compiler compiles the body's tree into the caller's
//     closures at each call, its parameters held as the caller's local
//     values (as let holds them) and its predicates' elements above the
//     caller's: a call costs the evaluation of its arguments, nothing more;
//   - expr's VM, the test oracle, calls a function that runs the body's own
//     program on a VM of its own with the parameters bound.

// ReservedName says why a name cannot be a predicate's (or a parameter's):
// it is a name every expression has, a function of the library or one of
// expr's built-in functions; "" when it is free.
func (c *ExprCompiler) ReservedName(name string) string {
	switch {
	case closure.Builtin(name) || name == "event":
		return fmt.Sprintf("%q is a built-in name of expressions", name)
	case isExprBuiltin(name):
		return fmt.Sprintf("%q is a built-in function of expressions", name)
	case slices.Contains(exprWords, name):
		return fmt.Sprintf("%q is a word of the expression language (an operator or a literal), which a call cannot be made with", name)
	}
	if _, ok := c.Rs.Lib.Func(name); ok {
		return fmt.Sprintf("%q is a function of the library", name)
	}
	return ""
}

// exprWords are the words expressions read as operators or literals: a
// predicate of one of these names could be declared and never called.
var exprWords = []string{"matches", "contains", "startsWith", "endsWith", "in", "not", "and", "or", "let", "true", "false", "nil", "none"}

func isExprBuiltin(name string) bool {
	for _, b := range closure.ExprBuiltins {
		if b == name {
			return true
		}
	}
	return false
}

// DeclarePredicate makes a predicate known to every expression compiled
// from now on; its body, written at n and read with r, is compiled by
// CompilePredicates. Its name and parameters are checked by the caller.
func (c *ExprCompiler) DeclarePredicate(name, doc string, params []closure.PredicateParam, key, n *yaml.Node, r *source.Reader, path string) *closure.Predicate {
	p := &closure.Predicate{Name: name, Doc: doc, Params: params, Key: key, Node: n, R: r, Path: path, Order: len(c.predList)}
	if c.preds == nil {
		c.preds = map[string]*closure.Predicate{}
	}
	c.preds[name] = p
	c.predList = append(c.predList, p)
	c.registerPredicate(p)
	return p
}

// DeclareBrokenPredicate makes known the name of a predicate whose
// declaration has an error (reported by the caller): calls of it are
// refused quietly, not told again as calls of an unknown function.
func (c *ExprCompiler) DeclareBrokenPredicate(name string, key *yaml.Node, r *source.Reader, path string) {
	p := &closure.Predicate{Name: name, Key: key, R: r, Path: path, Order: len(c.predList), Broken: true, BadDecl: true}
	if c.preds == nil {
		c.preds = map[string]*closure.Predicate{}
	}
	c.preds[name] = p
	c.predList = append(c.predList, p)
	c.registerPredicate(p)
}

// Predicates lists the declared predicates in declaration order.
func (c *ExprCompiler) Predicates() []*closure.Predicate { return c.predList }

// CompilePredicates compiles the bodies of the declared predicates, each
// after the predicates it calls; a predicate that calls itself, directly or
// through others, is reported at the call that closes the circle.
func (c *ExprCompiler) CompilePredicates() {
	for _, p := range c.predList {
		p.Calls = c.callsIn(p)
	}
	var order []*closure.Predicate
	callees := func(p *closure.Predicate) []*closure.Predicate {
		out := make([]*closure.Predicate, len(p.Calls))
		for i, call := range p.Calls {
			out[i] = call.To
		}
		return out
	}
	WalkCalls(c.predList, callees, func(p *closure.Predicate, i int, on []*closure.Predicate) {
		call := p.Calls[i]
		var names []string
		for _, q := range on {
			q.Broken = true
			names = append(names, q.Name)
		}
		names = append(names, call.To.Name)
		what := fmt.Sprintf("%s calls itself", p.Name)
		if len(names) > 2 {
			what = fmt.Sprintf("%s calls %s, which leads back to it (%s)", p.Name, call.To.Name, strings.Join(names, " → "))
		}
		pm := newPosMap(p.R.File, p.R.Lines(), source.ResolveAlias(p.Node))
		p.R.DiagAt(pm.at(call.From), "recursion", p.Path, fmt.Sprintf("%s: a predicate cannot call itself, directly or through other predicates", what))
	}, func(p *closure.Predicate) { order = append(order, p) })
	for _, p := range order {
		if !p.Broken {
			c.compilePredicate(p)
		}
		c.registerPredicate(p)
	}
}

// callsIn finds the calls of predicates in a body, parsed on its own; a
// body that does not parse calls nothing here (compiling it reports why).
func (c *ExprCompiler) callsIn(p *closure.Predicate) []closure.PredicateCall {
	n := source.ResolveAlias(p.Node)
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil
	}
	tree, err := parser.Parse(n.Value)
	if err != nil {
		return nil
	}
	var out []closure.PredicateCall
	ast.Walk(&tree.Node, visitFunc(func(node *ast.Node) {
		call, ok := (*node).(*ast.CallNode)
		if !ok {
			return
		}
		id, ok := call.Callee.(*ast.IdentifierNode)
		if !ok {
			return
		}
		if to, ok := c.preds[id.Value]; ok {
			out = append(out, closure.PredicateCall{To: to, From: id.Location().From})
		}
	}))
	sort.SliceStable(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
}

type visitFunc func(node *ast.Node)

func (f visitFunc) Visit(node *ast.Node) { f(node) }

// compilePredicate compiles a body with its parameters bound.
func (c *ExprCompiler) compilePredicate(p *closure.Predicate) {
	saved := c.R
	c.R = p.R
	defer func() { c.R = saved }()
	sc := closure.NewScope()
	sc.Predicate = true
	for _, q := range p.Params {
		sc.Params = append(sc.Params, closure.Local{Name: q.Name, T: closure.TypeFor(q.Type)})
	}
	e, tree, ct := c.compileExpr(p.Node, p.Path, sc, model.TAny)
	if e == nil {
		p.Broken = true
		return
	}
	if ct.TypeOf() == model.TAny {
		c.R.DiagAt(e.Pos, "type-mismatch", p.Path, fmt.Sprintf("predicate %s gives %s: its value needs a type (a number, true or false, a name, a card, a player or a list of one kind)", p.Name, ct))
		p.Broken = true
		return
	}
	p.Tree, p.Ct, p.Result, p.Body, p.Idents = tree, ct, ct.TypeOf(), e, e.Idents
}

// predGoType is the Go type expr's checker sees for a value of type t.
func predGoType(t model.Type) reflect.Type {
	switch t {
	case model.TInt:
		return reflect.TypeOf(0)
	case model.TBool:
		return reflect.TypeOf(true)
	case model.TString:
		return reflect.TypeOf("")
	case model.TFloat:
		return reflect.TypeOf(0.0)
	}
	return reflect.TypeOf((*any)(nil)).Elem()
}

// registerPredicate gives expr's checker the predicate's signature (its
// value's type is unknown until its body is compiled) and the VM the
// function that runs it.
func (c *ExprCompiler) registerPredicate(p *closure.Predicate) {
	cfg := c.baseConfig()
	in := make([]reflect.Type, len(p.Params))
	names := make([]string, len(p.Params))
	for i, q := range p.Params {
		in[i], names[i] = predGoType(q.Type), q.Name
	}
	out := []reflect.Type{predGoType(p.Result)}
	name := p.Name
	variadic := false
	if p.BadDecl {
		// parameters not known: any call is taken, and refused as a
		// call of a predicate with an error, told once where it is written
		in, variadic = []reflect.Type{reflect.TypeOf([]any(nil))}, true
	}
	expr.Function(name, func(params ...any) (any, error) {
		return nil, fmt.Errorf("%s called without a game", name)
	}, reflect.New(reflect.FuncOf(in, out, variadic)).Interface())(cfg)
	inner := reflect.FuncOf(append([]reflect.Type{predGoType(model.TAny)}, in...), out, false)
	expr.Function(closure.PredPrefix+name, func(params ...any) (any, error) {
		if p.Body == nil {
			return nil, fmt.Errorf("predicate %s was not compiled", name)
		}
		g := params[0].(map[string]any)["$c"].(*model.Evaluator)
		out, err := oracle.Predicate(g, p.Body, p.Idents, names, params[1:])
		if err != nil {
			return nil, fmt.Errorf("in predicate %s: %v", name, err)
		}
		return out, nil
	}, reflect.New(inner).Interface())(cfg)
}

// withCalled adds to the names an expression reads those the predicates it
// calls read (you, this, ...): tools that bind an expression's names (a
// lint, the oracle) see everything its evaluation may read.
func withCalled(ids []model.IdentUse, called []*closure.Predicate) []model.IdentUse {
	for _, p := range called {
		for _, id := range p.Idents {
			dup := false
			for _, have := range ids {
				if have.Name == id.Name {
					dup = true
					break
				}
			}
			if !dup {
				ids = append(ids, id)
			}
		}
	}
	return ids
}
