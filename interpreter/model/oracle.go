package model

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/expr-lang/expr/vm"
)

// The expression VM of expr is not how games run: the closures of
// closure.go are the one evaluator. The VM runs the same checked, patched
// program as a test oracle, a second opinion that shares no code with the
// closures beyond the state accessors, so that a differential test can
// compare the two on every expression of every ruleset.

// OracleEval evaluates an expression on expr's VM, for tests that compare it
// with the evaluator. Statics are brought up to date first, as for Eval.
func (g *Evaluator) OracleEval(e *Expr, f *state.Frame) (any, error) {
	if !g.Der.computing && !g.Der.fresh(g) {
		g.derive()
	}
	return g.evalVM(e, f)
}

// evalVM evaluates an expression on the expression VM.
func (g *Evaluator) evalVM(e *Expr, f *state.Frame) (out any, err error) {
	prev := g.Cur
	g.Cur = f
	env := g.Env
	for i := range e.Idents {
		id := &e.Idents[i]
		env[id.Name] = g.identValue(id, f)
	}
	out, err = g.vm.Run(e.Prog, env)
	g.Cur = prev
	if err != nil {
		return nil, fmt.Errorf("%s: in expression %q: %v", e.Pos, e.Src, err)
	}
	return out, nil
}

// OraclePredicate runs the program of a predicate's body on a VM of its
// own, for the oracle: its parameters (names) are bound to the values of
// the call (args), as the calling program's VM gave them, and the other
// names it reads (idents) for the frame the calling expression is
// evaluated for.
func (g *Evaluator) OraclePredicate(prog *vm.Program, idents []IdentUse, names []string, args []any) (any, error) {
	env := make(map[string]any, len(idents)+len(names)+1)
	env["$c"] = g
	for i := range idents {
		env[idents[i].Name] = g.identValue(&idents[i], g.Cur)
	}
	for i, name := range names {
		if i < len(args) {
			env[name] = args[i]
		}
	}
	return vm.Run(prog, env)
}

func (g *Evaluator) identValue(id *IdentUse, f *state.Frame) any {
	s := g.S
	switch id.Kind {
	case IdYou:
		return int(f.You)
	case IdOpponent:
		return g.NextLive(int(f.You))
	case IdActive:
		return s.Active
	case IdTurn:
		return s.Turn
	case IdPhase:
		if s.Phase.InPhase(len(g.Rs.Phases)) {
			return g.Rs.Phases[s.Phase].Name
		}
		return ""
	case IdThis:
		return cardAny(int(f.This))
	case IdGame, IdEvent:
		return 0
	case IdPlayers:
		return g.Seats
	case IdOpponents:
		return g.OpponentsOf(int(f.You))
	case IdCard:
		return cardAny(int(f.Card))
	case IdPlayer:
		return int(f.Player)
	case IdStack:
		return g.StackCards()
	case IdMode:
		return g.Rs.Symbol(s.Mode)
	case IdAll:
		return 0
	case IdVar:
		v := s.Vars[int(f.Base)+id.Slot]
		return g.valAny(v, id.Typ)
	}
	return nil
}

func cardAny(c int) any {
	if c < 0 {
		return nil
	}
	return c
}

func (g *Evaluator) ScalarAny(v int64, t Type) any {
	switch t {
	case TInt:
		return int(v)
	case TBool:
		return v != 0
	case TString:
		if v >= 0 && int(v) < len(g.Rs.boxedSyms) {
			return g.Rs.boxedSyms[v]
		}
		return ""
	case TCard, TPlayer:
		if v < 0 {
			return nil
		}
		return int(v)
	}
	return int(v)
}

func asIndex(x any) (int, bool) {
	switch v := x.(type) {
	case int:
		return v, true
	case int64:
		return int(v), true
	case int32:
		return int(v), true
	}
	return -1, false
}

func (g *Evaluator) ExprCardProp(x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	if d := &g.Rs.CardProps[idx]; d.Type == TStrings {
		return namesAny(d, g.CardProp(c, idx))
	}
	return g.ScalarAny(g.CardProp(c, idx), g.Rs.CardProps[idx].Type)
}

func (g *Evaluator) ExprCardField(x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	ci := &g.S.Cards[c]
	switch CardFields[idx].Name {
	case "name":
		return g.CardName(c)
	case "id":
		return g.Rs.Cards[ci.Def].ID
	case "owner":
		return int(ci.Owner)
	case "controller":
		return int(ci.Ctrl)
	case "zone":
		return g.Rs.Zones[g.S.Zones[ci.Zone].Kind].Name
	case "face_down":
		return ci.FaceDown
	case "face":
		return int(ci.Face)
	case "slot":
		return g.Slot(c)
	case "adjacent":
		return g.Adjacent(c)
	case "keywords":
		n := 0
		for m := g.Keywords(c); m != 0; m &= m - 1 {
			n++
		}
		return n
	}
	return nil
}

func (g *Evaluator) ExprPlayerProp(x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.Nseats {
		return nil
	}
	return g.ScalarAny(g.PlayerProp(p, idx), g.Rs.PlayerProps[idx].Type)
}

func (g *Evaluator) ExprPlayerZone(x any, kind int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.Nseats {
		return []int{}
	}
	return g.S.Zones[g.ZoneInst(kind, p)].Cards
}

func (g *Evaluator) ExprPlayerField(x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.Nseats {
		return nil
	}
	switch PlayerFields[idx].Name {
	case "seat":
		return g.SeatName(p)
	case "index":
		return p
	case "lost":
		return g.S.Players[p].Lost
	case "next":
		return g.NextLive(p)
	case "prev":
		return g.PrevLive(p)
	case "opponents":
		return g.OpponentsOf(p)
	}
	return nil
}

func (g *Evaluator) ExprGameProp(idx int) any {
	return g.ScalarAny(g.GameProp(idx), g.Rs.GameProps[idx].Type)
}

func (g *Evaluator) ExprGameZone(kind int) any {
	return g.S.Zones[g.ZoneInst(kind, 0)].Cards
}

func (g *Evaluator) ExprEventField(idx int) any {
	if g.Cur == nil {
		return nil
	}
	ev := &g.Cur.Event
	switch EventFields[idx].Name {
	case "name":
		return g.Rs.Symbol(ev.Name)
	case "card":
		return cardAny(int(ev.Card))
	case "player":
		if ev.Player < 0 {
			return nil
		}
		return int(ev.Player)
	case "from":
		return g.Rs.Symbol(ev.From)
	case "to":
		return g.Rs.Symbol(ev.To)
	case "amount":
		return int(ev.Amount)
	case "source":
		return cardAny(int(ev.Source))
	}
	return nil
}

func (g *Evaluator) valAny(v state.Val, t Type) any {
	switch t {
	case TCards, TPlayers:
		if v.L == nil {
			return []int{}
		}
		return v.L
	}
	return g.ScalarAny(v.N, t)
}

// OracleCall runs a library function for the VM: its arguments, Go values of
// the VM, become values of the evaluator, and its result goes back.
func (g *Evaluator) OracleCall(fn *Func, params []any) (any, error) {
	args := make([]Datum, len(params))
	for i, p := range params {
		t := TAny
		if i < len(fn.Params) {
			t = fn.Params[i]
		}
		d, err := g.anyToDatum(p, t)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", fn.Name, err)
		}
		args[i] = d
	}
	return g.datumAny(fn.Fn(g, args)), nil
}

// anyToDatum converts a Go value of the VM to a value of type t.
func (g *Evaluator) anyToDatum(x any, t Type) (Datum, error) {
	switch v := x.(type) {
	case nil:
		return Datum{}, nil
	case bool:
		return Datum{K: DBool, N: B2i(v)}, nil
	case string:
		return g.NameDatum(v), nil
	case float64:
		return FloatDatum(v), nil
	case int:
		switch t {
		case TCard:
			return CardDatum(v), nil
		case TPlayer:
			return PlayerDatum(v), nil
		}
		return Datum{K: DInt, N: int64(v)}, nil
	case []int:
		return Datum{K: DList, E: ElemKind(t), L: v}, nil
	case []any:
		l := make([]int, 0, len(v))
		for _, e := range v {
			n, ok := e.(int)
			if !ok {
				return Datum{}, fmt.Errorf("a list holds %v (%T)", e, e)
			}
			l = append(l, n)
		}
		return Datum{K: DList, E: ElemKind(t), L: l}, nil
	}
	return Datum{}, fmt.Errorf("unexpected value %v (%T)", x, x)
}
