package closure

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr/ast"
	"go.yaml.in/yaml/v3"
)

// Predicate is one declared predicate.
type Predicate struct {
	Name   string
	Doc    string
	Params []PredicateParam
	Result model.Type // the type of its value, known once its body is compiled

	Node *yaml.Node // the body as written
	Key  *yaml.Node // its name as written
	R    *source.Reader
	Path string
	// what compiling the body gives
	Tree   ast.Node
	Ct     Type
	Body   *model.Expr // the body compiled alone, for its program on expr's VM
	Idents []model.IdentUse
	Calls  []PredicateCall
	Broken bool // its body has an error, or it is recursive: calls of it are not compiled
	// BadDecl: its declaration has an error (its parameters are not
	// known): calls of it are not checked against them either
	BadDecl bool
	Called  bool // an expression calls it
	Order   int  // its place among the declarations
}

// Used reports whether an expression of the ruleset calls the predicate.
func (p *Predicate) Used() bool { return p.Called }

// Pos is where the predicate is declared.
func (p *Predicate) Pos() diag.Pos { return p.R.Pos(p.Key) }

// PredicateParam is one parameter of a predicate.
type PredicateParam struct {
	Name string
	Type model.Type
}

// PredicateCall is a call of another predicate written in a body, found
// before the bodies are compiled.
type PredicateCall struct {
	To   *Predicate
	From int // rune offset of the call in the body
}

// maxInlined bounds the predicate bodies one expression compiles inline.
const maxInlined = 10000

// PredPrefix names the host function the patcher calls for a predicate: no
// function of the library or of expr has a dot in its name.
const PredPrefix = "$pred."

// argFits reports whether an argument of type t may be given for a
// parameter of type want, as predicateCall takes it.
func argFits(t, want Type) bool {
	return t == want || t.k == model.DNil || t.isText() && want.isText() || t.k == model.DList && want.k == model.DList && t.e == model.DNil
}

// predicateCall compiles a call of a predicate: its arguments, checked
// against the parameters' types, then its body, inline, with the
// parameters as local values after the caller's (which the body cannot
// see) and its own elements after the caller's.
func (cc *Compiler) predicateCall(n *ast.CallNode, p *Predicate) (model.EvalFn, Type) {
	if p.Broken {
		// its declaration has an error, which is reported there; the
		// call's own arguments are checked against its parameters all
		// the same, which are declared whatever its body says
		args := n.Arguments[1:]
		if len(args) != len(p.Params) && !p.BadDecl {
			return cc.refuseCode("type-mismatch", n, "%s takes %d argument(s) (%s), not %d", p.Name, len(p.Params), p.signature(), len(args))
		}
		for i, a := range args {
			if p.BadDecl {
				break
			}
			nerrs := len(cc.Errs)
			_, t := cc.Compile(a)
			if len(cc.Errs) > nerrs {
				return constant(model.Datum{}), CNil
			}
			if !argFits(t, TypeFor(p.Params[i].Type)) {
				return cc.refuseCode("type-mismatch", a, "%s takes %s as its parameter %s, not %s", p.Name, TypeFor(p.Params[i].Type), p.Params[i].Name, t)
			}
		}
		cc.refuse(n, "predicate %s has an error", p.Name)
		cc.Errs[len(cc.Errs)-1].Untyped = true
		return constant(model.Datum{}), CNil
	}
	if cc.inlined++; cc.inlined > maxInlined {
		if cc.inlined == maxInlined+1 {
			cc.refuseCode("too-many-steps", n, "the predicates this expression calls, and those they call, are compiled into it %d times and more: a predicate that calls another several times, a few levels deep, grows as their product; call each at fewer places (a let keeps a value)", maxInlined)
		}
		return constant(model.Datum{}), CNil
	}
	args := n.Arguments[1:]
	if len(args) != len(p.Params) {
		return cc.refuseCode("type-mismatch", n, "%s takes %d argument(s) (%s), not %d", p.Name, len(p.Params), p.signature(), len(args))
	}
	fns := make([]model.EvalFn, len(args))
	for i, a := range args {
		fn, t := cc.Compile(a)
		want := TypeFor(p.Params[i].Type)
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
	base := len(cc.Locals)
	for _, q := range p.Params {
		cc.Locals = append(cc.Locals, Local{q.Name, TypeFor(q.Type)})
	}
	barrier, nerrs := cc.barrier, len(cc.Errs)
	cc.barrier = base
	body, bt := cc.Compile(p.Tree)
	bodyCond := cc.Cond(p.Tree)
	var bodyInt model.IntFn
	if fn, ok := cc.lastInt.of(p.Tree); ok {
		bodyInt = fn
	}
	bodyLen, bodyFill := cc.lenOf(p.Tree), cc.Fill(p.Tree)
	cc.barrier, cc.Locals = barrier, cc.Locals[:base]
	if len(cc.Errs) > nerrs {
		// the body compiled on its own; this would be a fault of the compiler
		msg := cc.Errs[nerrs].Msg
		cc.Errs = cc.Errs[:nerrs]
		return cc.refuse(n, "predicate %s: %s", p.Name, msg)
	}
	cc.Called = append(cc.Called, p)
	nargs := len(fns)
	bind := func(x *model.Evaluation) {
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
	}
	// an error met in the body says in which predicate, where it is
	// written: the caller's position alone points at the outermost call
	where := fmt.Sprintf(" (in predicate %s, %s)", p.Name, p.R.Pos(p.Node))
	if bodyCond != nil {
		cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
			had := x.Failing()
			bind(x)
			v, ok := bodyCond(x)
			if !had && x.Failing() {
				x.FailedIn(where)
			}
			return v, ok
		})
	}
	if bodyInt != nil {
		cc.setInt(n, func(x *model.Evaluation) (int64, bool) {
			had := x.Failing()
			bind(x)
			v, ok := bodyInt(x)
			if !had && x.Failing() {
				x.FailedIn(where)
			}
			return v, ok
		})
	}
	if bodyLen != nil {
		cc.lastLen.set(n, func(x *model.Evaluation) (int64, bool) {
			had := x.Failing()
			bind(x)
			v, ok := bodyLen(x)
			if !had && x.Failing() {
				x.FailedIn(where)
			}
			return v, ok
		})
	}
	if bodyFill != nil {
		cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
			had := x.Failing()
			bind(x)
			out := bodyFill(x, dst)
			if !had && x.Failing() {
				x.FailedIn(where)
			}
			return out
		})
	}
	return func(x *model.Evaluation) model.Datum {
		had := x.Failing()
		bind(x)
		v := body(x)
		if !had && x.Failing() {
			x.FailedIn(where)
		}
		return v
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
