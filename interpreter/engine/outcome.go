package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// settleEliminations ends the game when eliminations leave one player (who
// wins) or none (a draw). It reports whether the game ended.
func (g *machine) settleEliminations() bool { return g.settle(LastPlayerStanding) }

// LastPlayerStanding is the reason the one player left wins when no loss
// gave another (lose's win_reason).
const LastPlayerStanding = "last player standing"

// settle is settleEliminations with the reason the one player left wins.
func (g *machine) settle(why string) bool {
	s := g.S
	if s.Over || !s.Eliminated {
		return s.Over
	}
	s.Eliminated = false
	if s.WinWhy != "" {
		// a loss said why the one it leaves wins
		why, s.WinWhy = s.WinWhy, ""
	}
	live, n := -1, 0
	for i, ps := range s.Players {
		if !ps.Lost {
			live = i
			n++
		}
	}
	switch {
	case n == 0:
		g.DrawGame("every player lost")
	case n == 1 && g.Nseats > 1:
		g.Win(live, why)
	}
	return s.Over
}

// Win marks a player as the winner and ends the game.
func (g *machine) Win(p int, why string) { g.WinWith(p, nil, why) }

// WinWith ends the game with a player and co-winners (allies sharing a win);
// players who lost cannot win.
func (g *machine) WinWith(p int, with []int, why string) {
	g.Invalidate()
	if g.S.Over {
		return
	}
	if g.S.Players[p].Lost {
		// said, as a win that does not happen would otherwise puzzle
		if g.Logging() {
			g.logf(-1, "left", p, "%s has left the game and cannot win.", g.SeatName(p))
		}
		return
	}
	if g.Rs.Together {
		// the players win together: every one of them, whoever won
		with = g.allSeats()
	}
	winners := []string{g.SeatName(p)}
	for _, q := range with {
		if q != p && q >= 0 && q < g.Nseats && !g.S.Players[q].Lost && !g.S.Players[q].Won {
			g.S.Players[q].Won = true
			winners = append(winners, g.SeatName(q))
		}
	}
	g.S.Players[p].Won = true
	g.S.Over = true
	names, verb := winners[0], "wins"
	switch {
	case g.Rs.Together && g.Nseats > 1:
		names, verb = "the players", "win"
	case len(winners) > 1:
		names, verb = strings.Join(winners[:len(winners)-1], ", ")+" and "+winners[len(winners)-1], "win"
	}
	g.S.Outcome = g.outcomeText(names, verb, why)
	if g.Logging() {
		if g.Rs.Together && g.Nseats > 1 {
			names = "The players"
		}
		g.logf(-1, "win", p, "%s %s%s.", names, verb, suffix(why))
	}
	g.endEffects()
}

// outcomeText is "names verb: why", or "names verb" without a reason. The
// texts made are kept on the machine, a few dozen at most: the games a
// simulation plays on one machine (NewInto) end in a handful of ways, and
// each would otherwise build its text anew.
func (g *machine) outcomeText(names, verb, why string) string {
	k := outcomeKey{names, verb, why}
	if t, ok := g.outcomes[k]; ok {
		return t
	}
	t := names + " " + verb
	if why != "" {
		t += ": " + why
	}
	if g.outcomes == nil {
		g.outcomes = make(map[outcomeKey]string)
	}
	if len(g.outcomes) < maxOutcomes {
		g.outcomes[k] = t
	}
	return t
}

type outcomeKey struct{ names, verb, why string }

// maxOutcomes bounds the texts outcomeText keeps: reasons made from a
// game's figures could otherwise be new in every game.
const maxOutcomes = 64

// endEffects drops every running effect and open question once the game is over.
func (g *machine) endEffects() {
	// emptied, not dropped: a game started in this memory (NewInto) uses
	// the lists again
	g.S.Frames = g.S.Frames[:0]
	g.S.Withdrawn = g.S.Withdrawn[:0]
	g.S.Pending, g.S.Answers = g.S.Pending[:0], g.S.Answers[:0]
	g.S.Triggered = g.S.Triggered[:0]
}

// Lose marks a player as lost; when one player is left, that player wins; when
// none is, the game is a draw.
func (g *machine) Lose(p int, why, winWhy string) {
	if g.S.Over || g.S.Players[p].Lost {
		return
	}
	if g.Rs.Together {
		g.loseTogether(p, why)
		return
	}
	g.S.Players[p].Lost = true
	g.S.LossWhy = why
	if winWhy != "" {
		g.S.WinWhy = winWhy
	}
	if g.Logging() {
		g.logf(-1, "lose", p, "%s loses%s.", g.SeatName(p), suffix(why))
	}
	// who is left is settled with the next checks, so that players who lose
	// together lose together
	g.S.Eliminated = true
	g.changed(model.ReadsSeats)
	// the player leaves the game: what waits for them is dropped
	keepA := g.S.ExtraTurns[:0]
	for _, q := range g.S.ExtraTurns {
		if int(q) != p {
			keepA = append(keepA, q)
		}
	}
	g.S.ExtraTurns = keepA
	keepD, keepAns := g.S.Pending[:0], g.S.Answers[:0]
	for i, d := range g.S.Pending {
		if d.Player != p {
			keepD = append(keepD, d)
			keepAns = append(keepAns, g.S.Answers[i])
		}
	}
	g.S.Pending, g.S.Answers = keepD, keepAns
	g.endEffectsOf(p)
	if g.hears(g.SymLost) {
		g.emit(&state.Event{Name: g.SymLost, Player: state.Seat(p), Card: state.NoCard, Source: state.NoCard, From: -1, To: -1})
	}
}

// loseTogether ends a game the players play together (Ruleset.Together)
// when one of them, p, loses: every player loses with them, at once.
func (g *machine) loseTogether(p int, why string) {
	for i := range g.S.Players {
		g.S.Players[i].Lost = true
	}
	g.S.Over = true
	g.S.Outcome = "loss"
	if why != "" {
		g.S.Outcome += ": " + why
	}
	if g.Logging() {
		// "over", as a draw's line: the line that ends the game (a replay
		// log whose last line is one holds a game that is over)
		if g.Nseats > 1 {
			g.logf(-1, "over", p, "The players lose%s.", suffix(why))
		} else {
			g.logf(-1, "over", p, "%s loses%s.", g.SeatName(p), suffix(why))
		}
	}
	g.changed(model.ReadsSeats)
	g.endEffects()
}

// allSeats lists every seat, in seat order.
func (g *machine) allSeats() []int {
	all := make([]int, g.Nseats)
	for i := range all {
		all[i] = i
	}
	return all
}

// Draw ends the game with no winner.
func (g *machine) DrawGame(why string) {
	if g.S.Over {
		return
	}
	g.S.Over = true
	g.S.Outcome = "draw: " + why
	g.logf(-1, "over", -1, "The game is a draw: %s.", why)
	g.endEffects()
}

func suffix(why string) string {
	if why == "" {
		return ""
	}
	return " (" + why + ")"
}

// Resign makes a player concede, when the ruleset allows it now.
func (g *machine) Resign(p int) error {
	if g.S.Over {
		return errGameOver
	}
	if p < 0 || p >= g.Nseats {
		return fmt.Errorf("seat %d does not exist; the seats are p1 to p%d", p+1, g.Nseats)
	}
	if g.Rs.Concede == nil {
		return fmt.Errorf("%s does not allow conceding", g.Rs.Name)
	}
	f := state.Frame{You: state.Seat(p), Player: state.Seat(p), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
	ok, err := g.EvalBool(g.Rs.Concede, &f)
	if err != nil {
		return err
	}
	if !ok {
		if g.Rs.ConcedeWhy != "" {
			// the rules' words speak to the player
			return fmt.Errorf("%s may not resign now, as the rules say: %s", g.SeatName(p), g.Rs.ConcedeWhy)
		}
		return fmt.Errorf("%s may not resign now", g.SeatName(p))
	}
	g.record(state.Record{Seq: -1, Player: p, Answer: state.Answer{Resign: true}})
	g.logf(-1, "resign", p, "%s resigns.", g.SeatName(p))
	why := "resigned"
	if g.Rs.Together {
		why = g.SeatName(p) + " resigned" // everyone loses: say who
	}
	g.Lose(p, why, "")
	// the last opponent resigning is why the one left wins
	g.settle(g.SeatName(p) + " resigned")
	if !g.S.Over {
		g.askAgain()
		g.run()
	}
	return nil
}

// askAgain drops the questions waiting for other players, none of them
// answered yet, when a player leaves between two answers: what leaving
// does (their cards go, their effects end) happens first, and each
// question is then asked again as it now stands, without options the
// leaving player took with them. A question some answers are in for
// (sealed, asked of several at once) is left as it is.
func (g *machine) askAgain() {
	for _, a := range g.S.Answers {
		if a != nil {
			return
		}
	}
	g.S.Pending, g.S.Answers = g.S.Pending[:0], g.S.Answers[:0]
}

// CanResign reports whether a seat may concede now.
func (g *machine) CanResign(p int) bool {
	if g.Rs.Concede == nil || g.S.Over {
		return false
	}
	f := state.Frame{You: state.Seat(p), Player: state.Seat(p), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
	ok, err := g.EvalBool(g.Rs.Concede, &f)
	return err == nil && ok
}
