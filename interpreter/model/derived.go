package model

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Continuous effects are derived values. A card property reads, in order:
//
//  1. its base value (what set and the card's definition wrote);
//  2. the modifiers on it, sets first then additions, each group in the order
//     the modifiers were made;
//  3. the statics of the cards in play that apply to it: every static that
//     sets, in the order the statics are declared (card files in load order,
//     statics in the order of each card), so a later one wins; then every
//     static that adds.
//
// A static's own expressions (applies_to, add, set) read properties at step 2:
// with modifiers, without any static. So two statics never feed on each
// other, and the order in which they are written does not change what either
// of them sees; only step 3's order (sets, then additions) combines them.
//
// The values of step 3 are computed outside expression evaluation, all at
// once, before the first evaluation that follows a change of the state, and
// kept until the state changes again. Reading a property never evaluates
// anything.

// derivedLayer holds the card properties that statics change, as they derive.
type derivedLayer struct {
	s         *state.State // the state the values were derived from
	ok        bool         // they were derived from it
	changed   ReadSet      // the parts of the state changed since
	computing bool         // the statics are being evaluated: reads see step 2
	vals      []int64      // the values, laid out as the state's properties (Stride a card)
	// plain: no static has a source where it works and no modifier
	// changes a property statics change, so those properties are their
	// base values and vals is not filled
	plain bool
	cands []int // the cards a static is tried on (staticCandidates)
	Err   error // the first error of a static's expression, which stops the game
	// Verify: see engine.Options.VerifyChanges
	Verify bool
}

// fresh reports whether the derived values hold for the game's state: no
// part of it they read has changed since they were derived.
func (d *derivedLayer) fresh(g *Evaluator) bool {
	if len(g.Rs.Statics) == 0 {
		return true
	}
	if !d.ok || d.s != g.S || g.Rs.StaticDeps.Touches(d.changed) {
		return false
	}
	if d.changed != 0 && d.Verify {
		g.verifyDerived()
	}
	return true
}

// current is fresh's answer where fresh has nothing to do: the values were
// derived from this state, nothing they read has changed since, and there is
// nothing to verify. False does not mean stale: fresh tells.
func (d *derivedLayer) current(g *Evaluator) bool {
	return d.ok && d.s == g.S && !g.Rs.StaticDeps.Touches(d.changed) && (d.changed == 0 || !d.Verify)
}

// verifyDerived derives the values again, though no part of the state they
// read has changed, and records an error if they differ (VerifyChanges).
func (g *Evaluator) verifyDerived() {
	d := &g.Der
	kept := g.derivedValues()
	g.derive()
	if !slices.Equal(kept, g.derivedValues()) && d.Err == nil {
		d.Err = fmt.Errorf("internal error: the values statics derive changed, but no part of the state they read did")
	}
}

// Invalidate drops the derived values without marking the state for
// checks: a change of the state that Touch does not say.
func (g *Evaluator) Invalidate() {
	g.Der.changed |= ReadsAnything
	g.epoch++
	g.changes[63]++
}

// Touch records a change of parts of the state: the values statics derive
// are derived again if they read one of them, and the state checks that
// read one are evaluated again the next time the checks run.
func (g *Evaluator) Touch(parts ReadSet) {
	if parts&(g.Rs.SeatParts|ReadsAnything) != 0 {
		g.S.Untouched = 0
		g.touchSeats(parts, ^uint64(0))
	}
	g.touch(parts)
}

// keptSeats is how many seats' changes SeatVersion follows part by part.
const keptSeats = 8

// touchSeats counts a change of the seat parts among parts of the seats
// marked.
func (g *Evaluator) touchSeats(parts ReadSet, seats uint64) {
	parts &= g.Rs.SeatParts
	for p := 0; p < g.Nseats && p < keptSeats; p++ {
		if seats&(1<<p) != 0 {
			for b := uint64(parts); b != 0; b &= b - 1 {
				g.seatChanges[p][bits.TrailingZeros64(b)]++
			}
		}
	}
}

// TouchSeats is Touch for a change whose parts that are zones or player
// properties (Ruleset.SeatParts) are those of the seats marked in seats
// (bit p) only.
func (g *Evaluator) TouchSeats(parts ReadSet, seats uint64) {
	if parts&ReadsAnything != 0 {
		seats = ^uint64(0)
	}
	g.S.Untouched &^= seats
	if own := parts & g.Rs.SeatParts; own != 0 {
		// one seat's change, most of the time (a card moved between its
		// zones): its counts are found without a walk over the seats
		if p := bits.TrailingZeros64(seats); seats&(seats-1) == 0 && p < g.Nseats && p < keptSeats {
			sc := &g.seatChanges[p]
			for b := uint64(own); b != 0; b &= b - 1 {
				sc[bits.TrailingZeros64(b)]++
			}
		} else {
			g.touchSeats(parts, seats)
		}
	}
	g.touch(parts)
}

func (g *Evaluator) touch(parts ReadSet) {
	g.Der.changed |= parts
	g.S.Changed |= uint64(parts)
	g.epoch++
	for p := uint64(parts); p != 0; p &= p - 1 {
		g.changes[bits.TrailingZeros64(p)]++
	}
}

// version is a count of the changes of the parts r names (and of those no
// part names): it moves when, and only when, one of them changes.
func (g *Evaluator) version(r ReadSet) uint64 {
	v := g.changes[63]
	for p := uint64(r &^ ReadsAnything); p != 0; p &= p - 1 {
		v += g.changes[bits.TrailingZeros64(p)]
	}
	return v
}

// SeatVersion is Version for a value worked out for a seat from parts r,
// own among them read only of that seat (Expr.OwnReads): changes of own
// parts count only when they are the seat's.
func (g *Evaluator) SeatVersion(r, own ReadSet, seat int) uint64 {
	if own == 0 || seat < 0 || seat >= keptSeats || own&^g.Rs.SeatParts != 0 {
		return g.version(r)
	}
	v := g.version(r &^ own)
	for b := uint64(own); b != 0; b &= b - 1 {
		v += g.seatChanges[seat][bits.TrailingZeros64(b)]
	}
	return v
}

// Version is a count of the changes of the parts r names: a value worked
// out from those parts holds while it stays the same (for the same state:
// an evaluator readied for another game counts again from zero).
func (g *Evaluator) Version(r ReadSet) uint64 { return g.version(r) }

// Epoch counts the changes of the state Touch and Invalidate record.
func (g *Evaluator) Epoch() uint64 { return g.epoch }

// derivedValues is a copy of the derived values, card by card, whether
// derive kept them or found them plain.
func (g *Evaluator) derivedValues() []int64 {
	from := g.Der.vals
	if g.Der.plain {
		from = g.S.CardProps
	}
	n, stride := len(g.Rs.StaticProps), g.Stride()
	out := make([]int64, len(g.S.Cards)*n)
	for c := range g.S.Cards {
		for k, idx := range g.Rs.StaticProps {
			out[c*n+k] = from[c*stride+idx]
		}
	}
	return out
}

// overriddenLater reports whether a modifier made after mods[i] on the
// same card's property overrides it (state.Modifier.Overrides).
func overriddenLater(mods []state.Modifier, i int) bool {
	m := &mods[i]
	for j := i + 1; j < len(mods); j++ {
		if o := &mods[j]; o.Overrides && o.Card == m.Card && o.Prop == m.Prop {
			return true
		}
	}
	return false
}

// plainDerived reports whether no static has a source in its zones and no
// modifier changes a property statics change: then every such property is
// its base value, and there is nothing to derive.
func (g *Evaluator) plainDerived() bool {
	rs := g.Rs
	for i := range g.S.Modifiers {
		if m := &g.S.Modifiers[i]; m.Card >= 0 && m.Prop >= 0 && rs.StaticSlot[m.Prop] >= 0 {
			return false
		}
	}
	for _, st := range rs.Statics {
		for _, zk := range st.Zones {
			first, end := g.ZoneInstances(zk)
			for zi := first; zi < end; zi++ {
				for _, src := range g.S.Zones[zi].Cards {
					if int(g.S.Cards[src].Def) == st.Card && !g.S.Cards[src].FaceDown {
						return false
					}
				}
			}
		}
	}
	return true
}

// derive computes the values of every card property a static changes.
// Every change of the state that an expression can read invalidates them
// (changed, invalidate): properties, zones and their order, faces,
// control, knowledge, modifiers, keywords, the stack, the turn and phase.
func (g *Evaluator) derive() {
	rs := g.Rs
	d := &g.Der
	d.computing = true
	defer func() { d.computing = false }()
	if d.plain = g.plainDerived(); d.plain {
		d.s, d.ok, d.changed = g.S, true, 0
		return
	}
	// steps 1 and 2: the base values, then the modifiers on them in one pass
	// each (sets, then additions), rather than a search of the modifiers per
	// card. The values are laid out as the state's (Stride a card), so the
	// base is one copy of every property; only the statics' are read back
	stride := g.Stride()
	d.vals = append(d.vals[:0], g.S.CardProps...)
	for pass := 0; pass < 2; pass++ {
		for i := range g.S.Modifiers {
			m := &g.S.Modifiers[i]
			if m.Card < 0 || m.Prop < 0 || m.Set != (pass == 0) {
				continue
			}
			if rs.StaticSlot[m.Prop] < 0 || int(m.Card) >= len(g.S.Cards) || overriddenLater(g.S.Modifiers, i) {
				continue
			}
			if at := int(m.Card)*stride + int(m.Prop); m.Set {
				d.vals[at] = m.Amount
			} else {
				d.vals[at] += m.Amount
			}
		}
	}
	for pass := 0; pass < 2; pass++ { // sets first, then additions
		for _, st := range rs.Statics {
			if (pass == 0) != (st.Set != nil) {
				continue
			}
			for _, zk := range st.Zones {
				first, end := g.ZoneInstances(zk)
				for zi := first; zi < end; zi++ {
					for _, src := range g.S.Zones[zi].Cards {
						if int(g.S.Cards[src].Def) != st.Card || g.S.Cards[src].FaceDown {
							continue
						}
						g.applyStatic(st, src, stride)
					}
				}
			}
		}
	}
	// last, a modifier that locks a property: it reads the lock's value
	// whatever the statics and the other modifiers made of it
	for i := range g.S.Modifiers {
		if m := &g.S.Modifiers[i]; m.Locks && m.Card >= 0 && m.Prop >= 0 && rs.StaticSlot[m.Prop] >= 0 && int(m.Card) < len(g.S.Cards) {
			d.vals[int(m.Card)*stride+int(m.Prop)] = m.Amount
		}
	}
	d.s, d.ok, d.changed = g.S, true, 0
}

// applyStatic applies one static of one source card to every card it
// applies to (the values laid out stride a card).
func (g *Evaluator) applyStatic(st *Static, src, stride int) {
	ctrl := g.S.Cards[src].Ctrl
	frame := state.Frame{You: ctrl, Player: ctrl, This: state.CardRef(src), Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
	for _, c := range g.staticCandidates(st, frame) {
		if g.Spent > SpentLimit {
			if g.Der.Err == nil {
				g.Der.Err = fmt.Errorf("the static of %s (%s): %w", g.CardName(src), st.Pos, ErrSpent)
			}
			return
		}
		frame.Card = state.CardRef(c)
		f := g.TempFrame(frame)
		ok, err := g.EvalBool(st.Applies, f)
		if err == nil && ok {
			if st.Set != nil {
				var v Datum
				if v, err = g.evalDatum(st.Set, f); err == nil {
					g.Der.vals[c*stride+int(st.Prop)] = v.N
				}
			} else {
				var v int
				if v, err = g.EvalInt(st.Add, f); err == nil {
					g.Der.vals[c*stride+int(st.Prop)] += int64(v)
				}
			}
		}
		if err != nil && g.Der.Err == nil {
			g.Der.Err = fmt.Errorf("the static of %s (%s): %w", g.CardName(src), st.Pos, err)
		}
		g.ReleaseFrame()
	}
}

// staticCandidates lists the cards a static may apply to: all of them, or
// those its condition limits it to (Static.OnZones, OnList), each once, in
// the order of the cards.
func (g *Evaluator) staticCandidates(st *Static, frame state.Frame) []int {
	d := &g.Der
	d.cands = d.cands[:0]
	switch {
	case st.OnList != nil:
		l, err := g.evalDatum(st.OnList, g.TempFrame(frame))
		g.ReleaseFrame()
		if err != nil {
			if d.Err == nil {
				d.Err = fmt.Errorf("the static of %s (%s): %w", g.CardName(int(frame.This)), st.Pos, err)
			}
			return nil
		}
		for _, c := range l.L {
			if c >= 0 && c < len(g.S.Cards) && (len(st.OnZones) == 0 || slices.Contains(st.OnZones, int(g.S.Zones[g.S.Cards[c].Zone].Kind))) {
				d.cands = append(d.cands, c)
			}
		}
		slices.Sort(d.cands)
		d.cands = slices.Compact(d.cands)
	case len(st.OnZones) > 0:
		for _, zk := range st.OnZones {
			owners := 1
			if g.Rs.Zones[zk].PerPlayer {
				owners = g.Nseats
			}
			for o := 0; o < owners; o++ {
				d.cands = append(d.cands, g.S.Zones[g.ZoneAt[zk]+o].Cards...)
			}
		}
		slices.Sort(d.cands)
	default:
		for c := range g.S.Cards {
			d.cands = append(d.cands, c)
		}
	}
	return d.cands
}

// Refresh brings the values statics derive up to date, as an evaluation
// does first; the test oracle calls it before it reads.
func (g *Evaluator) Refresh() {
	if !g.Der.computing && !g.Der.fresh(g) {
		g.derive()
	}
}
