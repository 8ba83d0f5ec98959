package oracle

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/expr-lang/expr/vm"
)

// Eval evaluates an expression on expr's VM, for tests that compare it
// with the evaluator. Statics are brought up to date first, as an evaluation
// does.
func Eval(g *model.Evaluator, e *model.Expr, f *state.Frame) (any, error) {
	g.Refresh()
	return evalVM(g, e, f)
}

// evalVM evaluates an expression on the expression VM.
func evalVM(g *model.Evaluator, e *model.Expr, f *state.Frame) (out any, err error) {
	prev := g.Cur
	g.Cur = f
	env := map[string]any{"$c": g}
	for i := range e.Idents {
		id := &e.Idents[i]
		env[id.Name] = identValue(g, id, f)
	}
	prog, err := e.Program()
	if err == nil {
		out, err = vm.Run(prog, env)
	}
	g.Cur = prev
	if err != nil {
		return nil, fmt.Errorf("%s: in expression %q: %v", e.Pos, e.Src, err)
	}
	return out, nil
}

// Predicate runs the program of a predicate's body on a VM of its
// own, for the oracle: its parameters (names) are bound to the values of
// the call (args), as the calling program's VM gave them, and the other
// names it reads (idents) for the frame the calling expression is
// evaluated for.
func Predicate(g *model.Evaluator, body *model.Expr, idents []model.IdentUse, names []string, args []any) (any, error) {
	env := make(map[string]any, len(idents)+len(names)+1)
	env["$c"] = g
	for i := range idents {
		env[idents[i].Name] = identValue(g, &idents[i], g.Cur)
	}
	for i, name := range names {
		if i < len(args) {
			env[name] = args[i]
		}
	}
	prog, err := body.Program()
	if err != nil {
		return nil, err
	}
	return vm.Run(prog, env)
}

func identValue(g *model.Evaluator, id *model.IdentUse, f *state.Frame) any {
	s := g.S
	switch id.Kind {
	case model.IdYou:
		return int(f.You)
	case model.IdOpponent:
		return g.NextLive(int(f.You))
	case model.IdActive:
		return s.Active
	case model.IdTurn:
		return s.Turn
	case model.IdPhase:
		if s.Phase.InPhase(len(g.Rs.Phases)) {
			return g.Rs.Phases[s.Phase].Name
		}
		return ""
	case model.IdThis:
		return cardAny(int(f.This))
	case model.IdGame, model.IdEvent:
		return 0
	case model.IdPlayers:
		return g.Seats
	case model.IdOpponents:
		return g.OpponentsOf(int(f.You))
	case model.IdCard:
		return cardAny(int(f.Card))
	case model.IdPlayer:
		return int(f.Player)
	case model.IdStack:
		return g.StackCards()
	case model.IdStackSize:
		return len(s.Stack)
	case model.IdMode:
		return g.Rs.Symbol(s.Mode)
	case model.IdAll:
		return 0
	case model.IdVar:
		v := s.Vars[int(f.Base)+id.Slot]
		return valAny(g, v, id.Typ)
	}
	return nil
}

func cardAny(c int) any {
	if c < 0 {
		return nil
	}
	return c
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

// CardProp is the host function of a card property read: card x's property idx.
func CardProp(g *model.Evaluator, x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	if d := &g.Rs.CardProps[idx]; d.Type == model.TStrings {
		return model.NamesAny(d, g.CardProp(c, idx))
	}
	return propAny(g, g.CardProp(c, idx), g.Rs.CardProps[idx].Type)
}

// CardField is the host function of a card field read (name, zone, owner, ...).
func CardField(g *model.Evaluator, x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	ci := &g.S.Cards[c]
	switch model.CardFields[idx].Name {
	case "name":
		return g.CardName(c)
	case "id":
		return g.Rs.Cards[ci.Def].ID
	case "owner":
		return seatOrNone(int(ci.Owner))
	case "controller":
		return seatOrNone(int(ci.Ctrl))
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

// seatOrNone is a seat as an expression reads it: a card nobody owns (a
// deck dealt with owner: none) has none for its owner, not a seat.
func seatOrNone(p int) any {
	if p < 0 {
		return nil
	}
	return p
}

// PlayerProp is the host function of a player property read.
func PlayerProp(g *model.Evaluator, x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.Nseats {
		return nil
	}
	return propAny(g, g.PlayerProp(p, idx), g.Rs.PlayerProps[idx].Type)
}

// PlayerZone is the host function of a player's zone read: its cards, top first.
func PlayerZone(g *model.Evaluator, x any, kind int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.Nseats {
		return []int{}
	}
	return g.S.Zones[g.ZoneInst(kind, p)].Cards
}

// PlayerField is the host function of a player field read (seat, lost, next, ...).
func PlayerField(g *model.Evaluator, x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.Nseats {
		return nil
	}
	switch model.PlayerFields[idx].Name {
	case "seat":
		return g.SeatName(p)
	case "index":
		return p
	case "lost":
		return g.LostOrBeaten(p)
	case "won":
		return g.S.Players[p].Won
	case "next":
		return g.NextLive(p)
	case "prev":
		return g.PrevLive(p)
	case "opponents":
		return g.OpponentsOf(p)
	case "turn_order":
		return g.SeatsFrom(p)
	}
	return nil
}

// GameProp is the host function of a game property read.
func GameProp(g *model.Evaluator, idx int) any {
	return propAny(g, g.GameProp(idx), g.Rs.GameProps[idx].Type)
}

// GameZone is the host function of a shared zone read.
func GameZone(g *model.Evaluator, kind int) any {
	return g.S.Zones[g.ZoneInst(kind, 0)].Cards
}

// EventField is the host function of an event field read, for the frame
// being evaluated.
func EventField(g *model.Evaluator, idx int) any {
	if g.Cur == nil {
		return nil
	}
	ev := &g.Cur.Event
	switch model.EventFields[idx].Name {
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

// propAny is a property's stored value as an expression reads it: a name
// (enum) property never given a value (0, the empty name) is none, as a
// card or player property holding none is.
func propAny(g *model.Evaluator, v int64, t model.Type) any {
	if t == model.TString && v == 0 {
		return nil
	}
	return g.ScalarAny(v, t)
}

func valAny(g *model.Evaluator, v state.Val, t model.Type) any {
	switch t {
	case model.TCards, model.TPlayers:
		if v.L == nil {
			return []int{}
		}
		return v.L
	}
	return g.ScalarAny(v.N, t)
}

// Call runs a library function for the VM: its arguments, Go values of
// the VM, become values of the evaluator, and its result goes back.
func Call(g *model.Evaluator, fn *model.Func, params []any) (any, error) {
	args := make([]model.Datum, len(params))
	for i, p := range params {
		t := model.TAny
		if i < len(fn.Params) {
			t = fn.Params[i]
		}
		d, err := anyToDatum(g, p, t)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", fn.Name, err)
		}
		args[i] = d
	}
	d, err := g.CallFunc(fn, args)
	if err != nil {
		return nil, err
	}
	return g.Any(d), nil
}

// anyToDatum converts a Go value of the VM to a value of type t.
func anyToDatum(g *model.Evaluator, x any, t model.Type) (model.Datum, error) {
	switch v := x.(type) {
	case nil:
		return model.Datum{}, nil
	case bool:
		return model.Datum{K: model.DBool, N: model.B2i(v)}, nil
	case string:
		return g.NameDatum(v), nil
	case float64:
		return model.FloatDatum(v), nil
	case int:
		switch t {
		case model.TCard:
			return model.CardDatum(v), nil
		case model.TPlayer:
			return model.PlayerDatum(v), nil
		}
		return model.Datum{K: model.DInt, N: int64(v)}, nil
	case []int:
		return model.Datum{K: model.DList, E: model.ElemKind(t), L: v}, nil
	case []any:
		l := make([]int, 0, len(v))
		for _, e := range v {
			n, ok := e.(int)
			if !ok {
				return model.Datum{}, fmt.Errorf("a list holds %v (%T)", e, e)
			}
			l = append(l, n)
		}
		return model.Datum{K: model.DList, E: model.ElemKind(t), L: l}, nil
	}
	return model.Datum{}, fmt.Errorf("unexpected value %v (%T)", x, x)
}
