package interpreter

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// Options configure a new game.
type Options struct {
	Players int
	Seed    uint64
	Decks   []string // per seat; empty entries use the ruleset's first deck
	Mode    string   // a game mode the ruleset declares, or ""
	NoLog   bool     // keep no text log (simulations); replays and views of the log need it
	// Setup, when set, places the game in a chosen position instead of
	// running the ruleset's setup (scenario tests, puzzles).
	Setup *Setup
	// Coverage, when set, counts every action, trigger and check that runs
	// under its name (arbiter test --coverage).
	Coverage map[string]int
}

// Game is one game in progress: the evaluator (the read-only ruleset, the
// mutable state, and scratch space for evaluating expressions) and the
// machine's own registers. A Game is not safe for concurrent use; clone it
// for another goroutine.
type Game struct {
	Evaluator
	decks    []int
	checkNow bool      // a window waits for the state checks (ChecksFirst)
	watch    stepWatch // the step budget of the steps running now
}

var errGameOver = errors.New("the game is over")

// New starts a game: it picks the first player, runs the setup and plays until
// the first decision.
func New(rs *Ruleset, o Options) (*Game, error) {
	if o.Setup != nil {
		return newFromSetup(rs, o, *o.Setup)
	}
	return newDealt(rs, o)
}

// newDealt starts a game the way the ruleset sets it up.
func newDealt(rs *Ruleset, o Options) (*Game, error) {
	if o.Players == 0 {
		o.Players = rs.MinPlayers
	}
	if err := CheckOptions(rs, o); err != nil {
		return nil, err
	}
	g := newGame(rs, o.Players)
	g.Coverage = o.Coverage
	for i := 0; i < o.Players; i++ {
		d := 0
		if i < len(o.Decks) && o.Decks[i] != "" {
			ix, ok := rs.deckIx[o.Decks[i]]
			if !ok {
				return nil, fmt.Errorf("%s has no deck %q", rs.Name, o.Decks[i])
			}
			d = ix
		} else if len(rs.Decks) == 0 {
			d = -1
		}
		g.decks[i] = d
	}
	s, err := newState(rs, o)
	if err != nil {
		return nil, err
	}
	g.S = s
	s.Phase = StageBetween
	s.First = g.rand(o.Players)
	s.Active = s.First
	g.logf(-1, "start", s.First, "%s starts.", g.seatName(s.First))
	g.pushRoot(rs.Setup, s.First, -1, Event{Card: -1, Player: int8(s.First)})
	s.Turn = 0
	s.Phase = StageSetup
	g.run()
	return g, nil
}

func newGame(rs *Ruleset, n int) *Game {
	g := &Game{decks: make([]int, n)}
	g.rs, g.nseats, g.env = rs, n, map[string]any{}
	g.env["$c"] = &g.Evaluator
	g.zoneAt = make([]int, len(rs.Zones))
	at := 0
	for k, z := range rs.Zones {
		g.zoneAt[k] = at
		if z.PerPlayer {
			at += n
		} else {
			at++
		}
	}
	g.players = make([]int, n)
	for i := range g.players {
		g.players[i] = i
	}
	sym := func(s string) int64 {
		if i, ok := rs.symbolIx[s]; ok {
			return int64(i)
		}
		return -2
	}
	g.symEnter, g.symLeave, g.symDraw, g.symShuffle = sym("enter"), sym("leave"), sym("draw"), sym("shuffle")
	g.symTurnStart, g.symTurnEnd, g.symPhaseStart, g.symPhaseEnd = sym("turn_start"), sym("turn_end"), sym("phase_start"), sym("phase_end")
	g.symReveal, g.symAction, g.symResolve = sym("reveal"), sym("action"), sym("resolve")
	g.symLost = sym("lost")
	return g
}

// Ruleset returns the game's ruleset.
func (g *Evaluator) Ruleset() *Ruleset { return g.rs }

// Players returns the number of seats.
func (g *Evaluator) Players() int { return g.nseats }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := newGameShallow(g)
	c.S = g.S.Clone()
	return c
}

func newGameShallow(g *Game) *Game {
	c := &Game{decks: g.decks}
	c.rs, c.nseats, c.zoneAt, c.players, c.env = g.rs, g.nseats, g.zoneAt, g.players, map[string]any{}
	c.env["$c"] = &c.Evaluator
	c.Coverage = g.Coverage
	c.symEnter, c.symLeave, c.symDraw, c.symShuffle = g.symEnter, g.symLeave, g.symDraw, g.symShuffle
	c.symTurnStart, c.symTurnEnd, c.symPhaseStart, c.symPhaseEnd = g.symTurnStart, g.symTurnEnd, g.symPhaseStart, g.symPhaseEnd
	c.symReveal, c.symAction, c.symResolve = g.symReveal, g.symAction, g.symResolve
	c.symLost = g.symLost
	return c
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.S.Over }

// Winners lists the seats that won.
func (g *Game) Winners() []int {
	var out []int
	for i, p := range g.S.Players {
		if p.Won {
			out = append(out, i)
		}
	}
	return out
}

// Outcome describes how the game ended ("" while it runs).
func (g *Game) Outcome() string { return g.S.Outcome }

// Err returns the runtime error that stopped the game, if any. A game that is
// neither over nor waiting for an answer can never go on: that is an error
// too, named by the step the game is at (the engine stops such a game with
// that error itself; a state put together by hand can still be in it).
func (g *Game) Err() error {
	if g.S.Error != "" {
		return errors.New(g.S.Error)
	}
	if !g.S.Over && !g.waiting() {
		return g.stalled()
	}
	return nil
}

// stalled names the step a game that asks nobody anything is at.
func (g *Game) stalled() error {
	if n := len(g.S.Frames); n > 0 {
		f := g.S.Frames[n-1]
		if prog := g.rs.Programs[f.Prog]; int(f.PC) < len(prog.Steps) {
			st := prog.Steps[f.PC]
			return fmt.Errorf("%s: %s: %s", st.Pos, st.Prim.Name, errStalled)
		}
	}
	return fmt.Errorf("turn %d: %s", g.S.Turn, errStalled)
}

// errStalled says why a game that is not over stopped with no decision pending.
const errStalled = "the game stopped without being over and without asking anyone anything"

// Pending returns the decisions waiting for an answer.
func (g *Game) Pending() []Decision {
	var out []Decision
	for i, d := range g.S.Pending {
		if g.S.Answers[i] == nil {
			out = append(out, d)
		}
	}
	return out
}

// PendingFor returns the open decision of a seat, if any.
func (g *Game) PendingFor(player int) (*Decision, bool) {
	for i := range g.S.Pending {
		if g.S.Pending[i].Player == player && g.S.Answers[i] == nil {
			return &g.S.Pending[i], true
		}
	}
	return nil, false
}

func (g *Game) rand(n int) int {
	if n <= 1 {
		return 0
	}
	r := rand.New(&g.S.RNG)
	return r.IntN(n)
}

// Rand draws a number in [0, n) from the game's generator; effect steps use it.
func (g *Game) Rand(n int) int { return g.rand(n) }

func (g *Evaluator) seatName(p int) string {
	if p < 0 {
		return "nobody"
	}
	return SeatName(p)
}

// SeatName returns the name of a seat: p1, p2, ...
func SeatName(p int) string {
	if p >= 0 && p < len(seatNames) {
		return seatNames[p]
	}
	return fmt.Sprintf("p%d", p+1)
}

// Explaining reports whether a cost check should say why it fails; during
// plain legality checks a short reason is enough and cheaper.
func (g *Evaluator) Explaining() bool { return g.explain }

// pushRoot starts a root effect with fresh variable slots.
func (g *Game) pushRoot(prog int, you, this int, ev Event) {
	p := g.rs.Programs[prog]
	base := len(g.S.Vars)
	for i := 0; i < p.NVars; i++ {
		g.S.Vars = append(g.S.Vars, Val{N: -1})
	}
	g.S.Frames = append(g.S.Frames, Frame{Prog: int32(prog), Base: int32(base), Root: true, You: int8(you), This: int32(this), Card: int32(this), Player: int8(you), Event: ev})
}

// Call runs a nested program of the same effect as a child of frame f.
// f must not be used after Call: the frame list may have moved.
func (g *Game) Call(f *Frame, prog int) {
	child := *f
	child.Prog = int32(prog)
	child.PC = 0
	child.Root = false
	g.S.Frames = append(g.S.Frames, child)
}

// CallTogether runs a nested program whose steps happen at once: the
// state-based checks, which would run before and after each effect its
// steps set off, wait until it is done.
func (g *Game) CallTogether(f *Frame, prog int) {
	g.Call(f, prog)
	g.S.Frames[len(g.S.Frames)-1].Together = true
}

// CallRoot runs a root program (an action's effect, a card's ability) for a player.
func (g *Game) CallRoot(prog int, you, this int, ev Event) { g.pushRoot(prog, you, this, ev) }

func (g *Game) fail(err error) {
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
func (g *Game) run() {
	s := g.S
	defer func() {
		if r := recover(); r != nil {
			g.fail(fmt.Errorf("internal error: %v", r))
		}
	}()
	ended := false // an effect has just ended
	for !s.Over {
		if g.waiting() {
			return
		}
		if len(s.Triggered) > 0 {
			tr := s.Triggered
			s.Triggered = nil
			// abilities that use the stack go on it in the order they
			// triggered (the last resolves first); the others run at once,
			// the first to trigger first
			for _, t := range tr {
				if g.rs.Programs[t.Prog].Stack {
					g.pushTriggered(t)
				}
			}
			for i := len(tr) - 1; i >= 0; i-- {
				t := tr[i]
				if !g.rs.Programs[t.Prog].Stack {
					g.pushRoot(int(t.Prog), int(t.You), int(t.This), t.Event)
				}
			}
			continue
		}
		// state checks run between effects (see checkPoint)
		point := ended || g.checkNow || g.checkPoint()
		ended, g.checkNow = false, false
		if point && s.Dirty && !g.checking() {
			s.Dirty = false
			g.runChecks()
			continue
		}
		if len(s.Frames) == 0 {
			g.advance()
			continue
		}
		fi := len(s.Frames) - 1
		f := &s.Frames[fi]
		prog := g.rs.Programs[f.Prog]
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
		if s.Steps == 0 || g.watch.budget == 0 {
			g.startBudget()
		}
		s.Steps++
		if s.Steps > g.watch.from && g.runaway(step) {
			return
		}
		g.cur = f
		st, err := step.Prim.Exec(g, f, step)
		if err != nil {
			g.fail(fmt.Errorf("%s: %s: %w", step.Pos, step.Prim.Name, err))
			return
		}
		if err := g.der.err; err != nil {
			// a static's expression failed while the step read a property
			g.fail(fmt.Errorf("%s: %s: %w", step.Pos, step.Prim.Name, err))
			return
		}
		switch st {
		case Next:
			if fi < len(s.Frames) {
				s.Frames[fi].PC++
			}
		case Suspend:
			if !g.waiting() {
				// nobody is asked anything and the game is not over: it
				// could never go on, so it stops here, at this step
				g.fail(fmt.Errorf("%s: %s: %s", step.Pos, step.Prim.Name, errStalled))
			}
			return
		}
	}
}

func (g *Game) waiting() bool {
	for _, a := range g.S.Answers {
		if a == nil {
			return true
		}
	}
	return false
}

// advance moves the turn structure on when no effect is running.
func (g *Game) advance() {
	g.invalidate()
	s := g.S
	rs := g.rs
	switch {
	case s.Phase == StageSetup:
		s.Phase = StageBetween
	case s.Phase == StageBetween:
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
				f := g.TempFrame(ruleFrame(s.Active))
				p, err := g.EvalPlayer(rs.NextTurn, f)
				g.ReleaseFrame()
				if err != nil {
					g.fail(err)
					return
				}
				if p < 0 || s.Players[p].Lost {
					p = g.nextLive(s.Active)
				}
				s.Active = p
			} else {
				s.Active = g.nextLive(s.Active)
			}
		}
		s.Turn++
		g.logf(-1, "turn", s.Active, "Turn %d: %s.", s.Turn, g.seatName(s.Active))
		s.Phase = 0 // the first phase
		g.enterPhase()
		g.emit(Event{Name: g.symTurnStart, Player: int8(s.Active), Card: -1, Source: -1})
	case s.Phase.InPhase(len(rs.Phases)):
		// the phase's body finished; a phase ends only on an empty stack
		if len(s.Stack) > 0 {
			g.drainStack()
			return
		}
		s.Draining = false
		ph := rs.Phases[s.Phase]
		g.expire(untilPhase)
		g.expirePhase(int(s.Phase))
		g.emit(Event{Name: g.symPhaseEnd, Player: int8(s.Active), Card: -1, Source: -1, From: int64(rs.symbolIx[ph.Name])})
		s.Phase++
		if int(s.Phase) >= len(rs.Phases) {
			s.Phase = Stage(len(rs.Phases))
			g.emit(Event{Name: g.symTurnEnd, Player: int8(s.Active), Card: -1, Source: -1})
			return
		}
		g.enterPhase()
	default: // turn ended and its end triggers ran
		if len(s.Stack) > 0 {
			g.drainStack()
			return
		}
		s.Draining = false
		g.expire(untilTurn)
		s.Phase = StageBetween
	}
}

// drainStack empties the stack when a phase's steps are over but items
// remain (abilities that triggered where nobody gets priority): first with
// the turn's drain_stack steps, once per phase, then, if items are still
// left, by resolving them one at a time.
func (g *Game) drainStack() {
	if g.rs.DrainStack >= 0 && !g.S.Draining {
		g.S.Draining = true
		g.pushRoot(g.rs.DrainStack, g.S.Active, -1, Event{Card: -1, Source: -1, Player: int8(g.S.Active)})
		return
	}
	g.ResolveTop()
}

// pushTriggered puts a triggered ability on the stack.
func (g *Game) pushTriggered(t Frame) {
	ev := t.Event
	g.PushStack(int(t.Prog), int(t.You), int(t.This))
	it := &g.S.Stack[len(g.S.Stack)-1]
	it.Trigger, it.Event = true, &ev
	if t.This >= 0 {
		g.logCards(-1, "trigger", int(t.You), []int{int(t.This)}, "{cards} triggers: its ability goes on the stack.")
	}
}

// enterPhase starts phase s.Phase, skipping phases whose skip_if holds.
func (g *Game) enterPhase() {
	s := g.S
	for int(s.Phase) < len(g.rs.Phases) {
		ph := g.rs.Phases[s.Phase]
		if ph.Skip != nil {
			f := g.TempFrame(ruleFrame(s.Active))
			skip, err := g.EvalBool(ph.Skip, f)
			g.ReleaseFrame()
			if err != nil {
				g.fail(err)
				return
			}
			if skip {
				s.Phase++
				continue
			}
		}
		g.pushRoot(ph.Body, s.Active, -1, Event{Card: -1, Source: -1, Player: int8(s.Active)})
		g.emit(Event{Name: g.symPhaseStart, Player: int8(s.Active), Card: -1, Source: -1, To: int64(g.rs.symbolIx[ph.Name])})
		return
	}
	// every remaining phase skipped: end the turn
	g.emit(Event{Name: g.symTurnEnd, Player: int8(s.Active), Card: -1, Source: -1})
}

// nextLive returns the next seat after p in turn order that has not lost.
func (g *Evaluator) nextLive(p int) int {
	for i := 1; i <= g.nseats; i++ {
		q := (p + i) % g.nseats
		if !g.S.Players[q].Lost {
			return q
		}
	}
	return p
}

// prevLive returns the previous seat before p in turn order that has not lost.
func (g *Evaluator) prevLive(p int) int {
	for i := 1; i <= g.nseats; i++ {
		q := (p - i + g.nseats) % g.nseats
		if !g.S.Players[q].Lost {
			return q
		}
	}
	return p
}

// AddExtraTurn queues an extra turn for a player, after those already queued.
func (g *Game) AddExtraTurn(p int) { g.S.ExtraTurns = append(g.S.ExtraTurns, int8(p)) }

// runChecks evaluates the state-based checks for every player still in the
// game, the active player first, and runs the effects of those that hold as
// one batch: while a batch runs, no checks run, so the players it eliminates
// are eliminated together (all of them at once is a draw).
func (g *Game) runChecks() {
	s := g.S
	if g.settleEliminations() {
		return
	}
	type fired struct {
		ch *Check
		p  int
	}
	var batch []fired
	for i := 0; i < g.nseats; i++ {
		p := (s.Active + i) % g.nseats
		if s.Players[p].Lost || s.Over {
			continue
		}
		for _, ch := range g.rs.Checks {
			f := g.TempFrame(ruleFrame(p))
			ok, err := g.EvalBool(ch.Cond, f)
			g.ReleaseFrame()
			if err != nil {
				g.fail(err)
				return
			}
			if ok {
				batch = append(batch, fired{ch, p})
			}
		}
	}
	// pushed last to first, so the first that fired runs first
	for i := len(batch) - 1; i >= 0; i-- {
		b := batch[i]
		g.covered("check " + b.ch.Name)
		g.pushRoot(b.ch.Effect, b.p, -1, Event{Card: -1, Source: -1, Player: int8(b.p)})
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
func (g *Game) checkPoint() bool {
	n := len(g.S.Frames)
	return n == 0 || g.S.Frames[n-1].Root && g.S.Frames[n-1].PC == 0
}

// ChecksFirst is called by a step about to ask a player to act (a window):
// when the state changed since the checks last ran and no effect holds them,
// it reports true and the step returns Stay, to run again once they have.
func (g *Game) ChecksFirst() bool {
	if !g.S.Dirty || g.checking() {
		return false
	}
	g.checkNow = true
	return true
}

// checking reports whether the effects of a batch of checks are still running.
func (g *Game) checking() bool {
	for i := range g.S.Frames {
		if g.S.Frames[i].Check || g.S.Frames[i].Together {
			return true
		}
	}
	return false
}

// settleEliminations ends the game when eliminations leave one player (who
// wins) or none (a draw). It reports whether the game ended.
func (g *Game) settleEliminations() bool {
	s := g.S
	if s.Over || !s.Eliminated {
		return s.Over
	}
	s.Eliminated = false
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
	case n == 1 && g.nseats > 1:
		g.Win(live, "last player standing")
	}
	return s.Over
}

// Win marks a player as the winner and ends the game.
func (g *Game) Win(p int, why string) { g.WinWith(p, nil, why) }

// WinWith ends the game with a player and co-winners (allies sharing a win);
// players who lost cannot win.
func (g *Game) WinWith(p int, with []int, why string) {
	g.invalidate()
	if g.S.Over || g.S.Players[p].Lost {
		return
	}
	names := g.seatName(p)
	for _, q := range with {
		if q != p && q >= 0 && q < g.nseats && !g.S.Players[q].Lost && !g.S.Players[q].Won {
			g.S.Players[q].Won = true
			names += " and " + g.seatName(q)
		}
	}
	g.S.Players[p].Won = true
	g.S.Over = true
	verb := "wins"
	if names != g.seatName(p) {
		verb = "win"
	}
	g.S.Outcome = fmt.Sprintf("%s %s", names, verb)
	if why != "" {
		g.S.Outcome += ": " + why
	}
	g.logf(-1, "win", p, "%s %s%s.", names, verb, suffix(why))
	g.endEffects()
}

// endEffects drops every running effect and open question once the game is over.
func (g *Game) endEffects() {
	g.S.Frames = g.S.Frames[:0]
	g.S.Withdrawn = nil
	g.S.Pending, g.S.Answers = nil, nil
	g.S.Triggered = nil
}

// Lose marks a player as lost; when one player is left, that player wins; when
// none is, the game is a draw.
func (g *Game) Lose(p int, why string) {
	if g.S.Over || g.S.Players[p].Lost {
		return
	}
	g.S.Players[p].Lost = true
	g.logf(-1, "lose", p, "%s loses%s.", g.seatName(p), suffix(why))
	// who is left is settled with the next checks, so that players who lose
	// together lose together
	g.S.Eliminated = true
	g.changed()
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
	g.emit(Event{Name: g.symLost, Player: int8(p), Card: -1, Source: -1, From: -1, To: -1})
}

// Draw ends the game with no winner.
func (g *Game) DrawGame(why string) {
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
func (g *Game) Resign(p int) error {
	if g.S.Over {
		return errGameOver
	}
	if p < 0 || p >= g.nseats {
		return fmt.Errorf("seat %d does not exist; the seats are p1 to p%d", p+1, g.nseats)
	}
	if g.rs.Concede == nil {
		return fmt.Errorf("%s does not allow conceding", g.rs.Name)
	}
	f := Frame{You: int8(p), Player: int8(p), This: -1, Card: -1, Event: Event{Card: -1, Source: -1}}
	ok, err := g.EvalBool(g.rs.Concede, &f)
	if err != nil {
		return err
	}
	if !ok {
		if g.rs.ConcedeWhy != "" {
			return fmt.Errorf("%s may not resign now: %s", g.seatName(p), g.rs.ConcedeWhy)
		}
		return fmt.Errorf("%s may not resign now", g.seatName(p))
	}
	g.S.History = append(g.S.History, Record{Seq: -1, Player: p, Answer: Answer{Resign: true}})
	g.logf(-1, "resign", p, "%s resigns.", g.seatName(p))
	g.Lose(p, "resigned")
	g.settleEliminations()
	if !g.S.Over {
		g.run()
	}
	return nil
}

// CanResign reports whether a seat may concede now.
func (g *Game) CanResign(p int) bool {
	if g.rs.Concede == nil || g.S.Over {
		return false
	}
	f := Frame{You: int8(p), Player: int8(p), This: -1, Card: -1, Event: Event{Card: -1, Source: -1}}
	ok, err := g.EvalBool(g.rs.Concede, &f)
	return err == nil && ok
}

// Ask suspends frame f on a decision. A decision with exactly one way to answer
// is answered at once, so nobody is asked a question without a choice.
func (g *Game) Ask(f *Frame, d Decision) Status {
	d.Seq = g.S.DecSeq
	g.S.DecSeq++
	for len(g.S.Asked) <= d.Player {
		g.S.Asked = append(g.S.Asked, 0)
	}
	g.S.Asked[d.Player]++
	d.Frame = g.frameIndex(f)
	g.S.Pending = append(g.S.Pending, d)
	if forced, a := forcedAnswer(&d); forced {
		g.S.Answers = append(g.S.Answers, a)
		return Stay
	}
	g.S.Answers = append(g.S.Answers, nil)
	return Suspend
}

// LeastAnswer is the answer to a decision that does the least: pass, or the
// fewest picks. Bots use it for the other seats when they look ahead.
func LeastAnswer(d *Decision) Answer { return *leastAnswer(d) }

// leastAnswer is the answer that does the least: pass, or the fewest picks.
func leastAnswer(d *Decision) *Answer {
	switch d.Kind {
	case "assign":
		return &Answer{Amount: make([]int, len(d.Options))}
	case "number":
		return &Answer{Number: d.Min}
	case "distribute":
		a := &Answer{Amount: make([]int, len(d.Options))}
		left := d.Total
		for i, o := range d.Options {
			a.Amount[i] = o.Value
			left -= o.Value
		}
		if len(a.Amount) > 0 {
			a.Amount[0] += left
		}
		return a
	case "order":
		picks := make([]int, len(d.Options))
		for i := range picks {
			picks[i] = i
		}
		return &Answer{Picks: picks}
	case "action":
		for i, o := range d.Options {
			if o.Action < 0 {
				return &Answer{Picks: []int{i}}
			}
		}
	}
	picks := make([]int, d.Min)
	for i := range picks {
		picks[i] = i
	}
	return &Answer{Picks: picks}
}

func forcedAnswer(d *Decision) (bool, *Answer) {
	switch d.Kind {
	case "assign":
		if len(d.Targets) == 0 || len(d.Options) == 0 {
			return true, &Answer{Amount: make([]int, len(d.Options))}
		}
		if d.Allowed != nil {
			for _, ts := range d.Allowed {
				if len(ts) > 0 {
					return false, nil
				}
			}
			return true, &Answer{Amount: make([]int, len(d.Options))}
		}
		return false, nil
	case "number":
		if d.Min == d.Max {
			return true, &Answer{Number: d.Min}
		}
	case "distribute":
		if len(d.Options) == 1 {
			return true, &Answer{Amount: []int{d.Total}}
		}
	case "order":
		if len(d.Options) <= 1 {
			return true, &Answer{Picks: []int{0}[:len(d.Options)]}
		}
	default:
		if len(d.Options) == d.Min && d.Min == d.Max {
			picks := make([]int, len(d.Options))
			for i := range picks {
				picks[i] = i
			}
			return true, &Answer{Picks: picks}
		}
	}
	return false, nil
}

func (g *Game) frameIndex(f *Frame) int {
	for i := range g.S.Frames {
		if &g.S.Frames[i] == f {
			return i
		}
	}
	return len(g.S.Frames) - 1
}

// Answered returns and removes the answered decisions of frame f, in the order
// they were asked. It returns nil when the frame has asked nothing.
func (g *Game) Answered(f *Frame) ([]Decision, []*Answer) {
	fi := g.frameIndex(f)
	var ds []Decision
	var as []*Answer
	keepD := g.S.Pending[:0]
	keepA := g.S.Answers[:0]
	for i, d := range g.S.Pending {
		if d.Frame == fi && g.S.Answers[i] != nil {
			ds = append(ds, d)
			as = append(as, g.S.Answers[i])
			continue
		}
		keepD = append(keepD, d)
		keepA = append(keepA, g.S.Answers[i])
	}
	if len(keepD) == 0 {
		g.S.Pending, g.S.Answers = nil, nil
	} else {
		g.S.Pending, g.S.Answers = keepD, keepA
	}
	return ds, as
}

// Answer gives a seat's answer to its pending decision. An illegal answer is
// refused with the reason and changes nothing.
func (g *Game) Answer(player int, a Answer) error {
	if g.S.Over {
		return errGameOver
	}
	if a.Resign {
		return g.Resign(player)
	}
	g.invalidate()
	ix := -1
	for i, d := range g.S.Pending {
		if d.Player == player && g.S.Answers[i] == nil {
			ix = i
			break
		}
	}
	if ix < 0 {
		return fmt.Errorf("%s has no decision to answer", g.seatName(player))
	}
	d := &g.S.Pending[ix]
	if a.Error != "" {
		g.S.History = append(g.S.History, Record{Seq: d.Seq, Player: player, Answer: Answer{Error: a.Error}})
		g.fail(errors.New(a.Error))
		return nil
	}
	if err := checkAnswer(d, &a); err != nil {
		return err
	}
	cp := a
	g.S.Answers[ix] = &cp
	g.S.History = append(g.S.History, Record{Seq: d.Seq, Player: player, Answer: cp})
	g.S.Decisions++
	g.S.Steps = 0
	if !g.waiting() {
		g.run()
	}
	return nil
}

// Check reports why an answer is not a legal answer to the decision, or nil.
func (d *Decision) Check(a Answer) error { return checkAnswer(d, &a) }

func checkAnswer(d *Decision, a *Answer) error {
	switch d.Kind {
	case "number":
		if a.Number < d.Min || a.Number > d.Max {
			return fmt.Errorf("the number must be from %d to %d, not %d", d.Min, d.Max, a.Number)
		}
		return nil
	case "distribute":
		if len(a.Amount) != len(d.Options) {
			return fmt.Errorf("give an amount for each of the %d choices", len(d.Options))
		}
		sum := 0
		for i, x := range a.Amount {
			if x < 0 {
				return fmt.Errorf("%s cannot get a negative amount", d.Options[i].Label)
			}
			if x < d.Options[i].Value {
				return fmt.Errorf("%s must get at least %d", d.Options[i].Label, d.Options[i].Value)
			}
			sum += x
		}
		if sum != d.Total {
			return fmt.Errorf("the amounts must add up to %d, not %d", d.Total, sum)
		}
		return nil
	case "assign":
		if len(a.Amount) != len(d.Options) {
			return fmt.Errorf("give a target (or 0 for none) for each of the %d choices", len(d.Options))
		}
		per := map[int]int{}
		for i, t := range a.Amount {
			if t < 0 || t > len(d.Targets) {
				return fmt.Errorf("%s: there is no target %d; the targets are 1 to %d (0: none)", d.Options[i].Label, t, len(d.Targets))
			}
			if !d.MayAssign(i, t) {
				return fmt.Errorf("%s cannot be assigned to %s", d.Options[i].Label, d.Targets[t-1].Label)
			}
			if t > 0 {
				per[t]++
				if d.PerTarget > 0 && per[t] > d.PerTarget {
					return fmt.Errorf("%s can take at most %d", d.Targets[t-1].Label, d.PerTarget)
				}
			}
		}
		return d.checkFewest(per)
	case "order":
		if len(a.Picks) != len(d.Options) {
			return fmt.Errorf("give every one of the %d choices in order", len(d.Options))
		}
	default:
		if len(a.Picks) < d.Min || len(a.Picks) > d.Max {
			if d.Min == d.Max {
				return fmt.Errorf("choose exactly %d, not %d", d.Min, len(a.Picks))
			}
			return fmt.Errorf("choose from %d to %d, not %d", d.Min, d.Max, len(a.Picks))
		}
	}
	seen := map[int]bool{}
	for _, p := range a.Picks {
		if p < 0 || p >= len(d.Options) {
			return fmt.Errorf("there is no option %d; the options are 1 to %d", p+1, len(d.Options))
		}
		if seen[p] {
			return fmt.Errorf("option %d is chosen twice", p+1)
		}
		seen[p] = true
	}
	return nil
}

// Var reads a variable slot of frame f.
func (g *Game) Var(f *Frame, slot int) Val { return g.S.Vars[int(f.Base)+slot] }

// SetVar writes a variable slot of frame f.
func (g *Game) SetVar(f *Frame, slot int, v Val) { g.S.Vars[int(f.Base)+slot] = v }

// MarkDirty asks for the state-based checks to run at the next moment between
// effects.
func (g *Game) MarkDirty() { g.changed() }

// CheckOptions reports why a game of the ruleset cannot be started with
// these options (the number of players, a deck, the mode), or nil. Players
// 0 stands for the ruleset's minimum.
func CheckOptions(rs *Ruleset, o Options) error {
	n := o.Players
	if n == 0 {
		n = rs.MinPlayers
	}
	if n < rs.MinPlayers || n > rs.MaxPlayers {
		return fmt.Errorf("%s is played by %d to %d players, not %d", rs.Name, rs.MinPlayers, rs.MaxPlayers, n)
	}
	for _, d := range o.Decks {
		if _, ok := rs.deckIx[d]; d != "" && !ok {
			return fmt.Errorf("%s has no deck %q", rs.Name, d)
		}
	}
	_, err := modeSymbol(rs, o.Mode)
	return err
}

// newState makes the empty state of a game: players, properties at their
// defaults, empty zones, the generator seeded.
func newState(rs *Ruleset, o Options) (*State, error) {
	s := &State{Seed: o.Seed, RNG: *rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15), NoLog: o.NoLog}
	mode, err := modeSymbol(rs, o.Mode)
	if err != nil {
		return nil, err
	}
	s.Mode = mode
	s.Players = make([]PlayerState, o.Players)
	s.PlayerProp = make([]int64, o.Players*len(rs.PlayerProps))
	for p := 0; p < o.Players; p++ {
		for i, d := range rs.PlayerProps {
			s.PlayerProp[p*len(rs.PlayerProps)+i] = d.Default
		}
	}
	s.GameProps = make([]int64, len(rs.GameProps))
	for i, d := range rs.GameProps {
		s.GameProps[i] = d.Default
	}
	for k, z := range rs.Zones {
		if z.PerPlayer {
			for p := 0; p < o.Players; p++ {
				s.Zones = append(s.Zones, ZoneInstance{Kind: int32(k), Owner: int8(p)})
			}
		} else {
			s.Zones = append(s.Zones, ZoneInstance{Kind: int32(k), Owner: -1})
		}
	}
	return s, nil
}

// modeSymbol checks a mode name against the ruleset's modes.
func modeSymbol(rs *Ruleset, mode string) (int64, error) {
	if mode == "" {
		return 0, nil
	}
	if !contains(rs.Modes, mode) {
		if len(rs.Modes) == 0 {
			return 0, fmt.Errorf("%s has no game modes", rs.Name)
		}
		return 0, fmt.Errorf("%s has no mode %q; its modes are %s%s", rs.Name, mode, joinNames(rs.Modes), didYouMean(mode, rs.Modes))
	}
	return int64(rs.symbolIx[mode]), nil
}

// DeckOf returns the deck a seat plays, or nil when the ruleset has none.
func (g *Game) DeckOf(p int) *Deck {
	if p < 0 || p >= len(g.decks) || g.decks[p] < 0 || g.decks[p] >= len(g.rs.Decks) {
		return nil
	}
	return g.rs.Decks[g.decks[p]]
}

// FrameIndex is the position of a frame in the running effects.
func (g *Game) FrameIndex(f *Frame) int { return g.frameIndex(f) }

// CallAs runs a nested program of frame f's effect with `you` set to player p.
func (g *Game) CallAs(f *Frame, prog, p int) {
	child := *f
	child.Prog = int32(prog)
	child.PC = 0
	child.Root = false
	child.You, child.Player = int8(p), int8(p)
	g.S.Frames = append(g.S.Frames, child)
}

// CallWithCard runs a nested program with `card` bound to c.
func (g *Game) CallWithCard(f *Frame, prog, c int) {
	child := *f
	child.Prog = int32(prog)
	child.PC = 0
	child.Root = false
	child.Card = int32(c)
	g.S.Frames = append(g.S.Frames, child)
}

// Interchangeable reports whether two cards are the same choice for a seat:
// identical in every way, and both known to the seat (merging cards a seat
// does not know would tell it that they are alike).
func (g *Game) Interchangeable(a, b, seat int) bool {
	if seat >= 0 && (!g.knows(seat, a) || !g.knows(seat, b)) {
		return false
	}
	return g.equivalent(a, b)
}

// NextLive is the next seat after p in turn order still in the game.
func (g *Evaluator) NextLive(p int) int { return g.nextLive(p) }

// LivePlayers counts the seats still in the game.
func (g *Evaluator) LivePlayers() int {
	n := 0
	for _, p := range g.S.Players {
		if !p.Lost {
			n++
		}
	}
	return n
}

// OutcomeKind sums up how the game ended: "" (still running), "win", "draw" or "error".
func (g *Game) OutcomeKind() string {
	switch {
	case !g.S.Over:
		return ""
	case g.S.Error != "":
		return "error"
	case len(g.Winners()) > 0:
		return "win"
	}
	return "draw"
}

// OutcomeReason is why the game ended, as the win or the draw said it ("" when
// it gave no reason, and while the game runs); for a game stopped by an
// error, the error. The seats who won are not part of it.
func (g *Game) OutcomeReason() string {
	switch g.OutcomeKind() {
	case "error":
		return g.S.Error
	case "win", "draw":
		// "p1 and p3 win: why", "draw: why": seat names hold no colon
		if _, why, ok := strings.Cut(g.S.Outcome, ": "); ok {
			return why
		}
	}
	return ""
}

// TempFrame returns a scratch frame for a short evaluation, set to f. Release
// it with ReleaseFrame, innermost first. Reusing frames keeps evaluations from
// allocating: a frame handed to a compiled expression would otherwise escape.
func (g *Evaluator) TempFrame(f Frame) *Frame {
	if g.nscr == len(g.scratch) {
		g.scratch = append(g.scratch, new(Frame))
	}
	fr := g.scratch[g.nscr]
	g.nscr++
	*fr = f
	return fr
}

// ReleaseFrame gives back the last scratch frame.
func (g *Evaluator) ReleaseFrame() { g.nscr-- }

func ruleFrame(p int) Frame {
	return Frame{You: int8(p), Player: int8(p), This: -1, Card: -1, Event: Event{Card: -1, Source: -1}}
}

// Mode is the game mode the game was started with ("" for none).
func (g *Evaluator) Mode() string { return g.rs.Symbol(g.S.Mode) }
