package engine

import (
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Reveal shows cards to the seats in mask, with a log line unless quiet.
func (g *machine) Reveal(cards []int, mask uint64, by int, quiet bool) {
	var before []state.SeatSet // who knew each card, for the holder's own line
	logged := len(cards) > 0 && !quiet && g.Logging()
	if logged {
		before = make([]state.SeatSet, len(cards))
		for i, c := range cards {
			before[i] = g.S.Cards[c].Known
		}
	}
	g.showTo(cards, mask)
	g.Touch(model.ReadsKnowledge)
	if logged {
		g.logReveal(cards, before, mask)
	}
	for _, c := range cards {
		if g.hears(g.SymReveal) {
			g.emit(&state.Event{Name: g.SymReveal, Card: state.CardRef(c), Player: state.Seat(by), Source: state.NoCard})
		}
	}
}

// logReveal logs a reveal: a line per holder, in seat order, when the
// cards are of several players (a card taken from another player is
// revealed by the one who has it); to some seats, a line per seat. A
// holder shown cards of their own is told only of those they did not
// know (a card placed unseen, a hand held facing away): a holder knows
// their own cards otherwise.
func (g *machine) logReveal(cards []int, before []state.SeatSet, mask uint64) {
	// cards nobody holds (of a shared zone, owned by nobody): revealed, by
	// no one
	var nobodys []int
	for _, c := range cards {
		if g.holder(c) < 0 {
			nobodys = append(nobodys, c)
		}
	}
	if len(nobodys) > 0 {
		verb := "is"
		if len(nobodys) > 1 {
			verb = "are"
		}
		if mask == g.AllMask() {
			g.logCards(-1, "reveal", -1, nobodys, "{cards} %s revealed.", verb)
		} else {
			for p := 0; p < g.Nseats; p++ {
				if mask&(1<<p) != 0 {
					g.logCards(-1, "reveal", -1, nobodys, "{cards} %s revealed to %s.", verb, g.SeatName(p))
				}
			}
		}
	}
	for owner := 0; owner < g.Nseats; owner++ {
		theirs := cards
		if !g.heldBy(cards, owner) {
			theirs = nil
			for _, c := range cards {
				if g.holder(c) == owner {
					theirs = append(theirs, c)
				}
			}
		}
		if len(theirs) == 0 {
			continue
		}
		if mask == g.AllMask() {
			g.logCards(-1, "reveal", owner, theirs, "%s reveals {cards}.", g.SeatName(owner))
			continue
		}
		for p := 0; p < g.Nseats; p++ {
			switch {
			case mask&(1<<p) == 0:
			case p != owner:
				g.logCards(-1, "reveal", owner, theirs, "%s reveals {cards} to %s.", g.SeatName(owner), g.SeatName(p))
			default:
				if unknown := g.unknownTo(cards, before, p); len(unknown) > 0 {
					g.logCards(-1, "reveal", owner, unknown, "%s is shown {cards}.", g.SeatName(p))
				}
			}
		}
	}
}

// unknownTo is the cards p holds, of those revealed, that p did not know
// before (before: who knew each).
func (g *machine) unknownTo(cards []int, before []state.SeatSet, p int) []int {
	var out []int
	for i, c := range cards {
		if g.holder(c) == p && before[i]&state.SeatSet(1<<p) == 0 {
			out = append(out, c)
		}
	}
	return out
}

// Look lets a player see cards.
func (g *machine) Look(cards []int, p int) {
	g.showTo(cards, 1<<p)
	g.Touch(model.ReadsKnowledge)
	if len(cards) > 0 && g.Logging() {
		g.logCards(-1, "look", p, cards, "%s looks at {cards}.", g.SeatName(p))
	}
}

// Flip turns a card face up or down, or to another face.
func (g *machine) Flip(c int, faceDown bool, face int) {
	ci := &g.S.Cards[c]
	d := g.Rs.Cards[ci.Def]
	ci.FaceDown = faceDown
	if face >= 0 && face < len(d.Faces) {
		g.showFace(c, face)
	}
	g.learn(c, int(ci.Zone))
	// the card's own fields (face down, face) and, for a card with faces,
	// the properties its faces set: a face has properties of its own
	g.changed(model.ReadsCardFields | g.faceParts(d))
}

// heldBy reports whether p holds every one of the cards.
func (g *machine) heldBy(cards []int, p int) bool {
	for _, c := range cards {
		if g.holder(c) != p {
			return false
		}
	}
	return true
}

// holder is the player whose zone card c is in, or its owner when the
// zone is the game's.
func (g *machine) holder(c int) int {
	ci := &g.S.Cards[c]
	if zo := g.S.Zones[ci.Zone].Owner; zo >= 0 {
		return int(zo)
	}
	return int(ci.Owner)
}

// showTo lets the seats in mask see cards, and keeps what they learn to
// what they can tell apart. A seat that knew a card of another player's
// hand and is shown another card of that hand with the same name cannot
// tell whether it is the card it knew: it now knows one card of that name
// there, not two (p2 reveals a Lightning when p1 already knew of one in
// p2's hand: p1 knows of a Lightning, not of two). Each card it learns
// this way makes it forget one twin it knew and is not shown now, so the
// seat knows as many cards of each name as the larger of what it knew and
// what it sees; the cards shown stay known, as a choice among them may
// follow.
func (g *machine) showTo(cards []int, mask uint64) {
	var room [8]uint64
	before := room[:0]
	for _, c := range cards {
		before = append(before, uint64(g.S.Cards[c].Known))
		g.S.Cards[c].Known |= state.SeatSet(mask)
	}
	for p := 0; p < g.Nseats; p++ {
		bit := uint64(1) << p
		if mask&bit == 0 {
			continue
		}
		for i, c := range cards {
			if before[i]&bit != 0 {
				continue // known already: nothing learnt
			}
			zi := int(g.S.Cards[c].Zone)
			if !g.heldFrom(zi, p) {
				continue
			}
			for _, d := range g.S.Zones[zi].Cards {
				if d != c && uint64(g.S.Cards[d].Known)&bit != 0 && !slices.Contains(cards, d) && g.twins(c, d) {
					g.S.Cards[d].Known &^= state.SeatSet(bit)
					break
				}
			}
		}
	}
}

// heldFrom reports whether zone instance zi is another player's hand as
// seat p sees it: a zone only its owner sees, whose cards its owner may
// hold in any order, so that p cannot tell two cards of a name in it apart
// by where they are. In a pile nobody sees (a deck), p can: a card it saw
// put on the bottom is not the card it is shown on top.
func (g *machine) heldFrom(zi, p int) bool {
	z := &g.S.Zones[zi]
	return g.Rs.Zones[z.Kind].Visibility == model.OwnerOnly && int(z.Owner) != p
}

// twins reports whether two cards look the same: one definition, the same
// face, both face up or both face down, and the same name.
func (g *machine) twins(c, d int) bool {
	a, b := &g.S.Cards[c], &g.S.Cards[d]
	return a.Def == b.Def && a.Face == b.Face && a.FaceDown == b.FaceDown && g.CardName(c) == g.CardName(d)
}

// leftUnknown keeps what seats know of the hand card c left (zone instance
// from) to what they could tell, and reports the seats that knew c and no
// longer know which card it is. A hand keeps no order, so a seat that does
// not see c where it went (put into a deck, face down) cannot tell it from
// the other cards of that hand: not whether a card it knew there left
// (and forgets them all), nor, when it knew c itself, that it was c that
// left (and forgets c too), unless every card of the hand was a twin of c
// it knew, so that whichever left, it knows what it was. A seat that did
// not know c but sees it now (played face up) cannot tell whether a twin
// it knew there left or stayed, and forgets one twin. Cards that arrive
// in the same move (hands passed on at once), and those of batch (the
// cards one step moves one after another), are told apart: they were not
// there when c left, or leave with it.
func (g *machine) leftUnknown(c, from int, knownBefore, shown uint64, batch []int) (lost uint64) {
	// the seats that know some card left there, or knew c and do not see
	// it now: most moves out of a hand have none, and end here
	z := &g.S.Zones[from]
	seats := knownBefore &^ shown
	for _, d := range z.Cards {
		seats |= uint64(g.S.Cards[d].Known)
	}
	if z.Owner >= 0 {
		seats &^= 1 << uint(z.Owner)
	}
	if seats &^= knownBefore & shown; seats == 0 {
		return 0
	}
	ci := &g.S.Cards[c]
	apart := g.together
	if apart == nil {
		apart = batch
	}
	forgot := false
	for p := 0; p < g.Nseats; p++ {
		bit := uint64(1) << p
		if seats&bit == 0 || !g.heldFrom(from, p) {
			continue
		}
		if knownBefore&bit != 0 {
			// knew c, and does not see where it went
			if g.allTwinsKnown(c, from, bit, apart) {
				continue
			}
			ci.Known &^= state.SeatSet(bit)
			lost |= bit
			forgot = true
		}
		sees := shown&bit != 0
		for _, d := range g.S.Zones[from].Cards {
			if uint64(g.S.Cards[d].Known)&bit == 0 || (sees && !g.twins(c, d)) || slices.Contains(apart, d) {
				continue
			}
			g.S.Cards[d].Known &^= state.SeatSet(bit)
			forgot = true
			if sees {
				break
			}
		}
	}
	if forgot {
		g.Touch(model.ReadsKnowledge)
	}
	return lost
}

// allTwinsKnown reports whether the seat of bit knows every card of zone
// instance from (those of apart left out: they arrived in the move under
// way, or leave with c) as a twin of c: whichever of them left, it was
// such a card.
func (g *machine) allTwinsKnown(c, from int, bit uint64, apart []int) bool {
	for _, d := range g.S.Zones[from].Cards {
		if slices.Contains(apart, d) {
			continue
		}
		if uint64(g.S.Cards[d].Known)&bit == 0 || !g.twins(c, d) {
			return false
		}
	}
	return true
}
