package compile

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
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

// Predicate is one declared predicate.
type Predicate struct {
	Name   string
	Doc    string
	Params []PredicateParam
	Result model.Type // the type of its value, known once its body is compiled

	node *yamlNode // the body as written
	key  *yamlNode // its name as written
	r    *source.Reader
	path string
	// what compiling the body gives
	tree   ast.Node
	ct     ctype
	prog   *vm.Program
	idents []model.IdentUse
	calls  []predicateCall
	broken bool // its body has an error, or it is recursive: calls of it are not compiled
	used   bool // an expression calls it
	order  int  // its place among the declarations
}

// Used reports whether an expression of the ruleset calls the predicate.
func (p *Predicate) Used() bool { return p.used }

// Pos is where the predicate is declared.
func (p *Predicate) Pos() diag.Pos { return p.r.Pos(p.key) }

// PredicateParam is one parameter of a predicate.
type PredicateParam struct {
	Name string
	Type model.Type
}

// predicateCall is a call of another predicate written in a body, found
// before the bodies are compiled.
type predicateCall struct {
	to   *Predicate
	from int // rune offset of the call in the body
}

// predPrefix names the host function the patcher calls for a predicate: no
// function of the library or of expr has a dot in its name.
const predPrefix = "$pred."

// ParamTypes are the types a parameter of a predicate or a procedure is
// declared with.
var ParamTypes = map[string]model.Type{"int": model.TInt, "bool": model.TBool, "name": model.TString, "card": model.TCard,
	"player": model.TPlayer, "cards": model.TCards, "players": model.TPlayers, "ints": model.TInts, "names": model.TStrings}

// ParamTypeName is the name a parameter type is declared by.
func ParamTypeName(t model.Type) string {
	for k, v := range ParamTypes {
		if v == t {
			return k
		}
	}
	return t.String()
}

// ReservedName says why a name cannot be a predicate's (or a parameter's):
// it is a name every expression has, a function of the library or one of
// expr's built-in functions; "" when it is free.
func (c *ExprCompiler) ReservedName(name string) string {
	switch {
	case Builtin(name) || name == "event":
		return fmt.Sprintf("%q is a built-in name of expressions", name)
	case isExprBuiltin(name):
		return fmt.Sprintf("%q is a built-in function of expressions", name)
	}
	if _, ok := c.Rs.Lib.Func(name); ok {
		return fmt.Sprintf("%q is a function of the library", name)
	}
	return ""
}

func isExprBuiltin(name string) bool {
	for _, b := range exprBuiltins {
		if b == name {
			return true
		}
	}
	return false
}

// DeclarePredicate makes a predicate known to every expression compiled
// from now on; its body, written at n and read with r, is compiled by
// CompilePredicates. Its name and parameters are checked by the caller.
func (c *ExprCompiler) DeclarePredicate(name, doc string, params []PredicateParam, key, n *yamlNode, r *source.Reader, path string) *Predicate {
	p := &Predicate{Name: name, Doc: doc, Params: params, key: key, node: n, r: r, path: path, order: len(c.predList)}
	if c.preds == nil {
		c.preds = map[string]*Predicate{}
	}
	c.preds[name] = p
	c.predList = append(c.predList, p)
	c.registerPredicate(p)
	return p
}

// Predicates lists the declared predicates in declaration order.
func (c *ExprCompiler) Predicates() []*Predicate { return c.predList }

// CompilePredicates compiles the bodies of the declared predicates, each
// after the predicates it calls; a predicate that calls itself, directly or
// through others, is reported at the call that closes the circle.
func (c *ExprCompiler) CompilePredicates() {
	for _, p := range c.predList {
		p.calls = c.callsIn(p)
	}
	var order []*Predicate
	callees := func(p *Predicate) []*Predicate {
		out := make([]*Predicate, len(p.calls))
		for i, call := range p.calls {
			out[i] = call.to
		}
		return out
	}
	WalkCalls(c.predList, callees, func(p *Predicate, i int, on []*Predicate) {
		call := p.calls[i]
		var names []string
		for _, q := range on {
			q.broken = true
			names = append(names, q.Name)
		}
		names = append(names, call.to.Name)
		what := fmt.Sprintf("%s calls itself", p.Name)
		if len(names) > 2 {
			what = fmt.Sprintf("%s calls %s, which leads back to it (%s)", p.Name, call.to.Name, strings.Join(names, " → "))
		}
		pm := newPosMap(p.r.File, p.r.Lines(), source.ResolveAlias(p.node))
		p.r.DiagAt(pm.at(call.from), "recursion", p.path, fmt.Sprintf("%s: a predicate cannot call itself, directly or through other predicates", what))
	}, func(p *Predicate) { order = append(order, p) })
	for _, p := range order {
		if !p.broken {
			c.compilePredicate(p)
		}
		c.registerPredicate(p)
	}
}

// callsIn finds the calls of predicates in a body, parsed on its own; a
// body that does not parse calls nothing here (compiling it reports why).
func (c *ExprCompiler) callsIn(p *Predicate) []predicateCall {
	n := source.ResolveAlias(p.node)
	if n == nil || n.Kind != scalarKind {
		return nil
	}
	tree, err := parser.Parse(n.Value)
	if err != nil {
		return nil
	}
	var out []predicateCall
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
			out = append(out, predicateCall{to: to, from: id.Location().From})
		}
	}))
	sort.SliceStable(out, func(i, j int) bool { return out[i].from < out[j].from })
	return out
}

type visitFunc func(node *ast.Node)

func (f visitFunc) Visit(node *ast.Node) { f(node) }

// compilePredicate compiles a body with its parameters bound.
func (c *ExprCompiler) compilePredicate(p *Predicate) {
	saved := c.R
	c.R = p.r
	defer func() { c.R = saved }()
	sc := NewScope()
	sc.predicate = true
	for _, q := range p.Params {
		sc.params = append(sc.params, local{q.Name, ctypeOf(q.Type)})
	}
	e, tree, ct := c.compileExpr(p.node, p.path, sc, model.TAny)
	if e == nil {
		p.broken = true
		return
	}
	if ct.typeOf() == model.TAny {
		c.R.DiagAt(e.Pos, "type-mismatch", p.path, fmt.Sprintf("predicate %s gives %s: its value needs a type (a number, true or false, a name, a card, a player or a list of one kind)", p.Name, ct))
		p.broken = true
		return
	}
	p.tree, p.ct, p.Result, p.prog, p.idents = tree, ct, ct.typeOf(), e.Prog, e.Idents
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
func (c *ExprCompiler) registerPredicate(p *Predicate) {
	cfg := c.baseConfig()
	in := make([]reflect.Type, len(p.Params))
	names := make([]string, len(p.Params))
	for i, q := range p.Params {
		in[i], names[i] = predGoType(q.Type), q.Name
	}
	out := []reflect.Type{predGoType(p.Result)}
	name := p.Name
	expr.Function(name, func(params ...any) (any, error) {
		return nil, fmt.Errorf("%s called without a game", name)
	}, reflect.New(reflect.FuncOf(in, out, false)).Interface())(cfg)
	inner := reflect.FuncOf(append([]reflect.Type{predGoType(model.TAny)}, in...), out, false)
	expr.Function(predPrefix+name, func(params ...any) (any, error) {
		if p.prog == nil {
			return nil, fmt.Errorf("predicate %s was not compiled", name)
		}
		g := params[0].(map[string]any)["$c"].(*model.Evaluator)
		out, err := g.OraclePredicate(p.prog, p.idents, names, params[1:])
		if err != nil {
			return nil, fmt.Errorf("in predicate %s: %v", name, err)
		}
		return out, nil
	}, reflect.New(inner).Interface())(cfg)
}

// predicateCall compiles a call of a predicate: its arguments, checked
// against the parameters' types, then its body, inline, with the
// parameters as local values after the caller's (which the body cannot
// see) and its own elements after the caller's.
func (cc *closureCompiler) predicateCall(n *ast.CallNode, p *Predicate) (model.EvalFn, ctype) {
	if p.broken {
		// its declaration has an error, which is reported there
		cc.refuse(n, "predicate %s has an error", p.Name)
		cc.errs[len(cc.errs)-1].untyped = true
		return constant(model.Datum{}), cNil
	}
	args := n.Arguments[1:]
	if len(args) != len(p.Params) {
		return cc.refuseCode("type-mismatch", n, "%s takes %d argument(s) (%s), not %d", p.Name, len(p.Params), p.signature(), len(args))
	}
	fns := make([]model.EvalFn, len(args))
	for i, a := range args {
		fn, t := cc.compile(a)
		want := ctypeOf(p.Params[i].Type)
		switch {
		case t == want || t.k == model.DNil:
		case t.isText() && want.isText():
		case t.k == model.DList && want.k == model.DList && t.e == model.DNil:
			fn = cc.widen(fn, t, want)
		default:
			return cc.refuseCode("type-mismatch", a, "%s takes %s as its parameter %s, not %s", p.Name, want, p.Params[i].Name, t)
		}
		fns[i] = fn
	}
	base := len(cc.locals)
	for _, q := range p.Params {
		cc.locals = append(cc.locals, local{q.Name, ctypeOf(q.Type)})
	}
	barrier, nerrs := cc.barrier, len(cc.errs)
	cc.barrier = base
	body, bt := cc.compile(p.tree)
	cc.barrier, cc.locals = barrier, cc.locals[:base]
	if len(cc.errs) > nerrs {
		// the body compiled on its own; this would be a fault of the compiler
		msg := cc.errs[nerrs].msg
		cc.errs = cc.errs[:nerrs]
		return cc.refuse(n, "predicate %s: %s", p.Name, msg)
	}
	cc.called = append(cc.called, p)
	nargs := len(fns)
	return func(x *model.Evaluation) model.Datum {
		// every argument before any is bound: an argument may call a
		// predicate whose parameters take the same places
		at := len(x.Args)
		for _, a := range fns {
			x.Args = append(x.Args, a(x))
		}
		for len(x.Locals) < base+nargs {
			x.Locals = append(x.Locals, model.Datum{})
		}
		copy(x.Locals[base:], x.Args[at:])
		x.Args = x.Args[:at]
		return body(x)
	}, bt
}

// signature is how the predicate is written: name(a: card, b: int).
func (p *Predicate) signature() string {
	parts := make([]string, len(p.Params))
	for i, q := range p.Params {
		parts[i] = q.Name + ": " + ParamTypeName(q.Type)
	}
	return p.Name + "(" + strings.Join(parts, ", ") + ")"
}

// withCalled adds to the names an expression reads those the predicates it
// calls read (you, this, ...): tools that bind an expression's names (a
// lint, the oracle) see everything its evaluation may read.
func withCalled(ids []model.IdentUse, called []*Predicate) []model.IdentUse {
	for _, p := range called {
		for _, id := range p.idents {
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
