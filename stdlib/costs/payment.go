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
	pats  []*model.Expr
	from  []int
	table []bool // pattern i, card j at i*len(from)+j
	owner []int  // the matching: the pattern each card pays for, or -1
	seen  []bool
}

// fill evaluates the patterns on the cards. It stops at a pattern from
// first on that no card fits: the cost cannot be paid then (the table is
// partial, and matchable says no).
func (p *payment) fill(g model.Context, f *state.Frame, s *model.Step, pats []*model.Expr, from []int, first int) error {
	p.pats, p.from = pats, from
	n := len(from)
	p.table = make([]bool, len(pats)*n)
	mark := s.At(payCardsArgs.Mark)
	markIdx := -1
	if mark.Set {
		markIdx, _, _ = g.Ruleset().PropIndex("card", mark.Text)
	}
	fr := *f
	tf := g.TempFrame(fr)
	defer g.ReleaseFrame()
rows:
	for i, e := range pats {
		row := p.table[i*n : (i+1)*n]
		for k := 0; k < i; k++ {
			if pats[k] == e {
				copy(row, p.table[k*n:(k+1)*n])
				continue rows
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

// fits reports whether the j-th card may pay for pattern i.
func (p *payment) fits(i, j int) bool { return p.table[i*len(p.from)+j] }

// matchable reports whether the patterns after those chosen can each get
// a card of their own, none of them one already chosen.
func (p *payment) matchable(chosen []int) bool {
	n := len(p.from)
	if len(chosen) > len(p.pats) {
		return false
	}
	if cap(p.owner) < n {
		p.owner, p.seen = make([]int, n), make([]bool, n)
	}
	p.owner, p.seen = p.owner[:n], p.seen[:n]
	for j, c := range p.from {
		p.owner[j] = -1
		for _, x := range chosen {
			if x == c {
				p.owner[j] = len(p.pats) // taken: no pattern may have it
			}
		}
	}
	for i := len(chosen); i < len(p.pats); i++ {
		clear(p.seen)
		if !p.augment(i) {
			return false
		}
	}
	return true
}

// augment finds pattern i a card, moving others along (augmenting paths;
// the sizes here are a hand of cards).
func (p *payment) augment(i int) bool {
	for j := range p.from {
		if !p.fits(i, j) || p.seen[j] || p.owner[j] == len(p.pats) {
			continue
		}
		p.seen[j] = true
		if p.owner[j] < 0 || p.augment(p.owner[j]) {
			p.owner[j] = i
			return true
		}
	}
	return false
}
