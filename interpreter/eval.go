package interpreter

import (
	"fmt"
)

// Eval evaluates an expression for frame f.
func (g *Game) Eval(e *Expr, f *Frame) (out any, err error) {
	if e == nil {
		return nil, nil
	}
	if e.fast != nil {
		d, err := g.evalDatum(e, f)
		if err != nil {
			return nil, err
		}
		return g.datumAny(d), nil
	}
	return g.evalVM(e, f)
}

// evalVM evaluates an expression on the expression VM.
func (g *Game) evalVM(e *Expr, f *Frame) (out any, err error) {
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

func (g *Game) identValue(id *identUse, f *Frame) any {
	s := g.S
	switch id.kind {
	case idYou:
		return int(f.You)
	case idOpponent:
		return g.nextLive(int(f.You))
	case idActive:
		return s.Active
	case idTurn:
		return s.Turn
	case idPhase:
		if s.Phase >= 0 && s.Phase < len(g.rs.Phases) {
			return g.rs.Phases[s.Phase].Name
		}
		return ""
	case idThis:
		return cardAny(int(f.This))
	case idGame, idEvent:
		return 0
	case idPlayers:
		return g.players
	case idOpponents:
		return g.opponentsOf(int(f.You))
	case idCard:
		return cardAny(int(f.Card))
	case idPlayer:
		return int(f.Player)
	case idStack:
		out := make([]int, 0, len(s.Stack))
		for i := len(s.Stack) - 1; i >= 0; i-- {
			if s.Stack[i].Card >= 0 {
				out = append(out, int(s.Stack[i].Card))
			}
		}
		return out
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

func (g *Game) opponentsOf(p int) []int {
	out := make([]int, 0, g.nseats-1)
	for q := 0; q < g.nseats; q++ {
		if q != p && !g.S.Players[q].Lost {
			out = append(out, q)
		}
	}
	return out
}

func cardAny(c int) any {
	if c < 0 {
		return nil
	}
	return c
}

func (g *Game) valAny(v Val, t Type) any {
	switch t {
	case TCards, TPlayers:
		if v.L == nil {
			return []int{}
		}
		return v.L
	}
	return g.scalarAny(v.N, t)
}

func (g *Game) scalarAny(v int64, t Type) any {
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

// ToVal converts an expression result to a variable value of type t.
func (g *Game) ToVal(x any, t Type) (Val, error) {
	switch t {
	case TCards, TPlayers:
		l, err := intList(x)
		return Val{L: l}, err
	}
	n, err := g.toScalar(x, t)
	return Val{N: n}, err
}

func (g *Game) toScalar(x any, t Type) (int64, error) {
	switch v := x.(type) {
	case nil:
		if t == TCard || t == TPlayer || t == TAny {
			return -1, nil
		}
		if t == TInt || t == TBool {
			return 0, nil
		}
	case int:
		return int64(v), nil
	case int64:
		return v, nil
	case int32:
		return int64(v), nil
	case float64:
		return int64(v), nil
	case bool:
		if v {
			return 1, nil
		}
		return 0, nil
	case string:
		if i, ok := g.rs.symbolIx[v]; ok {
			return int64(i), nil
		}
		return 0, fmt.Errorf("%q is not a name this ruleset declares", v)
	}
	return 0, fmt.Errorf("cannot use %v (%T) as %s", x, x, t)
}

func intList(x any) ([]int, error) {
	switch v := x.(type) {
	case nil:
		return nil, nil
	case []int:
		return append([]int(nil), v...), nil
	case []any:
		out := make([]int, 0, len(v))
		for _, e := range v {
			switch n := e.(type) {
			case int:
				out = append(out, n)
			case nil:
			default:
				return nil, fmt.Errorf("a list holds %v (%T), not a card or player", e, e)
			}
		}
		return out, nil
	case int:
		return []int{v}, nil
	}
	return nil, fmt.Errorf("expected a list, got %T", x)
}

// EvalBool evaluates a condition; nil is true.
func (g *Game) EvalBool(e *Expr, f *Frame) (bool, error) {
	if e == nil {
		return true, nil
	}
	if e.fast != nil {
		d, err := g.evalDatum(e, f)
		if err != nil {
			return false, err
		}
		if d.K != DBool {
			return false, fmt.Errorf("%s: expression %q gave %v, not true or false", e.Pos, e.Src, g.datumAny(d))
		}
		return d.N != 0, nil
	}
	x, err := g.Eval(e, f)
	if err != nil {
		return false, err
	}
	b, ok := x.(bool)
	if !ok {
		return false, fmt.Errorf("%s: expression %q gave %v, not true or false", e.Pos, e.Src, x)
	}
	return b, nil
}

// EvalInt evaluates a number.
func (g *Game) EvalInt(e *Expr, f *Frame) (int, error) {
	if e.fast != nil {
		d, err := g.evalDatum(e, f)
		if err != nil {
			return 0, err
		}
		if d.K != DInt && d.K != DNil {
			return 0, fmt.Errorf("%s: expression %q gave %v, not a number", e.Pos, e.Src, g.datumAny(d))
		}
		return int(d.N), nil
	}
	x, err := g.Eval(e, f)
	if err != nil {
		return 0, err
	}
	switch v := x.(type) {
	case int:
		return v, nil
	case int64:
		return int(v), nil
	case float64:
		return int(v), nil
	case nil:
		return 0, nil
	}
	return 0, fmt.Errorf("%s: expression %q gave %v, not a number", e.Pos, e.Src, x)
}

// EvalCard evaluates a card (-1 for none).
func (g *Game) EvalCard(e *Expr, f *Frame) (int, error) {
	if e.fast != nil {
		d, err := g.evalDatum(e, f)
		if err != nil {
			return -1, err
		}
		switch d.K {
		case DNil:
			return -1, nil
		case DCard:
			return int(d.N), nil
		case DList:
			if len(d.L) == 0 {
				return -1, nil
			}
			return d.L[0], nil
		}
		return -1, fmt.Errorf("%s: expression %q gave %v, not a card", e.Pos, e.Src, g.datumAny(d))
	}
	x, err := g.Eval(e, f)
	if err != nil {
		return -1, err
	}
	switch v := x.(type) {
	case nil:
		return -1, nil
	case int:
		if v < 0 || v >= len(g.S.Cards) {
			return -1, fmt.Errorf("%s: %d is not a card", e.Pos, v)
		}
		return v, nil
	case []int:
		if len(v) == 0 {
			return -1, nil
		}
		return v[0], nil
	case []any:
		if len(v) == 0 {
			return -1, nil
		}
		if n, ok := v[0].(int); ok {
			return n, nil
		}
	}
	return -1, fmt.Errorf("%s: expression %q gave %v, not a card", e.Pos, e.Src, x)
}

// EvalCards evaluates a list of cards; a single card makes a list of one.
// The list may share memory with the state: copy it before changing zones.
func (g *Game) EvalCards(e *Expr, f *Frame) ([]int, error) {
	if e.fast != nil {
		d, err := g.evalDatum(e, f)
		if err != nil {
			return nil, err
		}
		switch d.K {
		case DNil:
			return nil, nil
		case DCard:
			return []int{int(d.N)}, nil
		case DList:
			return append([]int(nil), d.L...), nil
		}
		return nil, fmt.Errorf("%s: expression %q gave %v, not cards", e.Pos, e.Src, g.datumAny(d))
	}
	x, err := g.Eval(e, f)
	if err != nil {
		return nil, err
	}
	l, err := intList(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", e.Pos, err)
	}
	for _, c := range l {
		if c < 0 || c >= len(g.S.Cards) {
			return nil, fmt.Errorf("%s: %d is not a card", e.Pos, c)
		}
	}
	return l, nil
}

// EvalPlayer evaluates a player (-1 for none).
func (g *Game) EvalPlayer(e *Expr, f *Frame) (int, error) {
	if e.fast != nil {
		d, err := g.evalDatum(e, f)
		if err != nil {
			return -1, err
		}
		switch d.K {
		case DNil:
			return -1, nil
		case DPlayer, DInt:
			return int(d.N), nil
		}
		return -1, fmt.Errorf("%s: expression %q gave %v, not a player", e.Pos, e.Src, g.datumAny(d))
	}
	x, err := g.Eval(e, f)
	if err != nil {
		return -1, err
	}
	switch v := x.(type) {
	case nil:
		return -1, nil
	case int:
		if v < 0 || v >= g.nseats {
			return -1, fmt.Errorf("%s: %d is not a player", e.Pos, v)
		}
		return v, nil
	}
	return -1, fmt.Errorf("%s: expression %q gave %v, not a player", e.Pos, e.Src, x)
}

// EvalPlayers evaluates a list of players; a single player makes a list of one.
func (g *Game) EvalPlayers(e *Expr, f *Frame) ([]int, error) {
	x, err := g.Eval(e, f)
	if err != nil {
		return nil, err
	}
	l, err := intList(x)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", e.Pos, err)
	}
	for _, p := range l {
		if p < 0 || p >= g.nseats {
			return nil, fmt.Errorf("%s: %d is not a player", e.Pos, p)
		}
	}
	return l, nil
}

// the host functions behind patched member accesses

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

func (g *Game) exprCardProp(x any, idx int) any {
	c, ok := asIndex(x)
	if !ok || c < 0 || c >= len(g.S.Cards) {
		return nil
	}
	return g.scalarAny(g.CardProp(c, idx), g.rs.CardProps[idx].Type)
}

func (g *Game) exprCardField(x any, idx int) any {
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

func (g *Game) exprPlayerProp(x any, idx int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.nseats {
		return nil
	}
	return g.scalarAny(g.PlayerProp(p, idx), g.rs.PlayerProps[idx].Type)
}

func (g *Game) exprPlayerZone(x any, kind int) any {
	p, ok := asIndex(x)
	if !ok || p < 0 || p >= g.nseats {
		return []int{}
	}
	return g.S.Zones[g.ZoneInst(kind, p)].Cards
}

func (g *Game) exprPlayerField(x any, idx int) any {
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
		return g.nextLive(p)
	case "prev":
		return g.prevLive(p)
	case "opponents":
		return g.opponentsOf(p)
	}
	return nil
}

func (g *Game) exprGameProp(idx int) any {
	return g.scalarAny(g.GameProp(idx), g.rs.GameProps[idx].Type)
}

func (g *Game) exprGameZone(kind int) any {
	return g.S.Zones[g.ZoneInst(kind, 0)].Cards
}

func (g *Game) exprEventField(idx int) any {
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

// allZone lists the cards of a per-player zone of every player still in the
// game, in seat order.
func (g *Game) allZone(kind int) []int {
	var out []int
	for p := 0; p < g.nseats; p++ {
		if !g.S.Players[p].Lost {
			out = append(out, g.S.Zones[g.ZoneInst(kind, p)].Cards...)
		}
	}
	if out == nil {
		out = []int{}
	}
	return out
}
