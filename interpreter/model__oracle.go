package interpreter

import (
	"fmt"
)

// The expression VM of expr is not how games run: the closures of
// closure.go are the one evaluator. The VM runs the same checked, patched
// program as a test oracle, a second opinion that shares no code with the
// closures beyond the state accessors, so that a differential test can
// compare the two on every expression of every ruleset.

// OracleEval evaluates an expression on expr's VM, for tests that compare it
// with the evaluator. Statics are brought up to date first, as for Eval.
func (g *Evaluator) OracleEval(e *Expr, f *Frame) (any, error) {
	if !g.der.computing && !g.der.fresh(g) {
		g.derive()
	}
	return g.evalVM(e, f)
}

// evalVM evaluates an expression on the expression VM.
func (g *Evaluator) evalVM(e *Expr, f *Frame) (out any, err error) {
	prev := g.cur
	g.cur = f
	env := g.env
	for i := range e.idents {
		id := &e.idents[i]
		env[id.name] = g.identValue(id, f)
	}
	out, err = g.vm.Run(e.prog, env)
	g.cur = prev
	if err != nil {
		return nil, fmt.Errorf("%s: in expression %q: %v", e.Pos, e.Src, err)
	}
	return out, nil
}

func (g *Evaluator) identValue(id *identUse, f *Frame) any {
	s := g.S
	switch id.kind {
	case idYou:
		return int(f.You)
	case idOpponent:
		return g.NextLive(int(f.You))
	case idActive:
		return s.Active
	case idTurn:
		return s.Turn
	case idPhase:
		if s.Phase.InPhase(len(g.rs.Phases)) {
			return g.rs.Phases[s.Phase].Name
		}
		return ""
	case idThis:
		return cardAny(int(f.This))
	case idGame, idEvent:
		return 0
	case idPlayers:
		return g.seats
	case idOpponents:
		return g.opponentsOf(int(f.You))
	case idCard:
		return cardAny(int(f.Card))
	case idPlayer:
		return int(f.Player)
	case idStack:
		return g.stackCards()
	case idMode:
		return g.rs.Symbol(s.Mode)
	case idAll:
		return 0
	case idVar:
		v := s.Vars[int(f.Base)+id.slot]
		return g.valAny(v, id.typ)
	}
	return nil
}

func cardAny(c int) any {
	if c < 0 {
		return nil
	}
	return c
}

func (g *Evaluator) scalarAny(v int64, t Type) any {
	switch t {
	case TInt:
		return int(v)
	case TBool:
		return v != 0
	case TString:
		if v >= 0 && int(v) < len(g.rs.boxedSyms) {
			return g.rs.boxedSyms[v]
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

func (g *Evaluator) exprCardProp(x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	return g.scalarAny(g.CardProp(c, idx), g.rs.CardProps[idx].Type)
}

func (g *Evaluator) exprCardField(x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	ci := &g.S.Cards[c]
	switch cardFields[idx].name {
	case "name":
		return g.CardName(c)
	case "id":
		return g.rs.Cards[ci.Def].ID
	case "owner":
		return int(ci.Owner)
	case "controller":
		return int(ci.Ctrl)
	case "zone":
		return g.rs.Zones[g.S.Zones[ci.Zone].Kind].Name
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

func (g *Evaluator) exprPlayerProp(x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.nseats {
		return nil
	}
	return g.scalarAny(g.PlayerProp(p, idx), g.rs.PlayerProps[idx].Type)
}

func (g *Evaluator) exprPlayerZone(x any, kind int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.nseats {
		return []int{}
	}
	return g.S.Zones[g.ZoneInst(kind, p)].Cards
}

func (g *Evaluator) exprPlayerField(x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.nseats {
		return nil
	}
	switch playerFields[idx].name {
	case "seat":
		return g.seatName(p)
	case "index":
		return p
	case "lost":
		return g.S.Players[p].Lost
	case "next":
		return g.NextLive(p)
	case "prev":
		return g.prevLive(p)
	case "opponents":
		return g.opponentsOf(p)
	}
	return nil
}

func (g *Evaluator) exprGameProp(idx int) any {
	return g.scalarAny(g.GameProp(idx), g.rs.GameProps[idx].Type)
}

func (g *Evaluator) exprGameZone(kind int) any {
	return g.S.Zones[g.ZoneInst(kind, 0)].Cards
}

func (g *Evaluator) exprEventField(idx int) any {
	if g.cur == nil {
		return nil
	}
	ev := &g.cur.Event
	switch eventFields[idx].name {
	case "name":
		return g.rs.Symbol(ev.Name)
	case "card":
		return cardAny(int(ev.Card))
	case "player":
		if ev.Player < 0 {
			return nil
		}
		return int(ev.Player)
	case "from":
		return g.rs.Symbol(ev.From)
	case "to":
		return g.rs.Symbol(ev.To)
	case "amount":
		return int(ev.Amount)
	case "source":
		return cardAny(int(ev.Source))
	}
	return nil
}

func (g *Evaluator) valAny(v Val, t Type) any {
	switch t {
	case TCards, TPlayers:
		if v.L == nil {
			return []int{}
		}
		return v.L
	}
	return g.scalarAny(v.N, t)
}

// oracleCall runs a library function for the VM: its arguments, Go values of
// the VM, become values of the evaluator, and its result goes back.
func (g *Evaluator) oracleCall(fn *Func, params []any) (any, error) {
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
		return Datum{K: DBool, N: b2i(v)}, nil
	case string:
		return g.NameDatum(v), nil
	case float64:
		return floatDatum(v), nil
	case int:
		switch t {
		case TCard:
			return cardDatum(v), nil
		case TPlayer:
			return playerDatum(v), nil
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
