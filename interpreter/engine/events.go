package engine

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// hears reports whether anything in the rules hears events named name now.
// Callers ask before they build an event: most events of most games are
// heard by nothing, and building one costs more than asking.
func (g *machine) hears(name int64) bool {
	return name >= 0 && !g.S.Over && g.Rs.Heard(name)
}

// turnEvents marks events of the turn structure (turnHeard).
type turnEvents uint8

const (
	heardTurnStart turnEvents = 1 << iota
	heardTurnEnd
	heardPhaseStart
	heardPhaseEnd
)

// indexTurnEvents works out which events of the turn structure something
// may hear: the ruleset's triggers are indexed before any machine is made.
func (g *machine) indexTurnEvents() {
	for _, e := range []struct {
		sym int64
		bit turnEvents
	}{{g.SymTurnStart, heardTurnStart}, {g.SymTurnEnd, heardTurnEnd}, {g.SymPhaseStart, heardPhaseStart}, {g.SymPhaseEnd, heardPhaseEnd}} {
		if e.sym >= 0 && g.Rs.Heard(e.sym) {
			g.turnHeard |= e.bit
		}
	}
}

// hearsTurn is hears for an event of the turn structure.
func (g *machine) hearsTurn(e turnEvents) bool { return g.turnHeard&e != 0 && !g.S.Over }

// The events of a card's move between two zone kinds that something may
// hear (movesHeard).
const (
	heardLeave uint8 = 1 << iota
	heardEnter
)

// indexMoves works out, for each pair of zone kinds, which events of a move
// between them some trigger's zone tests admit (Ruleset.HeardMoving): a
// move asks once, by the two kinds, instead of once for each event.
func (g *machine) indexMoves() {
	n := len(g.Rs.Zones)
	g.moveHeard = make([]uint8, n*n)
	for from := range n {
		for to := range n {
			var b uint8
			if g.SymLeave >= 0 && g.Rs.HeardMoving(g.SymLeave, from, to) {
				b |= heardLeave
			}
			if g.SymEnter >= 0 && g.Rs.HeardMoving(g.SymEnter, from, to) {
				b |= heardEnter
			}
			g.moveHeard[from*n+to] = b
		}
	}
}

// movesHeard is hears for the events of a card's move between zones of
// kinds from and to: heardLeave and heardEnter, as indexMoves found them.
// While changes are verified every trigger's condition is tried, the zones
// it was read to exclude too.
func (g *machine) movesHeard(from, to int) uint8 {
	if g.S.Over {
		return 0
	}
	if g.Der.Verify {
		var b uint8
		if g.hears(g.SymLeave) {
			b |= heardLeave
		}
		if g.hears(g.SymEnter) {
			b |= heardEnter
		}
		return b
	}
	return g.moveHeard[from*len(g.Rs.Zones)+to]
}

// checkMoving, after an event of a move was emitted while changes are
// verified, stops the game if something triggered (the list of triggered
// abilities was n long before) where HeardMoving says nothing could.
func (g *machine) checkMoving(name int64, from, to, n int) {
	if g.Der.Verify && len(g.S.Triggered) > n && !g.Rs.HeardMoving(name, from, to) {
		g.fail(fmt.Errorf("internal error: %s triggered an ability on a move from %s to %s, which no trigger's zones were read to admit",
			g.Rs.Symbol(name), g.Rs.Zones[from].Name, g.Rs.Zones[to].Name))
	}
}

// emit matches an event against ruleset and card triggers and queues those whose
// condition holds. The event is passed by its address: most are built on the
// caller's stack and, nothing hearing them, read no further than their name.
func (g *machine) emit(ev *state.Event) {
	rs := g.Rs
	if ev.Name < 0 || g.S.Over || !rs.Heard(ev.Name) {
		return
	}
	you := int(ev.Player)
	if you < 0 {
		you = g.S.Active
	}
	for _, t := range rs.TriggersOn(ev.Name) {
		g.tryTrigger(t, you, int(ev.Card), ev)
	}
	// the rules' own triggers come first; the cards' then go player by
	// player in turn order from the active player (inTurnOrder)
	cards := len(g.S.Triggered)
	if ev.Card >= 0 {
		c := int(ev.Card)
		ci := &g.S.Cards[c]
		d := rs.Cards[ci.Def]
		for _, t := range d.Triggers {
			if t.Sym == ev.Name && len(t.Zones) == 0 {
				g.tryTrigger(t, int(ci.Ctrl), c, ev)
			}
		}
		if int(ci.Face) < len(d.Faces) {
			for _, t := range d.Faces[ci.Face].Triggers {
				if t.Sym == ev.Name && len(t.Zones) == 0 {
					g.tryTrigger(t, int(ci.Ctrl), c, ev)
				}
			}
		}
	}
	if ls := rs.ListenersOn(ev.Name); len(ls) > 0 {
		g.tryListeners(ls, ev)
	}
	if len(g.S.Triggered)-cards > 1 {
		g.inTurnOrder(g.S.Triggered[cards:])
	}
}

// inTurnOrder puts abilities that triggered at once player by player, by
// whose card they are on, in turn order from the active player, keeping
// each player's in the order they triggered: the active player's first,
// whoever sits first, as the active player acts first (and the others'
// go on the stack above theirs).
func (g *machine) inTurnOrder(fs []state.Frame) {
	active, seats := max(g.S.Active, 0), g.Nseats
	rank := func(f *state.Frame) int { return (int(f.You) - active + seats) % seats }
	slices.SortStableFunc(fs, func(a, b state.Frame) int { return cmp.Compare(rank(&a), rank(&b)) })
}

// heard is a card whose listener hears an event: the listener's place in
// the event's list, the place of the zone kind among the listener's, the
// zone's place in turn order among that kind's and the card's place in it.
type heard struct {
	listener, kind, zone, at, card int
}

// tryListeners tries the listeners ls of an event on the cards that have
// them in the zones they wait in. The zones are walked once for all the
// listeners, and the cards found are tried listener by listener, each in
// its zones' order, a kind's zones in turn order from the active player,
// the cards in their place: the order in which their abilities trigger
// for one player (emit then puts the players in turn order).
func (g *machine) tryListeners(ls []*model.Trigger, ev *state.Event) {
	kinds, defs := g.Rs.ListenedIn(ev.Name)
	found := g.heard[:0]
	active := max(g.S.Active, 0)
	for _, zk := range kinds {
		first, end := g.ZoneInstances(zk)
		n := end - first
		for i := 0; i < n; i++ {
			zi := first + i
			if n > 1 {
				// a kind per player: its zones lie in seat order
				zi = first + (i+active)%n
			}
			for at, c := range g.S.Zones[zi].Cards {
				ci := &g.S.Cards[c]
				if !defs[ci.Def] {
					continue
				}
				for li, t := range ls {
					if int(ci.Def) != t.Card || !(t.FaceDown || !ci.FaceDown) || !(t.Face < 0 || int(ci.Face) == t.Face) {
						continue
					}
					for ki, k := range t.Zones {
						if k == zk {
							found = append(found, heard{li, ki, i, at, c})
						}
					}
				}
			}
		}
	}
	g.heard = found
	if len(found) > 1 {
		slices.SortFunc(found, func(a, b heard) int {
			return cmp.Or(cmp.Compare(a.listener, b.listener), cmp.Compare(a.kind, b.kind), cmp.Compare(a.zone, b.zone), cmp.Compare(a.at, b.at))
		})
	}
	for _, h := range found {
		g.tryTrigger(ls[h.listener], int(g.S.Cards[h.card].Ctrl), h.card, ev)
	}
}

func (g *machine) tryTrigger(t *model.Trigger, you, this int, ev *state.Event) {
	admits := t.Admits(g.Rs, ev.To, ev.From)
	if g.Der.Verify || !admits || !t.ByZones {
		if !admits && !g.Der.Verify {
			return
		}
		f := g.ScratchFrame()
		*f = state.Frame{You: state.Seat(you), Player: state.Seat(you), This: state.CardRef(this), Card: state.CardRef(this), Event: *ev}
		ok, err := g.EvalBool(t.Cond, f)
		g.ReleaseFrame()
		if err != nil {
			g.fail(err)
			return
		}
		if ok && !admits {
			g.fail(fmt.Errorf("internal error: %s: the condition of a trigger holds for an event in zones it was read to exclude", t.Pos))
			return
		}
		if !ok && admits && t.ByZones {
			g.fail(fmt.Errorf("internal error: %s: the condition of a trigger, read as its zones alone, is false for an event in those zones", t.Pos))
			return
		}
		if !ok {
			return
		}
	}
	g.S.Triggered = append(g.S.Triggered, state.Frame{Prog: int32(t.Effect), You: state.Seat(you), This: state.CardRef(this), Event: *ev})
	g.covered("", t.Coverage)
}

// TriggerHolds judges a trigger again for the frame its effect runs in
// (recheck): a card's trigger listening in zones needs its card in one of
// them, face up unless it listens face down, and on the face it is of; its
// condition must hold for the event it heard.
func (g *machine) TriggerHolds(t *model.Trigger, f *state.Frame) (bool, error) {
	if c := int(f.This); t.Card >= 0 && c >= 0 && c < len(g.S.Cards) {
		ci := &g.S.Cards[c]
		if t.Face >= 0 && int(ci.Face) != t.Face {
			return false, nil
		}
		if len(t.Zones) > 0 {
			if ci.FaceDown && !t.FaceDown {
				return false, nil
			}
			if !slices.Contains(t.Zones, int(g.S.Zones[ci.Zone].Kind)) {
				return false, nil
			}
		}
	}
	if t.Cond == nil {
		return true, nil
	}
	return g.EvalBool(t.Cond, f)
}

// Emit raises a named event, for custom events of a ruleset.
func (g *machine) Emit(name string, card, player int, amount int) {
	g.EmitFrom(name, card, player, amount, -1)
}

// EmitFrom raises a named event caused by a source card.
func (g *machine) EmitFrom(name string, card, player, amount, source int) {
	sym, ok := g.Rs.SymbolIx[name]
	if !ok {
		return
	}
	g.EmitSym(int64(sym), card, player, amount, source)
}

// EmitSym is EmitFrom for an event name's symbol (model.Context).
func (g *machine) EmitSym(sym int64, card, player, amount, source int) {
	if g.hears(sym) {
		g.emit(&state.Event{Name: sym, Card: state.CardRef(card), Player: state.Seat(player), Amount: int64(amount), Source: state.CardRef(source), From: -1, To: -1})
	}
}

func (g *machine) covered(kind, name string) {
	if g.Coverage != nil {
		g.Coverage[kind+name]++ // put together only when counted
	}
}
