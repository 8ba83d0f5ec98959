package model

import (
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// What players read of an item on the stack: whose it is and what it
// targets. The targets are the cards and players its action's targets steps
// chose, read from the variables the item keeps; a seat sees a card's name
// only if it knows the card.

// boundSlot is a variable slot and the type a step binds it to.
type boundSlot struct {
	slot int
	typ  Type
}

// targetSlots lists the variable slots that an action's targets steps bind
// to cards or players: the steps of its root program before its first cost,
// and every step nested in them.
func targetSlots(rs *Ruleset, a *Action) []boundSlot {
	var out []boundSlot
	var walk func(steps []*Step, top bool)
	walk = func(steps []*Step, top bool) {
		for _, s := range steps {
			if top && (s.Prim == ContinueAction || (len(a.Costs) > 0 && s == a.Costs[0])) {
				return
			}
			if s.Prim == nil {
				continue
			}
			for i, p := range s.Prim.Params {
				if i >= len(s.Args) || !s.Args[i].Set {
					continue
				}
				arg := &s.Args[i]
				switch p.Kind {
				case PBind:
					switch arg.Var.Type {
					case TCard, TPlayer, TCards, TPlayers:
						b := boundSlot{arg.Var.Slot, arg.Var.Type}
						if !slices.Contains(out, b) {
							// a variable bound in several branches is one target
							out = append(out, b)
						}
					}
				case PSteps:
					walk(rs.Programs[arg.Prog].Steps, false)
				case PChoices:
					for _, ch := range arg.Choices {
						walk(rs.Programs[ch.Prog].Steps, false)
					}
				}
			}
		}
	}
	walk(rs.Programs[a.CostProg].Steps, true)
	return out
}

// StackTargets names what a stack item targets, as a seat sees it (every
// seat, when seat is negative): each card
// with its controller ("p2's Archer"), and each player who controls none
// of those cards (the player whose card was chosen is said by the card).
func (g *Evaluator) StackTargets(it *state.StackItem, seat int) []string {
	if it.Trigger || it.Action < 0 || int(it.Action) >= len(g.Rs.Actions) {
		return nil
	}
	var cards, players []int
	for _, b := range targetSlots(g.Rs, g.Rs.Actions[it.Action]) {
		if b.slot < 0 || b.slot >= len(it.Vars) {
			continue
		}
		v := it.Vars[b.slot]
		list := v.L
		if b.typ == TCard || b.typ == TPlayer {
			list = []int{int(v.N)}
		}
		for _, x := range list {
			switch {
			case (b.typ == TCard || b.typ == TCards) && x >= 0 && x < len(g.S.Cards):
				cards = append(cards, x)
			case (b.typ == TPlayer || b.typ == TPlayers) && x >= 0 && x < g.Nseats:
				players = append(players, x)
			}
		}
	}
	var out []string
	controls := map[int]bool{}
	for _, c := range cards {
		ctl := int(g.S.Cards[c].Ctrl)
		controls[ctl] = true
		if g.knownTo(seat, c) {
			out = append(out, g.SeatName(ctl)+"'s "+g.CardName(c))
		} else {
			out = append(out, "a card of "+g.SeatName(ctl)+"'s")
		}
	}
	for _, p := range players {
		if !controls[p] {
			out = append(out, g.SeatName(p))
		}
	}
	return out
}

// knownTo reports whether a seat knows a card, or, for a negative seat,
// whether every seat does: what a label all may read can name.
func (g *Evaluator) knownTo(seat, c int) bool {
	if seat < 0 {
		return uint64(g.S.Cards[c].Known)&g.AllMask() == g.AllMask()
	}
	return g.Knows(seat, c)
}

// stackPlace names a card that waits with an item on the stack by what
// the item targets ("targeting p2's Knight"), else by its place in the
// stack ("2nd from the top of the stack"); "" for a card on no item.
func (g *Evaluator) stackPlace(c int) string {
	for i := len(g.S.Stack) - 1; i >= 0; i-- {
		it := &g.S.Stack[i]
		if int(it.Card) != c {
			continue
		}
		if t := g.StackTargets(it, -1); len(t) > 0 {
			return "targeting " + strings.Join(t, ", ")
		}
		if n := len(g.S.Stack) - i; n > 1 {
			return ordinal(n) + " from the top of the stack"
		}
		return "top of the stack"
	}
	return ""
}

// ordinal writes n as 1st, 2nd, 3rd, 4th...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
