package engine

import (
	"math/rand/v2"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Determinize returns a copy of the game in which every card the seat does
// not know has been swapped at random with another card it does not know. The
// copy agrees with everything the seat has seen, so a bot can search it
// without peeking at hidden information. The copy's generator is reseeded
// from r, so the seat cannot learn the real future draws either.
func (g *machine) Determinize(seat int, r *rand.Rand) *machine {
	g.Invalidate()
	c := g.Clone()
	s := c.S
	var unknown []int
	for i := range s.Cards {
		if s.Cards[i].Known&(1<<uint(seat)) == 0 {
			unknown = append(unknown, i)
		}
	}
	st := c.Stride()
	np := len(c.Rs.CardProps)
	// shuffle identities (definition, face, granted keywords, properties) among unknown cards
	perm := r.Perm(len(unknown))
	type ident struct {
		def     int32
		face    int8
		granted uint64
	}
	ids := make([]ident, len(unknown))
	props := make([]int64, len(unknown)*np) // every identity's properties, one after another
	for i, ci := range unknown {
		ids[i] = ident{s.Cards[ci].Def, s.Cards[ci].Face, s.Cards[ci].Granted}
		copy(props[i*np:(i+1)*np], s.CardProps[ci*st:ci*st+np])
	}
	for i, ci := range unknown {
		j := perm[i]
		id, in := ids[j], props[j*np:(j+1)*np]
		s.Cards[ci].Def, s.Cards[ci].Face, s.Cards[ci].Granted = id.def, id.face, id.granted
		keepPublic(c.Rs.ResetOnMove, s.CardProps[ci*st:ci*st+np], in)
		copy(s.CardProps[ci*st:ci*st+np], in)
	}
	s.RNG = state.RNG{PCG: *rand.NewPCG(r.Uint64(), r.Uint64())}
	s.NoLog = true // a lookahead copy needs no log
	// nor the real game's answers: they are the real game's record, and
	// the copy's first answer would copy them all
	s.History = nil
	return c
}

// keepPublic keeps a card's state in its zone (its reset_on_move
// properties: exhausted, damaged) where the card lies when its identity is
// swapped: that state is public, and it is the position's, not the
// identity's, so the sample agrees with what every seat sees.
func keepPublic(public []int, here, incoming []int64) {
	for _, i := range public {
		incoming[i] = here[i]
	}
}
