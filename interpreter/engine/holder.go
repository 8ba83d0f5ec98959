package engine

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// claim makes a card that comes from a shared zone into a player's zone the
// card of that player: a shared pile belongs to nobody, so whoever takes a
// card from it owns and controls it from then on (a later move without an
// owner takes it to that player's zones, and a face-down card is known to
// that player rather than to whoever owned it before). A move between
// players' zones, or into a shared zone, keeps the card's owner, and so
// does a move out of a shared zone declared keeps_owner (a stack).
func (g *machine) claim(c, from, to int) {
	if from == to || g.S.Zones[from].Owner >= 0 || g.Rs.Zones[g.S.Zones[from].Kind].KeepsOwner {
		return
	}
	p := g.S.Zones[to].Owner
	if p < 0 || p == g.S.Cards[c].Owner {
		return
	}
	g.S.Cards[c].Owner = p
	if all := uint64(1)<<uint(g.Nseats) - 1; uint64(g.S.Cards[c].Known)&all == all {
		// taken in everyone's sight (bought from a market row): it is
		// known to be among p's cards from now on, as if made there; a
		// card taken unseen (drawn from a hidden pile) stays in the pool
		g.S.Cards[c].Origin = state.Seat(p)
	}
	g.Touch(model.ReadsCardFields)
}

// unseen undoes the look a card's owner takes at a card that arrives face
// down in their zone, when the move says it is placed unseen: the owner knows
// it only if they knew it before the move.
func (g *machine) unseen(c int, knownBefore uint64) {
	ci := &g.S.Cards[c]
	if !ci.FaceDown {
		return
	}
	owner := uint64(1) << uint(ci.Owner)
	if knownBefore&owner == 0 {
		ci.Known &^= state.SeatSet(owner)
	}
}
