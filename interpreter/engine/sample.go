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
		props   []int64
	}
	ids := make([]ident, len(unknown))
	for i, ci := range unknown {
		ids[i] = ident{s.Cards[ci].Def, s.Cards[ci].Face, s.Cards[ci].Granted, append([]int64(nil), s.CardProps[ci*st:ci*st+np]...)}
	}
	for i, ci := range unknown {
		id := ids[perm[i]]
		s.Cards[ci].Def, s.Cards[ci].Face, s.Cards[ci].Granted = id.def, id.face, id.granted
		copy(s.CardProps[ci*st:ci*st+np], id.props)
	}
	s.RNG = state.RNG{PCG: *rand.NewPCG(r.Uint64(), r.Uint64())}
	s.NoLog = true // a lookahead copy needs no log
	return c
}

// Value is the ruleset's heuristic value of the position for a seat: very
// high for a win, very low for a loss, else the ruleset's `value` expression
// (0 when it declares none), or the error evaluating it met.
func (g *machine) Value(seat int) (float64, error) {
	if g.S.Players[seat].Won {
		return 1e9, nil
	}
	if g.S.Players[seat].Lost {
		return -1e9, nil
	}
	if g.S.Over || g.Rs.Value == nil {
		return 0, nil
	}
	f := state.Frame{You: state.Seat(seat), Player: state.Seat(seat), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
	n, err := g.EvalInt(g.Rs.Value, &f)
	if err != nil {
		return 0, err
	}
	return float64(n), nil
}
