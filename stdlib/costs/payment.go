package costs

import (
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// payment is the matching of a pay_cards step at one moment: which of the
// cards that may pay fit which pattern. Each pattern is evaluated once per
// card (a pattern repeated, as count repeats the last, once in all); whether
// the cost can be paid, and which cards keep it payable, are then worked
// out on the table without evaluating anything again.
type payment struct {
	pats []*model.Expr
	from []int
	// pattern i, card j at i*len(from)+j: in small, or in big when it does
	// not fit (small keeps a hand's payment off the heap)
	small [64]bool
	big   []bool
}

// fits reports whether the j-th card may pay for pattern i.
func (p *payment) fits(i, j int) bool {
	k := i*len(p.from) + j
	if p.big != nil {
		return p.big[k]
	}
	return p.small[k]
}

// row is pattern i's part of the table.
func (p *payment) row(i int) []bool {
	n := len(p.from)
	if p.big != nil {
		return p.big[i*n : (i+1)*n]
	}
	return p.small[i*n : (i+1)*n]
}

// fill evaluates the patterns on the cards. It stops at a pattern from
// first on that no card fits: the cost cannot be paid then (the table is
// partial, and matchable says no).
func (p *payment) fill(g model.Context, f *state.Frame, s *model.Step, pats []*model.Expr, from []int, first int) error {
	p.pats, p.from = pats, from
	n := len(from)
	if len(pats)*n > len(p.small) {
		p.big = make([]bool, len(pats)*n)
	}
	mark := s.At(payCardsArgs.Mark)
	markIdx := -1
	if mark.Set {
		markIdx, _ = g.Ruleset().PropAt(mark, "card")
	}
	tf := g.TempFrame(*f)
	defer g.ReleaseFrame()
rows:
	for i, e := range pats {
		row := p.row(i)
		for k := 0; k < i; k++ {
			if pats[k] == e {
				copy(row, p.row(k))
				continue rows
			}
		}
		if k := e.Key; k != nil && n > 0 {
			// a property of the card against one value, evaluated once
			v, ok, err := k.Eval(g, tf)
			if err != nil {
				return err
			}
			if ok {
				for j, c := range from {
					row[j] = (markIdx < 0 || g.CardProp(c, markIdx) == 0) && k.Holds(g, c, v)
				}
				if i >= first && !slices.Contains(row, true) {
					return nil
				}
				continue
			}
		}
		for j, c := range from {
			if markIdx >= 0 && g.CardProp(c, markIdx) != 0 {
				continue // marked already: it cannot pay by marking
			}
			tf.Card = state.CardRef(c)
			ok, err := g.EvalBool(e, tf)
			if err != nil {
				return err
			}
			row[j] = ok
		}
		if i >= first && !slices.Contains(row, true) {
			return nil
		}
	}
	return nil
}

// matchable reports whether the patterns after those chosen can each get
// a card of their own, none of them one already chosen.
func (p *payment) matchable(chosen []int) bool {
	_, ok := p.complete(chosen, nil)
	return ok
}

// complete matches the patterns after those chosen with cards of their
// own, none of them one already chosen, and appends to out the card of
// each such pattern in the patterns' order. ok is false when they cannot
// all be matched.
func (p *payment) complete(chosen, out []int) (_ []int, ok bool) {
	n := len(p.from)
	if len(chosen) > len(p.pats) {
		return out, false
	}
	var ownerRoom [16]int
	var seenRoom [16]bool
	owner, seen := ownerRoom[:], seenRoom[:]
	if n > len(ownerRoom) {
		owner, seen = make([]int, n), make([]bool, n)
	}
	owner, seen = owner[:n], seen[:n]
	for j, c := range p.from {
		owner[j] = -1
		if slices.Contains(chosen, c) {
			owner[j] = len(p.pats) // taken: no pattern may have it
		}
	}
	for i := len(chosen); i < len(p.pats); i++ {
		clear(seen)
		if !p.augment(i, owner, seen) {
			return out, false
		}
	}
	if out == nil {
		return out, true
	}
	if rest := p.pats[len(chosen):]; len(rest) > 0 && !slices.ContainsFunc(rest, func(e *model.Expr) bool { return e != rest[0] }) {
		// one pattern for all (a count): the cards in their zone's order
		for j, o := range owner {
			if o >= len(chosen) && o < len(p.pats) {
				out = append(out, p.from[j])
			}
		}
		return out, true
	}
	for i := len(chosen); i < len(p.pats); i++ {
		for j, o := range owner {
			if o == i {
				out = append(out, p.from[j])
				break
			}
		}
	}
	return out, true
}

// forced reports whether the cards left that fit a pattern after those
// chosen are exactly as many as those patterns, so that every one of
// them must pay: nothing is left to choose.
func (p *payment) forced(chosen []int) bool {
	left := 0
	for j, c := range p.from {
		if slices.Contains(chosen, c) {
			continue
		}
		for i := len(chosen); i < len(p.pats); i++ {
			if p.fits(i, j) {
				left++
				break
			}
		}
	}
	return left == len(p.pats)-len(chosen)
}

// augment finds pattern i a card, moving others along (augmenting paths;
// the sizes here are a hand of cards). owner is the pattern each card pays
// for (-1: none), seen the cards this search has tried.
func (p *payment) augment(i int, owner []int, seen []bool) bool {
	for j := range p.from {
		if !p.fits(i, j) || seen[j] || owner[j] == len(p.pats) {
			continue
		}
		seen[j] = true
		if owner[j] < 0 || p.augment(owner[j], owner, seen) {
			owner[j] = i
			return true
		}
	}
	return false
}

// canPayCards reports whether every pattern can get a card of its own among
// from: by counting where the patterns allow it (payableByCount), else on
// the table of which card fits which pattern.
func canPayCards(g model.Context, f *state.Frame, s *model.Step, pats []*model.Expr, from []int) (bool, error) {
	if len(from) < len(pats) {
		return false, nil
	}
	if !s.At(payCardsArgs.Mark).Set {
		if ok, counted := payableByCount(g, f, pats, from); counted {
			return ok, nil
		}
	}
	var pay payment
	if err := pay.fill(g, f, s, pats, from, 0); err != nil {
		return false, err
	}
	return pay.matchable(nil), nil
}

// maxCounted is how many patterns payableByCount takes on.
const maxCounted = 8

// payableByCount judges a payment by counting cards, when every pattern
// compares one and the same property of the card with a value
// (card.color == red, card.color == opponent.pending[0].color): a
// card has one value of the property, so the cards each value takes are
// apart, and every pattern gets a card of its own exactly when each value
// has as many cards as patterns ask for it. counted is false when the
// patterns are not of that kind (or a value is none, or not of the
// property's kind, or fails): the caller then works it out on the table.
func payableByCount(g model.Context, f *state.Frame, pats []*model.Expr, from []int) (ok, counted bool) {
	if len(pats) == 0 || len(pats) > maxCounted {
		return false, false
	}
	prop := -1
	for _, e := range pats {
		k := e.Key
		if k == nil || k.Not || prop >= 0 && k.Prop != prop {
			return false, false
		}
		prop = k.Prop
	}
	// the values asked for, each once, and how many patterns ask for it
	var vals [maxCounted]int64
	var need, have [maxCounted]int
	n := 0
	for _, e := range pats {
		// the value reads no card of the frame: f as it is will do. A value
		// that fails is left to the table, which evaluates the patterns in
		// order and may stop before it
		v, ok, err := e.Key.Eval(g, f)
		if err != nil || !ok {
			return false, false
		}
		j := slices.Index(vals[:n], v)
		if j < 0 {
			j, vals[n] = n, v
			n++
		}
		need[j]++
	}
	// written out as max_group's is: a helper type reading the table
	// through memory at each card measured slower (BENCHMARKS.md)
	table, stride, plain := g.PlainProp(prop)
	for _, c := range from {
		var v int64
		if plain {
			v = table[c*stride+prop]
		} else {
			v = g.CardProp(c, prop)
		}
		if j := slices.Index(vals[:n], v); j >= 0 {
			have[j]++
		}
	}
	for j := range n {
		if have[j] < need[j] {
			return false, true
		}
	}
	return true, true
}
