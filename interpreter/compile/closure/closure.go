package closure

import (
	"fmt"
	"math"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/expr-lang/expr/ast"
)

// Compiler turns the checked, patched tree of an expression into Go
// closures: the one evaluator of the engine. A form it does not cover is
// refused at load with its position, never run some other way.
type Compiler struct {
	Rs   *model.Ruleset
	Sc   *Scope
	Errs []Problem
	// TextRoot is the root of an expression whose value is printed (a
	// template's part): there a ?: may give a number in one branch and a
	// name in the other, each printed as it is ({bid >= 0 ? bid : 'none'}).
	// Nil elsewhere.
	TextRoot ast.Node
	printed  map[ast.Node]bool // the branches of a printed ?:
	elems    []Type            // the type of # at each level of nested predicates
	Locals   []Local           // the names let binds inside the expression, innermost last
	// barrier is the first of locals a name may read: the parameters of the
	// predicate whose body is being compiled inline, and what that body
	// binds; the caller's locals are below it
	barrier int
	Preds   map[string]*Predicate
	Called  []*Predicate // the predicates compiled inline
	// inlined counts the predicate bodies compiled inline in this
	// expression: predicates that call others twice each, a few levels
	// deep, would make a body of millions of terms (maxInlined)
	inlined int
	// Reads gathers the parts of the state the compiled expression may
	// read, as the nodes that read them are compiled.
	Reads model.ReadSet
	// Own gathers the parts read only through the frame's own seat (you,
	// or player where the scope has one): a zone of that seat, a property
	// of that player. A part read of another seat too is in Reads, not
	// here; the whole expression reads Reads|Own (see OwnReads).
	Own model.ReadSet
	// what the part being compiled reads of its evaluation besides the
	// state, to know which scans may be memoized (memoScan): this, card, an
	// event or a variable (frameDeps), the outermost element level and
	// local it reads
	frameDeps             bool
	outerElem, outerLocal int
	// what the node compiled last left for its parent, when its form has
	// it: its condition and whole-number closures, its Fill, the seat,
	// zone or cards it only names, the count of the list it makes without
	// making it (a filter, a ?: of lists, a predicate whose body is one).
	// A parent takes its child's right after compiling it (condOf, intOf,
	// lenOf), so one register each is enough, and nothing is allocated
	lastCond register[model.CondFn]
	lastInt  register[model.IntFn]
	lastFill register[model.FillFn]
	lastSeat register[model.SeatName]
	lastZone register[model.ZoneRead]
	lastRef  register[model.FrameRef]
	lastLen  register[model.IntFn]
	// zoneCmp is the zone read being compared with zone names, and what
	// it then reads (zoneTest)
	zoneCmp zoneCmp
}

type zoneCmp struct {
	n     ast.Node
	reads model.ReadSet
}

// register holds what the compile of one node left (Compiler's last...).
type register[T any] struct {
	n ast.Node
	v T
}

func (r *register[T]) set(n ast.Node, v T) { *r = register[T]{n, v} }

// of is what node n left, the zero value when it left nothing.
func (r *register[T]) of(n ast.Node) (v T, ok bool) {
	if r.n == n && n != nil {
		return r.v, true
	}
	return v, false
}

// forget drops what an earlier compile of node n left: a predicate's body
// is compiled at each call, and what one compile left is not another's.
func (r *register[T]) forget(n ast.Node) {
	if r.n == n {
		*r = register[T]{}
	}
}

// SeatOf is the seat the node just compiled names when it is only a name
// of one (you, player, active), NotASeat otherwise (model.Expr.Seat).
func (cc *Compiler) SeatOf(n ast.Node) model.SeatName {
	s, _ := cc.lastSeat.of(n)
	return s
}

// ZoneOf is the zone the node just compiled names when it is only a name
// of one (you.hand, a shared zone), nil otherwise (model.Expr.Zone).
func (cc *Compiler) ZoneOf(n ast.Node) *model.ZoneRead {
	if z, ok := cc.lastZone.of(n); ok {
		return &z
	}
	return nil
}

// RefOf is the card or cards the node just compiled names when it is only
// a name of the frame's card, this or a variable of cards, nil otherwise
// (model.Expr.Ref).
func (cc *Compiler) RefOf(n ast.Node) *model.FrameRef {
	if r, ok := cc.lastRef.of(n); ok {
		return &r
	}
	return nil
}

// setInt records the whole-number closure of node n, compiled last.
func (cc *Compiler) setInt(n ast.Node, c model.IntFn) { cc.lastInt.set(n, c) }

// symOf is the closure giving the symbol of the node just compiled, of
// type name (DSym): its own (a property read: setInt), or one that reads
// its value closure fn; false when the value is no symbol.
func (cc *Compiler) symOf(n ast.Node, fn model.EvalFn) model.IntFn {
	if fn, ok := cc.lastInt.of(n); ok {
		return fn
	}
	return func(x *model.Evaluation) (int64, bool) {
		d := fn(x)
		return d.N, d.K == model.DSym
	}
}

// intOf is the whole-number closure of the node just compiled, of type
// whole number: its own, or one that reads its value closure fn.
func (cc *Compiler) intOf(n ast.Node, fn model.EvalFn) model.IntFn {
	if fn, ok := cc.lastInt.of(n); ok {
		return fn
	}
	if v, ok := literal(n); ok && v.K == model.DInt {
		return func(*model.Evaluation) (int64, bool) { return v.N, true }
	}
	return func(x *model.Evaluation) (int64, bool) {
		d := fn(x)
		return d.N, d.K != model.DNil
	}
}

// Cond is the condition closure of the node just compiled, or nil when its
// form has none (model.Expr.Cond).
func (cc *Compiler) Cond(n ast.Node) model.CondFn {
	if fn, ok := cc.lastCond.of(n); ok {
		return fn
	}
	return nil
}

// Int is the whole-number closure of the node just compiled, or nil when
// its form has none (model.Expr.Int).
func (cc *Compiler) Int(n ast.Node) model.IntFn {
	if fn, ok := cc.lastInt.of(n); ok {
		return fn
	}
	return nil
}

// countOf is l, or, when it is nil, the length of the list fn gives.
func countOf(fn model.EvalFn, l model.IntFn) model.IntFn {
	if l != nil {
		return l
	}
	return func(x *model.Evaluation) (int64, bool) { return int64(len(fn(x).L)), true }
}

// fillOf is fill, or, when it is nil, the list fn gives appended to dst.
func fillOf(fn model.EvalFn, fill model.FillFn) model.FillFn {
	if fill != nil {
		return fill
	}
	return func(x *model.Evaluation, dst []int) []int { return append(dst, fn(x).L...) }
}

// lenOf is the closure that counts the elements of the list node just
// compiled without making the list, or nil when its form has none.
func (cc *Compiler) lenOf(n ast.Node) model.IntFn {
	if fn, ok := cc.lastLen.of(n); ok {
		return fn
	}
	return nil
}

// Fill is the closure that writes the list literal just compiled into the
// caller's memory, or nil when the node is none (model.Expr.Fill).
func (cc *Compiler) Fill(n ast.Node) model.FillFn {
	if fn, ok := cc.lastFill.of(n); ok {
		return fn
	}
	return nil
}

// setCond records the condition closure of node n, compiled last.
func (cc *Compiler) setCond(n ast.Node, c model.CondFn) { cc.lastCond.set(n, c) }

// condOf is the condition closure of the node just compiled: its own, or
// one that reads its value closure fn.
func (cc *Compiler) condOf(n ast.Node, fn model.EvalFn) model.CondFn {
	if c := cc.Cond(n); c != nil {
		return c
	}
	return func(x *model.Evaluation) (bool, bool) {
		d := fn(x)
		return d.N != 0, d.K == model.DBool
	}
}

// zoneTest notes, for a comparison of a card's zone with zone names
// (card.zone == table, .zone != hand, .zone in [deck, hand]), that the zone
// read reads only whether the card is in those zones: what changes that is
// a change of their contents, not a move anywhere (ReadsPlaces). A zone
// name is written as text by then (the bare names are made text before).
func (cc *Compiler) zoneTest(n *ast.BinaryNode) {
	field, names := n.Left, n.Right
	if n.Operator == "==" || n.Operator == "!=" {
		if !isZoneRead(field) {
			field, names = names, field
		}
	} else if n.Operator != "in" {
		return
	}
	if !isZoneRead(field) {
		return
	}
	var list []ast.Node
	switch v := names.(type) {
	case *ast.StringNode:
		list = []ast.Node{v}
	case *ast.ArrayNode:
		if n.Operator != "in" {
			return
		}
		list = v.Nodes
	default:
		return
	}
	var reads model.ReadSet
	for _, el := range list {
		s, ok := el.(*ast.StringNode)
		if !ok {
			return
		}
		k, ok := cc.Rs.ZoneIx[s.Value]
		if !ok {
			return
		}
		reads |= cc.Rs.ZoneReads(k)
	}
	if reads != 0 {
		cc.zoneCmp = zoneCmp{field, reads}
	}
}

// isZoneRead reports whether n reads a card's zone ($cf with the zone field).
func isZoneRead(n ast.Node) bool {
	c, ok := n.(*ast.CallNode)
	if !ok || len(c.Arguments) != 3 {
		return false
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	if !ok || id.Value != "$cf" {
		return false
	}
	f, ok := c.Arguments[2].(*ast.IntegerNode)
	return ok && f.Value >= 0 && f.Value < len(model.CardFields) && model.CardFields[f.Value].Name == "zone"
}

// literal is the value of a node that is a literal.
func literal(n ast.Node) (model.Datum, bool) {
	switch n := n.(type) {
	case *ast.IntegerNode:
		return model.Datum{K: model.DInt, N: int64(n.Value)}, true
	case *ast.BoolNode:
		return model.Datum{K: model.DBool, N: model.B2i(n.Value)}, true
	case *ast.NilNode:
		return model.Datum{}, true
	}
	return model.Datum{}, false
}

// literalIn is literal, with the names a node may be: a literal name is
// interned as Compile interns it.
func (cc *Compiler) literalIn(n ast.Node) (model.Datum, bool) {
	if s, ok := n.(*ast.StringNode); ok {
		return model.Datum{K: model.DSym, N: cc.Rs.Intern(s.Value)}, true
	}
	return literal(n)
}

// Local is a name let binds inside an expression, with its static type.
type Local struct {
	Name string
	T    Type
}

func (cc *Compiler) refuse(n ast.Node, format string, a ...any) (model.EvalFn, Type) {
	cc.Errs = append(cc.Errs, Problem{Node: n, Msg: fmt.Sprintf(format, a...)})
	return constant(model.Datum{}), CNil
}

// refuseCode is refuse with a diagnostic code of its own.
func (cc *Compiler) refuseCode(code string, n ast.Node, format string, a ...any) (model.EvalFn, Type) {
	cc.refuse(n, format, a...)
	cc.Errs[len(cc.Errs)-1].Code = code
	return constant(model.Datum{}), CNil
}

// zeroDivisor refuses a divisor that is zero whatever the game: made of
// number literals only, it could never be anything else.
func (cc *Compiler) zeroDivisor(n *ast.BinaryNode) bool {
	v, ok := constNumber(n.Right)
	if !ok || v != 0 {
		return false
	}
	switch n.Right.(type) {
	case *ast.IntegerNode, *ast.FloatNode:
		cc.refuseCode("division-by-zero", n, "division by zero: the divisor is 0")
	default:
		cc.refuseCode("division-by-zero", n, "division by zero: the divisor (%s) is always 0", n.Right.String())
	}
	return true
}

// constNumber is the value of an expression made of number literals and
// arithmetic alone; ok is false for anything else (or a division by zero in it).
func constNumber(n ast.Node) (float64, bool) {
	switch n := n.(type) {
	case *ast.IntegerNode:
		return float64(n.Value), true
	case *ast.FloatNode:
		return n.Value, true
	case *ast.UnaryNode:
		v, ok := constNumber(n.Node)
		switch {
		case !ok:
		case n.Operator == "-":
			return -v, true
		case n.Operator == "+":
			return v, true
		}
	case *ast.BinaryNode:
		a, ok := constNumber(n.Left)
		if !ok {
			return 0, false
		}
		b, ok := constNumber(n.Right)
		if !ok {
			return 0, false
		}
		switch n.Operator {
		case "+":
			return a + b, true
		case "-":
			return a - b, true
		case "*":
			return a * b, true
		case "/":
			return a / b, b != 0
		case "%":
			if b == 0 || a != math.Trunc(a) || b != math.Trunc(b) {
				return 0, false
			}
			return float64(int64(a) % int64(b)), true
		case "**", "^":
			return math.Pow(a, b), true
		}
	}
	return 0, false
}

func constant(d model.Datum) model.EvalFn { return func(*model.Evaluation) model.Datum { return d } }

// Compile builds the closure of a checked, patched node and gives its static
// type. A form it does not take is recorded in Errs and compiles to a
// closure that yields nothing.
func (cc *Compiler) Compile(n ast.Node) (model.EvalFn, Type) {
	// what an earlier compile of this node left (a predicate's body is
	// compiled at each call) is not this compile's
	cc.lastCond.forget(n)
	cc.lastInt.forget(n)
	cc.lastFill.forget(n)
	cc.lastSeat.forget(n)
	cc.lastZone.forget(n)
	cc.lastRef.forget(n)
	cc.lastLen.forget(n)
	switch n := n.(type) {
	case *ast.IntegerNode:
		return constant(model.Datum{K: model.DInt, N: int64(n.Value)}), cInt
	case *ast.FloatNode:
		return constant(model.FloatDatum(n.Value)), cFloat
	case *ast.BoolNode:
		return constant(model.Datum{K: model.DBool, N: model.B2i(n.Value)}), cBool
	case *ast.StringNode:
		return constant(model.Datum{K: model.DSym, N: cc.Rs.Intern(n.Value)}), cSym
	case *ast.NilNode:
		return constant(model.Datum{}), CNil
	case *ast.IdentifierNode:
		return cc.ident(n)
	case *ast.UnaryNode:
		return cc.unary(n)
	case *ast.BinaryNode:
		return cc.binary(n)
	case *ast.ConditionalNode:
		// a ?: whose value is printed: so are its branches' values
		printed := n == cc.TextRoot || cc.printed[n]
		if printed {
			if cc.printed == nil {
				cc.printed = map[ast.Node]bool{}
			}
			cc.printed[n.Exp1], cc.printed[n.Exp2] = true, true
		}
		c, ct := cc.Compile(n.Cond)
		cond := cc.condOf(n.Cond, c)
		a, at := cc.Compile(n.Exp1)
		ac := cc.condOf(n.Exp1, a)
		aLen, aFill := cc.lenOf(n.Exp1), cc.Fill(n.Exp1)
		b, bt := cc.Compile(n.Exp2)
		bc := cc.condOf(n.Exp2, b)
		bLen, bFill := cc.lenOf(n.Exp2), cc.Fill(n.Exp2)
		if ct.k != model.DBool && ct.k != model.DNil {
			return cc.refuse(n.Cond, "the condition of ?: must be true or false, not %s", ct)
		}
		t, ok := unify(at, bt)
		if !ok && printed {
			// printed as it comes: each branch as the value it gives
			return either(cond, a, b), CNil
		}
		if !ok {
			return cc.refuse(n, "the two branches of ?: give %s and %s; both must give the same kind of value (in a template's {...} they may differ, each printed as it is)", at, bt)
		}
		a, b = cc.widen(a, at, t), cc.widen(b, bt, t)
		if t.k == model.DList && (aLen != nil || bLen != nil) {
			// counted without making the branch's list where it has a way
			aLen, bLen = countOf(a, aLen), countOf(b, bLen)
			cc.lastLen.set(n, func(x *model.Evaluation) (int64, bool) {
				v, ok := cond(x)
				if !ok {
					x.MissingBool("?:")
					return 0, false
				}
				if v {
					return aLen(x)
				}
				return bLen(x)
			})
		}
		if t.k == model.DList && (aFill != nil || bFill != nil) {
			// written into the caller's memory where the branch can be
			aFill, bFill = fillOf(a, aFill), fillOf(b, bFill)
			cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
				v, ok := cond(x)
				if !ok {
					x.MissingBool("?:")
					return dst
				}
				if v {
					return aFill(x, dst)
				}
				return bFill(x, dst)
			})
		}
		if t.k == model.DBool {
			cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
				v, ok := cond(x)
				if !ok {
					x.MissingBool("?:")
					return false, false
				}
				if v {
					return ac(x)
				}
				return bc(x)
			})
		}
		return either(cond, a, b), t
	case *ast.BuiltinNode:
		return cc.builtin(n)
	case *ast.PointerNode:
		if n.Name != "" {
			return cc.refuse(n, "#%s is not available in rulesets; use # for the current element", n.Name)
		}
		if len(cc.elems) == 0 {
			return cc.refuse(n, "# stands for the current element of a predicate and is used outside one")
		}
		level := len(cc.elems) - 1
		t := cc.elems[level]
		cc.readElem(level)
		return func(x *model.Evaluation) model.Datum { return model.Datum{K: t.k, N: x.At(level)} }, t
	case *ast.ArrayNode:
		return cc.array(n)
	case *ast.MemberNode:
		return cc.index(n)
	case *ast.SliceNode:
		l, lt := cc.Compile(n.Node)
		if lt.k != model.DList {
			return cc.refuse(n, "only lists can be sliced, not %s", lt)
		}
		var from, to model.EvalFn
		if n.From != nil {
			from = cc.intArg(n.From, "a slice bound")
		}
		if n.To != nil {
			to = cc.intArg(n.To, "a slice bound")
		}
		return func(x *model.Evaluation) model.Datum {
			d := l(x)
			a, b := 0, len(d.L)
			if from != nil {
				fd := from(x)
				if fd.K == model.DNil {
					return x.Missing("[:]")
				}
				a = int(fd.N)
			}
			if to != nil {
				td := to(x)
				if td.K == model.DNil {
					return x.Missing("[:]")
				}
				b = int(td.N)
			}
			if a < 0 {
				a += len(d.L)
			}
			if b < 0 {
				b += len(d.L)
			}
			a, b = max(min(a, len(d.L)), 0), max(min(b, len(d.L)), 0)
			if a > b {
				a = b
			}
			return model.Datum{K: model.DList, E: d.E, L: d.L[a:b:b]}
		}, lt
	case *ast.CallNode:
		return cc.call(n)
	case *ast.ChainNode:
		return cc.Compile(n.Node)
	case *ast.VariableDeclaratorNode:
		value, vt := cc.Compile(n.Value)
		if vt.k == model.DNil {
			return cc.refuse(n.Value, "let %s is given nothing", n.Name)
		}
		slot := len(cc.Locals)
		cc.Locals = append(cc.Locals, Local{n.Name, vt})
		body, bt := cc.Compile(n.Expr)
		cc.Locals = cc.Locals[:slot]
		return func(x *model.Evaluation) model.Datum {
			for len(x.Locals) <= slot {
				x.Locals = append(x.Locals, model.Datum{})
			}
			x.Locals[slot] = value(x)
			return body(x)
		}, bt
	case *ast.MapNode:
		return cc.refuse(n, "maps are not available in rulesets; use a property or a variable")
	case *ast.SequenceNode:
		return cc.refuse(n, "a sequence of expressions (;) is not available in rulesets")
	}
	return cc.refuse(n, "this form of expression is not available in rulesets")
}

// widen converts a value of type from to the unified type to (an int where a
// fraction is expected).
func (cc *Compiler) widen(fn model.EvalFn, from, to Type) model.EvalFn {
	if to.k == model.DFloat && from.k == model.DInt {
		return func(x *model.Evaluation) model.Datum { return model.FloatDatum(fn(x).Float()) }
	}
	if to.k == model.DList && from.k == model.DList && from.e != to.e {
		e := to.e
		return func(x *model.Evaluation) model.Datum { d := fn(x); d.E = e; return d }
	}
	return fn
}

func (cc *Compiler) intArg(n ast.Node, what string) model.EvalFn {
	fn, t := cc.Compile(n)
	if t.k != model.DInt && t.k != model.DNil {
		f, _ := cc.refuse(n, "%s must be a whole number, not %s", what, t)
		return f
	}
	return fn
}

func (cc *Compiler) ident(n *ast.IdentifierNode) (model.EvalFn, Type) {
	name := n.Value
	for i := len(cc.Locals) - 1; i >= cc.barrier; i-- {
		if cc.Locals[i].Name == name {
			// a local is a value computed by the expression itself
			slot := i
			cc.readLocal(i)
			return func(x *model.Evaluation) model.Datum { return x.Locals[slot] }, cc.Locals[i].T
		}
	}
	if k, ok := BuiltinIdents[name]; ok {
		cc.Reads |= identReads[k]
		switch k {
		case model.IdYou:
			cc.lastSeat.set(n, model.SeatYou)
			return func(x *model.Evaluation) model.Datum { return model.Datum{K: model.DPlayer, N: int64(x.F.You)} }, cPlayer
		case model.IdOpponent:
			cc.lastSeat.set(n, model.SeatOpponent)
			return func(x *model.Evaluation) model.Datum { return model.PlayerDatum(x.G.NextLive(int(x.F.You))) }, cPlayer
		case model.IdActive:
			cc.lastSeat.set(n, model.SeatActive)
			return func(x *model.Evaluation) model.Datum { return model.Datum{K: model.DPlayer, N: int64(x.G.S.Active)} }, cPlayer
		case model.IdTurn:
			return func(x *model.Evaluation) model.Datum { return model.Datum{K: model.DInt, N: int64(x.G.S.Turn)} }, cInt
		case model.IdPhase:
			return func(x *model.Evaluation) model.Datum {
				g := x.G
				if g.S.Phase.InPhase(len(g.Rs.Phases)) {
					return model.Datum{K: model.DSym, N: g.Rs.PhaseSyms[g.S.Phase]}
				}
				return g.NameDatum("")
			}, cSym
		case model.IdThis:
			cc.frameDeps = true
			cc.lastRef.set(n, model.FrameRef{Of: model.RefThis})
			return func(x *model.Evaluation) model.Datum { return model.CardDatum(int(x.F.This)) }, cCard
		case model.IdPlayers:
			return func(x *model.Evaluation) model.Datum {
				return model.Datum{K: model.DList, E: model.DPlayer, L: x.G.Seats}
			}, listOf(model.DPlayer)
		case model.IdOpponents:
			return func(x *model.Evaluation) model.Datum {
				return model.Datum{K: model.DList, E: model.DPlayer, L: x.G.OpponentsOf(int(x.F.You))}
			}, listOf(model.DPlayer)
		case model.IdMode:
			return func(x *model.Evaluation) model.Datum { return model.Datum{K: model.DSym, N: x.G.S.Mode} }, cSym
		case model.IdStack:
			return func(x *model.Evaluation) model.Datum {
				return model.Datum{K: model.DList, E: model.DCard, L: x.G.StackCards()}
			}, listOf(model.DCard)
		case model.IdStackSize:
			return func(x *model.Evaluation) model.Datum {
				return model.Datum{K: model.DInt, N: int64(len(x.G.S.Stack))}
			}, cInt
		}
		return cc.refuse(n, "%s cannot be used as a value by itself; read one of its properties (%s.<name>)", name, name)
	}
	if name == "card" && cc.Sc.Card {
		cc.frameDeps = true
		cc.lastRef.set(n, model.FrameRef{Of: model.RefCard})
		return func(x *model.Evaluation) model.Datum { return model.CardDatum(int(x.F.Card)) }, cCard
	}
	if name == "player" && cc.Sc.Player {
		cc.lastSeat.set(n, model.SeatPlayer)
		return func(x *model.Evaluation) model.Datum { return model.PlayerDatum(int(x.F.Player)) }, cPlayer
	}
	v, ok := cc.Sc.Vars[name]
	if !ok {
		return cc.refuse(n, "unknown name %s", name)
	}
	// an effect's variables are not parts of the state the engine follows
	cc.Reads |= model.ReadsAnything
	cc.frameDeps = true
	slot := v.Slot
	switch v.Typ {
	case model.TCards, model.TPlayers, model.TInts, model.TStrings:
		e := TypeFor(v.Typ).e
		if v.Typ == model.TCards {
			cc.lastRef.set(n, model.FrameRef{Of: model.RefCardsVar, Slot: slot})
		}
		return func(x *model.Evaluation) model.Datum {
			return model.Datum{K: model.DList, E: e, L: x.G.S.Vars[int(x.F.Base)+slot].L}
		}, listOf(e)
	case model.TCard:
		cc.lastRef.set(n, model.FrameRef{Of: model.RefCardVar, Slot: slot})
		return func(x *model.Evaluation) model.Datum { return model.CardDatum(int(x.G.S.Vars[int(x.F.Base)+slot].N)) }, cCard
	case model.TPlayer:
		return func(x *model.Evaluation) model.Datum { return model.PlayerDatum(int(x.G.S.Vars[int(x.F.Base)+slot].N)) }, cPlayer
	case model.TInt, model.TBool, model.TString, model.TFloat:
		t := TypeFor(v.Typ)
		return func(x *model.Evaluation) model.Datum { return model.Datum{K: t.k, N: x.G.S.Vars[int(x.F.Base)+slot].N} }, t
	}
	cc.refuse(n, "the variable %s has no known type here", name)
	cc.Errs[len(cc.Errs)-1].Untyped = true
	return constant(model.Datum{}), CNil
}

// identReads is what each name the language gives reads of the state.
var identReads = map[model.IdentKind]model.ReadSet{
	model.IdOpponent:  model.ReadsSeats,
	model.IdOpponents: model.ReadsSeats,
	model.IdActive:    model.ReadsTurn,
	model.IdTurn:      model.ReadsTurn,
	model.IdPhase:     model.ReadsPhase,
	model.IdStack:     model.ReadsStack,
	model.IdStackSize: model.ReadsStack,
}

func (cc *Compiler) unary(n *ast.UnaryNode) (model.EvalFn, Type) {
	v, t := cc.Compile(n.Node)
	switch n.Operator {
	case "not", "!":
		if t.k != model.DBool {
			return cc.refuse(n, "not takes true or false, not %s", t)
		}
		vc := cc.condOf(n.Node, v)
		cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
			b, ok := vc(x)
			if !ok {
				x.MissingBool("not")
				return false, false
			}
			return !b, true
		})
		return func(x *model.Evaluation) model.Datum {
			d := v(x)
			if d.K != model.DBool {
				return x.MissingBool("not")
			}
			return model.Datum{K: model.DBool, N: 1 - d.N}
		}, cBool
	case "-":
		switch t.k {
		case model.DInt:
			return func(x *model.Evaluation) model.Datum {
				d := v(x)
				if d.K == model.DNil {
					return x.Missing("-")
				}
				v, ok := model.NegWhole(d.N)
				if !ok {
					return x.Fail("-(%d) goes beyond what a whole number holds", d.N)
				}
				return model.Datum{K: model.DInt, N: v}
			}, cInt
		case model.DFloat:
			return func(x *model.Evaluation) model.Datum {
				d := v(x)
				if d.K == model.DNil {
					return x.Missing("-")
				}
				return model.FloatDatum(-d.Float())
			}, cFloat
		}
		return cc.refuse(n, "- takes a number, not %s", t)
	case "+":
		if !t.numeric() {
			return cc.refuse(n, "+ takes a number, not %s", t)
		}
		return v, t
	}
	return cc.refuse(n, "the operator %s is not available in rulesets", n.Operator)
}

func (cc *Compiler) binary(n *ast.BinaryNode) (model.EvalFn, Type) {
	cc.zoneTest(n)
	l, lt := cc.Compile(n.Left)
	lc := cc.condOf(n.Left, l) // taken now: compiling the right may compile the node again
	var li, ri, ls, rsym model.IntFn
	switch lt.k {
	case model.DInt:
		li = cc.intOf(n.Left, l)
	case model.DSym:
		ls = cc.symOf(n.Left, l)
	}
	r, rt := cc.Compile(n.Right)
	rc := cc.condOf(n.Right, r)
	switch rt.k {
	case model.DInt:
		ri = cc.intOf(n.Right, r)
	case model.DSym:
		rsym = cc.symOf(n.Right, r)
	}
	switch n.Operator {
	case "and", "&&", "or", "||":
		if lt.k != model.DBool || rt.k != model.DBool {
			return cc.refuse(n, "%s takes true or false on both sides, not %s and %s", n.Operator, lt, rt)
		}
		op := n.Operator
		and := op == "and" || op == "&&"
		cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
			a, ok := lc(x)
			if !ok {
				x.MissingBool(op)
				return false, false
			}
			if a != and {
				return a, true // false and ..., true or ...
			}
			b, ok := rc(x)
			if !ok {
				x.MissingBool(op)
				return false, false
			}
			return b, true
		})
		if and {
			return func(x *model.Evaluation) model.Datum {
				a := l(x)
				if a.K != model.DBool {
					return x.MissingBool(op)
				}
				if a.N == 0 {
					return a
				}
				b := r(x)
				if b.K != model.DBool {
					return x.MissingBool(op)
				}
				return b
			}, cBool
		}
		return func(x *model.Evaluation) model.Datum {
			a := l(x)
			if a.K != model.DBool {
				return x.MissingBool(op)
			}
			if a.N != 0 {
				return a
			}
			b := r(x)
			if b.K != model.DBool {
				return x.MissingBool(op)
			}
			return b
		}, cBool
	case "==", "!=":
		neq := n.Operator == "!="
		eq := func(x *model.Evaluation) bool {
			a, b := l(x), r(x)
			if e, known := model.SameScalar(a, b); known {
				return e
			}
			return x.G.Equal(a, b)
		}
		if c, ok := cc.literalIn(n.Right); ok {
			// a literal on the right (card.cost == 0): compared without calling it
			eq = func(x *model.Evaluation) bool {
				a := l(x)
				if e, known := model.SameScalar(a, c); known {
					return e
				}
				return x.G.Equal(a, c)
			}
		}
		if ls != nil && rsym != nil {
			// two names: the same when their symbols are; a name that is
			// no symbol (a text never interned) or nothing is compared as
			// a value
			slow := eq
			eq = func(x *model.Evaluation) bool {
				a, aok := ls(x)
				b, bok := rsym(x)
				if aok && bok {
					return a == b
				}
				return slow(x)
			}
		}
		if li != nil && ri != nil {
			// two whole numbers: equal when both are nothing or both the same number
			eq = func(x *model.Evaluation) bool {
				a, aok := li(x)
				b, bok := ri(x)
				return aok == bok && (!aok || a == b)
			}
		}
		cc.setCond(n, func(x *model.Evaluation) (bool, bool) { return eq(x) != neq, true })
		return func(x *model.Evaluation) model.Datum {
			return model.Datum{K: model.DBool, N: model.B2i(eq(x) != neq)}
		}, cBool
	case "<", "<=", ">", ">=":
		if !lt.numeric() || !rt.numeric() {
			return cc.refuse(n, "%s compares numbers, not %s and %s", n.Operator, lt, rt)
		}
		op := n.Operator
		if lt.k == model.DInt && rt.k == model.DInt {
			var less func(a, b int64) bool
			switch op {
			case "<":
				less = func(a, b int64) bool { return a < b }
			case "<=":
				less = func(a, b int64) bool { return a <= b }
			case ">":
				less = func(a, b int64) bool { return a > b }
			default:
				less = func(a, b int64) bool { return a >= b }
			}
			cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
				a, aok := li(x)
				b, bok := ri(x)
				if !aok || !bok {
					x.Missing(op)
					return false, false
				}
				return less(a, b), true
			})
			switch op {
			case "<":
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing(op)
					}
					return model.Datum{K: model.DBool, N: model.B2i(a.N < b.N)}
				}, cBool
			case "<=":
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing(op)
					}
					return model.Datum{K: model.DBool, N: model.B2i(a.N <= b.N)}
				}, cBool
			case ">":
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing(op)
					}
					return model.Datum{K: model.DBool, N: model.B2i(a.N > b.N)}
				}, cBool
			default:
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing(op)
					}
					return model.Datum{K: model.DBool, N: model.B2i(a.N >= b.N)}
				}, cBool
			}
		}
		return func(x *model.Evaluation) model.Datum {
			da, db := l(x), r(x)
			if da.K == model.DNil || db.K == model.DNil {
				return x.Missing(op)
			}
			a, b := da.Float(), db.Float()
			var v bool
			switch op {
			case "<":
				v = a < b
			case "<=":
				v = a <= b
			case ">":
				v = a > b
			default:
				v = a >= b
			}
			return model.Datum{K: model.DBool, N: model.B2i(v)}
		}, cBool
	case "+", "-", "*":
		if !lt.numeric() || !rt.numeric() {
			if n.Operator == "+" && (lt.isText() || rt.isText()) {
				return cc.refuse(n, "names cannot be joined with +; write the text as a template with {expression} parts")
			}
			return cc.refuse(n, "%s takes numbers, not %s and %s", n.Operator, lt, rt)
		}
		op := n.Operator[0]
		if lt.k == model.DInt && rt.k == model.DInt {
			cc.setInt(n, func(x *model.Evaluation) (int64, bool) {
				a, aok := li(x)
				b, bok := ri(x)
				if !aok || !bok {
					x.Missing(n.Operator)
					return 0, false
				}
				var c int64
				var ok bool
				switch op {
				case '+':
					c, ok = model.AddWhole(a, b)
				case '-':
					c, ok = model.SubWhole(a, b)
				default:
					c, ok = model.MulWhole(a, b)
				}
				if !ok {
					x.Overflow(a, n.Operator, b)
				}
				return c, ok
			})
			switch op {
			case '+':
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing("+")
					}
					c, ok := model.AddWhole(a.N, b.N)
					if !ok {
						return x.Overflow(a.N, "+", b.N)
					}
					return model.Datum{K: model.DInt, N: c}
				}, cInt
			case '-':
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing("-")
					}
					c, ok := model.SubWhole(a.N, b.N)
					if !ok {
						return x.Overflow(a.N, "-", b.N)
					}
					return model.Datum{K: model.DInt, N: c}
				}, cInt
			default:
				return func(x *model.Evaluation) model.Datum {
					a, b := l(x), r(x)
					if a.K == model.DNil || b.K == model.DNil {
						return x.Missing("*")
					}
					c, ok := model.MulWhole(a.N, b.N)
					if !ok {
						return x.Overflow(a.N, "*", b.N)
					}
					return model.Datum{K: model.DInt, N: c}
				}, cInt
			}
		}
		return func(x *model.Evaluation) model.Datum {
			da, db := l(x), r(x)
			if da.K == model.DNil || db.K == model.DNil {
				return x.Missing(n.Operator)
			}
			a, b := da.Float(), db.Float()
			switch op {
			case '+':
				return model.FloatDatum(a + b)
			case '-':
				return model.FloatDatum(a - b)
			}
			return model.FloatDatum(a * b)
		}, cFloat
	case "/":
		if !lt.numeric() || !rt.numeric() {
			return cc.refuse(n, "/ takes numbers, not %s and %s", lt, rt)
		}
		if cc.zeroDivisor(n) {
			return constant(model.Datum{}), CNil
		}
		return func(x *model.Evaluation) model.Datum {
			da, db := l(x), r(x)
			if da.K == model.DNil || db.K == model.DNil {
				return x.Missing("/")
			}
			if db.Float() == 0 {
				return x.Fail("division by zero")
			}
			return model.FloatDatum(da.Float() / db.Float())
		}, cFloat
	case "%":
		if lt.k != model.DInt || rt.k != model.DInt {
			return cc.refuse(n, "%% takes whole numbers, not %s and %s", lt, rt)
		}
		if cc.zeroDivisor(n) {
			return constant(model.Datum{}), CNil
		}
		return func(x *model.Evaluation) model.Datum {
			a, b := l(x), r(x)
			if a.K == model.DNil || b.K == model.DNil {
				return x.Missing("%")
			}
			if b.N == 0 {
				return x.Fail("division by zero")
			}
			return model.Datum{K: model.DInt, N: a.N % b.N}
		}, cInt
	case "**", "^":
		if !lt.numeric() || !rt.numeric() {
			return cc.refuse(n, "%s takes numbers, not %s and %s", n.Operator, lt, rt)
		}
		return func(x *model.Evaluation) model.Datum {
			a, b := l(x), r(x)
			if a.K == model.DNil || b.K == model.DNil {
				return x.Missing(n.Operator)
			}
			r := math.Pow(a.Float(), b.Float())
			if math.IsInf(r, 0) || math.IsNaN(r) {
				// 0 ** -1, (-8) ** 0.5, 10 ** 400: no number, as 1 / 0 is none
				return x.Fail("%v %s %v is no number", a.Float(), n.Operator, b.Float())
			}
			return model.FloatDatum(r)
		}, cFloat
	case "..":
		if lt.k != model.DInt || rt.k != model.DInt {
			return cc.refuse(n, ".. takes whole numbers, not %s and %s", lt, rt)
		}
		return func(x *model.Evaluation) model.Datum {
			a, b := l(x).N, r(x).N
			if d, ok := model.SubWhole(b, a); !ok || d > 10000 {
				return x.Fail("the range %d..%d is longer than 10000", a, b)
			}
			if a <= b && !x.Spend(int(b-a)+1) {
				return model.Datum{}
			}
			out := []int{}
			for i := a; i <= b; i++ {
				out = append(out, int(i))
			}
			return model.Datum{K: model.DList, E: model.DInt, L: out}
		}, listOf(model.DInt)
	case "??":
		t, ok := unify(lt, rt)
		if !ok {
			return cc.refuse(n, "?? gives %s or %s; both sides must give the same kind of value", lt, rt)
		}
		return func(x *model.Evaluation) model.Datum {
			if d := l(x); d.K != model.DNil {
				return d
			}
			return r(x)
		}, t
	case "in":
		if rt.k != model.DList {
			return cc.refuse(n, "in looks for a value in a list, not in %s", rt)
		}
		in := func(x *model.Evaluation) bool {
			v, list := l(x), r(x)
			if v.K == model.DNil {
				return false
			}
			if v.K == list.E {
				if _, known := model.SameScalar(v, v); known {
					// one kind that compares by number: the numbers decide
					for _, e := range x.Budget(list.L) {
						if int64(e) == v.N {
							return true
						}
					}
					return false
				}
			}
			for _, e := range x.Budget(list.L) {
				if x.G.Equal(v, model.Datum{K: list.E, N: int64(e)}) {
					return true
				}
			}
			return false
		}
		cc.setCond(n, func(x *model.Evaluation) (bool, bool) { return in(x), true })
		return func(x *model.Evaluation) model.Datum {
			return model.Datum{K: model.DBool, N: model.B2i(in(x))}
		}, cBool
	case "matches", "contains", "startsWith", "endsWith":
		return cc.refuse(n, "%s works on free text, which rulesets do not have: names are compared with ==", n.Operator)
	}
	return cc.refuse(n, "the operator %s is not available in rulesets", n.Operator)
}

func (cc *Compiler) array(n *ast.ArrayNode) (model.EvalFn, Type) {
	t := listOf(model.DNil)
	parts := make([]model.EvalFn, len(n.Nodes))
	constant := true
	for i, e := range n.Nodes {
		fn, et := cc.Compile(e)
		parts[i] = fn
		if et.k == model.DList || et.k == model.DFloat || et.k == model.DBool {
			return cc.refuse(e, "a literal list holds cards, players, numbers or names, not %s", et)
		}
		if et.k == model.DStr {
			et = cSym
		}
		u, ok := unify(Type{k: t.e}, et)
		if !ok {
			return cc.refuse(e, "a list holds one kind of value: %s here, %s before", et, Type{k: t.e})
		}
		t.e = u.k
		switch e.(type) {
		case *ast.IntegerNode, *ast.StringNode:
		default:
			constant = false
		}
	}
	if constant {
		l := make([]int, len(parts))
		for i, p := range parts {
			l[i] = int(p(nil).N)
		}
		d := model.Datum{K: model.DList, E: t.e, L: l[:len(l):len(l)]}
		return func(*model.Evaluation) model.Datum { return d }, t
	}
	e := t.e
	cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
		for _, p := range parts {
			if d := p(x); d.K != model.DNil {
				dst = append(dst, int(d.N))
			}
		}
		return dst
	})
	return func(x *model.Evaluation) model.Datum {
		l := make([]int, 0, len(parts))
		for _, p := range parts {
			if d := p(x); d.K != model.DNil {
				l = append(l, int(d.N))
			}
		}
		return model.Datum{K: model.DList, E: e, L: l}
	}, t
}

// index compiles list[i]: after patching, the only member access left.
func (cc *Compiler) index(n *ast.MemberNode) (model.EvalFn, Type) {
	l, lt := cc.Compile(n.Node)
	if lt.k != model.DList {
		if s, ok := n.Property.(*ast.StringNode); ok {
			return cc.refuse(n.Property, "cannot read .%s from %s", s.Value, lt)
		}
		return cc.refuse(n, "only lists can be indexed, not %s", lt)
	}
	at := cc.intArg(n.Property, "an index")
	et := Type{k: lt.e}
	optional := n.Optional
	return func(x *model.Evaluation) model.Datum {
		d := l(x)
		ad := at(x)
		if ad.K == model.DNil {
			return x.Missing("[]")
		}
		i := int(ad.N)
		j := i
		if j < 0 {
			j += len(d.L)
		}
		if j < 0 || j >= len(d.L) {
			if optional {
				return model.Datum{}
			}
			return x.Fail("index out of range: %d (the list has %d)", i, len(d.L))
		}
		return model.Datum{K: d.E, N: int64(d.L[j])}
	}, et
}

// Problem is what the compiler refuses, at the node it refuses.
type Problem struct {
	Node    ast.Node
	Msg     string
	Code    string // the diagnostic's code, when the message does not decide it
	Untyped bool   // a variable with no known type: its binding was refused
}

// either is the value of a ?: : a's when cond holds, b's when not.
func either(cond func(*model.Evaluation) (bool, bool), a, b model.EvalFn) model.EvalFn {
	return func(x *model.Evaluation) model.Datum {
		v, ok := cond(x)
		if !ok {
			return x.MissingBool("?:")
		}
		if v {
			return a(x)
		}
		return b(x)
	}
}
