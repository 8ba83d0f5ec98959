package engine

import (
	"math/rand/v2"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// The embedding API: what a program that runs games (a command line, a
// server, a bot, a test) needs. Everything a primitive needs is on the
// machine, which primitives see as a model.Context.

// Over reports whether the game has ended.
func (g *Game) Over() bool {
	return g.m.Over()
}

// Winners lists the seats that won.
func (g *Game) Winners() []int {
	return g.m.Winners()
}

// Outcome describes how the game ended ("" while it runs).
func (g *Game) Outcome() string {
	return g.m.Outcome()
}

// OutcomeKind sums up how the game ended: "" (still running), "win",
// "draw", "loss" (the players of a game played together lost) or "error".
func (g *Game) OutcomeKind() string {
	return g.m.OutcomeKind()
}

// OutcomeReason is why the game ended, as the win or the draw said it ("" when
// it gave no reason, and while the game runs); for a game stopped by an
// error, the error. The seats who won are not part of it.
func (g *Game) OutcomeReason() string {
	return g.m.OutcomeReason()
}

// Err returns the runtime error that stopped the game, if any. A game that is
// neither over nor waiting for an answer can never go on: that is an error
// too, named by the step the game is at (the engine stops such a game with
// that error itself; a state put together by hand can still be in it).
func (g *Game) Err() error {
	return g.m.Err()
}

// Pending returns the decisions waiting for an answer.
func (g *Game) Pending() []state.Decision {
	return g.m.Pending()
}

// Next returns the first decision waiting for an answer (Pending()[0]),
// without making the list: a program that answers one decision at a time
// (a simulation, a playout) asks for it after every answer.
func (g *Game) Next() (state.Decision, bool) {
	return g.m.Next()
}

// PendingFor returns the open decision of a seat, if any.
func (g *Game) PendingFor(player int) (*state.Decision, bool) {
	return g.m.PendingFor(player)
}

// Answer gives a seat's answer to its pending decision. An illegal answer is
// refused with the reason and changes nothing.
func (g *Game) Answer(player int, a state.Answer) error {
	return g.m.Answer(player, a)
}

// Resign makes a player concede, when the ruleset allows it now.
func (g *Game) Resign(p int) error {
	return g.m.Resign(p)
}

// CanResign reports whether a seat may concede now.
func (g *Game) CanResign(p int) bool {
	return g.m.CanResign(p)
}

// WatchResign keeps, for each seat given, the first moment from now on at
// which the rules let it resign, so that ResignAtPoint can resign it there
// when the engine has played past that moment without asking the seat
// anything. It forgets the moments kept before; with no seat it stops.
func (g *Game) WatchResign(seats ...int) {
	g.m.WatchResign(seats...)
}

// ResignAtPoint goes back to the moment WatchResign kept for seat p and
// resigns p there; what was played after that moment is undone.
func (g *Game) ResignAtPoint(p int) error {
	return g.m.ResignAtPoint(p)
}

// ResignMoment is the moment WatchResign kept for a seat.
type ResignMoment struct {
	Turn int // the turn it was in
}

// Forced lists the questions the engine answered itself since the game
// began, in order, when the game keeps them (Options.KeepForced). The
// list is the game's: read it, do not keep it.
func (g *Game) Forced() []Forced { return g.m.forced }

// KeepForced starts keeping the questions the engine answers itself, from
// now on, as Options.KeepForced does from the start (a game resumed from
// a save, say).
func (g *Game) KeepForced() { g.m.keepForced = true }

// ResignPoint is the moment WatchResign kept for seat p, and whether one
// was kept.
func (g *Game) ResignPoint(p int) (ResignMoment, bool) {
	for _, rp := range g.m.resignPoints {
		if rp.seat != p || rp.at == nil {
			continue
		}
		return ResignMoment{Turn: rp.at.Turn}, true
	}
	return ResignMoment{}, false
}

// Clone returns an independent copy of the game. Several goroutines may
// copy one game at the same time, as long as none of them plays it (or
// answers, saves into it, starts another game in its memory) meanwhile:
// making a copy only reads the game, but for a mark it sets atomically
// (so that the next game made in its memory leaves the copy's lists
// alone).
func (g *Game) Clone() *Game {
	return &Game{m: g.m.Clone()}
}

// CloneInto is Clone into the memory of dst, a copy made by Clone,
// CloneInto, Determinize or DeterminizeInto that is no longer used, nor the
// decisions it gave (nil: a new one). It returns the copy: a bot that
// tries several answers on one sampled world copies that world into the
// same memory for each.
func (g *Game) CloneInto(dst *Game) *Game {
	if dst == nil {
		return g.Clone()
	}
	dst.m = g.m.cloneInto(dst.m)
	return dst
}

// Checkpoint records the game as it is now.
func (g *Game) Checkpoint() Checkpoint {
	return g.m.Checkpoint()
}

// Rewind goes back to cp for seat, or says why it may not (RewindRefusal).
func (g *Game) Rewind(cp Checkpoint, seat int) error {
	return g.m.Rewind(cp, seat)
}

// RewindRefusal says why seat may not go back to cp, or "" when it may: when
// another seat has answered or been asked anything (even a question with one
// answer tells something about their cards), something random happened, or
// the seat has seen a card it did not know.
func (g *Game) RewindRefusal(cp Checkpoint, seat int) string {
	return g.m.RewindRefusal(cp, seat)
}

// Ruleset is the machine's Ruleset.
func (g *Game) Ruleset() *model.Ruleset {
	return g.m.Ruleset()
}

// Players is the machine's Players.
func (g *Game) Players() int {
	return g.m.Players()
}

// Mode is the machine's Mode.
func (g *Game) Mode() string {
	return g.m.Mode()
}

// ActionLabels lists the labels every action of the ruleset would have for
// a seat, legal now or not: one per card in the zone an action draws on.
// A test that an option is absent means something only for these.
func (g *Game) ActionLabels(seat int) []string {
	return g.m.ActionLabels(seat)
}

// ActionsLabelled lists the actions of the ruleset that would have this
// label (case does not matter) for a seat, legal now or not.
func (g *Game) ActionsLabelled(seat int, label string) []int {
	return g.m.ActionsLabelled(seat, label)
}

// WindowActions lists the actions the window that asked an action decision
// may offer (act or priority), legal now or not; nil when the decision was
// not asked by such a window.
func (g *Game) WindowActions(d *state.Decision) []int {
	return g.m.WindowActions(d)
}

// ActionLabel is how a seat sees an action's label, with a source card (or -1).
func (g *Game) ActionLabel(action string, card, seat int) string {
	return g.m.ActionLabel(action, card, seat)
}

// WhyNot explains why a player cannot take an action (with a source card, or -1)
// now: the failed timing, condition or cost. It returns "" when the action is legal.
func (g *Game) WhyNot(player int, action string, card int) string {
	return g.m.WhyNot(player, action, card)
}

// CardFits reports whether a card passes an action's filter: whether it is
// the kind of card the action is for at all, whatever the moment.
func (g *Game) CardFits(player int, action string, card int) bool {
	return g.m.CardFits(player, action, card)
}

// Permitted reports whether a player may take an action (with a source
// card, or -1) at this moment but for its costs: the card is in the
// action's zone and fits its filter, and its timing and condition hold.
func (g *Game) Permitted(player int, action string, card int) bool {
	return g.m.Permitted(player, action, card)
}

// CardLabel is how a seat names a card: its name if the seat knows it.
func (g *Game) CardLabel(c, seat int) string {
	return g.m.CardLabel(c, seat)
}

// Determinize returns a copy of the game in which every card the seat does
// not know has been swapped at random with another card it does not know. The
// copy agrees with everything the seat has seen, so a bot can search it
// without peeking at hidden information. The copy's generator is reseeded
// from r, so the seat cannot learn the real future draws either.
func (g *Game) Determinize(seat int, r *rand.Rand) *Game {
	return &Game{m: g.m.Determinize(seat, r)}
}

// DeterminizeInto is Determinize into the memory of dst, a copy made by
// Determinize or DeterminizeInto that is no longer used, nor the decisions
// it gave (nil: a new one).
// It returns the copy: a bot that samples many worlds, one after another,
// reuses one copy's memory instead of making every one anew.
func (g *Game) DeterminizeInto(dst *Game, seat int, r *rand.Rand) *Game {
	if dst == nil {
		return g.Determinize(seat, r)
	}
	dst.m = g.m.determinizeInto(dst.m, seat, r)
	return dst
}

// StepBudget is how many steps the game may run between two decisions now:
// limits.steps, or the base and a share per card in the game.
func (g *Game) StepBudget() int {
	return g.m.StepBudget()
}

// CheckStructure verifies that every card is in exactly one zone and every
// index of the state points where it may (the cheap part of CheckState), so
// a damaged save is refused instead of failing later.
func (g *Game) CheckStructure() error {
	return g.m.Rs.CheckStructure(g.m.S)
}

// EvalQuery evaluates a compiled query with values for its variables, for
// seat you (the player `you` names).
func (g *Game) EvalQuery(e *model.Expr, you int, vals []state.Val) (any, error) {
	return g.m.EvalQuery(e, you, vals)
}
