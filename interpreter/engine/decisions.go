package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Ask suspends frame f on a decision. A decision with exactly one way to answer
// is answered at once, so nobody is asked a question without a choice,
// unless it is sealed: then being asked must tell the others nothing.
//
// A player who has left the game is asked nothing: the effect that would
// ask them ends there (they leave its rest undone, as they leave the game).
func (g *machine) Ask(f *state.Frame, d state.Decision) model.Status {
	if d.Player >= 0 && d.Player < len(g.S.Players) && g.S.Players[d.Player].Lost && !d.Sealed {
		g.endAsking(f, d.Player)
		return model.Next
	}
	g.count(&d)
	d.Frame = g.frameIndex(f)
	d.Options = g.keepOptions(d.Options)
	if d.Targets != nil {
		d.Targets = g.keepOptions(d.Targets)
	}
	g.S.Pending = append(g.S.Pending, d)
	forced, a := state.ForcedAnswer(&d)
	if !forced {
		forced, a = g.alikeAnswer(&d)
	}
	if forced && !d.Sealed {
		g.noteForced(&d, a)
		g.S.Answers = append(g.S.Answers, g.keepAnswer(a))
		return model.Stay
	}
	g.S.Answers = append(g.S.Answers, nil)
	return model.Suspend
}

// alikeAnswer answers a decision whose every answer leaves the same game:
// some of cards that are all interchangeable for the chooser (three of a
// hand of four identical cards), or the order of such cards. Asking it
// would be a question without a choice.
func (g *machine) alikeAnswer(d *state.Decision) (bool, state.Answer) {
	n, k := len(d.Options), d.Min
	switch {
	case n < 2:
		return false, state.Answer{}
	case d.Kind == state.DecideCards && d.Min == d.Max && d.Min > 0 && d.Min < n:
	case d.Kind == state.DecideOrder:
		k = n
	default:
		return false, state.Answer{}
	}
	first := d.Options[0].Card
	if first < 0 {
		return false, state.Answer{}
	}
	for _, o := range d.Options[1:] {
		if o.Card < 0 || !g.Interchangeable(first, o.Card, d.Player) {
			return false, state.Answer{}
		}
	}
	return true, state.Answer{Picks: state.FirstPicks(k)}
}

// maxTurnDecisions is how many questions one turn may ask: far more than
// any real turn (a long one asks a few hundred), few enough that a game
// whose choices never end its turn stops in well under a second.
const maxTurnDecisions = 20000

// count numbers a decision and counts it among those its player was
// asked.
func (g *machine) count(d *state.Decision) { d.Seq = g.countFor(d.Player) }

// countFor numbers a decision of player p, counts it among those p was
// asked, and gives its number.
func (g *machine) countFor(p int) int {
	seq := g.S.DecSeq
	g.S.DecSeq++
	if seq-g.S.TurnDecSeq == maxTurnDecisions {
		// answers keep a turn going that never ends: bots would play it
		// for ever, and no step budget sees it (each answer starts one)
		where := ""
		if f := g.Cur; f != nil && int(f.PC) < len(g.Rs.Programs[f.Prog].Steps) {
			st := g.Rs.Programs[f.Prog].Steps[f.PC]
			where = fmt.Sprintf("%s: %s: ", st.Pos, st.Prim.Name)
		}
		g.fail(fmt.Errorf("%sturn %d has asked %d questions without ending: the game probably loops for ever through its players' choices (limits.turns counts turns, and this one never ends)", where, g.S.Turn, maxTurnDecisions))
	}
	for len(g.S.Asked) <= p {
		g.S.Asked = append(g.S.Asked, 0)
	}
	g.S.Asked[p]++
	return seq
}

// CountAtOnce counts a decision of player p with one option, which the
// step takes without asking, as AnswerAtOnce counts it: a window where
// all p may do is one thing (to pass, most of the time) knows its answer
// without the decision being made.
func (g *machine) CountAtOnce(p int, label string, card int) {
	seq := g.countFor(p)
	if g.keepForced {
		g.forced = append(g.forced, Forced{Seq: seq, Player: p, Label: label, Card: card})
	}
}

// NoteTaken keeps, when the game keeps the questions it answered itself,
// a choice a step made for p with no question and no count (the one card
// there was to choose): numbered as the next question, so that steps
// since the last answer read it.
func (g *machine) NoteTaken(p int, label string, card int) {
	if g.keepForced && label != "" {
		g.forced = append(g.forced, Forced{Seq: g.S.DecSeq, Player: p, Label: label, Card: card})
	}
}

// AnswerAtOnce gives the answer of a decision that has only one, counted
// as Ask counts it. A window where a player can only pass is most of the
// windows of a game with priority; asked with Ask, each would be kept,
// answered, and found again by its step in another run of it.
func (g *machine) AnswerAtOnce(d state.Decision) (state.Answer, bool) {
	if d.Sealed || d.Player >= 0 && d.Player < len(g.S.Players) && g.S.Players[d.Player].Lost {
		// a player who has left answers nothing: Ask ends the effect
		return state.Answer{}, false
	}
	forced, a := state.ForcedAnswer(&d)
	if !forced {
		return state.Answer{}, false
	}
	g.count(&d)
	g.noteForced(&d, a)
	return a, true
}

// noteForced keeps a question answered at once, when the game keeps them
// (Options.KeepForced), with the label of the option picked.
func (g *machine) noteForced(d *state.Decision, a state.Answer) {
	if !g.keepForced {
		return
	}
	label, card := "", -1
	if len(a.Picks) == 1 && a.Picks[0] >= 0 && a.Picks[0] < len(d.Options) {
		label, card = d.Options[a.Picks[0]].Label, d.Options[a.Picks[0]].Card
	}
	g.forced = append(g.forced, Forced{Seq: d.Seq, Player: d.Player, Label: label, Card: card})
}

// Answered returns and removes the answered decisions of frame f, in the order
// they were asked. It returns nil when the frame has asked nothing. The
// lists it returns are the machine's, good until it is called again.
func (g *machine) Answered(f *state.Frame) ([]state.Decision, []*state.Answer) {
	if len(g.S.Pending) == 0 {
		return nil, nil // a step's first run, most of the time
	}
	fi := g.frameIndex(f)
	if len(g.S.Pending) == 1 {
		// one question, the usual case: answered for this frame, or not
		if g.S.Pending[0].Frame != fi || g.S.Answers[0] == nil {
			return nil, nil
		}
		g.answeredD = append(g.answeredD[:0], g.S.Pending[0])
		g.answeredV = append(g.answeredV[:0], *g.S.Answers[0])
		g.answeredA = append(g.answeredA[:0], &g.answeredV[0])
		g.S.Pending, g.S.Answers = g.S.Pending[:0], g.S.Answers[:0]
		return g.answeredD, g.answeredA
	}
	// most of the time nothing is answered yet (a step's first run), and
	// the pending list stays as it is
	answered := false
	for i := range g.S.Pending {
		if g.S.Pending[i].Frame == fi && g.S.Answers[i] != nil {
			answered = true
			break
		}
	}
	if !answered {
		return nil, nil
	}
	ds, vs, as := g.answeredD[:0], g.answeredV[:0], g.answeredA[:0]
	keepD := g.S.Pending[:0]
	keepA := g.S.Answers[:0]
	for i := range g.S.Pending {
		d := &g.S.Pending[i] // read in place: a decision is large
		if d.Frame == fi && g.S.Answers[i] != nil {
			ds = append(ds, *d)
			// a copy: the answer's place may be given to the next answer
			// while the step still reads this one (keepAnswer)
			vs = append(vs, *g.S.Answers[i])
			continue
		}
		if len(keepD) == i {
			// in its place already: kept without a copy of a large value
			keepD, keepA = keepD[:i+1], keepA[:i+1]
			continue
		}
		keepD = append(keepD, *d) // before i: d is read before it is written
		keepA = append(keepA, g.S.Answers[i])
	}
	for i := range vs {
		as = append(as, &vs[i])
	}
	// emptied, the lists keep their room for the next questions
	g.S.Pending, g.S.Answers = keepD, keepA
	g.answeredD, g.answeredV, g.answeredA = ds, vs, as
	if len(ds) == 0 {
		return nil, nil
	}
	return ds, as
}

// record adds an answer to the game's record, if it keeps one.
func (g *machine) record(r state.Record) {
	if !g.S.NoRecord {
		g.S.History = append(g.S.History, r)
	}
}

// keepAnswer gives an answer a place of its own for the pending list. The
// places are cut from a slab, one allocation for many answers, and used
// again once no answer is pending: a copy of the state copies the answers
// it holds (State.Clone), and Answered gives the steps copies, so nothing
// else points into the slab.
func (g *machine) keepAnswer(a state.Answer) *state.Answer {
	if !slices.ContainsFunc(g.S.Answers, func(a *state.Answer) bool { return a != nil }) {
		g.answers = g.answers[:0]
	}
	if len(g.answers) == cap(g.answers) {
		g.answers = make([]state.Answer, 0, 32)
	}
	g.answers = append(g.answers, a)
	return &g.answers[len(g.answers)-1]
}

// keepEvent gives the event of a triggered ability a place of its own for
// the stack, cut from a slab: a waiting item's event is never written
// (copies of the state share it; the next game starts the slab again when
// none does: reuseSlabs).
func (g *machine) keepEvent(ev state.Event) *state.Event {
	if len(g.events) == cap(g.events) {
		g.events = nextBlock(g.events, 1, 32, 1024)
	}
	g.events = append(g.events, ev)
	return &g.events[len(g.events)-1]
}

// keepOptions copies a decision's options to a place of their own, cut
// from a slab as keepAnswer's answers are: the lists steps build them in
// can then be their scratch (ActionOptions), and a pending decision's
// options are never written, so clones share them.
func (g *machine) keepOptions(opts []state.Option) []state.Option {
	if len(opts) == 0 {
		return opts
	}
	// the same list as the last one kept (a window where all a player
	// may do is pass, opened for each player in turn) shares its place
	if slices.Equal(opts, g.lastKept) {
		return g.lastKept
	}
	if len(opts) > cap(g.options)-len(g.options) {
		g.options = nextBlock(g.options, len(opts), optionBlockLeast, optionBlockMost)
	}
	start := len(g.options)
	g.options = append(g.options, opts...)
	g.lastKept = g.options[start:len(g.options):len(g.options)]
	return g.lastKept
}

// The sizes of the blocks keepOptions cuts options from: the first, and
// the largest (a block a long-kept copy of a state may hold on to).
const (
	optionBlockLeast = 128
	optionBlockMost  = 4096
)

// nextBlock is a new block for a slab whose block cur has no room for n
// more: twice cur's size, from least up to most, and room for n at
// least. The slab's last block serves the next game (reuseSlabs), so a
// run of games soon has one that a whole game fits in.
func nextBlock[T any](cur []T, n, least, most int) []T {
	return make([]T, 0, max(min(2*cap(cur), most), least, n))
}

// Answer gives a seat's answer to its pending decision. An illegal answer is
// refused with the reason and changes nothing.
func (g *machine) Answer(player int, a state.Answer) error {
	if g.S.Over {
		return errGameOver
	}
	if a.Resign {
		return g.Resign(player)
	}
	ix := -1
	for i := range g.S.Pending {
		// read in place: a decision is large
		if g.S.Pending[i].Player == player && g.S.Answers[i] == nil {
			ix = i
			break
		}
	}
	if ix < 0 {
		return fmt.Errorf("%s has no decision to answer", g.SeatName(player))
	}
	d := &g.S.Pending[ix]
	if a.Error != "" {
		// the text comes from outside the rules (a bot, a file): it is
		// shown to players, so what a terminal would act on is escaped
		text := source.Printable(a.Error)
		g.record(state.Record{Seq: d.Seq, Player: player, Answer: state.Answer{Error: text}})
		g.fail(errors.New(text))
		return nil
	}
	if err := state.CheckAnswer(d, &a); err != nil {
		return err
	}
	g.answeredBy(player)
	g.S.Answers[ix] = g.keepAnswer(a)
	if !g.S.NoRecord { // asked first: the record is large, built for nothing
		g.record(state.Record{Seq: d.Seq, Player: player, Answer: a})
	}
	g.S.Decisions++
	// the count starts over, and the budget with it (run starts it)
	g.S.Steps, g.watch = 0, stepWatch{}
	if !g.waiting() {
		g.run()
	}
	return nil
}

// Interchangeable reports whether two cards are the same choice for a seat:
// identical in every way, and both known to the seat (merging cards a seat
// does not know would tell it that they are alike).
func (g *machine) Interchangeable(a, b, seat int) bool {
	// cards of two definitions first: most pairs a list compares are of two
	if g.S.Cards[a].Def != g.S.Cards[b].Def {
		return false
	}
	if seat >= 0 && (!g.Knows(seat, a) || !g.Knows(seat, b)) {
		return false
	}
	return g.equivalent(a, b)
}

// endAsking ends what would ask player p, who has left the game: the
// whole effect when it is theirs, else only the block of steps that asks
// them (a step of another player's effect for each defender, say), so that
// the effect goes on without them.
func (g *machine) endAsking(f *state.Frame, p int) {
	fi := g.frameIndex(f)
	root := g.rootOf(fi)
	if int(g.S.Frames[root].You) == p && !g.turnStructure(root) {
		g.endFrames(root)
	} else {
		g.endFrames(fi)
	}
	if g.Logging() {
		g.logf(-1, "left", p, "%s has left the game: what asked them is not done.", g.SeatName(p))
	}
}

// rootOf is the frame index of the root of the effect frame fi belongs to.
func (g *machine) rootOf(fi int) int {
	for fi > 0 && !g.S.Frames[fi].Root {
		fi--
	}
	return fi
}

// endFrames runs frame from and every frame above it to their ends, so
// that the machine lets go of them as of any effect that is over.
func (g *machine) endFrames(from int) {
	for i := len(g.S.Frames) - 1; i >= from; i-- {
		fr := &g.S.Frames[i]
		fr.PC = int32(len(g.Rs.Programs[fr.Prog].Steps))
	}
}

// turnStructure reports whether the root frame ri runs the rules' own
// steps (the setup, a phase, the stack drained at a phase's end, a state
// check) rather than an effect a player controls.
func (g *machine) turnStructure(ri int) bool {
	fr := &g.S.Frames[ri]
	if fr.Check || int(fr.Prog) == g.Rs.Setup || int(fr.Prog) == g.Rs.DrainStack {
		return true
	}
	for _, ph := range g.Rs.Phases {
		if int(fr.Prog) == ph.Body {
			return true
		}
	}
	return false
}

// endEffectsOf ends at once every effect player p controls that is running
// (10.5 of many games: a player who leaves takes their effects with them):
// each root frame of theirs, and the frames of its effect above it, run to
// their ends; effects of others running above them go on, and those of
// the rules (a phase of p's turn) too.
func (g *machine) endEffectsOf(p int) {
	for ri := len(g.S.Frames) - 1; ri >= 0; ri-- {
		fr := &g.S.Frames[ri]
		if !fr.Root || int(fr.You) != p || g.turnStructure(ri) {
			continue
		}
		// this effect's frames: the root and those above it up to the
		// next root, which starts another effect
		for i := ri; i < len(g.S.Frames); i++ {
			if i > ri && g.S.Frames[i].Root {
				break
			}
			g.S.Frames[i].PC = int32(len(g.Rs.Programs[g.S.Frames[i].Prog].Steps))
		}
	}
}
