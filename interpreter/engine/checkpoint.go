package engine

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Checkpoint is a moment of a game that a seat may later go back to (undo).
// Going back is refused once the seat has learned something since: it could
// otherwise look at a card, go back and choose again knowing it.
type Checkpoint struct {
	state *state.State
}

// Checkpoint records the game as it is now.
func (g *machine) Checkpoint() Checkpoint {
	g.lent.Store(true)
	return Checkpoint{state: g.S.Clone()}
}

// RewindRefusal says why seat may not go back to cp, or "" when it may: when
// another seat has answered or been asked anything (even a question with one
// answer tells something about their cards), something random happened, or
// the seat has seen a card it did not know.
func (g *machine) RewindRefusal(cp Checkpoint, seat int) string {
	then, now := cp.state, g.S
	if then == nil {
		return "there is nothing to go back to"
	}
	if now.NoRecord {
		return "the game keeps no record of its answers"
	}
	if len(now.History) < len(then.History) {
		return "the game has gone back further than that"
	}
	// answers given before the seat's own to questions asked at once
	// (sealed, simultaneous, an assignment), kept unseen until all were in
	// and shown since: going back would let the seat answer again knowing
	// them
	for i, d := range then.Pending {
		if d.Player != seat && i < len(then.Answers) && then.Answers[i] != nil && !stillPending(now, d) {
			return fmt.Sprintf("%s's answer, given in secret, has been taken with yours", g.SeatName(d.Player))
		}
	}
	for _, r := range now.History[len(then.History):] {
		if r.Player != seat {
			return fmt.Sprintf("%s has answered", g.SeatName(r.Player))
		}
	}
	for p := range now.Asked {
		if p != seat && p < len(then.Asked) && now.Asked[p] > then.Asked[p] {
			return fmt.Sprintf("%s has been asked something (even a question with one possible answer tells you about their cards)", g.SeatName(p))
		}
	}
	if then.RNG != now.RNG {
		return "something random happened (a shuffle, a draw from a shuffled pile or a roll)"
	}
	bit := uint64(1) << uint(seat)
	for i := range then.Cards {
		if uint64(then.Cards[i].Known)&bit == 0 && uint64(now.Cards[i].Known)&bit != 0 {
			return "you have seen a card"
		}
	}
	return ""
}

// Rewind goes back to cp for seat, or says why it may not (RewindRefusal).
func (g *machine) Rewind(cp Checkpoint, seat int) error {
	if why := g.RewindRefusal(cp, seat); why != "" {
		return fmt.Errorf("%s", why)
	}
	g.S = cp.state.Clone()
	g.Invalidate()
	return nil
}

// stillPending tells whether decision d (by its number) waits in s yet.
func stillPending(s *state.State, d state.Decision) bool {
	for _, p := range s.Pending {
		if p.Seq == d.Seq && p.Player == d.Player {
			return true
		}
	}
	return false
}
