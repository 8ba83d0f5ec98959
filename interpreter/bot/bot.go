// Package bot holds the built-in players: random and greedy. Bots answer
// through the same Decision interface as people, see only their own seat's
// information (a lookahead searches a copy in which unknown cards are
// resampled), and draw on their own random generator, never the game's.
package bot

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Bot chooses answers for one seat.
type Bot interface {
	Name() string
	Choose(g *engine.Game, d *state.Decision) state.Answer
}

// New makes a bot by name: random or greedy. Its randomness for a decision
// depends only on the seed and the decision, so a game resumed from a save,
// or replayed, gets the same choices from the same bot.
func New(name string, seed uint64) (Bot, error) {
	switch name {
	case "random":
		return &Random{seed: seed}, nil
	case "greedy":
		return &Greedy{seed: seed, Samples: 2}, nil
	}
	return nil, fmt.Errorf("unknown bot %q (bots: random, greedy)", name)
}

// SeatSeed is the bot seed of a seat in a game with the given seed; play and
// sim use it alike, so the same seed gives the same game in both.
func SeatSeed(gameSeed uint64, seat int) uint64 {
	return gameSeed*0x9e3779b97f4a7c15 + uint64(seat)*7919 + 1
}

func rngFor(seed uint64, d *state.Decision) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(d.Seq)*0x5bd1e995+uint64(d.Player)))
}

// Names lists the bots, best first.
func Names() []string { return []string{"greedy", "random"} }

// Random answers uniformly among the legal answers.
type Random struct{ seed uint64 }

func (b *Random) Name() string { return "random" }

func (b *Random) Choose(g *engine.Game, d *state.Decision) state.Answer {
	return RandomAnswer(rngFor(b.seed, d), d)
}

// RandomAnswer picks a uniformly random legal answer to a decision.
func RandomAnswer(r *rand.Rand, d *state.Decision) state.Answer {
	switch d.Kind {
	case state.DecideNumber:
		// an index among the numbers it takes, drawn unsigned: a range
		// as wide as the whole numbers holds more than an int counts (the
		// draws of a narrower one are those IntN makes)
		span := d.NumberSpan()
		if span == math.MaxUint64 {
			return state.Answer{Number: d.NumberAt(r.Uint64())}
		}
		return state.Answer{Number: d.NumberAt(r.Uint64N(span + 1))}
	case state.DecideDistribute:
		return state.Answer{Amount: randomSplit(r, d)}
	case state.DecideOrder:
		return state.Answer{Picks: r.Perm(len(d.Options))}
	case state.DecideAssign:
		amounts := make([]int, len(d.Options))
		per := map[int]int{}
		for i := range amounts {
			t := r.IntN(len(d.Targets) + 1)
			if d.Allowed != nil {
				t = 0
				if k := r.IntN(len(d.Allowed[i]) + 1); k > 0 {
					t = d.Allowed[i][k-1]
				}
			}
			if t > 0 && d.PerTarget > 0 && per[t] >= d.PerTarget {
				t = 0
			}
			if t > 0 {
				per[t]++
			}
			amounts[i] = t
		}
		// a target that got some items but fewer than it needs gets none
		for i, t := range amounts {
			if t > 0 && per[t] < d.FewestFor(t) {
				amounts[i] = 0
			}
		}
		return state.Answer{Amount: amounts}
	}
	n := d.Min
	if d.Max > d.Min {
		n += r.IntN(d.Max - d.Min + 1)
	}
	return state.Answer{Picks: randomPicks(r, len(d.Options), n)}
}

// unitByUnit is the most a random split hands out one unit at a time, each
// to a random option, as it always has: the games of the shipped rulesets,
// whose amounts are a few units, are drawn as they were.
const unitByUnit = 64

// randomSplit is a random division of a distribute decision's amount,
// each option given at least its least share. Past unitByUnit it cuts
// what is left at points drawn at random, so a split of a billion costs
// what a split of a hundred does.
func randomSplit(r *rand.Rand, d *state.Decision) []int {
	amounts := make([]int, len(d.Options))
	left := d.Total
	for i, o := range d.Options {
		amounts[i] = o.Value
		left -= o.Value
	}
	if len(amounts) == 0 || left <= 0 {
		return amounts
	}
	if left <= unitByUnit {
		for ; left > 0; left-- {
			amounts[r.IntN(len(amounts))]++
		}
		return amounts
	}
	// a cut point for each option but the last, from 0 to left, in
	// order: each option gets what lies between its cut and the one before
	cuts := make([]int, len(amounts)-1)
	for i := range cuts {
		cuts[i] = int(r.Uint64N(uint64(left) + 1))
	}
	slices.Sort(cuts)
	prev := 0
	for i, c := range cuts {
		amounts[i] += c - prev
		prev = c
	}
	amounts[len(amounts)-1] += left - prev
	return amounts
}

// randomPicks is the first k of a random order of n options: what
// r.Perm(n)[:k] gives, drawing the same numbers, without a new array of n
// for each answer. A single pick is a slice of a shared array: picks are
// never written once given.
func randomPicks(r *rand.Rand, n, k int) []int {
	// a few options most of the time: a short array is quicker to clear
	var p []int
	switch {
	case n <= 8:
		var small [8]int
		p = small[:n]
	case n <= 64:
		var more [64]int
		p = more[:n]
	default:
		p = make([]int, n)
	}
	for i := range p {
		p[i] = i
	}
	// r.Shuffle's steps, drawing its numbers, with no call for each swap
	for i := n - 1; i > 0; i-- {
		j := r.Uint64N(uint64(i + 1))
		p[i], p[j] = p[j], p[i]
	}
	if k == 1 && p[0] < len(onePick) {
		return onePick[p[0] : p[0]+1 : p[0]+1]
	}
	out := make([]int, k)
	copy(out, p)
	return out
}

// onePick holds the single picks randomPicks gives.
var onePick = func() []int {
	out := make([]int, 256)
	for i := range out {
		out[i] = i
	}
	return out
}()

// Greedy tries each option on a few resampled copies of the game (the same
// copies for every option), plays its own follow-up choices of the same
// action greedily, and keeps the option whose resulting position the
// ruleset values most.
type Greedy struct {
	seed    uint64
	r       *rand.Rand
	Samples int
	// the lookahead copies, one per depth, whose memory each candidate at
	// that depth reuses, and the sampled world they are copied from
	worlds  [maxDepth + 1]*engine.Game
	sampled *engine.Game
	vals    [maxDepth + 1][]float64
	// others draws the answers the lookahead gives the other seats of a
	// round of sealed questions: started again from one seed for every
	// candidate of a sampled world, so that the candidates meet the same
	// answers and differ by their own alone (common random numbers)
	others     *rand.Rand
	othersSrc  *rand.PCG
	othersSeed uint64
	// work is what the lookahead of the decision under way has cost so
	// far (lookaheadWork); tried counts, per candidate, the worlds it was
	// valued on
	work  int
	tried [maxDepth + 1][]int
}

// lookaheadWork bounds the lookahead of one decision: the steps the
// copies run, the elements their expressions go through (the ruleset's
// value included) and the cards copied, together. The five games' greedy
// decisions spend at most a few hundred thousand; a ruleset whose
// lookahead would take far longer (thousands of options, each running a
// long effect on a game of many cards) is looked at only as far as this
// goes: the candidates not yet tried are left out, and those tried are
// compared by their mean over the worlds each was tried on. A count, not
// a clock, so that the same game gets the same answers on any machine.
const lookaheadWork = 20_000_000

// maxDepth is how deep the lookahead goes: the answer, and the seat's next
// own choice under it; a choice after that takes its first candidate. The
// later choices are looked at again, in full, when the real game asks
// them, so a deeper look only sharpens the value of the first answer: a
// third level cost four times as much and, head to head over thousands of
// games of each of the five games, won no more often.
const maxDepth = 2

func (b *Greedy) Name() string { return "greedy" }

// Choose picks the answer whose lookahead the ruleset values most. An error
// met while looking ahead (an effect or the ruleset's value failing) is an
// error in the rules, not an outcome to value: the answer is then one that
// stops the game with that error, so it is seen where the game is played.
func (b *Greedy) Choose(g *engine.Game, d *state.Decision) state.Answer {
	b.r = rngFor(b.seed, d)
	b.work = 0
	a, err := b.choose(g, d, maxDepth)
	if err != nil {
		return state.Answer{Error: fmt.Sprintf("%v (met by %s's greedy bot looking ahead)", err, state.SeatName(d.Player))}
	}
	return a
}

func (b *Greedy) choose(g *engine.Game, d *state.Decision, depth int) (state.Answer, error) {
	cands := candidates(b.r, d)
	if len(cands) == 1 || depth == 0 {
		return cands[0], nil
	}
	seat := d.Player
	values, tried := b.values(len(cands), depth)
	if depth == maxDepth {
		// every candidate is tried on the same sampled worlds (common
		// random numbers): they differ by the answer alone, not by the
		// deal, and a world is sampled once, not once per candidate
		for s := 0; s < b.Samples; s++ {
			b.sampled = g.DeterminizeInto(b.sampled, seat, b.r)
			hideSealed(b.sampled, seat, b.r)
			// from the seed, the question and the sample, not from b.r:
			// a game with no sealed round draws as it did without it
			b.othersSeed = (b.seed^uint64(d.Seq)*0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9 + uint64(s)
			if err := b.tryAll(b.sampled, seat, cands, values, depth); err != nil {
				return state.Answer{}, err
			}
		}
	} else if err := b.tryAll(g, seat, cands, values, depth); err != nil {
		// a follow-up choice is made inside a lookahead world, already
		// sampled for this seat: each candidate is tried on a copy of it
		return state.Answer{}, err
	}
	most := 0
	for _, t := range tried {
		most = max(most, t)
	}
	best, bestV := 0, -1e18
	for i, v := range values {
		if tried[i] == 0 {
			continue // left out when the lookahead had gone far enough
		}
		if tried[i] != most {
			v = v / float64(tried[i]) * float64(most) // as if tried as often
		}
		v += b.r.Float64() * 1e-6 // break ties at random
		if v > bestV {
			best, bestV = i, v
		}
	}
	return cands[best], nil
}

// tryAll adds to values[i] the value of cands[i] played on a copy of world,
// and counts the copy in tried[i], as long as the decision's lookahead has
// work left.
func (b *Greedy) tryAll(world *engine.Game, seat int, cands []state.Answer, values []float64, depth int) error {
	tried := b.tried[depth]
	for i, a := range cands {
		if b.work > lookaheadWork {
			return nil
		}
		if depth == maxDepth {
			if b.othersSrc == nil {
				b.othersSrc = rand.NewPCG(0, 0)
				b.others = rand.New(b.othersSrc)
			}
			b.othersSrc.Seed(b.othersSeed, 0)
		}
		sim := world.CloneInto(b.worlds[depth])
		b.worlds[depth] = sim
		b.work += len(sim.Evaluator().S.Cards)
		w, err := b.rollout(sim, seat, a, depth)
		if err != nil {
			return err
		}
		if b.work > lookaheadWork && slices.ContainsFunc(tried, func(n int) bool { return n > 0 }) {
			// the work ran out in this rollout, whose own later choices
			// then took their first candidate: it is not weighed against
			// those looked at in full
			return nil
		}
		values[i] += w
		tried[i]++
	}
	return nil
}

// values is a cleared list of n values for the candidates at a depth, and
// of n counts of the worlds each was tried on, in memory kept for that
// depth.
func (b *Greedy) values(n, depth int) ([]float64, []int) {
	v, t := b.vals[depth][:0], b.tried[depth][:0]
	for range n {
		v = append(v, 0)
		t = append(t, 0)
	}
	b.vals[depth], b.tried[depth] = v, t
	return v, t
}

// rollout applies an answer, then plays on until what it started is done:
// the seat's own follow-up choices greedily, everyone else doing the least
// they can (passing), and the seat passing too while something waits on the
// stack, so that a spell is valued once it has resolved, not while it waits.
// It stops at the first action decision (anyone's) with an empty stack, so a
// pass is valued where it is made rather than after the turn moved on, or
// where the turn moves on (a game of choices with no window would
// otherwise be played on, its own later choices each looked at in turn,
// for as many as 40 decisions), and values the position. A game the lookahead
// stopped with an error, and a value that cannot be worked out, are errors.
func (b *Greedy) rollout(sim *engine.Game, seat int, a state.Answer, depth int) (float64, error) {
	asked, turn := sim.Evaluator().S.DecSeq, sim.Evaluator().S.Turn
	if err := b.answer(sim, seat, a); err != nil {
		return -1e12, nil // a candidate the engine refuses is the worst
	}
	for steps := 0; steps < 40 && !sim.Over(); steps++ {
		d, ok := sim.Next()
		if !ok {
			break
		}
		var na state.Answer
		switch {
		case d.Kind == state.DecideAction && len(sim.Evaluator().S.Stack) == 0:
			return b.value(sim, seat)
		case sim.Evaluator().S.Turn != turn:
			// a game of choices without windows: the turn moved on, as a
			// pass at a window would have it
			return b.value(sim, seat)
		case d.Sealed && d.Seq >= asked:
			// a new round of sealed questions: the one answered is over
			// (revealed and carried out), as a pass is at an action window
			return b.value(sim, seat)
		case d.Player != seat && d.Sealed:
			// another seat's answer in the round of the one being valued:
			// unknown, as those already given are (hideSealed), and taken
			// the same way, whether they come before this seat or after it
			na = RandomAnswer(b.others, &d)
		case d.Player != seat:
			na = state.LeastAnswer(&d)
		case d.Kind == state.DecideAction:
			na = state.LeastAnswer(&d)
		default:
			var err error
			if na, err = b.choose(sim, &d, depth-1); err != nil {
				return 0, err
			}
		}
		if err := b.answer(sim, d.Player, na); err != nil {
			break
		}
	}
	if err := sim.Err(); err != nil {
		return 0, err
	}
	return b.value(sim, seat)
}

// answer gives a lookahead copy an answer and counts the work it ran to
// the next question: its steps and the elements its expressions went
// through, both counted from the answer on by the engine.
func (b *Greedy) answer(sim *engine.Game, seat int, a state.Answer) error {
	err := sim.Answer(seat, a)
	e := sim.Evaluator()
	b.work += e.S.Steps + e.Spent
	return err
}

// value is the package's value, its work counted.
func (b *Greedy) value(sim *engine.Game, seat int) (float64, error) {
	e := sim.Evaluator()
	before := e.Spent
	v, err := value(sim, seat)
	b.work += e.Spent - before
	return v, err
}

// hideSealed replaces, in a lookahead copy, the answers other seats have
// given to decisions still waiting for the rest (sealed choices, and every
// decision asked at once with others) by random legal ones: those answers
// are revealed only when all are in, and a bot must not value its own
// answer knowing them (a bid one above the other's, say).
func hideSealed(sim *engine.Game, seat int, r *rand.Rand) {
	s := sim.Evaluator().S
	for i := range s.Pending {
		if s.Answers[i] != nil && s.Pending[i].Player != seat {
			a := RandomAnswer(r, &s.Pending[i])
			s.Answers[i] = &a
		}
	}
}

// candidates lists the answers worth comparing: every option of a single
// choice, else a handful of random legal answers.
func candidates(r *rand.Rand, d *state.Decision) []state.Answer {
	if d.Kind != state.DecideNumber && d.Kind != state.DecideDistribute && d.Kind != state.DecideOrder && d.Kind != state.DecideAssign && d.Min <= 1 && d.Max == 1 {
		out := make([]state.Answer, 0, len(d.Options)+1)
		if d.Min == 0 {
			out = append(out, state.Answer{})
		}
		for i := range d.Options {
			// a pick of one option is a part of a shared list: picks are
			// never written once given
			p := []int{i}
			if i < len(onePick) {
				p = onePick[i : i+1 : i+1]
			}
			out = append(out, state.Answer{Picks: p})
		}
		return out
	}
	if d.Kind == state.DecideNumber && d.NumberCount() <= allNumbers {
		// by index, not by number: a range that ends at the largest
		// number would wrap around past it
		var out []state.Answer
		for i := range d.NumberCount() {
			out = append(out, state.Answer{Number: d.NumberAt(uint64(i))})
		}
		return out
	}
	if d.Kind == state.DecideNumber {
		// a wide range, however wide (up to every whole number): eleven
		// numbers spread evenly over those it takes, from the least to the
		// most, both ends included (a bid of nothing and one of everything
		// are the numbers a value most often prefers), so the lookahead
		// costs the same as for a range of a few dozen
		out := make([]state.Answer, 0, 11)
		for _, n := range d.SpreadNumbers(10) {
			out = append(out, state.Answer{Number: n})
		}
		return out
	}
	// anything else (a division, an order, an assignment, a choice of
	// several): six random answers, whatever the decision's size; a
	// division of however large an amount is six random splits, each drawn
	// at a cost that does not grow with the amount (randomSplit). A
	// division first tries all of it on each option in turn (of the first
	// allOnOne), each other option given its least: the whole of a
	// creature's damage on one blocker, which a random split seldom is.
	var out []state.Answer
	if d.Kind == state.DecideDistribute {
		out = allOnOneSplits(d)
	}
	for range 6 {
		out = append(out, RandomAnswer(r, d))
	}
	return out
}

// allOnOne is the most options of a division that the greedy bot tries
// giving all of it to, one by one.
const allOnOne = 8

// allOnOneSplits is, for each of the first allOnOne options of a
// division, the split that gives it all the amount the least shares leave.
func allOnOneSplits(d *state.Decision) []state.Answer {
	left := d.Total
	for _, o := range d.Options {
		left -= o.Value
	}
	if left <= 0 || len(d.Options) < 2 {
		return nil
	}
	out := make([]state.Answer, 0, min(len(d.Options), allOnOne))
	for i := range min(len(d.Options), allOnOne) {
		amounts := make([]int, len(d.Options))
		for j, o := range d.Options {
			amounts[j] = o.Value
		}
		amounts[i] += left
		out = append(out, state.Answer{Amount: amounts})
	}
	return out
}

// allNumbers is the most numbers a number question may take for the bot
// to try each of them: a bid of 0 to 13 tricks, or of 0 to 20, is tried
// bid by bid (with eleven spread over it, a bid of 4 was never made).
const allNumbers = 21

// value is the ruleset's heuristic value of the position for a seat: very
// high for a win, very low for a loss, else the ruleset's `value` expression
// (0 when it declares none), or the error evaluating it met.
func value(g *engine.Game, seat int) (float64, error) {
	e := g.Evaluator()
	if e.S.Players[seat].Won {
		return 1e9, nil
	}
	if e.S.Players[seat].Lost {
		return -1e9, nil
	}
	if e.S.Over || e.Rs.Value == nil {
		return 0, nil
	}
	// the evaluator's scratch frame, not one of our own: an evaluation
	// keeps a pointer to its frame, which would move a local to the heap
	f := e.TempFrame(state.Frame{You: state.Seat(seat), Player: state.Seat(seat), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
	n, err := e.EvalInt(e.Rs.Value, f)
	e.ReleaseFrame()
	if err != nil {
		return 0, err
	}
	return float64(n), nil
}
