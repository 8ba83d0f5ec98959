package engine

import (
	"errors"
	"fmt"
	"sort"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
)

// The step budget stops an effect that runs for ever: the steps the game
// runs between two decisions are counted, and past the budget the game stops
// with an error. Unless the ruleset sets limits.steps, the budget grows with
// the game: a base for the turn structure and the setup, and a share for each
// card, since effects over every card are the long ones.
const (
	budgetBase    = 2000
	budgetPerCard = 25
	// runawayShown is how many log lines of a runaway effect are kept;
	// the others are counted in one line.
	runawayShown = 10
)

// stepWatch is the budget of the steps running now, between two decisions.
// It is no part of the state: it is worked out again when the count starts
// over (at an answer, which zeroes it), from the state alone. A budget of 0
// is one not started yet.
type stepWatch struct {
	budget  int
	from    int                 // past this many steps, which steps run is tallied
	logMark int                 // the log's length when the count started
	tally   map[*model.Step]int // the steps run since then
}

// StepBudget is how many steps the game may run between two decisions now:
// limits.steps, or the base and a share per card in the game.
func (g *machine) StepBudget() int {
	if g.Rs.StepBudget > 0 {
		return g.Rs.StepBudget
	}
	return budgetBase + budgetPerCard*len(g.S.Cards)
}

func (g *machine) startBudget() {
	g.Spent = 0
	if g.Der.Err != nil && errors.Is(g.Der.Err, model.ErrSpent) {
		// work done outside the steps (a screen drawn between two
		// questions, which a replay does not draw) is no step's: it is
		// forgotten, and so are the values a static left half made
		g.Der.Err = nil
		g.Invalidate()
	}
	b := g.StepBudget()
	g.watch = stepWatch{budget: b, from: b - b/10, logMark: len(g.S.Log)}
}

// runaway tallies the steps of an effect that is near its budget and, past
// it, stops the game with the steps it kept repeating, leaving most of the
// log lines it wrote out. It reports whether the game was stopped.
func (g *machine) runaway(step *model.Step) bool {
	r := &g.watch
	if r.tally == nil {
		r.tally = map[*model.Step]int{}
	}
	r.tally[step]++
	if g.S.Steps <= r.budget {
		return false
	}
	g.stopRunaway(step.Pos)
	return true
}

// turnsRunaway stops the game when the turn structure moving on (a phase
// starting or ending, a turn starting or ending), which the machine's loop
// counts as a step, ran past the budget: turns in which no step runs and
// nobody is asked anything (every phase skipped, no limit on the turns)
// stop the game as an effect that runs for ever does. With a turn limit
// the count starts over at each turn, and the limit ends the game.
func (g *machine) turnsRunaway() {
	var at diag.Pos
	if len(g.Rs.Phases) > 0 {
		at = g.Rs.Phases[0].Pos
	}
	g.stopRunaway(at)
}

// stopRunaway stops the game past the step budget, at position at: with
// the steps it kept repeating, or, when none ran near the budget, as turns
// that go on with nothing happening.
func (g *machine) stopRunaway(at diag.Pos) {
	r := &g.watch
	type count struct {
		st *model.Step
		n  int
	}
	var top []count
	for st, n := range r.tally {
		top = append(top, count{st, n})
	}
	sort.Slice(top, func(i, j int) bool {
		if top[i].n != top[j].n {
			return top[i].n > top[j].n
		}
		a, b := top[i].st.Pos, top[j].st.Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	var parts []string
	for i, c := range top {
		if i == 3 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", c.st.Prim.Name, c.st.Pos))
	}
	how := fmt.Sprintf("limits.steps (%d); if the effect is meant to be this long, raise it", r.budget)
	if g.Rs.StepBudget == 0 {
		// the budget counted when the steps started: the cards then
		how = fmt.Sprintf("%d steps (%d and %d for each of the %d cards in the game); if the effect is meant to be this long, set limits.steps", r.budget, budgetBase, budgetPerCard, (r.budget-budgetBase)/budgetPerCard)
	}
	g.compactLog()
	if len(parts) == 0 {
		if g.Rs.TurnLimit > 0 {
			// the count starts over at each turn (advance): one turn's
			// moves from phase to phase ran past a budget set very low
			g.fail(fmt.Errorf("%s: one turn moved from phase to phase %d times without a step run or anyone asked anything, past the budget of limits.steps (%d): raise it, or give the phases something to do",
				at, r.budget, r.budget))
			return
		}
		g.fail(fmt.Errorf("%s: the turns went on (%d moves from phase to phase) without a step run or anyone asked anything: every phase is skipped or does nothing, and nothing ends the game (limits.turns would)",
			at, r.budget))
		return
	}
	g.fail(fmt.Errorf("%s: an effect ran %d steps without asking anyone anything and probably loops for ever: it repeats %s. The budget is %s",
		at, r.budget, diag.JoinNames(parts), how))
}

// compactLog keeps the first log lines the runaway effect wrote and counts
// the others in one line, so a runaway prints a summary, not every step.
func (g *machine) compactLog() {
	s := g.S
	from := g.watch.logMark
	if from > len(s.Log) || len(s.Log)-from <= runawayShown+1 {
		return
	}
	// a line only some seat saw is dropped uncounted: the others may not
	// learn that it was there
	left := 0
	for _, e := range s.Log[from+runawayShown:] {
		if e.To < 0 {
			left++
		}
	}
	s.Log = s.Log[:from+runawayShown]
	s.LogSize = logSize(s.Log)
	g.logf(-1, "note", -1, "... and %d more log lines of the same effect.", left)
}
