package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// StackLen is the number of items on the stack.
func (g *machine) StackLen() int { return len(g.S.Stack) }

// ResolveTop takes the top stack item and runs its effect.
func (g *machine) ResolveTop() {
	n := len(g.S.Stack)
	if n == 0 {
		return
	}
	it := g.S.Stack[n-1]
	g.S.Stack = g.S.Stack[:n-1]
	g.Touch(model.ReadsStack)
	base := len(g.S.Vars)
	g.S.Vars = append(g.S.Vars, it.Vars...)
	fr := state.Frame{Prog: it.Prog, Base: int32(base), Root: true, You: it.You, Player: it.You, This: it.Card, Card: it.Card, Event: state.Event{Card: it.Card, Player: it.You, Source: state.NoCard}}
	if it.Trigger && it.Event != nil {
		fr.Event = *it.Event
		if it.Card >= 0 && g.Logging() {
			g.logCards(-1, "resolve", int(it.You), []int{int(it.Card)}, "The triggered ability of {cards} resolves.")
		}
	} else if it.Card >= 0 && g.Logging() {
		g.logCards(-1, "resolve", int(it.You), []int{int(it.Card)}, "%s resolves.", itemName(&it))
	}
	if it.Action >= 0 {
		a := g.Rs.Actions[it.Action]
		if a.Recheck != nil {
			// in a scratch copy of the frame: the frame itself stays off
			// the heap
			tf := g.TempFrame(fr)
			ok, err := g.EvalBool(a.Recheck, tf)
			g.ReleaseFrame()
			if err != nil {
				g.fail(err)
				return
			}
			if !ok {
				if g.Logging() {
					if err := g.logFizzle(&it, a, &fr); err != nil {
						g.fail(err)
						return
					}
				}
				if a.Fizzle < 0 {
					g.S.Vars = g.S.Vars[:base]
					return
				}
				fr.Prog = int32(a.Fizzle)
			}
		}
	}
	g.S.Frames = append(g.S.Frames, fr)
	if g.hears(g.SymResolve) {
		g.emit(&state.Event{Name: g.SymResolve, Card: it.Card, Player: it.You, Source: state.NoCard})
	}
}

// PushStack puts an effect program on the stack for a player, with a source card.
func (g *machine) PushStack(prog, you, card int) {
	root := g.Rs.Programs[g.Rs.Programs[prog].Root]
	vars := g.stackVars(root.NVars)
	for i := range vars {
		vars[i] = state.Val{N: -1}
	}
	g.S.Stack = append(g.S.Stack, state.StackItem{Card: state.CardRef(card), Prog: int32(prog), You: state.Seat(you), Vars: vars, NVars: int32(root.NVars), Action: -1})
	g.Touch(model.ReadsStack)
}

// RemoveStackItems takes items off the stack without resolving them: those
// whose source is one of cards, and all those of player p (-1: none). It
// returns the source cards of the items that went (-1 for an item without
// one).
func (g *machine) RemoveStackItems(cards []int, p int) []int {
	keep := g.S.Stack[:0]
	var gone []int
	for _, it := range g.S.Stack {
		drop := int(it.You) == p
		for _, c := range cards {
			drop = drop || int(it.Card) == c
		}
		if drop {
			gone = append(gone, int(it.Card))
			continue
		}
		keep = append(keep, it)
	}
	g.S.Stack = keep
	g.Touch(model.ReadsStack)
	// actions still being announced (their targets or costs not yet done)
	// are withdrawn too: they will not reach the stack
	for i, fr := range g.S.Frames {
		if !fr.Root || !g.Rs.Programs[fr.Prog].Announces || slices.Contains(g.S.Withdrawn, int32(i)) {
			continue
		}
		drop := int(fr.You) == p
		for _, c := range cards {
			drop = drop || int(fr.This) == c
		}
		if drop {
			g.S.Withdrawn = append(g.S.Withdrawn, int32(i))
			gone = append(gone, int(fr.This))
		}
	}
	return gone
}

// withdrawn reports (and forgets) whether the action announced by frame i
// was taken off the stack before reaching it.
func (g *machine) withdrawn(i int) bool {
	k := slices.Index(g.S.Withdrawn, int32(i))
	if k < 0 {
		return false
	}
	g.S.Withdrawn = slices.Delete(g.S.Withdrawn, k, k+1)
	return true
}

// logFizzle writes that a stack item does nothing, with its action's
// recheck_why, rendered in the item's frame (cards named for the seats that
// know them), or the usual reason.
func (g *machine) logFizzle(it *state.StackItem, a *model.Action, fr *state.Frame) error {
	why := "its targets are no longer legal"
	var cards []int
	if it.Card >= 0 {
		cards = append(cards, int(it.Card))
	}
	var parts []state.LogPart
	if a.RecheckWhy != nil {
		tf := g.TempFrame(*fr)
		text, err := g.RenderLog(a.RecheckWhy, tf, "nothing", func(c int) string {
			cards = append(cards, c)
			return fmt.Sprintf("{%d}", len(cards)-1)
		}, g.hiddenParts(&parts))
		g.ReleaseFrame()
		if err != nil {
			return err
		}
		why = text
	}
	if it.Card >= 0 {
		g.logCards(-1, "fizzle", int(it.You), cards, "%s does nothing: %s.", itemName(it), why)
	} else {
		g.logCards(-1, "fizzle", int(it.You), cards, "%s's %s does nothing: %s.", g.SeatName(int(it.You)), a.Name, why)
	}
	g.withParts(parts)
	return nil
}

// itemName is how the log names a stack item of a card, as {0}: the card
// itself when its action moved it (a card played onto the stack), else the card's ability.
func itemName(it *state.StackItem) string {
	if it.Moved || it.Action < 0 {
		return "{0}"
	}
	return "The ability of {0}"
}
