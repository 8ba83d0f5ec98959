package engine

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Reveal shows cards to the seats in mask.
func (g *machine) Reveal(cards []int, mask uint64, by int) {
	for _, c := range cards {
		g.S.Cards[c].Known |= mask
	}
	g.Touch(model.ReadsKnowledge)
	if len(cards) == 0 {
		return
	}
	if g.Logging() {
		// each owner reveals their own cards: a line per owner, in seat
		// order, when the cards are of several players
		for owner := 0; owner < g.Nseats; owner++ {
			theirs := cards
			if !g.ownedBy(cards, owner) {
				theirs = nil
				for _, c := range cards {
					if int(g.S.Cards[c].Owner) == owner {
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
	for _, c := range cards {
		g.S.Cards[c].Known |= 1 << p
	}
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

// ownedBy reports whether every one of the cards is p's.
func (g *machine) ownedBy(cards []int, p int) bool {
	for _, c := range cards {
		if int(g.S.Cards[c].Owner) != p {
			return false
		}
	}
	return true
}
