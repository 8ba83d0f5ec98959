package model

import (
	"fmt"
	"math"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// begin starts an evaluation for frame f on the evaluation stack. Before the
// first one, the values static effects derive are brought up to date, so no
// read of a property during the evaluation evaluates anything.
func (g *Evaluator) begin(f *state.Frame) *Evaluation {
	// most evaluations find the values as they were (or a ruleset without
	// statics): that is answered here, without a call
	if len(g.Rs.Statics) != 0 && !g.Der.computing && !g.Der.current(g) {
		g.Refresh()
	}
	if g.depth == len(g.evals) {
		g.evals = append(g.evals, &Evaluation{G: g})
	}
	x := g.evals[g.depth]
	g.depth++
	// written only when they differ: each write of a pointer is a write
	// barrier while the collector runs, and most evaluations leave these
	// as they found them
	if x.F != f {
		x.F = f
	}
	if x.err != "" {
		x.err, x.placed = "", false
	}
	if x.work != 0 {
		x.work = 0
	}
	if len(x.elem) != 0 {
		x.elem = x.elem[:0]
	}
	if len(x.Args) != 0 {
		x.Args = x.Args[:0]
	}
	if len(x.Locals) != 0 {
		x.Locals = x.Locals[:0]
	}
	return x
}

// end pops the evaluation begin pushed, and counts its work. Past
// SpentLimit it fails the step under way, as an error of a static does
// (Der.Err, which the machine reads after each step).
func (g *Evaluator) end() {
	g.depth--
	if g.Spent += g.evals[g.depth].work + 1; g.Spent > SpentLimit {
		g.overSpent()
	}
}

func (g *Evaluator) overSpent() {
	if g.Der.Err == nil {
		g.Der.Err = ErrSpent
	}
}

// evalDatum evaluates an expression for frame f.
func (g *Evaluator) evalDatum(e *Expr, f *state.Frame) (Datum, error) {
	if e.Const != nil {
		return *e.Const, nil
	}
	if z := e.Zone; z != nil {
		return Datum{K: DList, E: DCard, L: g.NamedZone(z, f)}, nil
	}
	if r := e.Ref; r != nil {
		return g.refDatum(r, f), nil
	}
	x := g.begin(f)
	d := e.Fn(x)
	msg := x.err
	g.end()
	if msg != "" {
		return Datum{}, fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, msg)
	}
	return d, nil
}

// EvalDatum evaluates an expression for frame f.
func (g *Evaluator) EvalDatum(e *Expr, f *state.Frame) (Datum, error) {
	if e == nil {
		return Datum{}, nil
	}
	return g.evalDatum(e, f)
}

// Eval evaluates an expression for frame f, as a Go value: nil, int, bool,
// float64, string, or []int for lists.
func (g *Evaluator) Eval(e *Expr, f *state.Frame) (any, error) {
	if e == nil {
		return nil, nil
	}
	d, err := g.evalDatum(e, f)
	if err != nil {
		return nil, err
	}
	return g.datumAny(d), nil
}

// EvalVal evaluates an expression into a variable or property value of type t.
func (g *Evaluator) EvalVal(e *Expr, f *state.Frame, t Type) (state.Val, error) {
	d, err := g.evalDatum(e, f)
	if err != nil {
		return state.Val{}, err
	}
	v, err := g.DatumVal(d, t)
	if err != nil {
		return state.Val{}, fmt.Errorf("%s: %v", e.Pos, err)
	}
	return v, nil
}

// DatumVal converts a value to a variable or property value of type t.
func (g *Evaluator) DatumVal(d Datum, t Type) (state.Val, error) {
	switch t {
	case TCards, TPlayers, TInts, TStrings:
		switch d.K {
		case DNil:
			return state.Val{}, nil
		case DList:
			return state.Val{L: append([]int(nil), d.L...)}, nil
		case DCard, DPlayer:
			return state.Val{L: []int{int(d.N)}}, nil
		}
		return state.Val{}, fmt.Errorf("%s is not a list", g.describe(d))
	case TCard, TPlayer:
		if d.K == DNil {
			return state.Val{N: -1}, nil
		}
	case TFloat:
		if d.K == DInt {
			return g.DatumVal(FloatDatum(d.Float()), t)
		}
	case TInt:
		if d.K == DFloat {
			n, err := whole(d.Float())
			return state.Val{N: n}, err
		}
	case TString:
		if d.K == DStr {
			return state.Val{}, fmt.Errorf("the name %q is not one the ruleset declares", d.S)
		}
	}
	if d.K == DList {
		return state.Val{}, fmt.Errorf("a list cannot be stored as %s", t)
	}
	return state.Val{N: d.N}, nil
}

// PropVal converts a value to be stored in a property of declaration d:
// as DatumVal does, and for an enum only one of its declared values, or
// none, which it held before it was set.
func (g *Evaluator) PropVal(x Datum, d *PropDecl) (state.Val, error) {
	v, err := g.DatumVal(x, d.Type)
	if err != nil {
		return v, err
	}
	if d.Type == TStrings {
		n, err := g.namesValue(v.L, d)
		return state.Val{N: n}, err
	}
	if d.Type == TString && d.Valid != nil && !d.Valid[v.N] {
		if x.K == DNil {
			// none clears it: it holds none again, as before it was set
			return state.Val{}, nil
		}
		return state.Val{}, fmt.Errorf("%q is not one of the values of %s (%s)", g.Rs.Symbol(v.N), d.Name, strings.Join(d.Values, ", "))
	}
	return v, nil
}

// whole is a fraction where a whole number is needed: cut toward zero (3.5
// is 3, -3.5 is -3). A fraction that is no number (the root of a negative
// number) or too large to be a count is an error, never a made-up number.
// Whole is whole for the compiled expressions: int() of a value that is no
// number or too large for a whole number is an error, as anywhere else.
func Whole(f float64) (int64, error) { return whole(f) }

func whole(f float64) (int64, error) {
	if math.IsNaN(f) {
		return 0, fmt.Errorf("a whole number is needed, and the value is no number (a root of a negative number?)")
	}
	if math.Abs(f) >= 1<<53 {
		return 0, fmt.Errorf("a whole number is needed, and %g is too large for one", f)
	}
	return int64(f), nil
}

// describe names a value for messages.
func (g *Evaluator) describe(d Datum) string { return fmt.Sprint(g.datumAny(d)) }

// Any converts a value to a plain Go value: nil, int, bool, float64, a name,
// or a list.
func (g *Evaluator) Any(d Datum) any { return g.datumAny(d) }

// datumAny converts a value to a plain Go value.
func (g *Evaluator) datumAny(d Datum) any {
	switch d.K {
	case DNil:
		return nil
	case DBool:
		return d.N != 0
	case DSym, DStr:
		return g.Text(d)
	case DFloat:
		return d.Float()
	case DList:
		switch d.E {
		case DSym, DStr:
			out := make([]string, len(d.L))
			for i, n := range d.L {
				out[i] = g.Rs.Symbol(int64(n))
			}
			return out
		case DBool:
			out := make([]bool, len(d.L))
			for i, n := range d.L {
				out[i] = n != 0
			}
			return out
		}
		if d.L == nil {
			return []int{}
		}
		return d.L
	}
	return int(d.N)
}

// EvalBool evaluates a condition; nil is true.
func (g *Evaluator) EvalBool(e *Expr, f *state.Frame) (bool, error) {
	if e == nil {
		return true, nil
	}
	if c := e.Const; c != nil && c.K == DBool {
		// a literal (a step's pass: true): nothing to evaluate
		return c.N != 0, nil
	}
	if e.Cond != nil {
		x := g.begin(f)
		v, ok := e.Cond(x)
		msg := x.err
		g.end()
		if msg != "" {
			return false, fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, msg)
		}
		if ok {
			return v, nil
		}
		// not true or false: evaluated again (it is pure) for the message
	}
	d, err := g.evalDatum(e, f)
	if err != nil {
		return false, err
	}
	if d.K != DBool {
		return false, fmt.Errorf("%s: expression %q gave %v, not true or false", e.Pos, e.Src, g.describe(d))
	}
	return d.N != 0, nil
}

// EvalLeaves evaluates a term written as alternatives leaf by leaf in one
// evaluation, as its operators would (each alternative's conditions in
// order until one is false, the alternatives in order until one holds),
// and tells which leaves decided it (LegalTerm.ReadsOf): the first false
// one of each alternative when none holds, the conditions of the one that
// holds when one does.
func (g *Evaluator) EvalLeaves(leaves []LegalLeaf, f *state.Frame) (ok bool, decided uint16, err error) {
	x := g.begin(f)
	for i := 0; i < len(leaves); {
		alt, from := leaves[i].Alt, i
		holds := true
		for ; i < len(leaves) && leaves[i].Alt == alt; i++ {
			e := leaves[i].Expr
			var v, known bool
			if e.Cond != nil {
				v, known = e.Cond(x)
			} else if d := e.Fn(x); d.K == DBool {
				v, known = d.N != 0, true
			}
			if x.err != "" || !known {
				// an error, or neither true nor false: the leaf alone,
				// evaluated again (it is pure), says why
				g.end()
				if _, err := g.EvalBool(e, f); err != nil {
					return false, 0, err
				}
				return false, 0, fmt.Errorf("%s: in expression %q: a condition is neither true nor false", e.Pos, e.Src)
			}
			if !v {
				decided |= 1 << i
				holds = false
				break
			}
		}
		if holds {
			g.end()
			return true, uint16(1<<i - 1<<from), nil
		}
		for i < len(leaves) && leaves[i].Alt == alt {
			i++
		}
	}
	g.end()
	return false, decided, nil
}

// EvalWhole runs e's closure of a whole number (Expr.Int; e must have
// one): its value, a name's symbol for a name, and ok false when it is
// none. Unlike EvalInt, none is told from 0, and no value is made.
func (g *Evaluator) EvalWhole(e *Expr, f *state.Frame) (v int64, ok bool, err error) {
	x := g.begin(f)
	v, ok = e.Int(x)
	msg := x.err
	g.end()
	if msg != "" {
		return 0, false, fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, msg)
	}
	return v, ok, nil
}

// EvalInt evaluates a number; a fraction is cut to its whole part.
func (g *Evaluator) EvalInt(e *Expr, f *state.Frame) (int, error) {
	if c := e.Const; c != nil && c.K == DInt {
		return int(c.N), nil
	}
	if e.Int != nil {
		x := g.begin(f)
		v, ok := e.Int(x)
		msg := x.err
		g.end()
		if msg != "" {
			return 0, fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, msg)
		}
		if !ok {
			return 0, g.nothingNumber(e)
		}
		return int(v), nil
	}
	d, err := g.evalDatum(e, f)
	if err != nil {
		return 0, err
	}
	switch d.K {
	case DNil:
		return 0, g.nothingNumber(e)
	case DInt:
		return int(d.N), nil
	case DFloat:
		n, err := whole(d.Float())
		if err != nil {
			return 0, fmt.Errorf("%s: expression %q: %v", e.Pos, e.Src, err)
		}
		return int(n), nil
	}
	return 0, fmt.Errorf("%s: expression %q gave %v, not a number", e.Pos, e.Src, g.describe(d))
}

// nothingNumber is the error of an expression that gives nothing where a
// number is needed: never a silent 0 (write `?? 0` for that).
func (g *Evaluator) nothingNumber(e *Expr) error {
	return fmt.Errorf("%s: in expression %q: it gives nothing where a number is needed (a property read from no card or player?); write ?? 0 where nothing means 0", e.Pos, e.Src)
}

// EvalCard evaluates a card (-1 for none).
func (g *Evaluator) EvalCard(e *Expr, f *state.Frame) (int, error) {
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
	return -1, fmt.Errorf("%s: expression %q gave %v, not a card", e.Pos, e.Src, g.describe(d))
}

// EvalCardsView evaluates a list of cards as EvalCards does, without
// copying it: the list may be the state's own (a zone's cards), good only
// until the state changes and never to be written. For a step that reads
// the cards and changes nothing while it does (it may change their
// properties, not where they are).
func (g *Evaluator) EvalCardsView(e *Expr, f *state.Frame) ([]int, error) {
	d, err := g.evalDatum(e, f)
	if err != nil {
		return nil, err
	}
	switch d.K {
	case DList:
		return d.L, nil
	case DCard:
		// a list of one, as a view of the list of every card's number
		c := int(d.N)
		if c < 0 {
			break // not a card of the game: a list of its own, as before
		}
		if c >= len(g.ident) {
			g.ident = make([]int, max(len(g.S.Cards), c+1, 2*len(g.ident)))
			for i := range g.ident {
				g.ident[i] = i
			}
		}
		return g.ident[c : c+1 : c+1], nil
	}
	return g.cardsOf(e, d)
}

// EvalCardsInto evaluates a list of cards as EvalCards does, appending
// them to dst: a copy in memory the caller keeps (a scratch list), whatever
// the list was.
func (g *Evaluator) EvalCardsInto(e *Expr, f *state.Frame, dst []int) ([]int, error) {
	switch {
	case e.Fill != nil && e.Type == TCards:
		// a list the expression makes (a filter, a list literal) is
		// written into dst, not made
		return g.fill(e, f, dst)
	case e.Zone != nil:
		return append(dst, g.NamedZone(e.Zone, f)...), nil
	case e.Ref != nil:
		// cards read from the frame, as evalDatum reads them
		if r := e.Ref; r.Of == RefCardsVar {
			return append(dst, g.S.Vars[int(f.Base)+r.Slot].L...), nil
		}
		if d := g.refDatum(e.Ref, f); d.K == DCard {
			return append(dst, int(d.N)), nil
		}
		return dst, nil
	}
	d, err := g.evalDatum(e, f)
	if err != nil {
		return nil, err
	}
	switch d.K {
	case DList:
		return append(dst, d.L...), nil
	case DCard:
		return append(dst, int(d.N)), nil
	case DNil:
		return dst, nil
	}
	return nil, fmt.Errorf("%s: expression %q gave %v, not cards", e.Pos, e.Src, g.describe(d))
}

// fill runs e's Fill for frame f, appending to dst.
func (g *Evaluator) fill(e *Expr, f *state.Frame, dst []int) ([]int, error) {
	x := g.begin(f)
	out := e.Fill(x, dst)
	msg := x.err
	g.end()
	if msg != "" {
		return nil, fmt.Errorf("%s: in expression %q: %s", e.Pos, e.Src, msg)
	}
	return out, nil
}

// EvalInts evaluates a list, appending its elements to dst (memory the
// caller keeps): a list literal writes them there without a list of its
// own (Expr.Fill).
func (g *Evaluator) EvalInts(e *Expr, f *state.Frame, dst []int) ([]int, error) {
	if e == nil {
		return dst, nil
	}
	if e.Fill != nil {
		return g.fill(e, f, dst)
	}
	d, err := g.evalDatum(e, f)
	if err != nil {
		return nil, err
	}
	if d.K != DList {
		return nil, fmt.Errorf("%s: expression %q gave %v, not a list", e.Pos, e.Src, g.describe(d))
	}
	return append(dst, d.L...), nil
}

// EvalCards evaluates a list of cards; a single card makes a list of one.
func (g *Evaluator) EvalCards(e *Expr, f *state.Frame) ([]int, error) {
	d, err := g.evalDatum(e, f)
	if err != nil {
		return nil, err
	}
	if d.K == DList {
		if d.Owned && len(d.L) > 0 {
			return d.L, nil // made for this value: no copy
		}
		return append([]int(nil), d.L...), nil
	}
	return g.cardsOf(e, d)
}

// cardsOf is the cards of a value that is not a list.
func (g *Evaluator) cardsOf(e *Expr, d Datum) ([]int, error) {
	switch d.K {
	case DNil:
		return nil, nil
	case DCard:
		return []int{int(d.N)}, nil
	}
	return nil, fmt.Errorf("%s: expression %q gave %v, not cards", e.Pos, e.Src, g.describe(d))
}

// seatOf is the seat a name of one names for frame f (-1 for none).
func (g *Evaluator) seatOf(s SeatName, f *state.Frame) int {
	switch s {
	case SeatYou:
		return int(f.You)
	case SeatPlayer:
		return int(f.Player)
	case SeatActive:
		return g.S.Active
	case SeatOpponent:
		return g.NextLive(int(f.You))
	}
	return -1
}

// refDatum is the card or cards an expression that only names them
// (Expr.Ref) gives in frame f, as its closure would.
func (g *Evaluator) refDatum(r *FrameRef, f *state.Frame) Datum {
	switch r.Of {
	case RefCard:
		return CardDatum(int(f.Card))
	case RefThis:
		return CardDatum(int(f.This))
	case RefCardVar:
		return CardDatum(int(g.S.Vars[int(f.Base)+r.Slot].N))
	default:
		return Datum{K: DList, E: DCard, L: g.S.Vars[int(f.Base)+r.Slot].L}
	}
}

// NamedZone is the list of the zone an expression names (Expr.Zone), for
// frame f: the state's own, to be read and not kept; none when the seat is
// none.
func (g *Evaluator) NamedZone(z *ZoneRead, f *state.Frame) []int {
	p := 0
	if z.Seat != NotASeat {
		if p = g.seatOf(z.Seat, f); p < 0 {
			return nil
		}
	}
	return g.S.Zones[g.ZoneInst(z.Kind, p)].Cards
}

// EvalPlayer evaluates a player (-1 for none).
func (g *Evaluator) EvalPlayer(e *Expr, f *state.Frame) (int, error) {
	if e.Seat != NotASeat {
		return g.seatOf(e.Seat, f), nil
	}
	d, err := g.evalDatum(e, f)
	if err != nil {
		return -1, err
	}
	switch d.K {
	case DNil:
		return -1, nil
	case DPlayer:
		return int(d.N), nil
	}
	return -1, fmt.Errorf("%s: expression %q gave %v, not a player", e.Pos, e.Src, g.describe(d))
}

// EvalPlayers evaluates a list of players; a single player makes a list of
// one, a view of the list of every seat. The list may be shared: never to
// be written.
func (g *Evaluator) EvalPlayers(e *Expr, f *state.Frame) ([]int, error) {
	d, err := g.evalDatum(e, f)
	if err != nil {
		return nil, err
	}
	switch d.K {
	case DNil:
		return nil, nil
	case DPlayer:
		if p := int(d.N); p >= 0 && p < len(g.Seats) {
			return g.Seats[p : p+1 : p+1], nil
		}
		return []int{int(d.N)}, nil
	case DList:
		if d.Owned && len(d.L) > 0 {
			return d.L, nil // made for this value: no copy
		}
		return append([]int(nil), d.L...), nil
	}
	return nil, fmt.Errorf("%s: expression %q gave %v, not players", e.Pos, e.Src, g.describe(d))
}

// OpponentsOf lists the seats still in the game other than p. The list is
// shared: never to be written.
func (g *Evaluator) OpponentsOf(p int) []int {
	lost := uint64(0)
	for q := range g.S.Players {
		if g.S.Players[q].Lost {
			lost |= 1 << q
		}
	}
	if p < 0 || p >= g.Nseats {
		return g.opponentsOf(p, lost)
	}
	if len(g.opponents) != g.Nseats {
		g.opponents = make([]seatList, g.Nseats)
	}
	m := &g.opponents[p]
	if m.seats == nil || m.lost != lost {
		// the list made before for the same seats lost (a bot looking
		// ahead plays the same few of them again and again), or a new one
		m.seats = nil
		for _, o := range m.made {
			if o.lost == lost {
				m.seats = o.seats
				break
			}
		}
		if m.seats == nil {
			m.seats = g.opponentsOf(p, lost)
			if len(m.made) < maxSeatLists {
				m.made = append(m.made, seatList{lost: lost, seats: m.seats})
			}
		}
		m.lost = lost
	}
	return m.seats
}

// maxSeatLists is how many lists of opponents a seat keeps, one for each
// set of seats lost it met.
const maxSeatLists = 64

// SeatsFrom lists the players still in the game in seat order from p, p
// first when it is still in.
func (g *Evaluator) SeatsFrom(p int) []int {
	out := make([]int, 0, g.Nseats)
	for i := 0; i < g.Nseats; i++ {
		if q := (p + i) % g.Nseats; !g.S.Players[q].Lost {
			out = append(out, q)
		}
	}
	return out
}

func (g *Evaluator) opponentsOf(p int, lost uint64) []int {
	out := make([]int, 0, g.Nseats-1)
	for q := 0; q < g.Nseats; q++ {
		if q != p && lost&(1<<q) == 0 {
			out = append(out, q)
		}
	}
	return out
}

// seatList is the opponents of a seat while the seats in lost have lost;
// made, on a seat's entry, the lists it made before, one for each lost
// (a pure function of the seat and lost, kept for the game's seats).
type seatList struct {
	lost  uint64
	seats []int
	made  []seatList
}

// zoneList is the cards of a zone kind of every seat in a state, at a
// version of the parts of the state they are read from.
type zoneList struct {
	s       *state.State
	version uint64
	cards   []int
}

// StackCards lists the cards on the stack, top first. As AllZone's, the
// list is given again while the stack has not changed, and written over
// when it has: nobody reads it past the change that made it stale.
func (g *Evaluator) StackCards() []int {
	s, m := g.S, &g.stack
	version := g.version(ReadsStack)
	if m.cards != nil && m.s == s && m.version == version {
		return m.cards
	}
	out := m.cards[:0]
	if cap(out) < len(s.Stack) {
		out = make([]int, 0, max(2*len(s.Stack), 8))
	}
	for i := len(s.Stack) - 1; i >= 0; i-- {
		if s.Stack[i].Card >= 0 {
			out = append(out, int(s.Stack[i].Card))
		}
	}
	*m = zoneList{s: s, version: version, cards: out}
	return out
}

// AllZone lists the cards of a per-player zone of every player still in the
// game, in seat order.
// The list is shared, good until the state changes: never to be written,
// nor read after a change, since the next list is written in its place.
func (g *Evaluator) AllZone(kind int) []int {
	if len(g.allZones) != len(g.Rs.Zones) {
		g.allZones = make([]zoneList, len(g.Rs.Zones))
	}
	m := &g.allZones[kind]
	version := g.version(g.Rs.ZoneReads(kind) | ReadsSeats)
	if m.cards != nil && m.s == g.S && m.version == version {
		return m.cards
	}
	n := 0
	for p := 0; p < g.Nseats; p++ {
		if !g.S.Players[p].Lost {
			n += len(g.S.Zones[g.ZoneInst(kind, p)].Cards)
		}
	}
	// written over the last list: nobody reads it past the change that
	// made it stale (a step that moves cards copies them first)
	out := m.cards[:0]
	if cap(out) < n {
		out = make([]int, 0, max(2*n, 16)) // room to grow with the zones
	}
	for p := 0; p < g.Nseats; p++ {
		if !g.S.Players[p].Lost {
			out = append(out, g.S.Zones[g.ZoneInst(kind, p)].Cards...)
		}
	}
	*m = zoneList{s: g.S, version: version, cards: out}
	return out
}

// ScalarAny is a stored scalar of type t as a plain Go value: an int, a
// bool, a name, or nil for no card or player.
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

// scanMemo is the value of a memoized scan, with what it was worked out for.
type scanMemo struct {
	set         bool
	s           *state.State
	version     uint64 // of the parts it reads (Evaluator.version)
	you, player state.Seat
	val         Datum
}

// Memoized evaluates a scan the compiler found to read only the parts of
// the state in reads and the frame's you and player (closure.memoScan), or
// returns its value from the last time, when none of those has changed
// since (values statics derive included); a change of the parts in own,
// which it reads only of the frame's seat, counts only when it is that
// seat's (when you and player are one). With
// engine.Options.VerifyChanges it evaluates it anyway and fails the
// evaluation if the kept value differs.
func (x *Evaluation) Memoized(slot int, reads, own ReadSet, fn EvalFn) Datum {
	g := x.G
	if g.Der.computing {
		return fn(x) // the statics see properties as they are before them
	}
	if g.reading != nil {
		// a template part noting the cards it reads, for the seats that
		// do not know them, reads them again: a kept value notes nothing
		return fn(x)
	}
	// a place per seat the scan is for: windows and checks go round the
	// seats, and one place would be overwritten by each in turn
	i := slot*(len(g.S.Players)+1) + int(x.F.You) + 1
	if i >= len(g.memo) {
		g.memo = append(g.memo, make([]scanMemo, i+1-len(g.memo))...)
	}
	m := &g.memo[i]
	var version uint64
	if r := g.Rs.Derived(reads); own == 0 || x.F.You != x.F.Player || r != reads {
		// own parts are one seat's only where you and player are one
		version = g.version(r)
	} else {
		version = g.SeatVersion(reads, own, int(x.F.You))
	}
	if m.set && m.version == version && m.s == g.S && m.you == x.F.You && m.player == x.F.Player {
		if g.Der.Verify {
			if d := fn(x); d.K != m.val.K || d.N != m.val.N || d.S != m.val.S {
				return x.Fail("internal error: a memoized value changed, but the state did not")
			}
		}
		return m.val
	}
	d := fn(x)
	if x.err == "" {
		*m = scanMemo{set: true, s: g.S, version: version, you: x.F.You, player: x.F.Player, val: d}
	}
	return d
}
