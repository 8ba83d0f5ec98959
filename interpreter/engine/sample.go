package engine

import (
	"math/rand/v2"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Determinize returns a copy of the game in which every card the seat does
// not know has been swapped at random with another card it does not know
// from the same origin (the same player's deck, or the shared piles): a
// player knows which of their own cards are still unseen, and that the
// opponent's hidden hand holds the opponent's cards. The copy agrees with
// everything the seat has seen, so a bot can search it without peeking at
// hidden information. The copy's generator is reseeded from r, so the
// seat cannot learn the real future draws either.
func (g *machine) Determinize(seat int, r *rand.Rand) *machine {
	return g.determinizeInto(nil, seat, r)
}

// determinizeInto is Determinize into dst's memory (see cloneInto).
func (g *machine) determinizeInto(dst *machine, seat int, r *rand.Rand) *machine {
	g.Invalidate()
	c := g.cloneInto(dst)
	s := c.S
	unknown := c.sample.unknown[:0]
	for i := range s.Cards {
		if uint64(s.Cards[i].Known)&(1<<uint(seat)) == 0 {
			unknown = append(unknown, i)
		}
	}
	st := c.Stride()
	np := len(c.Rs.CardProps)
	// shuffle identities (definition, face, granted keywords, properties)
	// among the unknown cards of each origin, into kept buffers: the same
	// permutation from the same draws. perm[i] is the unknown card whose
	// identity unknown[i] takes.
	perm := c.sample.perm[:0]
	for range unknown {
		perm = append(perm, 0)
	}
	group, seg := c.sample.group[:0], c.sample.seg[:0]
	for o := -1; o < c.Nseats; o++ {
		group = group[:0]
		for i, ci := range unknown {
			if origin(s.Cards[ci].Origin, c.Nseats) == o {
				group = append(group, i)
			}
		}
		seg = append(seg[:0], group...)
		r.Shuffle(len(seg), func(i, j int) { seg[i], seg[j] = seg[j], seg[i] })
		for k, i := range group {
			perm[i] = seg[k]
		}
	}
	ids := c.sample.ids[:0]
	for _, ci := range unknown {
		ids = append(ids, ident{s.Cards[ci].Def, s.Cards[ci].Face, s.Cards[ci].Granted})
	}
	// every card's properties as they were, in one copy: each identity's
	// are read from there once
	props := append(c.sample.props[:0], s.CardProps...)
	c.sample = samples{unknown: unknown, perm: perm, group: group, seg: seg, ids: ids, props: props}
	for i, ci := range unknown {
		j := perm[i]
		from := unknown[j]
		id, in := ids[j], props[from*st:from*st+np]
		s.Cards[ci].Def, s.Cards[ci].Face, s.Cards[ci].Granted = id.def, id.face, id.granted
		keepPublic(c.Rs.ResetOnMove, s.CardProps[ci*st:ci*st+np], in)
		copy(s.CardProps[ci*st:ci*st+np], in)
	}
	s.RNG = state.RNG{PCG: *rand.NewPCG(r.Uint64(), r.Uint64())}
	s.NoLog = true // a lookahead copy needs no log
	// nor a record of answers: the real game's are the real game's, and
	// its own nobody reads
	s.History, s.NoRecord = nil, true
	return c
}

// ident is a card's identity, which Determinize deals out again among the
// cards a seat does not know.
type ident struct {
	def     int32
	face    int8
	granted uint64
}

// samples is the memory Determinize keeps for the next sample into the
// same copy.
type samples struct {
	unknown, perm []int
	group, seg    []int // one origin's unknown cards, and them shuffled
	ids           []ident
	props         []int64 // the card properties before the swap
}

// origin is a card's Origin as a group of Determinize: a seat, or -1 for
// the shared piles (and an origin no seat has, from a damaged state).
func origin(o state.Seat, seats int) int {
	if o < 0 || int(o) >= seats {
		return -1
	}
	return int(o)
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
