package engine

import (
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Reveal shows cards to the seats in mask.
func (g *machine) Reveal(cards []int, mask uint64, by int) {
	g.showTo(cards, mask)
	g.Touch(model.ReadsKnowledge)
	if len(cards) == 0 {
		return
	}
	if g.Logging() {
		// each holder reveals the cards they hold: a line per holder, in
		// seat order, when the cards are of several players (a card taken
		// from another player is revealed by the one who has it)
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
				if mask&(1<<p) != 0 && p != owner {
					g.logCards(-1, "reveal", owner, theirs, "%s reveals {cards} to %s.", g.SeatName(owner), g.SeatName(p))
				}
			}
		}
	}
	for _, c := range cards {
		if g.hears(g.SymReveal) {
			g.emit(&state.Event{Name: g.SymReveal, Card: state.CardRef(c), Player: state.Seat(by), Source: state.NoCard})
		}
	}
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
		before = append(before, g.S.Cards[c].Known)
		g.S.Cards[c].Known |= mask
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
				if d != c && g.S.Cards[d].Known&bit != 0 && !slices.Contains(cards, d) && g.twins(c, d) {
					g.S.Cards[d].Known &^= bit
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
// from) to what they could tell: a seat that did not know which card c was
// cannot tell it from a card of that hand it knew. Seeing c now (played
// face up), it cannot tell whether the twin it knew left or stayed, and
// forgets one twin; not seeing it (put into a deck, face down), it cannot
// tell whether any card it knew left, and forgets them all. Cards that
// arrive in the same move (hands passed on at once) are told apart: they
// were not there when c left.
func (g *machine) leftUnknown(c, from int, knownBefore uint64) {
	// the seats that know some card left there and did not know c: most
	// moves out of a hand have none, and end here
	z := &g.S.Zones[from]
	seats := uint64(0)
	for _, d := range z.Cards {
		seats |= g.S.Cards[d].Known
	}
	if z.Owner >= 0 {
		seats &^= 1 << uint(z.Owner)
	}
	if seats &^= knownBefore; seats == 0 {
		return
	}
	ci := &g.S.Cards[c]
	forgot := false
	for p := 0; p < g.Nseats; p++ {
		bit := uint64(1) << p
		if seats&bit == 0 || !g.heldFrom(from, p) {
			continue
		}
		sees := ci.Known&bit != 0
		for _, d := range g.S.Zones[from].Cards {
			if g.S.Cards[d].Known&bit == 0 || (sees && !g.twins(c, d)) || slices.Contains(g.together, d) {
				continue
			}
			g.S.Cards[d].Known &^= bit
			forgot = true
			if sees {
				break
			}
		}
	}
	if forgot {
		g.Touch(model.ReadsKnowledge)
	}
}
