package interpreter

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// DatumKind is the kind of a Datum.
type DatumKind uint8

const (
	DNil DatumKind = iota
	DInt
	DBool
	DSym // an interned name
	DCard
	DPlayer
	DList // cards or players
)

// Datum is an expression value on the fast path: no boxing, no allocation.
type Datum struct {
	K DatumKind
	N int64
	L []int
}

// fastFn evaluates a compiled expression without the expression VM.
type fastFn func(g *Game, f *Frame) Datum

// exprPanic carries a run-time expression error out of a fast evaluation.
type exprPanic struct{ msg string }

// fastCompiler turns the checked, patched tree of a common expression into Go
// closures. Expressions it does not cover (predicates, maps, floats, ...) keep
// running on the expression VM.
type fastCompiler struct {
	rs    *Ruleset
	sc    *scope
	ok    bool
	depth int         // nesting of predicates: # is the element at this level
	elem  []DatumKind // the kind of # at each level
}

// predicate compiles filter, count, any, all, none, one, find and map over a
// list of cards or players, with # the current element.
func (fc *fastCompiler) predicate(n *ast.BuiltinNode) fastFn {
	if len(n.Arguments) != 2 {
		return fc.fail()
	}
	pred, ok := n.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return fc.fail()
	}
	switch n.Name {
	case "filter", "count", "any", "all", "none", "one", "find":
	default:
		return fc.fail()
	}
	list := fc.compile(n.Arguments[0])
	kind := fc.elemKind(n.Arguments[0])
	fc.elem = append(fc.elem, kind)
	fc.depth++
	level := fc.depth - 1
	body := fc.compile(pred.Node)
	fc.depth--
	fc.elem = fc.elem[:len(fc.elem)-1]
	if !fc.ok {
		return nil
	}
	name := n.Name
	return func(g *Game, f *Frame) Datum {
		l := list(g, f).L
		for len(g.ptr) <= level {
			g.ptr = append(g.ptr, 0)
		}
		var out []int
		count := 0
		for _, x := range l {
			g.ptr[level] = x
			hit := truth(body(g, f)) == 1
			switch name {
			case "filter":
				if hit {
					out = append(out, x)
				}
			case "any":
				if hit {
					return Datum{K: DBool, N: 1}
				}
			case "all":
				if !hit {
					return Datum{K: DBool}
				}
			case "none":
				if hit {
					return Datum{K: DBool}
				}
			case "find":
				if hit {
					return Datum{K: kind, N: int64(x)}
				}
			default:
				if hit {
					count++
				}
			}
		}
		switch name {
		case "filter":
			if out == nil {
				out = []int{}
			}
			return Datum{K: DList, L: out}
		case "any":
			return Datum{K: DBool}
		case "all", "none":
			return Datum{K: DBool, N: 1}
		case "find":
			return Datum{}
		case "one":
			return Datum{K: DBool, N: b2i(count == 1)}
		}
		return Datum{K: DInt, N: int64(count)}
	}
}

func (fc *fastCompiler) fail() fastFn {
	fc.ok = false
	return nil
}

func (fc *fastCompiler) compile(n ast.Node) fastFn {
	if !fc.ok {
		return nil
	}
	switch n := n.(type) {
	case *ast.IntegerNode:
		v := Datum{K: DInt, N: int64(n.Value)}
		return func(*Game, *Frame) Datum { return v }
	case *ast.BoolNode:
		v := Datum{K: DBool, N: b2i(n.Value)}
		return func(*Game, *Frame) Datum { return v }
	case *ast.StringNode:
		v := Datum{K: DSym, N: fc.rs.intern(n.Value)}
		return func(*Game, *Frame) Datum { return v }
	case *ast.NilNode:
		return func(*Game, *Frame) Datum { return Datum{} }
	case *ast.IdentifierNode:
		return fc.ident(n.Value)
	case *ast.UnaryNode:
		x := fc.compile(n.Node)
		switch n.Operator {
		case "not", "!":
			return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: 1 - truth(x(g, f))} }
		case "-":
			return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: -x(g, f).N} }
		case "+":
			return x
		}
		return fc.fail()
	case *ast.BinaryNode:
		return fc.binary(n)
	case *ast.ConditionalNode:
		c, a, b := fc.compile(n.Cond), fc.compile(n.Exp1), fc.compile(n.Exp2)
		return func(g *Game, f *Frame) Datum {
			if truth(c(g, f)) == 1 {
				return a(g, f)
			}
			return b(g, f)
		}
	case *ast.BuiltinNode:
		if n.Name == "len" && len(n.Arguments) == 1 {
			x := fc.compile(n.Arguments[0])
			return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: int64(len(x(g, f).L))} }
		}
		if (n.Name == "first" || n.Name == "last") && len(n.Arguments) == 1 {
			x := fc.compile(n.Arguments[0])
			kind := fc.elemKind(n.Arguments[0])
			last := n.Name == "last"
			return func(g *Game, f *Frame) Datum {
				l := x(g, f).L
				if len(l) == 0 {
					return Datum{}
				}
				if last {
					return Datum{K: kind, N: int64(l[len(l)-1])}
				}
				return Datum{K: kind, N: int64(l[0])}
			}
		}
		if (n.Name == "min" || n.Name == "max") && len(n.Arguments) >= 2 {
			for _, a := range n.Arguments {
				if !fc.isInt(a) {
					if _, lit := a.(*ast.IntegerNode); !lit {
						return fc.fail()
					}
				}
			}
			args := make([]fastFn, len(n.Arguments))
			for i, a := range n.Arguments {
				args[i] = fc.compile(a)
			}
			isMax := n.Name == "max"
			return func(g *Game, f *Frame) Datum {
				v := args[0](g, f).N
				for _, a := range args[1:] {
					x := a(g, f).N
					if (isMax && x > v) || (!isMax && x < v) {
						v = x
					}
				}
				return Datum{K: DInt, N: v}
			}
		}
		return fc.predicate(n)
	case *ast.PointerNode:
		if n.Name != "" || fc.depth == 0 {
			return fc.fail()
		}
		kind := fc.elem[len(fc.elem)-1]
		level := fc.depth - 1
		return func(g *Game, f *Frame) Datum { return Datum{K: kind, N: int64(g.ptr[level])} }
	case *ast.ArrayNode:
		parts := make([]fastFn, len(n.Nodes))
		for i, e := range n.Nodes {
			parts[i] = fc.compile(e)
		}
		if !fc.ok {
			return nil
		}
		return func(g *Game, f *Frame) Datum {
			l := make([]int, len(parts))
			for i, p := range parts {
				l[i] = int(p(g, f).N)
			}
			return Datum{K: DList, L: l}
		}
	case *ast.MemberNode:
		// after patching, only indexing is left: list[i]
		x := fc.compile(n.Node)
		kind := fc.elemKind(n.Node)
		idx, ok := n.Property.(*ast.IntegerNode)
		if !ok {
			at := fc.compile(n.Property)
			if !fc.ok {
				return nil
			}
			return func(g *Game, f *Frame) Datum {
				l := x(g, f).L
				i := int(at(g, f).N)
				j := i
				if j < 0 {
					j += len(l)
				}
				if j < 0 || j >= len(l) {
					panic(exprPanic{fmt.Sprintf("index out of range: %d (array length is %d)", i, len(l))})
				}
				return Datum{K: kind, N: int64(l[j])}
			}
		}
		i := idx.Value
		return func(g *Game, f *Frame) Datum {
			l := x(g, f).L
			j := i
			if j < 0 {
				j += len(l)
			}
			if j < 0 || j >= len(l) {
				panic(exprPanic{fmt.Sprintf("index out of range: %d (array length is %d)", i, len(l))})
			}
			return Datum{K: kind, N: int64(l[j])}
		}
	case *ast.SliceNode:
		x := fc.compile(n.Node)
		var from, to fastFn
		if n.From != nil {
			from = fc.compile(n.From)
		}
		if n.To != nil {
			to = fc.compile(n.To)
		}
		return func(g *Game, f *Frame) Datum {
			l := x(g, f).L
			a, b := 0, len(l)
			if from != nil {
				a = int(from(g, f).N)
			}
			if to != nil {
				b = int(to(g, f).N)
			}
			a, b = max(min(a, len(l)), 0), max(min(b, len(l)), 0)
			if a > b {
				a = b
			}
			return Datum{K: DList, L: l[a:b:b]}
		}
	case *ast.CallNode:
		return fc.call(n)
	}
	return fc.fail()
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func truth(d Datum) int64 {
	if d.K == DBool && d.N != 0 {
		return 1
	}
	return 0
}

// elemKind says whether a list node holds cards or players (or numbers or
// names, for literal lists), from its nature.
func (fc *fastCompiler) elemKind(n ast.Node) DatumKind {
	if nt := n.Nature(); nt != nil && nt.Ref != nil {
		if nt.Ref.IsInteger {
			return DInt
		}
		if nt.Ref.Kind == reflect.String {
			return DSym
		}
	}
	if a, ok := n.(*ast.ArrayNode); ok && len(a.Nodes) > 0 {
		switch a.Nodes[0].(type) {
		case *ast.IntegerNode:
			return DInt
		case *ast.StringNode:
			return DSym
		}
	}
	if nt := n.Nature(); nt != nil && nt.Ref != nil && nt.Ref.TypeData != nil && nt.Ref.Fields != nil && has(nt.Ref.Fields, sentPlayer) {
		return DPlayer
	}
	if c, ok := n.(*ast.CallNode); ok {
		if id, ok := c.Callee.(*ast.IdentifierNode); ok && id.Value == "$pf" {
			return DPlayer // opponents
		}
	}
	if id, ok := n.(*ast.IdentifierNode); ok && (id.Value == "players" || id.Value == "opponents") {
		return DPlayer
	}
	if id, ok := n.(*ast.IdentifierNode); ok {
		if v, ok := fc.sc.vars[id.Value]; ok && v.typ == TPlayers {
			return DPlayer
		}
	}
	return DCard
}

func (fc *fastCompiler) ident(name string) fastFn {
	if k, ok := builtinIdents[name]; ok {
		switch k {
		case idYou:
			return func(g *Game, f *Frame) Datum { return Datum{K: DPlayer, N: int64(f.You)} }
		case idOpponent:
			return func(g *Game, f *Frame) Datum { return Datum{K: DPlayer, N: int64(g.nextLive(int(f.You)))} }
		case idActive:
			return func(g *Game, f *Frame) Datum { return Datum{K: DPlayer, N: int64(g.S.Active)} }
		case idTurn:
			return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: int64(g.S.Turn)} }
		case idPhase:
			return func(g *Game, f *Frame) Datum {
				if g.S.Phase >= 0 && g.S.Phase < len(g.rs.Phases) {
					return Datum{K: DSym, N: g.rs.phaseSyms[g.S.Phase]}
				}
				return Datum{K: DSym, N: 0}
			}
		case idThis:
			return func(g *Game, f *Frame) Datum { return cardDatum(int(f.This)) }
		case idGame, idEvent:
			return func(*Game, *Frame) Datum { return Datum{K: DInt} }
		case idPlayers:
			return func(g *Game, f *Frame) Datum { return Datum{K: DList, L: g.players} }
		case idOpponents:
			return func(g *Game, f *Frame) Datum { return Datum{K: DList, L: g.opponentsOf(int(f.You))} }
		case idMode:
			return func(g *Game, f *Frame) Datum { return Datum{K: DSym, N: g.S.Mode} }
		case idAll:
			return func(*Game, *Frame) Datum { return Datum{K: DInt} }
		case idStack:
			return func(g *Game, f *Frame) Datum {
				l, _ := g.identValue(&identUse{kind: idStack}, f).([]int)
				return Datum{K: DList, L: l}
			}
		}
		return fc.fail()
	}
	if name == "card" && fc.sc.card {
		return func(g *Game, f *Frame) Datum { return cardDatum(int(f.Card)) }
	}
	if name == "player" && fc.sc.player {
		return func(g *Game, f *Frame) Datum { return Datum{K: DPlayer, N: int64(f.Player)} }
	}
	if name == "$env" {
		return func(*Game, *Frame) Datum { return Datum{} }
	}
	v, ok := fc.sc.vars[name]
	if !ok {
		return fc.fail()
	}
	slot := v.slot
	switch v.typ {
	case TCards, TPlayers:
		return func(g *Game, f *Frame) Datum { return Datum{K: DList, L: g.S.Vars[int(f.Base)+slot].L} }
	case TCard:
		return func(g *Game, f *Frame) Datum { return cardDatum(int(g.S.Vars[int(f.Base)+slot].N)) }
	case TPlayer:
		return func(g *Game, f *Frame) Datum {
			n := g.S.Vars[int(f.Base)+slot].N
			if n < 0 {
				return Datum{}
			}
			return Datum{K: DPlayer, N: n}
		}
	case TInt:
		return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: g.S.Vars[int(f.Base)+slot].N} }
	case TBool:
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: g.S.Vars[int(f.Base)+slot].N} }
	case TString:
		return func(g *Game, f *Frame) Datum { return Datum{K: DSym, N: g.S.Vars[int(f.Base)+slot].N} }
	}
	return fc.fail()
}

func cardDatum(c int) Datum {
	if c < 0 {
		return Datum{}
	}
	return Datum{K: DCard, N: int64(c)}
}

func (fc *fastCompiler) binary(n *ast.BinaryNode) fastFn {
	l, r := fc.compile(n.Left), fc.compile(n.Right)
	if !fc.ok {
		return nil
	}
	switch n.Operator {
	case "and", "&&":
		return func(g *Game, f *Frame) Datum {
			if truth(l(g, f)) == 0 {
				return Datum{K: DBool}
			}
			return Datum{K: DBool, N: truth(r(g, f))}
		}
	case "or", "||":
		return func(g *Game, f *Frame) Datum {
			if truth(l(g, f)) == 1 {
				return Datum{K: DBool, N: 1}
			}
			return Datum{K: DBool, N: truth(r(g, f))}
		}
	case "==":
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: b2i(equal(l(g, f), r(g, f)))} }
	case "!=":
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: 1 - b2i(equal(l(g, f), r(g, f)))} }
	case "<":
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: b2i(l(g, f).N < r(g, f).N)} }
	case "<=":
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: b2i(l(g, f).N <= r(g, f).N)} }
	case ">":
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: b2i(l(g, f).N > r(g, f).N)} }
	case ">=":
		return func(g *Game, f *Frame) Datum { return Datum{K: DBool, N: b2i(l(g, f).N >= r(g, f).N)} }
	case "+":
		if !fc.isInt(n.Left) || !fc.isInt(n.Right) {
			return fc.fail()
		}
		return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: l(g, f).N + r(g, f).N} }
	case "-":
		return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: l(g, f).N - r(g, f).N} }
	case "*":
		return func(g *Game, f *Frame) Datum { return Datum{K: DInt, N: l(g, f).N * r(g, f).N} }
	case "%":
		return func(g *Game, f *Frame) Datum {
			d := r(g, f).N
			if d == 0 {
				panic(exprPanic{"integer divide by zero"})
			}
			return Datum{K: DInt, N: l(g, f).N % d}
		}
	case "in":
		return func(g *Game, f *Frame) Datum {
			x, list := l(g, f), r(g, f)
			if x.K == DNil {
				return Datum{K: DBool}
			}
			for _, e := range list.L {
				if int64(e) == x.N {
					return Datum{K: DBool, N: 1}
				}
			}
			return Datum{K: DBool}
		}
	}
	return fc.fail()
}

// isInt reports whether a node is known to be an integer (so + is addition, not concatenation).
func (fc *fastCompiler) isInt(n ast.Node) bool {
	nt := n.Nature()
	if nt != nil && nt.IsInteger {
		return true
	}
	switch x := n.(type) {
	case *ast.IntegerNode:
		return true
	case *ast.ConditionalNode:
		return fc.isInt(x.Exp1) && fc.isInt(x.Exp2)
	case *ast.UnaryNode:
		return x.Operator == "-" && fc.isInt(x.Node)
	case *ast.BinaryNode:
		switch x.Operator {
		case "-", "*", "%":
			return true
		case "+":
			return fc.isInt(x.Left) && fc.isInt(x.Right)
		}
	case *ast.BuiltinNode:
		switch x.Name {
		case "len":
			return true
		case "min", "max":
			for _, a := range x.Arguments {
				if !fc.isInt(a) {
					return false
				}
			}
			return true
		}
	case *ast.IdentifierNode:
		if v, ok := fc.sc.vars[x.Value]; ok {
			return v.typ == TInt
		}
		return x.Value == "turn"
	}
	if c, ok := n.(*ast.CallNode); ok {
		if id, ok := c.Callee.(*ast.IdentifierNode); ok && len(id.Value) > 1 && id.Value[0] == '$' {
			switch id.Value {
			case "$cp":
				if ix, ok := c.Arguments[2].(*ast.IntegerNode); ok {
					return fc.rs.CardProps[ix.Value].Type == TInt
				}
			case "$pp":
				if ix, ok := c.Arguments[2].(*ast.IntegerNode); ok {
					return fc.rs.PlayerProps[ix.Value].Type == TInt
				}
			case "$gp":
				if ix, ok := c.Arguments[1].(*ast.IntegerNode); ok {
					return fc.rs.GameProps[ix.Value].Type == TInt
				}
			case "$cf":
				if ix, ok := c.Arguments[2].(*ast.IntegerNode); ok {
					return cardFields[ix.Value].typ == TInt
				}
			case "$pf":
				if ix, ok := c.Arguments[2].(*ast.IntegerNode); ok {
					return playerFields[ix.Value].typ == TInt
				}
			case "$ef":
				if ix, ok := c.Arguments[1].(*ast.IntegerNode); ok {
					return eventFields[ix.Value].typ == TInt
				}
			default:
				if fn, ok := fc.rs.lib.funcs[id.Value[1:]]; ok {
					return fn.Result == TInt
				}
			}
		}
	}
	return false
}

func equal(a, b Datum) bool {
	if a.K == DNil || b.K == DNil {
		return a.K == b.K
	}
	if a.K == DList || b.K == DList {
		return false
	}
	return a.N == b.N && (a.K == DBool) == (b.K == DBool) && (a.K == DSym) == (b.K == DSym)
}

func (fc *fastCompiler) call(n *ast.CallNode) fastFn {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok {
		return fc.fail()
	}
	intArg := func(i int) int {
		if i < len(n.Arguments) {
			if x, ok := n.Arguments[i].(*ast.IntegerNode); ok {
				return x.Value
			}
		}
		fc.ok = false
		return 0
	}
	switch id.Value {
	case "$cp":
		x, idx := fc.compile(n.Arguments[1]), intArg(2)
		if !fc.ok {
			return nil
		}
		t := fc.rs.CardProps[idx].Type
		return func(g *Game, f *Frame) Datum {
			c := x(g, f)
			if c.K == DNil {
				return Datum{}
			}
			return g.propDatum(g.CardProp(int(c.N), idx), t)
		}
	case "$pp":
		x, idx := fc.compile(n.Arguments[1]), intArg(2)
		if !fc.ok {
			return nil
		}
		t := fc.rs.PlayerProps[idx].Type
		return func(g *Game, f *Frame) Datum {
			p := x(g, f)
			if p.K == DNil {
				return Datum{}
			}
			return g.propDatum(g.PlayerProp(int(p.N), idx), t)
		}
	case "$gp":
		idx := intArg(1)
		if !fc.ok {
			return nil
		}
		t := fc.rs.GameProps[idx].Type
		return func(g *Game, f *Frame) Datum { return g.propDatum(g.GameProp(idx), t) }
	case "$pz":
		x, kind := fc.compile(n.Arguments[1]), intArg(2)
		if !fc.ok {
			return nil
		}
		return func(g *Game, f *Frame) Datum {
			p := x(g, f)
			if p.K == DNil {
				return Datum{K: DList}
			}
			return Datum{K: DList, L: g.S.Zones[g.ZoneInst(kind, int(p.N))].Cards}
		}
	case "$az":
		kind := intArg(1)
		if !fc.ok {
			return nil
		}
		return func(g *Game, f *Frame) Datum { return Datum{K: DList, L: g.allZone(kind)} }
	case "$gz":
		kind := intArg(1)
		if !fc.ok {
			return nil
		}
		return func(g *Game, f *Frame) Datum { return Datum{K: DList, L: g.S.Zones[g.ZoneInst(kind, 0)].Cards} }
	case "$cf", "$pf", "$ef":
		// fields: take the general accessor, then convert its value
		var x fastFn
		idxArg := 1
		if id.Value != "$ef" {
			x = fc.compile(n.Arguments[1])
			idxArg = 2
		}
		idx := intArg(idxArg)
		if !fc.ok {
			return nil
		}
		var typ Type
		switch id.Value {
		case "$cf":
			typ = cardFields[idx].typ
		case "$pf":
			typ = playerFields[idx].typ
		default:
			typ = eventFields[idx].typ
		}
		which := id.Value
		return func(g *Game, f *Frame) Datum {
			var out any
			switch which {
			case "$cf":
				c := x(g, f)
				if c.K == DNil {
					return Datum{}
				}
				out = g.exprCardField(int(c.N), idx)
			case "$pf":
				p := x(g, f)
				if p.K == DNil {
					return Datum{}
				}
				out = g.exprPlayerField(int(p.N), idx)
			default:
				prev := g.cur
				g.cur = f
				out = g.exprEventField(idx)
				g.cur = prev
			}
			return g.anyDatum(out, typ)
		}
	}
	if len(id.Value) < 2 || id.Value[0] != '$' {
		return fc.fail()
	}
	fn, ok := fc.rs.lib.funcs[id.Value[1:]]
	if !ok {
		return fc.fail()
	}
	args := make([]fastFn, len(n.Arguments)-1)
	for i := range args {
		args[i] = fc.compile(n.Arguments[i+1])
	}
	if !fc.ok {
		return nil
	}
	if fn.Fast != nil {
		fast := fn.Fast
		return func(g *Game, f *Frame) Datum {
			buf := g.argBuf[:0]
			for _, a := range args {
				buf = append(buf, a(g, f))
			}
			g.argBuf = buf[:0]
			return fast(g, buf)
		}
	}
	impl, res := fn.Impl, fn.Result
	return func(g *Game, f *Frame) Datum {
		boxed := make([]any, len(args))
		for i, a := range args {
			boxed[i] = g.datumAny(a(g, f))
		}
		return g.anyDatum(impl(g, boxed), res)
	}
}

func (g *Game) propDatum(v int64, t Type) Datum {
	switch t {
	case TInt:
		return Datum{K: DInt, N: v}
	case TBool:
		return Datum{K: DBool, N: v}
	case TString:
		return Datum{K: DSym, N: v}
	case TCard:
		return cardDatum(int(v))
	case TPlayer:
		if v < 0 {
			return Datum{}
		}
		return Datum{K: DPlayer, N: v}
	}
	return Datum{K: DInt, N: v}
}

// anyDatum converts a value of the general path to a Datum of type t.
func (g *Game) anyDatum(x any, t Type) Datum {
	switch v := x.(type) {
	case nil:
		return Datum{}
	case bool:
		return Datum{K: DBool, N: b2i(v)}
	case string:
		if i, ok := g.rs.symbolIx[v]; ok {
			return Datum{K: DSym, N: int64(i)}
		}
		panic(exprPanic{fmt.Sprintf("%q is not a name this ruleset declares", v)})
	case []int:
		return Datum{K: DList, L: v}
	case int:
		switch t {
		case TCard:
			return Datum{K: DCard, N: int64(v)}
		case TPlayer:
			return Datum{K: DPlayer, N: int64(v)}
		}
		return Datum{K: DInt, N: int64(v)}
	}
	panic(exprPanic{fmt.Sprintf("unexpected value %v (%T)", x, x)})
}

// datumAny converts a Datum to the value the expression VM and Impl functions use.
func (g *Game) datumAny(d Datum) any {
	switch d.K {
	case DNil:
		return nil
	case DBool:
		return d.N != 0
	case DSym:
		if d.N >= 0 && int(d.N) < len(g.rs.boxedSyms) {
			return g.rs.boxedSyms[d.N]
		}
		return ""
	case DList:
		if d.L == nil {
			return []int{}
		}
		return d.L
	}
	return int(d.N)
}

// evalDatum evaluates an expression on the fast path when it has one.
func (g *Game) evalDatum(e *Expr, f *Frame) (d Datum, err error) {
	if e.fast == nil {
		x, err := g.Eval(e, f)
		if err != nil {
			return Datum{}, err
		}
		defer func() {
			if r := recover(); r != nil {
				p, ok := r.(exprPanic)
				if !ok {
					panic(r)
				}
				err = fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, p.msg)
			}
		}()
		return g.anyDatum(x, e.Type), nil
	}
	defer func() {
		if r := recover(); r != nil {
			p, ok := r.(exprPanic)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, p.msg)
		}
	}()
	return e.fast(g, f), nil
}

// IsFast reports whether an expression runs as closures rather than on the VM.
func IsFast(e *Expr) bool { return e.fast != nil }
