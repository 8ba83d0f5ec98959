package interpreter

import (
	"math"
	"slices"
	"sort"

	"github.com/expr-lang/expr/ast"
)

// builtin compiles expr's built-in functions that rulesets may use. The rest
// (text, time, JSON, maps) are refused at load: nothing in a game needs them,
// and some (now) would make expressions impure.
func (cc *closureCompiler) builtin(n *ast.BuiltinNode) (evalFn, ctype) {
	switch n.Name {
	case "filter", "map", "count", "any", "all", "none", "one", "find", "findIndex", "findLast", "findLastIndex", "sum", "sortBy":
		if len(n.Arguments) >= 2 {
			if _, ok := n.Arguments[1].(*ast.PredicateNode); ok {
				return cc.predicate(n)
			}
		}
	}
	args := make([]evalFn, len(n.Arguments))
	types := make([]ctype, len(n.Arguments))
	for i, a := range n.Arguments {
		if n.Name == "flatten" {
			break
		}
		args[i], types[i] = cc.compile(a)
	}
	arity := func(lo, hi int) bool { return len(args) >= lo && len(args) <= hi }
	list0 := arity(1, 1) && types[0].k == DList
	switch n.Name {
	case "len":
		if !list0 {
			return cc.refuse(n, "len takes a list, not %s", types[0])
		}
		a := args[0]
		return func(x *evaluation) Datum { return Datum{K: DInt, N: int64(len(a(x).L))} }, cInt
	case "first", "last":
		if !list0 {
			return cc.refuse(n, "%s takes a list (to find the first card that matches, use find(list, predicate))", n.Name)
		}
		a, last := args[0], n.Name == "last"
		return func(x *evaluation) Datum {
			d := a(x)
			if len(d.L) == 0 {
				return Datum{}
			}
			if last {
				return Datum{K: d.E, N: int64(d.L[len(d.L)-1])}
			}
			return Datum{K: d.E, N: int64(d.L[0])}
		}, ctype{k: types[0].e}
	case "min", "max":
		return cc.minMax(n, args, types)
	case "sum":
		if !list0 || (types[0].e != DInt && types[0].e != DNil) {
			return cc.refuse(n, "sum takes a list of numbers, or a list and a predicate that gives a number")
		}
		a := args[0]
		return func(x *evaluation) Datum {
			s := int64(0)
			for _, v := range a(x).L {
				s += int64(v)
			}
			return Datum{K: DInt, N: s}
		}, cInt
	case "abs":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "abs takes a number")
		}
		a := args[0]
		if types[0].k == DInt {
			return func(x *evaluation) Datum {
				d := a(x)
				if d.K == DNil {
					return x.missing("abs")
				}
				if d.N < 0 {
					d.N = -d.N
				}
				return d
			}, cInt
		}
		return func(x *evaluation) Datum { return floatDatum(math.Abs(a(x).Float())) }, cFloat
	case "ceil", "floor", "round":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "%s takes a number", n.Name)
		}
		a, op := args[0], map[string]func(float64) float64{"ceil": math.Ceil, "floor": math.Floor, "round": math.Round}[n.Name]
		return func(x *evaluation) Datum { return floatDatum(op(a(x).Float())) }, cFloat
	case "int":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "int takes a number")
		}
		a := args[0]
		return func(x *evaluation) Datum { return Datum{K: DInt, N: int64(a(x).Float())} }, cInt
	case "float":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "float takes a number")
		}
		a := args[0]
		return func(x *evaluation) Datum { return floatDatum(a(x).Float()) }, cFloat
	case "reverse", "uniq":
		if !list0 {
			return cc.refuse(n, "%s takes a list", n.Name)
		}
		a, rev := args[0], n.Name == "reverse"
		return func(x *evaluation) Datum {
			d := a(x)
			out := make([]int, 0, len(d.L))
			for i := range d.L {
				if rev {
					out = append(out, d.L[len(d.L)-1-i])
				} else if !slices.Contains(out, d.L[i]) {
					out = append(out, d.L[i])
				}
			}
			d.L = out
			return d
		}, types[0]
	case "sort":
		if !arity(1, 2) || types[0].k != DList || (types[0].e != DInt && types[0].e != DNil) {
			return cc.refuse(n, "sort takes a list of numbers; to sort cards use sortBy(list, .property)")
		}
		desc := cc.order(n, 1)
		a := args[0]
		return func(x *evaluation) Datum {
			d := a(x)
			d.L = slices.Clone(d.L)
			sort.SliceStable(d.L, func(i, j int) bool {
				if desc {
					return d.L[i] > d.L[j]
				}
				return d.L[i] < d.L[j]
			})
			return d
		}, types[0]
	case "take":
		if !arity(2, 2) || types[0].k != DList || types[1].k != DInt {
			return cc.refuse(n, "take takes a list and a number")
		}
		a, k := args[0], args[1]
		return func(x *evaluation) Datum {
			d := a(x)
			kd := k(x)
			if kd.K == DNil {
				return x.missing("take")
			}
			m := max(min(int(kd.N), len(d.L)), 0)
			d.L = d.L[:m:m]
			return d
		}, types[0]
	case "get":
		if !arity(2, 2) || types[0].k != DList || types[1].k != DInt {
			return cc.refuse(n, "get takes a list and an index")
		}
		a, k := args[0], args[1]
		return func(x *evaluation) Datum {
			d := a(x)
			kd := k(x)
			if kd.K == DNil {
				return x.missing("get")
			}
			i := int(kd.N)
			if i < 0 {
				i += len(d.L)
			}
			if i < 0 || i >= len(d.L) {
				return Datum{}
			}
			return Datum{K: d.E, N: int64(d.L[i])}
		}, ctype{k: types[0].e}
	case "concat":
		t := listOf(DNil)
		for i, at := range types {
			u, ok := unify(t, at)
			if at.k != DList || !ok {
				return cc.refuse(n.Arguments[i], "concat joins lists of one kind, not %s", at)
			}
			t = u
		}
		return func(x *evaluation) Datum {
			out := []int{}
			for _, a := range args {
				out = append(out, a(x).L...)
			}
			return Datum{K: DList, E: t.e, L: out}
		}, t
	case "flatten":
		return cc.flatten(n)
	}
	return cc.refuse(n, "%s is not available in rulesets", n.Name)
}

// order reads the optional "asc"/"desc" argument of sort and sortBy.
func (cc *closureCompiler) order(n *ast.BuiltinNode, i int) bool {
	if i >= len(n.Arguments) {
		return false
	}
	s, ok := n.Arguments[i].(*ast.StringNode)
	if !ok || (s.Value != "asc" && s.Value != "desc") {
		cc.refuse(n.Arguments[i], "the order of %s is written \"asc\" or \"desc\"", n.Name)
		return false
	}
	return s.Value == "desc"
}

func (cc *closureCompiler) minMax(n *ast.BuiltinNode, args []evalFn, types []ctype) (evalFn, ctype) {
	isMax := n.Name == "max"
	pick := func(v, w float64) bool { return (isMax && w > v) || (!isMax && w < v) }
	if len(args) == 1 {
		t := types[0]
		if t.k != DList || (t.e != DInt && t.e != DNil) {
			return cc.refuse(n, "%s takes numbers, or one list of numbers, not %s", n.Name, t)
		}
		a := args[0]
		return func(x *evaluation) Datum {
			d := a(x)
			if len(d.L) == 0 {
				return Datum{} // as expr: the largest of nothing is nothing
			}
			v := d.L[0]
			for _, w := range d.L[1:] {
				if pick(float64(v), float64(w)) {
					v = w
				}
			}
			return Datum{K: DInt, N: int64(v)}
		}, cInt
	}
	if len(args) == 0 {
		return cc.refuse(n, "%s needs at least one value", n.Name)
	}
	t := cInt
	for i, at := range types {
		if !at.numeric() {
			return cc.refuse(n.Arguments[i], "%s takes numbers, not %s", n.Name, at)
		}
		if at.k == DFloat {
			t = cFloat
		}
	}
	return func(x *evaluation) Datum {
		best := args[0](x)
		if best.K == DNil {
			return x.missing(n.Name)
		}
		for _, a := range args[1:] {
			d := a(x)
			if d.K == DNil {
				return x.missing(n.Name)
			}
			if pick(best.Float(), d.Float()) {
				best = d
			}
		}
		if t.k == DFloat && best.K == DInt {
			return floatDatum(best.Float())
		}
		return best
	}, t
}

// flatten joins the lists a map gives: flatten(map(players, #.hand[:2])).
func (cc *closureCompiler) flatten(n *ast.BuiltinNode) (evalFn, ctype) {
	if len(n.Arguments) != 1 {
		return cc.refuse(n, "flatten takes one list of lists")
	}
	m, ok := n.Arguments[0].(*ast.BuiltinNode)
	if !ok || m.Name != "map" || len(m.Arguments) != 2 {
		return cc.refuse(n, "flatten joins the lists a map gives: flatten(map(list, expression giving a list))")
	}
	pred, ok := m.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return cc.refuse(n, "flatten joins the lists a map gives")
	}
	list, lt := cc.compile(m.Arguments[0])
	if lt.k != DList {
		return cc.refuse(m, "map takes a list, not %s", lt)
	}
	level := len(cc.elems)
	cc.elems = append(cc.elems, ctype{k: lt.e})
	body, bt := cc.compile(pred.Node)
	cc.elems = cc.elems[:level]
	if bt.k != DList {
		return cc.refuse(pred, "flatten needs a map whose expression gives a list, not %s", bt)
	}
	return func(x *evaluation) Datum {
		out := []int{}
		for _, v := range list(x).L {
			x.setAt(level, int64(v))
			out = append(out, body(x).L...)
		}
		return Datum{K: DList, E: bt.e, L: out}
	}, bt
}

// predicate compiles the built-ins that run an expression for each element of
// a list, with # the element.
func (cc *closureCompiler) predicate(n *ast.BuiltinNode) (evalFn, ctype) {
	list, lt := cc.compile(n.Arguments[0])
	if lt.k != DList {
		return cc.refuse(n.Arguments[0], "%s takes a list, not %s", n.Name, lt)
	}
	pred := n.Arguments[1].(*ast.PredicateNode)
	level := len(cc.elems)
	cc.elems = append(cc.elems, ctype{k: lt.e})
	body, bt := cc.compile(pred.Node)
	cc.elems = cc.elems[:level]
	name := n.Name
	et := ctype{k: lt.e}
	switch name {
	case "map":
		switch bt.k {
		case DList:
			return cc.refuse(n, "a map that gives lists must be joined with flatten(map(...))")
		case DNil:
			return cc.refuse(n, "map gives nothing here")
		}
		e := bt.k
		if e == DStr {
			e = DSym
		}
		return func(x *evaluation) Datum {
			d := list(x)
			out := make([]int, 0, len(d.L))
			for _, v := range d.L {
				x.setAt(level, int64(v))
				r := body(x)
				if r.K == DNil {
					return x.fail("map gives nothing for an element (a property read from no card or player?)")
				}
				if r.K == DStr {
					r = x.g.NameDatum(r.S)
					if r.K == DStr {
						return x.fail("the name %q is not one the ruleset declares", r.S)
					}
				}
				out = append(out, int(r.N))
			}
			return Datum{K: DList, E: e, L: out}
		}, listOf(e)
	case "sum":
		if bt.k != DInt && bt.k != DFloat {
			return cc.refuse(pred, "sum adds numbers, not %s", bt)
		}
		isFloat := bt.k == DFloat
		return func(x *evaluation) Datum {
			var s int64
			var fs float64
			for _, v := range list(x).L {
				x.setAt(level, int64(v))
				r := body(x)
				if r.K == DNil {
					return x.missing("sum")
				}
				s += r.N
				fs += r.Float()
			}
			if isFloat {
				return floatDatum(fs)
			}
			return Datum{K: DInt, N: s}
		}, bt
	case "sortBy":
		if bt.k != DInt && bt.k != DFloat && bt.k != DSym {
			return cc.refuse(pred, "sortBy sorts by a number or a name, not %s", bt)
		}
		desc := cc.order(n, 2)
		return func(x *evaluation) Datum {
			d := list(x)
			ks := keyedList{byName: bt.k == DSym, desc: desc, items: make([]keyed, len(d.L))}
			for i, v := range d.L {
				x.setAt(level, int64(v))
				r := body(x)
				if r.K == DNil && len(d.L) > 1 { // as expr: a key is read only to compare
					return x.missing("sortBy")
				}
				ks.items[i] = keyed{v: v, f: r.Float()}
				if r.K == DSym || r.K == DStr {
					ks.items[i].s = x.g.Text(r)
				}
			}
			// the same algorithm as expr's sortBy, so equal keys come out in
			// the same (deterministic, not stable) order as there
			sort.Sort(ks)
			out := make([]int, len(ks.items))
			for i, k := range ks.items {
				out[i] = k.v
			}
			return Datum{K: DList, E: d.E, L: out}
		}, lt
	}
	if bt.k != DBool {
		return cc.refuse(pred, "the predicate of %s must give true or false, not %s", name, bt)
	}
	switch name {
	case "filter":
		return func(x *evaluation) Datum {
			d := list(x)
			out := []int{}
			for _, v := range d.L {
				x.setAt(level, int64(v))
				if truth(body(x)) {
					out = append(out, v)
				}
			}
			return Datum{K: DList, E: d.E, L: out}
		}, lt
	case "count", "one":
		one := name == "one"
		return func(x *evaluation) Datum {
			k := int64(0)
			for _, v := range list(x).L {
				x.setAt(level, int64(v))
				if truth(body(x)) {
					k++
				}
			}
			if one {
				return Datum{K: DBool, N: b2i(k == 1)}
			}
			return Datum{K: DInt, N: k}
		}, map[bool]ctype{true: cBool, false: cInt}[one]
	case "any", "all", "none":
		// any stops at the first hit, all and none at the first miss or hit
		want := name == "any" || name == "none"
		onHit := b2i(name == "any")
		return func(x *evaluation) Datum {
			for _, v := range list(x).L {
				x.setAt(level, int64(v))
				if truth(body(x)) == want {
					return Datum{K: DBool, N: onHit}
				}
			}
			return Datum{K: DBool, N: 1 - onHit}
		}, cBool
	case "find", "findLast", "findIndex", "findLastIndex":
		last := name == "findLast" || name == "findLastIndex"
		index := name == "findIndex" || name == "findLastIndex"
		rt := et
		if index {
			rt = cInt
		}
		return func(x *evaluation) Datum {
			d := list(x)
			for k := range d.L {
				i := k
				if last {
					i = len(d.L) - 1 - k
				}
				x.setAt(level, int64(d.L[i]))
				if truth(body(x)) {
					if index {
						return Datum{K: DInt, N: int64(i)}
					}
					return Datum{K: d.E, N: int64(d.L[i])}
				}
			}
			return Datum{} // as expr: no index when nothing matches
		}, rt
	}
	return cc.refuse(n, "%s is not available in rulesets", name)
}

// call compiles the host calls the patcher made: reads of card, player and
// game properties, zones and fields by index, and the library's functions.
func (cc *closureCompiler) call(n *ast.CallNode) (evalFn, ctype) {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok || len(id.Value) < 2 || id.Value[0] != '$' {
		return cc.refuse(n, "only the functions of the library can be called")
	}
	lit := func(i int) int {
		if i < len(n.Arguments) {
			if x, ok := n.Arguments[i].(*ast.IntegerNode); ok {
				return x.Value
			}
		}
		return -1
	}
	obj := func() evalFn {
		fn, _ := cc.compile(n.Arguments[1])
		return fn
	}
	rs := cc.rs
	switch id.Value {
	case "$cp":
		of, idx := obj(), lit(2)
		t := ctypeOf(rs.CardProps[idx].Type)
		return func(x *evaluation) Datum {
			c := of(x)
			if c.K == DNil {
				return Datum{}
			}
			return propDatum(x.g.CardProp(int(c.N), idx), t)
		}, t
	case "$pp":
		of, idx := obj(), lit(2)
		t := ctypeOf(rs.PlayerProps[idx].Type)
		return func(x *evaluation) Datum {
			p := of(x)
			if p.K == DNil {
				return Datum{}
			}
			return propDatum(x.g.PlayerProp(int(p.N), idx), t)
		}, t
	case "$gp":
		idx := lit(1)
		t := ctypeOf(rs.GameProps[idx].Type)
		return func(x *evaluation) Datum { return propDatum(x.g.GameProp(idx), t) }, t
	case "$pz":
		of, kind := obj(), lit(2)
		return func(x *evaluation) Datum {
			p := of(x)
			if p.K == DNil {
				return Datum{K: DList, E: DCard}
			}
			g := x.g
			return Datum{K: DList, E: DCard, L: g.S.Zones[g.ZoneInst(kind, int(p.N))].Cards}
		}, listOf(DCard)
	case "$az":
		kind := lit(1)
		return func(x *evaluation) Datum { return Datum{K: DList, E: DCard, L: x.g.allZone(kind)} }, listOf(DCard)
	case "$gz":
		kind := lit(1)
		return func(x *evaluation) Datum {
			g := x.g
			return Datum{K: DList, E: DCard, L: g.S.Zones[g.ZoneInst(kind, 0)].Cards}
		}, listOf(DCard)
	case "$cf":
		return cc.cardField(obj(), lit(2))
	case "$pf":
		return cc.playerField(obj(), lit(2))
	case "$ef":
		return cc.eventField(lit(1))
	}
	fn, ok := rs.lib.Func(id.Value[1:])
	if !ok {
		return cc.refuse(n, "unknown function %s", id.Value[1:])
	}
	args := make([]evalFn, len(n.Arguments)-1)
	for i := range args {
		args[i], _ = cc.compile(n.Arguments[i+1])
	}
	body := fn.Fn
	return func(x *evaluation) Datum {
		base := len(x.args)
		for _, a := range args {
			x.args = append(x.args, a(x))
		}
		out := body(x.g, x.args[base:])
		x.args = x.args[:base]
		return out
	}, ctypeOf(fn.Result)
}

func propDatum(v int64, t ctype) Datum {
	switch t.k {
	case DCard, DPlayer:
		if v < 0 {
			return Datum{}
		}
	}
	return Datum{K: t.k, N: v}
}

func (cc *closureCompiler) cardField(of evalFn, idx int) (evalFn, ctype) {
	card := func(x *evaluation) (int, bool) {
		c := of(x)
		return int(c.N), c.K == DCard && c.N >= 0 && int(c.N) < len(x.g.S.Cards)
	}
	switch cardFields[idx].name {
	case "name":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				return x.g.NameDatum(x.g.CardName(c))
			}
			return Datum{}
		}, cSym
	case "id":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				return x.g.NameDatum(x.g.rs.Cards[x.g.S.Cards[c].Def].ID)
			}
			return Datum{}
		}, cSym
	case "owner", "controller":
		owner := cardFields[idx].name == "owner"
		return func(x *evaluation) Datum {
			c, ok := card(x)
			if !ok {
				return Datum{}
			}
			ci := &x.g.S.Cards[c]
			if owner {
				return playerDatum(int(ci.Owner))
			}
			return playerDatum(int(ci.Ctrl))
		}, cPlayer
	case "zone":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				g := x.g
				return Datum{K: DSym, N: g.rs.zoneSyms[g.S.Zones[g.S.Cards[c].Zone].Kind]}
			}
			return Datum{}
		}, cSym
	case "face_down":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				return Datum{K: DBool, N: b2i(x.g.S.Cards[c].FaceDown)}
			}
			return Datum{}
		}, cBool
	case "face":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				return Datum{K: DInt, N: int64(x.g.S.Cards[c].Face)}
			}
			return Datum{}
		}, cInt
	case "slot":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				return Datum{K: DInt, N: int64(x.g.Slot(c))}
			}
			return Datum{}
		}, cInt
	case "adjacent":
		return func(x *evaluation) Datum {
			if c, ok := card(x); ok {
				return Datum{K: DList, E: DCard, L: x.g.Adjacent(c)}
			}
			return Datum{K: DList, E: DCard}
		}, listOf(DCard)
	case "keywords":
		return func(x *evaluation) Datum {
			c, ok := card(x)
			if !ok {
				return Datum{}
			}
			k := int64(0)
			for m := x.g.Keywords(c); m != 0; m &= m - 1 {
				k++
			}
			return Datum{K: DInt, N: k}
		}, cInt
	}
	return constant(Datum{}), cNil
}

func (cc *closureCompiler) playerField(of evalFn, idx int) (evalFn, ctype) {
	player := func(x *evaluation) (int, bool) {
		p := of(x)
		return int(p.N), p.K == DPlayer && p.N >= 0 && int(p.N) < x.g.nseats
	}
	switch playerFields[idx].name {
	case "seat":
		return func(x *evaluation) Datum {
			if p, ok := player(x); ok {
				return x.g.NameDatum(x.g.seatName(p))
			}
			return Datum{}
		}, cSym
	case "index":
		return func(x *evaluation) Datum {
			if p, ok := player(x); ok {
				return Datum{K: DInt, N: int64(p)}
			}
			return Datum{}
		}, cInt
	case "lost":
		return func(x *evaluation) Datum {
			if p, ok := player(x); ok {
				return Datum{K: DBool, N: b2i(x.g.S.Players[p].Lost)}
			}
			return Datum{}
		}, cBool
	case "next", "prev":
		next := playerFields[idx].name == "next"
		return func(x *evaluation) Datum {
			p, ok := player(x)
			if !ok {
				return Datum{}
			}
			if next {
				return playerDatum(x.g.NextLive(p))
			}
			return playerDatum(x.g.prevLive(p))
		}, cPlayer
	case "opponents":
		return func(x *evaluation) Datum {
			if p, ok := player(x); ok {
				return Datum{K: DList, E: DPlayer, L: x.g.opponentsOf(p)}
			}
			return Datum{K: DList, E: DPlayer}
		}, listOf(DPlayer)
	}
	return constant(Datum{}), cNil
}

func (cc *closureCompiler) eventField(idx int) (evalFn, ctype) {
	switch eventFields[idx].name {
	case "name":
		return func(x *evaluation) Datum { return x.g.symDatum(x.f.Event.Name) }, cSym
	case "card":
		return func(x *evaluation) Datum { return cardDatum(int(x.f.Event.Card)) }, cCard
	case "player":
		return func(x *evaluation) Datum { return playerDatum(int(x.f.Event.Player)) }, cPlayer
	case "from":
		return func(x *evaluation) Datum { return x.g.symDatum(x.f.Event.From) }, cSym
	case "to":
		return func(x *evaluation) Datum { return x.g.symDatum(x.f.Event.To) }, cSym
	case "amount":
		return func(x *evaluation) Datum { return Datum{K: DInt, N: int64(x.f.Event.Amount)} }, cInt
	case "source":
		return func(x *evaluation) Datum { return cardDatum(int(x.f.Event.Source)) }, cCard
	}
	return constant(Datum{}), cNil
}

// keyed is an element of a list being sorted, with its key.
type keyed struct {
	v int
	f float64
	s string
}

type keyedList struct {
	items  []keyed
	byName bool
	desc   bool
}

func (k keyedList) Len() int      { return len(k.items) }
func (k keyedList) Swap(i, j int) { k.items[i], k.items[j] = k.items[j], k.items[i] }
func (k keyedList) Less(i, j int) bool {
	a, b := k.items[i], k.items[j]
	if k.desc {
		a, b = b, a
	}
	if k.byName {
		return a.s < b.s
	}
	return a.f < b.f
}
