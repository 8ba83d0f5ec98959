package view

import (
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// What a board says about an item on the stack: whose it is and what it
// targets. The targets are the cards and players its action's targets steps
// chose, read from the variables the item keeps; a seat sees a card's name
// only if it knows the card.

// boundSlot is a variable slot and the type a step binds it to.
type boundSlot struct {
	slot int
	typ  model.Type
}

// targetSlots lists the variable slots that an action's targets steps bind
// to cards or players: the steps of its root program before its first cost,
// and every step nested in them.
func targetSlots(rs *model.Ruleset, a *model.Action) []boundSlot {
	var out []boundSlot
	var walk func(steps []*model.Step, top bool)
	walk = func(steps []*model.Step, top bool) {
		for _, s := range steps {
			if top && (s.Prim == model.ContinueAction || (len(a.Costs) > 0 && s == a.Costs[0])) {
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
				case model.PBind:
					switch arg.Var.Type {
					case model.TCard, model.TPlayer, model.TCards, model.TPlayers:
						b := boundSlot{arg.Var.Slot, arg.Var.Type}
						if !slices.Contains(out, b) {
							// a variable bound in several branches is one target
							out = append(out, b)
						}
					}
				case model.PSteps:
					walk(rs.Programs[arg.Prog].Steps, false)
				case model.PChoices:
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

// stackTargets names what a stack item targets, as a seat sees it: each card
// with its controller ("p2's Archer"), and each player who controls none
// of those cards (the player whose card was chosen is said by the card).
func stackTargets(g *model.Evaluator, it *state.StackItem, seat int) []string {
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
		if b.typ == model.TCard || b.typ == model.TPlayer {
			list = []int{int(v.N)}
		}
		for _, x := range list {
			switch {
			case (b.typ == model.TCard || b.typ == model.TCards) && x >= 0 && x < len(g.S.Cards):
				cards = append(cards, x)
			case (b.typ == model.TPlayer || b.typ == model.TPlayers) && x >= 0 && x < g.Nseats:
				players = append(players, x)
			}
		}
	}
	var out []string
	controls := map[int]bool{}
	for _, c := range cards {
		ctl := int(g.S.Cards[c].Ctrl)
		controls[ctl] = true
		if g.Knows(seat, c) {
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
