package closure

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/expr-lang/expr/ast"
)

// builtin compiles expr's built-in functions that rulesets may use. The rest
// (text, time, JSON, maps) are refused at load: nothing in a game needs them,
// and some (now) would make expressions impure.
func (cc *Compiler) builtin(n *ast.BuiltinNode) (model.EvalFn, Type) {
	switch n.Name {
	case "filter", "map", "count", "any", "all", "none", "one", "find", "findIndex", "findLast", "findLastIndex", "sum", "sortBy":
		if len(n.Arguments) >= 2 {
			if _, ok := n.Arguments[1].(*ast.PredicateNode); ok {
				return cc.predicate(n)
			}
		}
	}
	args := make([]model.EvalFn, len(n.Arguments))
	types := make([]Type, len(n.Arguments))
	// concat's parts are counted and written out part by part where they
	// can be: what their compile leaves is read before the next one's
	var lens []model.IntFn
	var fills []model.FillFn
	for i, a := range n.Arguments {
		if n.Name == "flatten" {
			break
		}
		args[i], types[i] = cc.Compile(a)
		if n.Name == "concat" {
			lens, fills = append(lens, cc.lenOf(a)), append(fills, cc.Fill(a))
		}
	}
	arity := func(lo, hi int) bool { return len(args) >= lo && len(args) <= hi }
	list0 := arity(1, 1) && types[0].k == model.DList
	switch n.Name {
	case "len":
		if !list0 {
			return cc.refuse(n, "len takes a list, not %s", types[0])
		}
		if z := cc.ZoneOf(n.Arguments[0]); z != nil {
			// the size of a zone a name gives, read as the state has it
			cc.setInt(n, func(x *model.Evaluation) (int64, bool) { return int64(len(x.G.NamedZone(z, x.F))), true })
			return func(x *model.Evaluation) model.Datum {
				return model.Datum{K: model.DInt, N: int64(len(x.G.NamedZone(z, x.F)))}
			}, cInt
		}
		a := args[0]
		// a list a filter makes is counted, not made, where the number is
		// what is read (a comparison); the value still makes it, which the
		// oracle comparison of int closures with values checks
		cc.setInt(n, countOf(a, cc.lenOf(n.Arguments[0])))
		return func(x *model.Evaluation) model.Datum { return model.Datum{K: model.DInt, N: int64(len(a(x).L))} }, cInt
	case "first", "last":
		if !list0 {
			return cc.refuse(n, "%s takes a list (to find the first card that matches, use find(list, predicate))", n.Name)
		}
		a, last := args[0], n.Name == "last"
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			if len(d.L) == 0 {
				return model.Datum{}
			}
			if last {
				return model.Datum{K: d.E, N: int64(d.L[len(d.L)-1])}
			}
			return model.Datum{K: d.E, N: int64(d.L[0])}
		}, Type{k: types[0].e}
	case "min", "max":
		return cc.minMax(n, args, types)
	case "sum":
		if !list0 || (types[0].e != model.DInt && types[0].e != model.DNil) {
			return cc.refuse(n, "sum takes a list of numbers, or a list and a predicate that gives a number")
		}
		a := args[0]
		return func(x *model.Evaluation) model.Datum {
			s := int64(0)
			for _, v := range x.Budget(a(x).L) {
				t, ok := model.AddWhole(s, int64(v))
				if !ok {
					return x.Overflow(s, "+", int64(v))
				}
				s = t
			}
			return model.Datum{K: model.DInt, N: s}
		}, cInt
	case "abs":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "abs takes a number")
		}
		a := args[0]
		if types[0].k == model.DInt {
			return func(x *model.Evaluation) model.Datum {
				d := a(x)
				if d.K == model.DNil {
					return x.Missing("abs")
				}
				if d.N < 0 {
					v, ok := model.NegWhole(d.N)
					if !ok {
						return x.Fail("abs(%d) goes beyond what a whole number holds", d.N)
					}
					d.N = v
				}
				return d
			}, cInt
		}
		return func(x *model.Evaluation) model.Datum { return model.FloatDatum(math.Abs(a(x).Float())) }, cFloat
	case "ceil", "floor", "round":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "%s takes a number", n.Name)
		}
		a, op := args[0], map[string]func(float64) float64{"ceil": math.Ceil, "floor": math.Floor, "round": math.Round}[n.Name]
		return func(x *model.Evaluation) model.Datum { return model.FloatDatum(op(a(x).Float())) }, cFloat
	case "int":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "int takes a number")
		}
		a := args[0]
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			if d.K == model.DInt {
				return d
			}
			n, err := model.Whole(d.Float())
			if err != nil {
				return x.Fail("%s", err.Error())
			}
			return model.Datum{K: model.DInt, N: n}
		}, cInt
	case "float":
		if !arity(1, 1) || !types[0].numeric() {
			return cc.refuse(n, "float takes a number")
		}
		a := args[0]
		return func(x *model.Evaluation) model.Datum { return model.FloatDatum(a(x).Float()) }, cFloat
	case "reverse", "uniq":
		if !list0 {
			return cc.refuse(n, "%s takes a list", n.Name)
		}
		a, rev := args[0], n.Name == "reverse"
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			if !x.Spend(len(d.L)) {
				return model.Datum{}
			}
			out := make([]int, 0, len(d.L))
			var seen map[int]bool // for a long list, where looking back would take its square
			if !rev && len(d.L) > 32 {
				seen = make(map[int]bool, len(d.L))
			}
			for i := range d.L {
				switch {
				case rev:
					out = append(out, d.L[len(d.L)-1-i])
				case seen != nil:
					if !seen[d.L[i]] {
						seen[d.L[i]] = true
						out = append(out, d.L[i])
					}
				case !slices.Contains(out, d.L[i]):
					out = append(out, d.L[i])
				}
			}
			d.L = out
			return d
		}, types[0]
	case "sort":
		if !arity(1, 2) || types[0].k != model.DList || (types[0].e != model.DInt && types[0].e != model.DNil) {
			return cc.refuse(n, "sort takes a list of numbers; to sort cards use sort_by(list, .property)")
		}
		desc := cc.order(n, 1)
		a := args[0]
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			if !x.Spend(len(d.L)) {
				return model.Datum{}
			}
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
		if !arity(2, 2) || types[0].k != model.DList || types[1].k != model.DInt {
			return cc.refuse(n, "take takes a list and a number")
		}
		a, k := args[0], args[1]
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			kd := k(x)
			if kd.K == model.DNil {
				return x.Missing("take")
			}
			m := max(min(int(kd.N), len(d.L)), 0)
			d.L = d.L[:m:m]
			return d
		}, types[0]
	case "get":
		if !arity(2, 2) || types[0].k != model.DList || types[1].k != model.DInt {
			return cc.refuse(n, "get takes a list and an index")
		}
		a, k := args[0], args[1]
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			kd := k(x)
			if kd.K == model.DNil {
				return x.Missing("get")
			}
			i := int(kd.N)
			if i < 0 {
				i += len(d.L)
			}
			if i < 0 || i >= len(d.L) {
				return model.Datum{}
			}
			return model.Datum{K: d.E, N: int64(d.L[i])}
		}, Type{k: types[0].e}
	case "concat":
		t := listOf(model.DNil)
		for i, at := range types {
			u, ok := unify(t, at)
			if at.k != model.DList || !ok {
				return cc.refuse(n.Arguments[i], "concat joins lists of one kind, not %s", at)
			}
			t = u
		}
		// counted, for len, and written into the caller's memory, without
		// making the joint list (units(p) in a condition or a step)
		for i := range args {
			lens[i], fills[i] = countOf(args[i], lens[i]), fillOf(args[i], fills[i])
		}
		cc.lastLen.set(n, func(x *model.Evaluation) (int64, bool) {
			k := int64(0)
			for _, l := range lens {
				v, ok := l(x)
				if !ok {
					return 0, false
				}
				k += v
			}
			return k, true
		})
		cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
			from := len(dst)
			for _, f := range fills {
				dst = f(x, dst)
			}
			x.Spend(len(dst) - from)
			return dst
		})
		return func(x *model.Evaluation) model.Datum {
			// the lists first, on the stack for a few, then one list of
			// their joint length, made for this value
			var room [4]model.Datum
			parts, n, filled := room[:0], 0, -1
			for i, a := range args {
				d := a(x)
				parts = append(parts, d)
				n += len(d.L)
				if len(d.L) > 0 {
					filled = i
				}
			}
			switch {
			case n == 0:
				return model.Datum{K: model.DList, E: t.e, L: []int{}}
			case len(parts[filled].L) == n:
				// one list has every element: it is the value, owned or
				// not as it was (units of a player whose back row is empty)
				d := parts[filled]
				return model.Datum{K: model.DList, E: t.e, L: d.L, Owned: d.Owned}
			}
			if !x.Spend(n) {
				return model.Datum{}
			}
			out := make([]int, 0, n)
			for _, d := range parts {
				out = append(out, d.L...)
			}
			return model.Datum{K: model.DList, E: t.e, L: out, Owned: n > 0}
		}, t
	case "flatten":
		return cc.flatten(n)
	}
	switch n.Name {
	case "filter", "map", "count", "any", "all", "none", "one", "find", "findIndex", "findLast", "findLastIndex", "sortBy":
		// the predicate built-ins given no condition (count(you.hand))
		how := fmt.Sprintf("%s(list, condition on each element, as .power > 2 or # > 1)", SnakeName(n.Name))
		if n.Name == "count" {
			how += "; the number of elements of a list is len(list)"
		}
		return cc.refuse(n, "%s takes a list and an expression for each element: %s", SnakeName(n.Name), how)
	}
	return cc.refuse(n, "%s is not available in rulesets", SnakeName(n.Name))
}

// order reads the optional "asc"/"desc" argument of sort and sortBy.
func (cc *Compiler) order(n *ast.BuiltinNode, i int) bool {
	if i >= len(n.Arguments) {
		return false
	}
	s, ok := n.Arguments[i].(*ast.StringNode)
	if !ok || (s.Value != "asc" && s.Value != "desc") {
		cc.refuse(n.Arguments[i], "the order of %s is written \"asc\" or \"desc\"", SnakeName(n.Name))
		return false
	}
	return s.Value == "desc"
}

func (cc *Compiler) minMax(n *ast.BuiltinNode, args []model.EvalFn, types []Type) (model.EvalFn, Type) {
	isMax := n.Name == "max"
	pick := func(v, w float64) bool { return (isMax && w > v) || (!isMax && w < v) }
	if len(args) == 1 {
		t := types[0]
		if t.k != model.DList || (t.e != model.DInt && t.e != model.DNil) {
			return cc.refuse(n, "%s takes numbers, or one list of numbers, not %s", n.Name, t)
		}
		a := args[0]
		return func(x *model.Evaluation) model.Datum {
			d := a(x)
			if len(d.L) == 0 {
				return model.Datum{} // as expr: the largest of nothing is nothing
			}
			v := d.L[0]
			for _, w := range x.Budget(d.L[1:]) {
				if pick(float64(v), float64(w)) {
					v = w
				}
			}
			return model.Datum{K: model.DInt, N: int64(v)}
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
		if at.k == model.DFloat {
			t = cFloat
		}
	}
	return func(x *model.Evaluation) model.Datum {
		best := args[0](x)
		if best.K == model.DNil {
			return x.Missing(n.Name)
		}
		for _, a := range args[1:] {
			d := a(x)
			if d.K == model.DNil {
				return x.Missing(n.Name)
			}
			if pick(best.Float(), d.Float()) {
				best = d
			}
		}
		if t.k == model.DFloat && best.K == model.DInt {
			return model.FloatDatum(best.Float())
		}
		return best
	}, t
}

// flatten joins the lists a map gives: flatten(map(players, #.hand[:2])).
func (cc *Compiler) flatten(n *ast.BuiltinNode) (model.EvalFn, Type) {
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
	list, lt := cc.Compile(m.Arguments[0])
	if lt.k != model.DList {
		return cc.refuse(m, "map takes a list, not %s", lt)
	}
	listFill := cc.Fill(m.Arguments[0])
	level := len(cc.elems)
	cc.elems = append(cc.elems, Type{k: lt.e})
	body, bt := cc.Compile(pred.Node)
	cc.elems = cc.elems[:level]
	if bt.k != model.DList {
		return cc.refuse(pred, "flatten needs a map whose expression gives a list, not %s", bt)
	}
	// written into the caller's memory when it asks (a move's cards), the
	// list mapped read as the predicate built-ins read theirs: no list made
	cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
		var l, buf []int
		if listFill != nil {
			buf = listFill(x, x.TakeInts())
			l = buf
		} else {
			l = list(x).L
		}
		for _, v := range x.Budget(l) {
			x.SetAt(level, int64(v))
			add := body(x).L
			if !x.Spend(len(add)) {
				break
			}
			dst = append(dst, add...)
		}
		x.GiveInts(buf)
		return dst
	})
	return func(x *model.Evaluation) model.Datum {
		out := []int{}
		for _, v := range x.Budget(list(x).L) {
			x.SetAt(level, int64(v))
			add := body(x).L
			if !x.Spend(len(add)) {
				break
			}
			out = append(out, add...)
		}
		return model.Datum{K: model.DList, E: bt.e, L: out}
	}, bt
}

// predicate compiles the built-ins that run an expression for each element of
// a list, with # the element; a scan whose value can be kept is memoized
// (memoScan).
func (cc *Compiler) predicate(n *ast.BuiltinNode) (model.EvalFn, Type) {
	return cc.memoScan(n, func() (model.EvalFn, Type) { return cc.scan(n) })
}

// truth is a condition's value as model.Truth gives it: true only when it
// gave true.
func truth(v, ok bool) bool { return v && ok }

func (cc *Compiler) scan(n *ast.BuiltinNode) (model.EvalFn, Type) {
	list, lt := cc.Compile(n.Arguments[0])
	if lt.k != model.DList {
		return cc.refuse(n.Arguments[0], "%s takes a list, not %s", SnakeName(n.Name), lt)
	}
	// items is the list's elements for a built-in that only reads them:
	// a list the node makes (a filter) is written into a list of the
	// evaluation's, which the built-in gives back (buf) once it is done
	listFill := cc.Fill(n.Arguments[0])
	items := func(x *model.Evaluation) (l []int, e model.DatumKind, buf []int) {
		if listFill != nil {
			buf = listFill(x, x.TakeInts())
			return buf, lt.e, buf
		}
		d := list(x)
		return d.L, d.E, nil
	}
	pred := n.Arguments[1].(*ast.PredicateNode)
	level := len(cc.elems)
	cc.elems = append(cc.elems, Type{k: lt.e})
	body, bt := cc.Compile(pred.Node)
	holds := cc.condOf(pred.Node, body)
	cc.elems = cc.elems[:level]
	name := n.Name
	et := Type{k: lt.e}
	switch name {
	case "map":
		switch bt.k {
		case model.DList:
			return cc.refuse(n, "a map that gives lists must be joined with flatten(map(...))")
		case model.DNil:
			return cc.refuse(n, "map gives nothing here")
		}
		e := bt.k
		if e == model.DStr {
			e = model.DSym
		}
		return func(x *model.Evaluation) model.Datum {
			l, _, buf := items(x)
			defer x.GiveInts(buf)
			out := make([]int, 0, len(l))
			for _, v := range x.Budget(l) {
				x.SetAt(level, int64(v))
				r := body(x)
				if r.K == model.DNil {
					return x.Fail("map gives nothing for an element (a property read from no card or player?)")
				}
				if r.K == model.DStr {
					r = x.G.NameDatum(r.S)
					if r.K == model.DStr {
						return x.Fail("the name %q is not one the ruleset declares", r.S)
					}
				}
				out = append(out, int(r.N))
			}
			return model.Datum{K: model.DList, E: e, L: out, Owned: true}
		}, listOf(e)
	case "sum":
		if bt.k != model.DInt && bt.k != model.DFloat {
			return cc.refuse(pred, "sum adds numbers, not %s", bt)
		}
		isFloat := bt.k == model.DFloat
		return func(x *model.Evaluation) model.Datum {
			var s int64
			var fs float64
			l, _, buf := items(x)
			for _, v := range x.Budget(l) {
				x.SetAt(level, int64(v))
				r := body(x)
				if r.K == model.DNil {
					x.GiveInts(buf)
					return x.Missing("sum")
				}
				t, ok := model.AddWhole(s, r.N)
				if !ok && !isFloat {
					x.GiveInts(buf)
					return x.Overflow(s, "+", r.N)
				}
				s = t
				fs += r.Float()
			}
			x.GiveInts(buf)
			if isFloat {
				return model.FloatDatum(fs)
			}
			return model.Datum{K: model.DInt, N: s}
		}, bt
	case "sortBy":
		if bt.k != model.DInt && bt.k != model.DFloat && bt.k != model.DSym {
			return cc.refuse(pred, "sort_by sorts by a number or a name, not %s", bt)
		}
		desc, byName := cc.order(n, 2), bt.k == model.DSym
		// sorted appends the list's elements in the order of their keys to
		// dst; false when a key is missing
		sorted := func(x *model.Evaluation, dst []int) ([]int, model.DatumKind, bool) {
			l, e, buf := items(x)
			defer x.GiveInts(buf)
			if dst == nil {
				dst = make([]int, 0, len(l)) // the value's own list
			}
			if len(l) <= insertionMax {
				// keys on the stack, sorted as sort.Sort sorts so few
				var room [insertionMax]keyed
				ks := keyedList{byName: byName, desc: desc, items: room[:len(l)]}
				if !sortKeys(x, l, level, body, ks.items) {
					return dst, e, false
				}
				ks.insertionSort()
				return ks.appendTo(dst), e, true
			}
			ks := keyedList{byName: byName, desc: desc, items: make([]keyed, len(l))}
			if !sortKeys(x, l, level, body, ks.items) {
				return dst, e, false
			}
			// the same algorithm as expr's sortBy, so equal keys come out in
			// the same (deterministic, not stable) order as there
			sort.Sort(ks)
			return ks.appendTo(dst), e, true
		}
		// written into the caller's memory (for_each's list), no list made
		cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
			out, _, ok := sorted(x, dst)
			if !ok {
				x.Missing("sortBy")
				return dst
			}
			return out
		})
		return func(x *model.Evaluation) model.Datum {
			// a list of its own, empty or not (sorted makes it for nil)
			out, e, ok := sorted(x, nil)
			if !ok {
				return x.Missing("sortBy")
			}
			return model.Datum{K: model.DList, E: e, L: out, Owned: true}
		}, lt
	}
	if bt.k != model.DBool {
		return cc.refuse(pred, "the predicate of %s must give true or false, not %s", name, bt)
	}
	// kept counts the elements the predicate holds for (count, and a
	// filter counted)
	kept := func(x *model.Evaluation) int64 {
		k := int64(0)
		l, _, buf := items(x)
		for _, v := range x.Budget(l) {
			x.SetAt(level, int64(v))
			if truth(holds(x)) {
				k++
			}
		}
		x.GiveInts(buf)
		return k
	}
	switch name {
	case "filter":
		// counted, for len, without making the list
		// (the list filtered read as items reads it: one made by a
		// concat or a filter is written into a list of the evaluation's)
		cc.lastLen.set(n, func(x *model.Evaluation) (int64, bool) { return kept(x), true })
		// written into the caller's memory when it asks (EvalCardsInto,
		// EvalInts): the same elements, no list made
		cc.lastFill.set(n, func(x *model.Evaluation, dst []int) []int {
			l, _, buf := items(x)
			for _, v := range x.Budget(l) {
				x.SetAt(level, int64(v))
				if truth(holds(x)) {
					dst = append(dst, v)
				}
			}
			x.GiveInts(buf)
			return dst
		})
		return func(x *model.Evaluation) model.Datum {
			d := list(x)
			// the elements kept are gathered on the stack, then copied
			// once to a list of their number: one allocation, none for
			// an empty result, and none when every element is kept (the
			// list itself is the result, owned as it was)
			var buf [16]int
			out := buf[:0]
			for _, v := range x.Budget(d.L) {
				x.SetAt(level, int64(v))
				if truth(holds(x)) {
					out = append(out, v)
				}
			}
			switch len(out) {
			case 0:
				return model.Datum{K: model.DList, E: d.E, L: []int{}, Owned: true}
			case len(d.L):
				return d
			}
			return model.Datum{K: model.DList, E: d.E, L: slices.Clone(out), Owned: true}
		}, lt
	case "count", "one":
		one := name == "one"
		return func(x *model.Evaluation) model.Datum {
			k := kept(x)
			if one {
				return model.Datum{K: model.DBool, N: model.B2i(k == 1)}
			}
			return model.Datum{K: model.DInt, N: k}
		}, map[bool]Type{true: cBool, false: cInt}[one]
	case "any", "all", "none":
		// any stops at the first hit, all and none at the first miss or hit
		want := name == "any" || name == "none"
		onHit := model.B2i(name == "any")
		return func(x *model.Evaluation) model.Datum {
			r := model.Datum{K: model.DBool, N: 1 - onHit}
			l, _, buf := items(x)
			for _, v := range x.Budget(l) {
				x.SetAt(level, int64(v))
				if truth(holds(x)) == want {
					r.N = onHit
					break
				}
			}
			x.GiveInts(buf)
			return r
		}, cBool
	case "find", "findLast", "findIndex", "findLastIndex":
		last := name == "findLast" || name == "findLastIndex"
		index := name == "findIndex" || name == "findLastIndex"
		rt := et
		if index {
			rt = cInt
		}
		return func(x *model.Evaluation) model.Datum {
			l, e, buf := items(x)
			r := model.Datum{} // as expr: no index when nothing matches
			for k := range x.Budget(l) {
				i := k
				if last {
					i = len(l) - 1 - k
				}
				x.SetAt(level, int64(l[i]))
				if truth(holds(x)) {
					if index {
						r = model.Datum{K: model.DInt, N: int64(i)}
					} else {
						r = model.Datum{K: e, N: int64(l[i])}
					}
					break
				}
			}
			x.GiveInts(buf)
			return r
		}, rt
	}
	return cc.refuse(n, "%s is not available in rulesets", name)
}

// ref is a direct reader of the card or player (of kind k) a node names,
// for the forms that need no evaluation: the frame's you, this, card and
// player, the active player and the opponent, the element of a predicate,
// a local (a predicate's parameter), and a card at a fixed place of a zone
// one of those seats names (opponent.pending[0]). ok is false where the
// value closure gives nothing (a place out of range is the error it is
// there). It is nil for any other form, and the node must have been
// compiled (what it reads is recorded then).
func (cc *Compiler) ref(n ast.Node, k model.DatumKind) func(x *model.Evaluation) (int, bool) {
	switch n := n.(type) {
	case *ast.MemberNode:
		if k == model.DCard {
			return cc.placeRef(n)
		}
	case *ast.PointerNode:
		if n.Name != "" || len(cc.elems) == 0 || cc.elems[len(cc.elems)-1].k != k {
			return nil
		}
		level := len(cc.elems) - 1
		return func(x *model.Evaluation) (int, bool) { return int(x.At(level)), true }
	case *ast.IdentifierNode:
		for i := len(cc.Locals) - 1; i >= cc.barrier; i-- {
			if cc.Locals[i].Name == n.Value {
				// a local (a predicate's parameter, a let): nothing or one
				// of kind k
				if cc.Locals[i].T.k != k {
					return nil
				}
				slot := i
				return func(x *model.Evaluation) (int, bool) {
					d := x.Locals[slot]
					return int(d.N), d.K != model.DNil
				}
			}
		}
		if id, ok := BuiltinIdents[n.Value]; ok {
			switch {
			case id == model.IdYou && k == model.DPlayer:
				return func(x *model.Evaluation) (int, bool) { return int(x.F.You), true }
			case id == model.IdActive && k == model.DPlayer:
				return func(x *model.Evaluation) (int, bool) { return x.G.S.Active, true }
			case id == model.IdOpponent && k == model.DPlayer:
				return func(x *model.Evaluation) (int, bool) { return x.G.NextLive(int(x.F.You)), true }
			case id == model.IdThis && k == model.DCard:
				return func(x *model.Evaluation) (int, bool) { return int(x.F.This), x.F.This >= 0 }
			}
			return nil
		}
		switch {
		case n.Value == "card" && cc.Sc.Card && k == model.DCard:
			return func(x *model.Evaluation) (int, bool) { return int(x.F.Card), x.F.Card >= 0 }
		case n.Value == "player" && cc.Sc.Player && k == model.DPlayer:
			return func(x *model.Evaluation) (int, bool) { return int(x.F.Player), x.F.Player >= 0 }
		}
	}
	return nil
}

// placeRef is ref for a card at a fixed place of a zone of a seat ref
// reads (you.hand[0], opponent.pending[-1]): read in the zone as the state
// has it, with index's errors.
func (cc *Compiler) placeRef(n *ast.MemberNode) func(x *model.Evaluation) (int, bool) {
	at, ok := n.Property.(*ast.IntegerNode)
	zone, isCall := n.Node.(*ast.CallNode)
	if !ok || !isCall || len(zone.Arguments) != 3 {
		return nil
	}
	callee, _ := zone.Callee.(*ast.IdentifierNode)
	kind, isKind := zone.Arguments[2].(*ast.IntegerNode)
	if callee == nil || callee.Value != "$pz" || !isKind || kind.Value < 0 || kind.Value >= len(cc.Rs.Zones) || !cc.Rs.Zones[kind.Value].PerPlayer {
		return nil
	}
	seat := cc.ref(zone.Arguments[1], model.DPlayer)
	if seat == nil {
		return nil
	}
	zk, i, optional := kind.Value, at.Value, n.Optional
	return func(x *model.Evaluation) (int, bool) {
		p, ok := seat(x)
		if !ok {
			// no seat: an empty list, as the zone's value closure gives
			if optional {
				return 0, false
			}
			x.Fail("index out of range: %d (the list has 0)", i)
			return 0, false
		}
		g := x.G
		cards := g.S.Zones[g.ZoneInst(zk, p)].Cards
		j := i
		if j < 0 {
			j += len(cards)
		}
		if j < 0 || j >= len(cards) {
			if !optional {
				x.Fail("index out of range: %d (the list has %d)", i, len(cards))
			}
			return 0, false
		}
		return cards[j], true
	}
}

// readSeat records a read of part of a seat's zones or properties: of the
// frame's own seat when the seat is named by you or player, in Own.
func (cc *Compiler) readSeat(part model.ReadSet, seat ast.Node) {
	if cc.frameSeat(seat) {
		cc.Own |= part
		return
	}
	cc.Reads |= part
}

// frameSeat reports whether n names the frame's own seat: you, or player
// where the scope has one, not hidden by a local of that name.
func (cc *Compiler) frameSeat(n ast.Node) bool {
	id, ok := n.(*ast.IdentifierNode)
	if !ok {
		return false
	}
	for i := len(cc.Locals) - 1; i >= cc.barrier; i-- {
		if cc.Locals[i].Name == id.Value {
			return false
		}
	}
	if b, ok := BuiltinIdents[id.Value]; ok {
		return b == model.IdYou
	}
	return id.Value == "player" && cc.Sc.Player
}

// call compiles the host calls the patcher made: reads of card, player and
// game properties, zones and fields by index, and the library's functions.
func (cc *Compiler) call(n *ast.CallNode) (model.EvalFn, Type) {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok || len(id.Value) < 2 || id.Value[0] != '$' {
		return cc.refuse(n, "only the functions of the library can be called")
	}
	if name, ok := strings.CutPrefix(id.Value, PredPrefix); ok {
		if p, ok := cc.Preds[name]; ok {
			return cc.predicateCall(n, p)
		}
		return cc.refuse(n, "unknown predicate %s", name)
	}
	lit := func(i int) int {
		if i < len(n.Arguments) {
			if x, ok := n.Arguments[i].(*ast.IntegerNode); ok {
				return x.Value
			}
		}
		return -1
	}
	obj := func() model.EvalFn {
		fn, _ := cc.Compile(n.Arguments[1])
		return fn
	}
	rs := cc.Rs
	switch id.Value {
	case "$cp":
		of, idx := obj(), lit(2)
		cc.Reads |= rs.CardPropReads(idx)
		t := TypeFor(rs.CardProps[idx].Type)
		if d := &rs.CardProps[idx]; d.Type == model.TStrings {
			// a set of names, stored as bits: read as the list of those held
			return func(x *model.Evaluation) model.Datum {
				c := of(x)
				if c.K == model.DNil {
					return model.Datum{}
				}
				return d.NamesDatum(x.G.CardProp(int(c.N), idx))
			}, t
		}
		if rd := cc.ref(n.Arguments[1], model.DCard); rd != nil {
			// a property of this, card or the element (.power): read
			// without making the card a value first (a name's symbol is
			// a number too: symOf)
			if t.k == model.DInt || t.k == model.DSym {
				sym := t.k == model.DSym
				cc.setInt(n, func(x *model.Evaluation) (int64, bool) {
					c, ok := rd(x)
					if !ok {
						return 0, false
					}
					v := x.G.CardProp(c, idx)
					// a name never given is nothing (propDatum)
					return v, !sym || v != 0
				})
			}
			if t.k == model.DBool {
				// a flag of the card as a condition (if: this.exhausted)
				cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
					c, ok := rd(x)
					if !ok {
						return false, false
					}
					return x.G.CardProp(c, idx) != 0, true
				})
			}
			if t.k != model.DCard && t.k != model.DPlayer && t.k != model.DSym {
				k := t.k
				return func(x *model.Evaluation) model.Datum {
					c, ok := rd(x)
					if !ok {
						return model.Datum{}
					}
					return model.Datum{K: k, N: x.G.CardProp(c, idx)}
				}, t
			}
			return func(x *model.Evaluation) model.Datum {
				c, ok := rd(x)
				if !ok {
					return model.Datum{}
				}
				return propDatum(x.G.CardProp(c, idx), t)
			}, t
		}
		if t.k == model.DInt || t.k == model.DSym {
			sym := t.k == model.DSym
			cc.setInt(n, func(x *model.Evaluation) (int64, bool) {
				c := of(x)
				if c.K == model.DNil {
					return 0, false
				}
				v := x.G.CardProp(int(c.N), idx)
				return v, !sym || v != 0
			})
		}
		return func(x *model.Evaluation) model.Datum {
			c := of(x)
			if c.K == model.DNil {
				return model.Datum{}
			}
			return propDatum(x.G.CardProp(int(c.N), idx), t)
		}, t
	case "$pp":
		of, idx := obj(), lit(2)
		cc.readSeat(rs.PlayerPropReads(idx), n.Arguments[1])
		t := TypeFor(rs.PlayerProps[idx].Type)
		if rd := cc.ref(n.Arguments[1], model.DPlayer); rd != nil {
			if t.k == model.DInt {
				cc.setInt(n, func(x *model.Evaluation) (int64, bool) {
					p, ok := rd(x)
					if !ok {
						return 0, false
					}
					return x.G.PlayerProp(p, idx), true
				})
			}
			if t.k == model.DBool {
				cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
					p, ok := rd(x)
					if !ok {
						return false, false
					}
					return x.G.PlayerProp(p, idx) != 0, true
				})
			}
			return func(x *model.Evaluation) model.Datum {
				p, ok := rd(x)
				if !ok {
					return model.Datum{}
				}
				return propDatum(x.G.PlayerProp(p, idx), t)
			}, t
		}
		return func(x *model.Evaluation) model.Datum {
			p := of(x)
			if p.K == model.DNil {
				return model.Datum{}
			}
			return propDatum(x.G.PlayerProp(int(p.N), idx), t)
		}, t
	case "$gp":
		idx := lit(1)
		cc.Reads |= rs.GamePropReads(idx)
		t := TypeFor(rs.GameProps[idx].Type)
		if t.k == model.DInt {
			cc.setInt(n, func(x *model.Evaluation) (int64, bool) { return x.G.GameProp(idx), true })
		}
		if t.k == model.DBool {
			// a flag of the game as a condition (if: game.countered)
			cc.setCond(n, func(x *model.Evaluation) (bool, bool) { return x.G.GameProp(idx) != 0, true })
		}
		return func(x *model.Evaluation) model.Datum { return propDatum(x.G.GameProp(idx), t) }, t
	case "$pz":
		of, kind := obj(), lit(2)
		if s := cc.SeatOf(n.Arguments[1]); s != model.NotASeat && kind >= 0 && kind < len(rs.Zones) && rs.Zones[kind].PerPlayer {
			cc.lastZone.set(n, model.ZoneRead{Seat: s, Kind: kind})
		}
		if kind >= 0 && kind < len(rs.Zones) && rs.Zones[kind].PerPlayer {
			cc.readSeat(rs.ZoneReads(kind), n.Arguments[1])
		} else {
			cc.Reads |= rs.ZoneReads(kind)
		}
		if rd := cc.ref(n.Arguments[1], model.DPlayer); rd != nil {
			return func(x *model.Evaluation) model.Datum {
				p, ok := rd(x)
				if !ok {
					return model.Datum{K: model.DList, E: model.DCard}
				}
				g := x.G
				return model.Datum{K: model.DList, E: model.DCard, L: g.S.Zones[g.ZoneInst(kind, p)].Cards}
			}, listOf(model.DCard)
		}
		return func(x *model.Evaluation) model.Datum {
			p := of(x)
			if p.K == model.DNil {
				return model.Datum{K: model.DList, E: model.DCard}
			}
			g := x.G
			return model.Datum{K: model.DList, E: model.DCard, L: g.S.Zones[g.ZoneInst(kind, int(p.N))].Cards}
		}, listOf(model.DCard)
	case "$az":
		kind := lit(1)
		cc.Reads |= rs.ZoneReads(kind)
		return func(x *model.Evaluation) model.Datum {
			return model.Datum{K: model.DList, E: model.DCard, L: x.G.AllZone(kind)}
		}, listOf(model.DCard)
	case "$gz":
		kind := lit(1)
		cc.Reads |= rs.ZoneReads(kind)
		if kind >= 0 && kind < len(rs.Zones) && !rs.Zones[kind].PerPlayer {
			cc.lastZone.set(n, model.ZoneRead{Seat: model.NotASeat, Kind: kind})
		}
		return func(x *model.Evaluation) model.Datum {
			g := x.G
			return model.Datum{K: model.DList, E: model.DCard, L: g.S.Zones[g.ZoneInst(kind, 0)].Cards}
		}, listOf(model.DCard)
	case "$cf":
		places := model.ReadsPlaces
		if cc.zoneCmp.n == ast.Node(n) {
			places = cc.zoneCmp.reads // only whether it is in some zones
		}
		return cc.cardField(obj(), lit(2), places)
	case "$pf":
		return cc.playerField(obj(), lit(2))
	case "$ef":
		return cc.eventField(lit(1))
	}
	fn, ok := rs.Lib.Func(id.Value[1:])
	if !ok {
		return cc.refuse(n, "unknown function %s", id.Value[1:])
	}
	if s, ok := n.Arguments[len(n.Arguments)-1].(*ast.StringNode); ok && fn.CardsProp != nil && len(n.Arguments) == 3 {
		return cc.cardsPropCall(n, fn, s.Value)
	}
	args := make([]model.EvalFn, len(n.Arguments)-1)
	for i := range args {
		args[i], _ = cc.Compile(n.Arguments[i+1])
	}
	cc.Reads |= cc.funcReads(fn, n.Arguments[1:])
	body := fn.Fn
	return func(x *model.Evaluation) model.Datum {
		base := len(x.Args)
		for _, a := range args {
			x.Args = append(x.Args, a(x))
		}
		out := body(x.G, x.Args[base:])
		x.Args = x.Args[:base]
		return out
	}, TypeFor(fn.Result)
}

// cardsPropCall compiles a call of a function of cards and a property
// named by a literal (Func.CardsProp): the property's index is found here,
// and the cards are passed as they are, not as a value among values.
func (cc *Compiler) cardsPropCall(n *ast.CallNode, fn *model.Func, prop string) (model.EvalFn, Type) {
	cards, _ := cc.Compile(n.Arguments[1])
	cc.Compile(n.Arguments[2]) // a literal: nothing to run, but compiled as the other calls' are
	cc.Reads |= cc.funcReads(fn, n.Arguments[1:])
	idx := -1
	if k, ok := cc.Rs.CardPropIx[prop]; ok {
		idx = k
	}
	f := fn.CardsProp
	cc.setInt(n, func(x *model.Evaluation) (int64, bool) { return f(x.G, cards(x).L, idx), true })
	return func(x *model.Evaluation) model.Datum {
		return model.Datum{K: model.DInt, N: f(x.G, cards(x).L, idx)}
	}, TypeFor(fn.Result)
}

// funcReads is what a call of a library function reads beyond its
// arguments, as the function declares it.
func (cc *Compiler) funcReads(fn *model.Func, args []ast.Node) model.ReadSet {
	switch fn.Reads {
	case model.FuncReadsNothing:
		return 0
	case model.FuncReadsCardFields:
		return model.ReadsCardFields
	case model.FuncReadsPlaces:
		return model.ReadsPlaces
	case model.FuncReadsKnowledge:
		return model.ReadsKnowledge
	case model.FuncReadsProps:
		var r model.ReadSet
		for _, i := range fn.PropArgs {
			idx := -1
			if i < len(args) {
				if s, ok := args[i].(*ast.StringNode); ok {
					if j, ok := cc.Rs.CardPropIx[s.Value]; ok {
						idx = j
					}
				}
			}
			if idx < 0 {
				return model.ReadsAnything
			}
			r |= cc.Rs.CardPropReads(idx)
		}
		return r
	}
	return model.ReadsAnything
}

// propDatum is a property's stored value as an expression reads it: a card
// or player property that holds none (below 0), and a name (enum) property
// never given a value (0, the empty name, which no declared value is), are
// none.
func propDatum(v int64, t Type) model.Datum {
	switch t.k {
	case model.DCard, model.DPlayer:
		if v < 0 {
			return model.Datum{}
		}
	case model.DSym:
		if v == 0 {
			return model.Datum{}
		}
	}
	return model.Datum{K: t.k, N: v}
}

// cardField compiles a read of a card's field; places is what a read of
// its zone reads (ReadsPlaces, or fewer parts: zoneTest).
func (cc *Compiler) cardField(of model.EvalFn, idx int, places model.ReadSet) (model.EvalFn, Type) {
	card := func(x *model.Evaluation) (int, bool) {
		c := of(x)
		return int(c.N), c.K == model.DCard && c.N >= 0 && int(c.N) < len(x.G.S.Cards)
	}
	switch model.CardFields[idx].Name {
	case "zone":
		cc.Reads |= places
	case "slot", "adjacent":
		cc.Reads |= model.ReadsPlaces
	default:
		cc.Reads |= model.ReadsCardFields
	}
	switch model.CardFields[idx].Name {
	case "name":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				return x.G.NameDatum(x.G.CardName(c))
			}
			return model.Datum{}
		}, cSym
	case "id":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				x.G.NoteRead(c)
				return x.G.NameDatum(x.G.Rs.Cards[x.G.S.Cards[c].Def].ID)
			}
			return model.Datum{}
		}, cSym
	case "owner", "controller":
		owner := model.CardFields[idx].Name == "owner"
		return func(x *model.Evaluation) model.Datum {
			c, ok := card(x)
			if !ok {
				return model.Datum{}
			}
			ci := &x.G.S.Cards[c]
			if owner {
				return model.PlayerDatum(int(ci.Owner))
			}
			return model.PlayerDatum(int(ci.Ctrl))
		}, cPlayer
	case "zone":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				g := x.G
				return model.Datum{K: model.DSym, N: g.Rs.ZoneSyms[g.S.Zones[g.S.Cards[c].Zone].Kind]}
			}
			return model.Datum{}
		}, cSym
	case "face_down":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				return model.Datum{K: model.DBool, N: model.B2i(x.G.S.Cards[c].FaceDown)}
			}
			return model.Datum{}
		}, cBool
	case "face":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				x.G.NoteRead(c)
				return model.Datum{K: model.DInt, N: int64(x.G.S.Cards[c].Face)}
			}
			return model.Datum{}
		}, cInt
	case "slot":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				return model.Datum{K: model.DInt, N: int64(x.G.Slot(c))}
			}
			return model.Datum{}
		}, cInt
	case "adjacent":
		return func(x *model.Evaluation) model.Datum {
			if c, ok := card(x); ok {
				return model.Datum{K: model.DList, E: model.DCard, L: x.G.Adjacent(c)}
			}
			return model.Datum{K: model.DList, E: model.DCard}
		}, listOf(model.DCard)
	case "keywords":
		return func(x *model.Evaluation) model.Datum {
			c, ok := card(x)
			if !ok {
				return model.Datum{}
			}
			k := int64(0)
			for m := x.G.Keywords(c); m != 0; m &= m - 1 {
				k++
			}
			return model.Datum{K: model.DInt, N: k}
		}, cInt
	}
	return constant(model.Datum{}), CNil
}

func (cc *Compiler) playerField(of model.EvalFn, idx int) (model.EvalFn, Type) {
	player := func(x *model.Evaluation) (int, bool) {
		p := of(x)
		return int(p.N), p.K == model.DPlayer && p.N >= 0 && int(p.N) < x.G.Nseats
	}
	switch model.PlayerFields[idx].Name {
	case "seat", "index":
	default:
		cc.Reads |= model.ReadsSeats
	}
	switch model.PlayerFields[idx].Name {
	case "seat":
		return func(x *model.Evaluation) model.Datum {
			if p, ok := player(x); ok {
				return x.G.NameDatum(x.G.SeatName(p))
			}
			return model.Datum{}
		}, cSym
	case "index":
		return func(x *model.Evaluation) model.Datum {
			if p, ok := player(x); ok {
				return model.Datum{K: model.DInt, N: int64(p)}
			}
			return model.Datum{}
		}, cInt
	case "lost":
		// a win ends the game for the others as a loss, as their boards
		// say (lost); the state marks only those who left before
		return func(x *model.Evaluation) model.Datum {
			if p, ok := player(x); ok {
				return model.Datum{K: model.DBool, N: model.B2i(x.G.LostOrBeaten(p))}
			}
			return model.Datum{}
		}, cBool
	case "won":
		return func(x *model.Evaluation) model.Datum {
			if p, ok := player(x); ok {
				return model.Datum{K: model.DBool, N: model.B2i(x.G.S.Players[p].Won)}
			}
			return model.Datum{}
		}, cBool
	case "next", "prev":
		next := model.PlayerFields[idx].Name == "next"
		return func(x *model.Evaluation) model.Datum {
			p, ok := player(x)
			if !ok {
				return model.Datum{}
			}
			if next {
				return model.PlayerDatum(x.G.NextLive(p))
			}
			return model.PlayerDatum(x.G.PrevLive(p))
		}, cPlayer
	case "opponents", "turn_order":
		list := (*model.Evaluator).OpponentsOf
		if model.PlayerFields[idx].Name == "turn_order" {
			list = (*model.Evaluator).SeatsFrom
		}
		return func(x *model.Evaluation) model.Datum {
			if p, ok := player(x); ok {
				return model.Datum{K: model.DList, E: model.DPlayer, L: list(x.G, p)}
			}
			return model.Datum{K: model.DList, E: model.DPlayer}
		}, listOf(model.DPlayer)
	}
	return constant(model.Datum{}), CNil
}

func (cc *Compiler) eventField(idx int) (model.EvalFn, Type) {
	cc.frameDeps = true
	switch model.EventFields[idx].Name {
	case "name":
		return func(x *model.Evaluation) model.Datum { return x.G.SymDatum(x.F.Event.Name) }, cSym
	case "card":
		return func(x *model.Evaluation) model.Datum { return model.CardDatum(int(x.F.Event.Card)) }, cCard
	case "player":
		return func(x *model.Evaluation) model.Datum { return model.PlayerDatum(int(x.F.Event.Player)) }, cPlayer
	case "from":
		return func(x *model.Evaluation) model.Datum { return x.G.SymDatum(x.F.Event.From) }, cSym
	case "to":
		return func(x *model.Evaluation) model.Datum { return x.G.SymDatum(x.F.Event.To) }, cSym
	case "amount":
		return func(x *model.Evaluation) model.Datum { return model.Datum{K: model.DInt, N: int64(x.F.Event.Amount)} }, cInt
	case "source":
		return func(x *model.Evaluation) model.Datum { return model.CardDatum(int(x.F.Event.Source)) }, cCard
	}
	return constant(model.Datum{}), CNil
}

// keyed is an element of a list being sorted, with its key.
type keyed struct {
	v int
	f float64
	s string
}

// sortKeys works out the key of each element of l into items; false when
// one is missing (as in expr, a key is read only to compare: a list of one
// needs none).
func sortKeys(x *model.Evaluation, l []int, level int, body model.EvalFn, items []keyed) bool {
	for i, v := range x.Budget(l) {
		x.SetAt(level, int64(v))
		r := body(x)
		if r.K == model.DNil && len(l) > 1 {
			return false
		}
		items[i] = keyed{v: v, f: r.Float()}
		if r.K == model.DSym || r.K == model.DStr {
			items[i].s = x.G.Text(r)
		}
	}
	return true
}

// insertionMax is the longest list sort.Sort sorts by insertion.
const insertionMax = 12

// insertionSort sorts as sort.Sort does a list of at most insertionMax:
// by insertion, swapping an element back while it is less than the one
// before, so equal keys come out in the same order as there.
func (k keyedList) insertionSort() {
	for i := 1; i < len(k.items); i++ {
		for j := i; j > 0 && k.Less(j, j-1); j-- {
			k.Swap(j, j-1)
		}
	}
}

// appendTo appends the sorted elements to dst.
func (k keyedList) appendTo(dst []int) []int {
	for _, it := range k.items {
		dst = append(dst, it.v)
	}
	return dst
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
