package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// changed marks parts of the state as changed: the state checks that read
// them run again, and derived values are derived again before they are next
// read.
func (g *machine) changed(parts model.ReadSet) {
	if g.checksDue(parts) {
		g.S.Dirty = true
		g.Evaluator.Touch(parts)
		return
	}
	u := g.S.Untouched
	g.Evaluator.Touch(parts)
	g.S.Untouched = u
}

// Touch tells the evaluator of a change, and makes the state checks due
// when one reads what changed: every change the engine makes is one a
// check may read (a check of the turn alone runs when the turn moves on).
func (g *machine) Touch(parts model.ReadSet) {
	if g.checksDue(parts) {
		g.S.Dirty = true
	}
	g.Evaluator.Touch(parts)
}

// changedSeats is changed for a change of the zones and player properties
// of the seats marked in seats only (bit p).
func (g *machine) changedSeats(parts model.ReadSet, seats uint64) {
	if g.checksDue(parts) {
		g.S.Dirty = true
		g.TouchSeats(parts, seats)
		return
	}
	u := g.S.Untouched
	g.TouchSeats(parts, seats)
	g.S.Untouched = u
}

// checksDue reports whether a change of parts makes the state checks due
// (State.Dirty): when some check reads them (checkParts), when a check held
// the last time (it is tried again at any change, as runChecks says), when
// a player left the game (who is left is settled there), or while changes
// are verified. A change no check reads is recorded (State.Changed) and
// leaves the seats it changed as untouched as they were for the checks
// (State.Untouched): runChecks would find nothing to try for it.
func (g *machine) checksDue(parts model.ReadSet) bool {
	return g.checkParts&parts != 0 || parts&model.ReadsAnything != 0 || g.S.Held != 0 || g.S.Eliminated || g.Der.Verify
}

// zoneSeat is the seat bit of a zone instance's owner: none for a zone of
// the game, which is no seat's part (a check that reads it reads it of
// every seat), every bit for an owner past the bits there are. A zone's
// owner is the seat its place stands for (Ruleset.CheckStructure).
func (g *machine) zoneSeat(zi int) uint64 {
	switch o := g.S.Zones[zi].Owner; {
	case o < 0:
		return 0
	case o >= 64:
		return ^uint64(0)
	default:
		return 1 << o
	}
}

// modifierParts is the part of the state a modifier changes.
func (g *machine) modifierParts(m *state.Modifier) model.ReadSet {
	switch {
	case m.Keyword != 0:
		return model.ReadsCardFields
	case m.Card >= 0:
		return g.Rs.CardPropReads(int(m.Prop))
	}
	return g.Rs.PlayerPropReads(int(m.Prop))
}

// pushRoot starts a root effect with fresh variable slots.
func (g *machine) pushRoot(prog int, you, this int, ev state.Event) {
	p := g.Rs.Programs[prog]
	base := len(g.S.Vars)
	for i := 0; i < p.NVars; i++ {
		g.S.Vars = append(g.S.Vars, state.Val{N: -1})
	}
	g.S.Frames = append(g.S.Frames, state.Frame{Prog: int32(prog), Base: int32(base), Root: true, You: state.Seat(you), This: state.CardRef(this), Card: state.CardRef(this), Player: state.Seat(you), Event: ev})
}

// Call runs a nested program of the same effect as a child of frame f.
// f must not be used after Call: the frame list may have moved.
func (g *machine) Call(f *state.Frame, prog int) {
	f.Begun = true
	child := *f
	child.Prog = int32(prog)
	child.PC = 0
	child.Root = false
	g.S.Frames = append(g.S.Frames, child)
}

// CallTogether runs a nested program whose steps happen at once: the
// state-based checks, which would run before and after each effect its
// steps set off, wait until it is done.
func (g *machine) CallTogether(f *state.Frame, prog int) {
	g.Call(f, prog)
	g.S.Frames[len(g.S.Frames)-1].Together = true
}

// CallRoot runs a root program (an action's effect, a card's ability) for a player.
func (g *machine) CallRoot(prog int, you, this int, ev state.Event) { g.pushRoot(prog, you, this, ev) }

func (g *machine) fail(err error) {
	if g.S.Over {
		return
	}
	g.S.Over = true
	g.S.Error = err.Error()
	g.S.Outcome = "error"
	g.logf(-1, "error", -1, "The game stopped: %s", err.Error())
	g.endEffects()
}

// run executes steps until a decision is pending or the game is over.
func (g *machine) run() {
	s := g.S
	defer func() {
		if r := recover(); r != nil {
			g.fail(fmt.Errorf("internal error: %v", r))
		}
	}()
	ended := false // an effect has just ended
	for !s.Over {
		if len(g.resignPoints) > 0 && g.watchingResign() {
			g.keepResignPoints()
		}
		if len(s.Answers) > 0 && g.waiting() {
			return
		}
		if len(s.Triggered) > 0 {
			g.takeTriggered()
			continue
		}
		// state checks run between effects (see checkPoint), when they
		// are due: most turns of the loop they are not, and the point is
		// not looked for
		point := ended
		ended = false
		if s.Dirty && (point || g.checkPoint()) && !g.checking() {
			s.Dirty = false
			g.runChecks()
			continue
		}
		if len(s.Frames) == 0 {
			// the turn structure moving on counts as a step (turnsRunaway)
			if g.watch.budget == 0 {
				g.startBudget()
			}
			if s.Steps++; s.Steps > g.watch.budget {
				g.turnsRunaway()
				return
			}
			g.advance()
			continue
		}
		fi := len(s.Frames) - 1
		f := &s.Frames[fi]
		prog := g.Rs.Programs[f.Prog]
		if int(f.PC) >= len(prog.Steps) {
			if f.Root {
				s.Vars = s.Vars[:f.Base]
				ended = true
			}
			s.Frames = s.Frames[:fi]
			if len(s.Withdrawn) > 0 {
				// a mark outlives no frame: the next frame at this depth is another action
				s.Withdrawn = slices.DeleteFunc(s.Withdrawn, func(i int32) bool { return int(i) >= fi })
			}
			continue
		}
		step := prog.Steps[f.PC]
		for {
			if g.watch.budget == 0 {
				g.startBudget()
			}
			s.Steps++
			if s.Steps > g.watch.from && g.runaway(step) {
				return
			}
			g.Cur = f
			st, err := step.Prim.Exec(g, f, step)
			if err != nil {
				if !errors.Is(err, model.ErrNobodyToAsk) || !g.someoneLeft() {
					// nobody to ask while every player is in: an error
					// of the rules, not a player gone
					g.fail(fmt.Errorf("%s: %s: %w", step.Pos, step.Prim.Name, err))
					return
				}
				g.leaveOut(fi)
				st = model.Next
			}
			if err := g.Der.Err; err != nil {
				// a static's expression failed while the step read a property
				g.fail(fmt.Errorf("%s: %s: %w", step.Pos, step.Prim.Name, err))
				return
			}
			if err := g.logFull; err != nil {
				g.logFull = nil
				g.fail(fmt.Errorf("%s: %s: %w", step.Pos, step.Prim.Name, err))
				return
			}
			if st == model.Suspend {
				if !g.waiting() {
					// nobody is asked anything and the game is not over: it
					// could never go on, so it stops here, at this step
					g.fail(fmt.Errorf("%s: %s: %s", step.Pos, step.Prim.Name, errStalled))
				}
				return
			}
			if st != model.Next || fi >= len(s.Frames) {
				break
			}
			if int(s.Frames[fi].PC) >= len(prog.Steps) {
				break // the step ended its effect (a player left): it pops next
			}
			s.Frames[fi].PC++
			// the frame's next step at once when nothing came between: no
			// frame pushed, nothing triggered, nobody asked, the game not
			// over. The loop above would find the same: past a frame's
			// first step is no point for the state checks.
			if fi != len(s.Frames)-1 || len(s.Triggered) > 0 || len(s.Pending) > 0 || s.Over {
				break
			}
			f = &s.Frames[fi]
			if int(f.PC) >= len(prog.Steps) {
				break
			}
			step = prog.Steps[f.PC]
		}
	}
}

// takeTriggered starts the abilities that triggered.
func (g *machine) takeTriggered() {
	s := g.S
	// the list is taken in turns with a spare, so that triggering does
	// not make a new one each time
	tr := s.Triggered
	s.Triggered = g.trigSpare[:0]
	// abilities that use the stack go on it in the order they triggered
	// (the last resolves first); the others run at once, the first to
	// trigger first
	for _, t := range tr {
		if g.Rs.Programs[t.Prog].Stack {
			g.pushTriggered(t)
		}
	}
	for i := len(tr) - 1; i >= 0; i-- {
		t := tr[i]
		if !g.Rs.Programs[t.Prog].Stack {
			g.pushRoot(int(t.Prog), int(t.You), int(t.This), t.Event)
		}
	}
	g.trigSpare = tr[:0]
}

func (g *machine) waiting() bool {
	for _, a := range g.S.Answers {
		if a == nil {
			return true
		}
	}
	return false
}

// advance moves the turn structure on when no effect is running.
func (g *machine) advance() {
	s := g.S
	rs := g.Rs
	switch {
	case s.Phase == state.StageSetup:
		s.Phase = state.StageBetween
		g.Touch(model.ReadsPhase)
	case s.Phase == state.StageBetween:
		if rs.TurnLimit > 0 && s.Turn >= rs.TurnLimit && rs.Together {
			// players against the game who have not won in time have lost
			g.loseTogether(s.Active, fmt.Sprintf("turn limit (%d turns) reached", rs.TurnLimit))
			return
		}
		if rs.TurnLimit > 0 && s.Turn >= rs.TurnLimit {
			s.Over = true
			s.Outcome = fmt.Sprintf("draw: turn limit (%d turns) reached", rs.TurnLimit)
			g.logf(-1, "over", -1, "The game ends in a draw: the turn limit of %d turns was reached.", rs.TurnLimit)
			return
		}
		if s.Turn > 0 {
			if n := len(s.ExtraTurns); n > 0 {
				s.Active = int(s.ExtraTurns[0])
				s.ExtraTurns = s.ExtraTurns[1:]
			} else if rs.NextTurn != nil {
				f := g.ruleFrame(s.Active)
				p, err := g.EvalPlayer(rs.NextTurn, f)
				g.ReleaseFrame()
				if err != nil {
					g.fail(err)
					return
				}
				if p < 0 {
					// nothing is no player: never a silent default
					g.fail(fmt.Errorf("%s: turn.next %q gives no player to take the next turn", rs.NextTurn.Pos, rs.NextTurn.Src))
					return
				}
				if s.Players[p].Lost {
					p = g.NextLive(s.Active)
				}
				s.Active = p
			} else {
				s.Active = g.NextLive(s.Active)
			}
		}
		if rs.TurnLimit > 0 {
			// the turn limit ends turns that go on without anyone asked
			// anything: the budget is one turn's, so that the game reaches
			// its limit (a draw) rather than stopping as a runaway
			s.Steps, g.watch = 0, stepWatch{}
		}
		s.Turn++
		s.TurnDecSeq = s.DecSeq
		if !s.NoLog {
			g.logf(-1, "turn", s.Active, "Turn %d: %s.", s.Turn, g.SeatName(s.Active))
		}
		s.Phase = 0 // the first phase
		g.Touch(model.ReadsTurn | model.ReadsPhase)
		g.enterPhase()
		if g.hearsTurn(heardTurnStart) {
			g.emit(&state.Event{Name: g.SymTurnStart, Player: state.Seat(s.Active), Card: state.NoCard, Source: state.NoCard})
		}
	case s.Phase.InPhase(len(rs.Phases)):
		// the phase's body finished; a phase ends only on an empty stack
		if len(s.Stack) > 0 {
			g.drainStack()
			return
		}
		s.Draining = false
		g.expire(state.UntilPhase)
		g.expirePhase(int(s.Phase))
		if g.hearsTurn(heardPhaseEnd) {
			g.emit(&state.Event{Name: g.SymPhaseEnd, Player: state.Seat(s.Active), Card: state.NoCard, Source: state.NoCard, From: rs.PhaseSyms[s.Phase]})
		}
		s.Phase++
		if int(s.Phase) >= len(rs.Phases) {
			s.Phase = state.Stage(len(rs.Phases))
			g.Touch(model.ReadsPhase)
			if g.hearsTurn(heardTurnEnd) {
				g.emit(&state.Event{Name: g.SymTurnEnd, Player: state.Seat(s.Active), Card: state.NoCard, Source: state.NoCard})
			}
			return
		}
		g.Touch(model.ReadsPhase)
		g.enterPhase()
	default: // turn ended and its end triggers ran
		if len(s.Stack) > 0 {
			g.drainStack()
			return
		}
		s.Draining = false
		g.expire(state.UntilTurn)
		s.Phase = state.StageBetween
		g.Touch(model.ReadsPhase)
	}
}

// drainStack empties the stack when a phase's steps are over but items
// remain (abilities that triggered where nobody gets priority): first with
// the turn's drain_stack steps, once per phase, then, if items are still
// left, by resolving them one at a time.
func (g *machine) drainStack() {
	if g.Rs.DrainStack >= 0 && !g.S.Draining {
		g.S.Draining = true
		g.pushRoot(g.Rs.DrainStack, g.S.Active, -1, state.Event{Card: state.NoCard, Source: state.NoCard, Player: state.Seat(g.S.Active)})
		return
	}
	g.ResolveTop()
}

// pushTriggered puts a triggered ability on the stack.
func (g *machine) pushTriggered(t state.Frame) {
	g.PushStack(int(t.Prog), int(t.You), int(t.This))
	it := &g.S.Stack[len(g.S.Stack)-1]
	it.Trigger, it.Event = true, g.keepEvent(t.Event)
	if t.This >= 0 && g.Logging() {
		g.logCards(-1, "trigger", int(t.You), []int{int(t.This)}, "{cards} triggers: its ability goes on the stack.")
	}
}

// enterPhase starts phase s.Phase, skipping phases whose skip_if holds.
func (g *machine) enterPhase() {
	s := g.S
	for int(s.Phase) < len(g.Rs.Phases) {
		ph := g.Rs.Phases[s.Phase]
		// the turn's skip_if first, then the phase's own: either skips it
		skip, err := false, error(nil)
		if ph.TurnSkip != nil {
			skip, err = g.ruleCond(ph.TurnSkip, g.skipSlots[s.Phase].turn, s.Active)
		}
		if err == nil && !skip && ph.Skip != nil {
			skip, err = g.ruleCond(ph.Skip, g.skipSlots[s.Phase].own, s.Active)
		}
		if err != nil {
			g.fail(err)
			return
		}
		if g.Coverage != nil {
			g.coverPhase(ph, skip)
		}
		if skip {
			s.Phase++
			g.Touch(model.ReadsPhase)
			continue
		}
		g.pushRoot(ph.Body, s.Active, -1, state.Event{Card: state.NoCard, Source: state.NoCard, Player: state.Seat(s.Active)})
		if ph.Announce != nil {
			if err := g.LogTemplate("note", -1, &s.Frames[len(s.Frames)-1], ph.Announce); err != nil {
				g.fail(err)
				return
			}
		}
		if g.hearsTurn(heardPhaseStart) {
			g.emit(&state.Event{Name: g.SymPhaseStart, Player: state.Seat(s.Active), Card: state.NoCard, Source: state.NoCard, To: g.Rs.PhaseSyms[s.Phase]})
		}
		return
	}
	// every remaining phase skipped: end the turn
	if g.hearsTurn(heardTurnEnd) {
		g.emit(&state.Event{Name: g.SymTurnEnd, Player: state.Seat(s.Active), Card: state.NoCard, Source: state.NoCard})
	}
}

// SetFirstPlayer makes a player the one who takes the first turn; only the
// ruleset's setup may, before the first turn begins.
func (g *machine) SetFirstPlayer(p int) error {
	if g.S.Phase != state.StageSetup {
		return fmt.Errorf("who takes the first turn is decided in the setup, before the first turn")
	}
	g.S.First, g.S.Active = p, p
	g.Touch(model.ReadsTurn)
	return nil
}

// AddExtraTurn queues an extra turn for a player, after those already queued.
// A player who has left the game takes no turn: an extra turn given to one
// is dropped, as those queued for them are when they leave (Lose).
func (g *machine) AddExtraTurn(p int) {
	if p >= 0 && p < len(g.S.Players) && g.S.Players[p].Lost {
		return
	}
	g.S.ExtraTurns = append(g.S.ExtraTurns, int8(p))
}

// runChecks evaluates the state-based checks for every player still in the
// game, the active player first, and runs the effects of those that hold as
// one batch: while a batch runs, no checks run, so the players it eliminates
// are eliminated together (all of them at once is a draw).
func (g *machine) runChecks() {
	s := g.S
	if g.settleEliminations() {
		return
	}
	type fired struct {
		ch *model.Check
		p  int
	}
	changed := model.ReadSet(s.Changed)
	if changed == 0 {
		changed = model.ReadsAnything
	}
	held, untouched := s.Held, s.Untouched
	// the seats' bits only, a number a save's JSON keeps exactly
	s.Changed, s.Held, s.Untouched = 0, 0, 1<<min(g.Nseats, 52)-1
	if held == 0 && !g.checkParts.Touches(changed) && !g.Der.Verify {
		// no check held the last time, and none reads what changed: none
		// holds now (each is skipped below for the same reason)
		return
	}
	var batch []fired
	for i := 0; i < g.Nseats; i++ {
		p := (s.Active + i) % g.Nseats
		if s.Players[p].Lost || s.Over {
			continue
		}
		for ci, ch := range g.Rs.Checks {
			// a check that did not hold, none of whose parts changed since,
			// does not hold now
			bit := uint64(ci*g.Nseats + p)
			skip := bit < 64 && held&(1<<bit) == 0 && !ch.Reads.Touches(changed)
			if !skip && bit < 64 && held&(1<<bit) == 0 && p < 64 && untouched&(1<<p) != 0 {
				// what changed of its own seat's parts was another seat's
				skip = !(ch.Reads &^ ch.OwnReads).Touches(changed)
			}
			if skip && !g.Der.Verify {
				continue
			}
			f := g.ruleFrame(p)
			ok, err := g.EvalBool(ch.Cond, f)
			g.ReleaseFrame()
			if err != nil {
				g.fail(err)
				return
			}
			if ok && skip {
				g.fail(fmt.Errorf("internal error: the state check %q holds for %s, but no part of the state it reads changed", ch.Name, g.SeatName(p)))
				return
			}
			if ok {
				batch = append(batch, fired{ch, p})
				if bit < 64 {
					s.Held |= 1 << bit
				}
			}
		}
	}
	// pushed last to first, so the first that fired runs first
	for i := len(batch) - 1; i >= 0; i-- {
		b := batch[i]
		g.covered("check ", b.ch.Name)
		g.pushRoot(b.ch.Effect, b.p, -1, state.Event{Card: state.NoCard, Source: state.NoCard, Player: state.Seat(b.p)})
		s.Frames[len(s.Frames)-1].Check = true
	}
}

// checkPoint reports whether the game stands between effects, where the
// state checks run: no effect is running, or one is about to start (an
// action, a stack item resolving, a phase's steps, an effect an event set
// off). The end of an effect is another such moment, and so is a window
// about to ask a player to act (ChecksFirst); between two steps of one
// effect there is none, so an effect's steps are one event whatever their
// order.
func (g *machine) checkPoint() bool {
	n := len(g.S.Frames)
	return n == 0 || g.S.Frames[n-1].Root && g.S.Frames[n-1].PC == 0 && !g.S.Frames[n-1].Begun
}

// ChecksFirst is called by a step about to ask a player to act (a window):
// when the state changed since the checks last ran and no effect holds them,
// they run now. When something came of them (an effect to run, an ability
// triggered, the game over, the state changed again) it reports true, and
// the step returns Stay, to run again once that is done; when nothing did,
// false, and the step goes on as if they had run before it (as they would
// have, the machine's loop coming round to them first: only the step's
// run again is spared).
func (g *machine) ChecksFirst() bool {
	s := g.S
	if !s.Dirty || g.checking() {
		return false
	}
	frames, triggered := len(s.Frames), len(s.Triggered)
	s.Dirty = false
	g.runChecks()
	return s.Over || s.Dirty || len(s.Frames) != frames || len(s.Triggered) != triggered
}

// checking reports whether the effects of a batch of checks are still running.
func (g *machine) checking() bool {
	for i := range g.S.Frames {
		if g.S.Frames[i].Check || g.S.Frames[i].Together {
			return true
		}
	}
	return false
}

func (g *machine) frameIndex(f *state.Frame) int {
	// from the top: the frame running a step is the top one, most often
	for i := len(g.S.Frames) - 1; i >= 0; i-- {
		if &g.S.Frames[i] == f {
			return i
		}
	}
	return len(g.S.Frames) - 1
}

// Var reads a variable slot of frame f.
func (g *machine) Var(f *state.Frame, slot int) state.Val { return g.S.Vars[int(f.Base)+slot] }

// SetVar writes a variable slot of frame f.
func (g *machine) SetVar(f *state.Frame, slot int, v state.Val) { g.S.Vars[int(f.Base)+slot] = v }

// MarkDirty asks for the state-based checks to run at the next moment between
// effects.
func (g *machine) MarkDirty() { g.changed(model.ReadsAnything) }

// FrameIndex is the position of a frame in the running effects.
func (g *machine) FrameIndex(f *state.Frame) int { return g.frameIndex(f) }

// CallAs runs a nested program of frame f's effect with `you` set to player p.
func (g *machine) CallAs(f *state.Frame, prog, p int) {
	f.Begun = true
	child := *f
	child.Prog = int32(prog)
	child.PC = 0
	child.Root = false
	child.You, child.Player = state.Seat(p), state.Seat(p)
	g.S.Frames = append(g.S.Frames, child)
}

// CallWithCard runs a nested program with `card` bound to c.
func (g *machine) CallWithCard(f *state.Frame, prog, c int) {
	f.Begun = true
	child := *f
	child.Prog = int32(prog)
	child.PC = 0
	child.Root = false
	child.Card = state.CardRef(c)
	g.S.Frames = append(g.S.Frames, child)
}

// seatFrame is a scratch frame (TempFrame) for seat p and card c (or
// state.NoCard): p is you and the player, c this and the card, with no
// event. It is written in place, not built and copied: conditions of the
// rules and of actions take one at each evaluation.
func (g *machine) seatFrame(p int, c state.CardRef) *state.Frame {
	f := g.ScratchFrame()
	*f = state.Frame{You: state.Seat(p), Player: state.Seat(p), This: c, Card: c, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
	return f
}

// ruleFrame is seatFrame for a condition of the rules: no card.
func (g *machine) ruleFrame(p int) *state.Frame { return g.seatFrame(p, state.NoCard) }

// ruleCond evaluates a condition of the rules for a player, in a frame of
// the rules (no card, no event): a phase's skip_if. What it gives is kept
// in slot (ruleSlot; none when negative) while the parts of the state it
// reads are as they were: the turn's skip_if is one expression tried at
// every phase, and most phases change nothing it reads.
func (g *machine) ruleCond(e *model.Expr, slot int, player int) (bool, error) {
	var m *termMemo
	var version uint64
	if slot >= 0 {
		if len(g.ruleKept) < len(g.Rs.Exprs) {
			g.ruleKept = append(g.ruleKept, make([]termMemo, len(g.Rs.Exprs)-len(g.ruleKept))...)
		}
		m = &g.ruleKept[slot]
		reads, own := g.Rs.Derived(e.Reads), e.OwnReads
		if reads != e.Reads {
			own &^= g.Rs.StaticDeps // what the statics read, of every seat
		}
		version = g.SeatVersion(reads, own, player)
		if m.set && m.s == g.S && m.version == version && m.player == player && !g.Der.Verify {
			return m.ok, nil
		}
	}
	f := g.ruleFrame(player)
	ok, err := g.EvalBool(e, f)
	g.ReleaseFrame()
	if err != nil {
		return false, err
	}
	if m != nil {
		if g.Der.Verify && m.set && m.s == g.S && m.version == version && m.player == player && m.ok != ok {
			return false, fmt.Errorf("internal error: what %s gives changed, but no part of the state it reads did", e.Src)
		}
		m.s, m.version, m.player, m.ok, m.set = g.S, version, player, ok, true
	}
	return ok, nil
}

// ruleSlots are where ruleCond keeps what a phase's two skip_if give.
type ruleSlots struct{ turn, own int }

// ruleSlot is where ruleCond keeps what a condition of the rules gives:
// the index of the expression (the one written first with the same text,
// which keeps the value for both), or -1 for one whose value cannot be
// kept (it reads the frame) or that is not the ruleset's.
func ruleSlot(rs *model.Ruleset, e *model.Expr) int {
	if e == nil {
		return -1
	}
	kept := e
	if s := e.Same; s != nil {
		kept = s
	}
	if kept.Index < 0 || kept.Index >= len(rs.Exprs) || rs.Exprs[kept.Index] != kept || e.ReadsFrame() {
		return -1
	}
	return kept.Index
}

// leaveOut ends frame fi (the block the step is in: a branch, a procedure's
// body, one round of a loop) and those above it, whose step would ask
// nobody once a player has left (the player an attacker attacked, read once
// the attacker left with its player), as a choice of a player who left is
// left out (endAsking). Nobody to ask while every player is in is an error.
func (g *machine) leaveOut(fi int) {
	g.endFrames(fi)
	if g.Logging() {
		g.logf(-1, "left", -1, "Nobody is left to choose: what asked is not done.")
	}
}

// someoneLeft tells whether a player has left the game (lost or resigned).
func (g *machine) someoneLeft() bool {
	for _, p := range g.S.Players {
		if p.Lost {
			return true
		}
	}
	return false
}
