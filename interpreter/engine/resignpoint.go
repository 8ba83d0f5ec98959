package engine

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// A rule may let a player resign only at some moments (on their own turn,
// say) while the engine plays moments that ask them nothing: a turn whose
// every decision has one answer passes without a question, and with it the
// player's chance to resign. A resign point is the first moment of a run
// at which a watched seat might have resigned, kept so that a resignation
// refused afterwards can be made there (Game.ResignAtPoint).
type resignPoint struct {
	seat int
	at   *state.State // nil until the seat may resign
}

// WatchResign starts keeping, for each seat given, the first moment from
// now on at which the rules let it resign; it forgets the moments kept
// before. With no seat it stops watching.
func (g *machine) WatchResign(seats ...int) {
	g.resignPoints = g.resignPoints[:0]
	for _, p := range seats {
		if p >= 0 && p < g.Nseats {
			g.resignPoints = append(g.resignPoints, resignPoint{seat: p})
		}
	}
}

// keepResignPoints keeps the moment for the watched seats that may resign
// now and had no moment kept yet. The machine's loop calls it between
// steps while some seat is watched.
func (g *machine) keepResignPoints() {
	for _, a := range g.S.Answers {
		if a != nil {
			// an answer given and not yet taken by its step: the moment
			// after it comes once its step has taken it, and a
			// resignation placed before would lose it
			return
		}
	}
	for i := range g.resignPoints {
		rp := &g.resignPoints[i]
		if rp.at == nil && !g.answeredThisTurn(rp.seat) && g.CanResign(rp.seat) {
			g.lent.Store(true) // the copy shares the slabs, as a checkpoint does
			rp.at = g.S.Clone()
		}
	}
}

// answeredBy notes in the state that seat p answered a question in this
// turn: the turn asked it something, so that it could have resigned at
// the question, and no moment of it is kept. The state holds it, so that
// a game played again from its answers (a save read, a replay), a copy
// and a game taken back agree on it, whenever the watch began.
func (g *machine) answeredBy(p int) {
	if p < 0 {
		return
	}
	for len(g.S.AnsweredIn) <= p {
		g.S.AnsweredIn = append(g.S.AnsweredIn, 0)
	}
	g.S.AnsweredIn[p] = g.S.Turn + 1
}

// answeredThisTurn reports whether seat p answered a question in this turn.
func (g *machine) answeredThisTurn(p int) bool {
	return p < len(g.S.AnsweredIn) && g.S.AnsweredIn[p] == g.S.Turn+1
}

// watchingResign reports whether some watched seat has no moment kept yet.
func (g *machine) watchingResign() bool {
	for i := range g.resignPoints {
		if g.resignPoints[i].at == nil {
			return true
		}
	}
	return false
}

// ResignAtPoint takes the game back to the first moment since WatchResign
// at which seat p could resign, and resigns p there: what was played after
// it is undone. It is for a resignation the rules refuse now although the
// seat had its moment while the engine played on without asking it.
func (g *machine) ResignAtPoint(p int) error {
	for _, rp := range g.resignPoints {
		if rp.seat != p || rp.at == nil {
			continue
		}
		g.S = rp.at
		g.resignPoints = g.resignPoints[:0]
		g.Invalidate()
		g.S.Steps, g.watch = 0, stepWatch{}
		return g.Resign(p)
	}
	return fmt.Errorf("%s had no moment to resign since the last answer", g.SeatName(p))
}
