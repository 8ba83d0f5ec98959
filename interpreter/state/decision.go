package state

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Option is one legal answer to a decision, with a stable id and a readable label.
type Option struct {
	ID     string `json:"id"`
	Label  string `json:"label"`
	Card   int    `json:"card"`   // card instance, or -1
	Action int    `json:"action"` // action index, or -1
	Player int    `json:"player"` // player index, or -1
	Value  int    `json:"value"`  // a number, a choice index
}

// DecisionKind says what a decision asks for and how its answer is read.
type DecisionKind string

// The kinds of decision. An answer picks options (Picks) for all but
// number (Amount), distribute and assign (Amounts).
const (
	DecideAction     DecisionKind = "action"     // an action to take, or pass
	DecideCards      DecisionKind = "cards"      // cards among options, between Min and Max of them
	DecideChoice     DecisionKind = "choice"     // one labelled option
	DecidePlayer     DecisionKind = "player"     // one player
	DecideTarget     DecisionKind = "target"     // one target
	DecideNumber     DecisionKind = "number"     // a number from Min to Max
	DecideDistribute DecisionKind = "distribute" // Total split among the options
	DecideOrder      DecisionKind = "order"      // every option, in an order
	DecideAssign     DecisionKind = "assign"     // each option to one of Targets, or none
)

// Decision is a question the engine asks one player.
type Decision struct {
	Seq     int          `json:"seq"`
	Player  int          `json:"player"`
	Kind    DecisionKind `json:"kind"`
	Prompt  string       `json:"prompt"`
	Options []Option     `json:"options"`
	Min     int          `json:"min"`
	Max     int          `json:"max"`
	Total   int          `json:"total,omitempty"` // distribute: the amount to split
	Frame   int          `json:"frame"`
	Pass    bool         `json:"pass,omitempty"` // an action decision that may be passed
	// Sealed marks one of several decisions a step asks at once whose
	// answers stay hidden until all are in. A sealed decision is asked even
	// when it has one way to answer, so that whether a player had a choice
	// shows nowhere: not in who is asked, not in the order things happen.
	Sealed bool `json:"sealed,omitempty"`
	// Except, in a number decision, lists the numbers from Min to Max that
	// may not be chosen (a bid that would make the bids add up)
	Except []int `json:"except,omitempty"`
	// Targets are what the options are assigned to in an assign decision; the
	// answer's Amount gives, per option, a target number from 1, or 0 for none.
	Targets   []Option `json:"targets,omitempty"`
	PerTarget int      `json:"per_target,omitempty"` // assign: the most options per target; 0 no limit
	// Allowed, in an assign decision, lists per option the target numbers
	// (from 1) it may be given; nil when every option may take every target.
	Allowed [][]int `json:"allowed,omitempty"`
	// Fewest, in an assign decision, gives per target the fewest options it
	// may get when it gets any; nil when one is always enough.
	Fewest []int `json:"fewest,omitempty"`
}

// FewestFor is the fewest options target number t (from 1) of an assign
// decision may get, when it gets any.
func (d *Decision) FewestFor(t int) int {
	if t < 1 || t > len(d.Fewest) || d.Fewest[t-1] < 1 {
		return 1
	}
	return d.Fewest[t-1]
}

// checkFewest refuses an assignment that gives a target some options but
// fewer than it may get; per counts the options given to each target.
func (d *Decision) checkFewest(per map[int]int) error {
	for t := 1; t <= len(d.Fewest); t++ {
		if n := per[t]; n > 0 && n < d.FewestFor(t) {
			return fmt.Errorf("%s must get at least %d, or none (it gets %d)", d.Targets[t-1].Label, d.FewestFor(t), n)
		}
	}
	return nil
}

// MayAssign reports whether option i of an assign decision may be given
// target number t (from 1; 0, none, is always allowed).
func (d *Decision) MayAssign(i, t int) bool {
	if t == 0 || d.Allowed == nil {
		return true
	}
	if i < 0 || i >= len(d.Allowed) {
		return false
	}
	for _, x := range d.Allowed[i] {
		if x == t {
			return true
		}
	}
	return false
}

// Answer is what a player answers to a decision: picked option indexes, or a
// number, or for a distribution an amount per option.
type Answer struct {
	Picks  []int `json:"picks,omitempty"`
	Amount []int `json:"amount,omitempty"`
	Number int   `json:"number,omitempty"`
	Resign bool  `json:"resign,omitempty"`
	// Error stops the game with this error instead of answering: a program
	// answering for a seat (a bot looking ahead) met an error in the rules.
	// It is recorded like any answer, so a replay stops at the same point.
	Error string `json:"error,omitempty"`
}

// LeastAnswer is the answer to a decision that does the least: pass, or the
// fewest picks. Bots use it for the other seats when they look ahead.
func LeastAnswer(d *Decision) Answer {
	switch d.Kind {
	case DecideAssign:
		return Answer{Amount: make([]int, len(d.Options))}
	case DecideNumber:
		return Answer{Number: d.FirstNumber()}
	case DecideDistribute:
		a := Answer{Amount: make([]int, len(d.Options))}
		left := d.Total
		for i, o := range d.Options {
			a.Amount[i] = o.Value
			left -= o.Value
		}
		if len(a.Amount) > 0 {
			a.Amount[0] += left
		}
		return a
	case DecideOrder:
		return Answer{Picks: FirstPicks(len(d.Options))}
	case DecideAction:
		for i, o := range d.Options {
			if o.Action < 0 {
				return Answer{Picks: pickOf(i)}
			}
		}
	}
	return Answer{Picks: FirstPicks(d.Min)}
}

// FirstPicks is the picks of the first n options, in order: for a small
// n a part of a shared list, as picks are never written once given.
func FirstPicks(n int) []int {
	if n <= len(identityPicks) {
		return identityPicks[:n:n]
	}
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// pickOf is the picks of option i alone, shared as FirstPicks' are.
func pickOf(i int) []int {
	if i < len(identityPicks) {
		return identityPicks[i : i+1 : i+1]
	}
	return []int{i}
}

// ForcedAnswer reports whether a decision has a single way to answer, and
// gives that answer.
func ForcedAnswer(d *Decision) (bool, Answer) {
	switch d.Kind {
	case DecideAssign:
		if len(d.Targets) == 0 || len(d.Options) == 0 {
			return true, Answer{Amount: make([]int, len(d.Options))}
		}
		if d.Allowed != nil {
			for _, ts := range d.Allowed {
				if len(ts) > 0 {
					return false, Answer{}
				}
			}
			return true, Answer{Amount: make([]int, len(d.Options))}
		}
		return false, Answer{}
	case DecideNumber:
		if d.NumberCount() == 1 {
			return true, Answer{Number: d.FirstNumber()}
		}
	case DecideDistribute:
		if len(d.Options) == 1 {
			return true, Answer{Amount: []int{d.Total}}
		}
	case DecideOrder:
		if len(d.Options) <= 1 {
			return true, Answer{Picks: identityPicks[:len(d.Options):len(d.Options)]}
		}
	default:
		if len(d.Options) == d.Min && d.Min == d.Max {
			return true, Answer{Picks: FirstPicks(d.Min)}
		}
	}
	return false, Answer{}
}

// identityPicks are the picks of every option of a small decision, in
// order: forced answers share them (picks are never written once given,
// and clones already share an answer's).
var identityPicks = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// Check reports why an answer is not a legal answer to the decision, or nil.
func (d *Decision) Check(a Answer) error { return CheckAnswer(d, &a) }

func CheckAnswer(d *Decision, a *Answer) error {
	switch d.Kind {
	case DecideNumber:
		if a.Number < d.Min || a.Number > d.Max {
			return fmt.Errorf("the number must be from %d to %d, not %d", d.Min, d.Max, a.Number)
		}
		if slices.Contains(d.Except, a.Number) {
			return fmt.Errorf("%d may not be chosen here (%s)", a.Number, d.NumberRange())
		}
		return nil
	case DecideDistribute:
		if len(a.Amount) != len(d.Options) {
			return fmt.Errorf("give an amount for each of the %d choices", len(d.Options))
		}
		sum, over := 0, false
		for i, x := range a.Amount {
			if x < 0 {
				return fmt.Errorf("%s cannot get a negative amount", d.Options[i].Label)
			}
			if x < d.Options[i].Value {
				return fmt.Errorf("%s must get at least %d", d.Options[i].Label, d.Options[i].Value)
			}
			if x > d.Total {
				return fmt.Errorf("%s cannot get %d: there is only %d to divide", d.Options[i].Label, x, d.Total)
			}
			// checked: shares that wrap around past the largest number
			// would otherwise seem to add up
			if sum > math.MaxInt-x {
				over = true
			}
			sum += x
		}
		if over {
			return fmt.Errorf("the amounts must add up to %d, and these add up to more than %d", d.Total, math.MaxInt)
		}
		if sum != d.Total {
			return fmt.Errorf("the amounts must add up to %d, not %d", d.Total, sum)
		}
		return nil
	case DecideAssign:
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
	case DecideOrder:
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
	// each pick once: a bit each for the first 64 options, a list past them
	var seen uint64
	var seenPast []bool
	for _, p := range a.Picks {
		if p < 0 || p >= len(d.Options) {
			return fmt.Errorf("there is no option %d; the options are 1 to %d", p+1, len(d.Options))
		}
		twice := false
		if p < 64 {
			twice, seen = seen&(1<<p) != 0, seen|1<<p
		} else {
			if seenPast == nil {
				seenPast = make([]bool, len(d.Options))
			}
			twice, seenPast[p] = seenPast[p], true
		}
		if twice {
			return fmt.Errorf("option %d is chosen twice", p+1)
		}
	}
	return nil
}

// NumberAllowed reports whether a number decision takes n.
func (d *Decision) NumberAllowed(n int) bool {
	return n >= d.Min && n <= d.Max && !slices.Contains(d.Except, n)
}

// NumberCount is how many numbers a number decision takes; a count past
// the largest int (a range as wide as the whole numbers) is given as the
// largest int, as no caller lists that many.
func (d *Decision) NumberCount() int {
	if d.Max < d.Min {
		return 0
	}
	// from the span, unsigned, as Max - Min + 1 may pass the largest int
	n, some := d.span()
	switch {
	case !some:
		return 0
	case n < math.MaxInt:
		return int(n) + 1
	}
	return math.MaxInt
}

// NumberSpan is how many numbers a number decision takes, less one: the
// index of the last of them for NumberAt. Unsigned, as a range from the
// least whole number to the largest spans more than an int holds.
func (d *Decision) NumberSpan() uint64 {
	n, _ := d.span()
	return n
}

// span is NumberSpan, and whether the decision takes any number at all
// (a span of 0 is one number; every number excepted is none, which the
// step that asks never lets happen).
func (d *Decision) span() (uint64, bool) {
	if d.Max < d.Min {
		return 0, false
	}
	n := uint64(d.Max) - uint64(d.Min)
	prev, first := 0, true
	for _, x := range d.sortedExcept() {
		if x < d.Min || x > d.Max || (!first && x == prev) {
			continue
		}
		prev, first = x, false
		if n == 0 {
			return 0, false
		}
		n--
	}
	return n, true
}

// sortedExcept is Except in order, the list itself when it is (as the
// step that asks sets it).
func (d *Decision) sortedExcept() []int {
	if slices.IsSorted(d.Except) {
		return d.Except
	}
	return slices.Sorted(slices.Values(d.Except))
}

// FirstNumber is the least number a number decision takes (Min when it
// takes none, which the step that asks it never lets happen).
func (d *Decision) FirstNumber() int {
	if d.NumberCount() == 0 {
		return d.Min
	}
	return d.NumberAt(0)
}

// NumberAt is the i-th number (from 0) a number decision takes, in order;
// the last one past them. It counts over the excepted numbers, not over
// the range, so a range as wide as the whole numbers costs no more than a
// short one.
func (d *Decision) NumberAt(i uint64) int {
	span := d.NumberSpan()
	if d.Max < d.Min {
		return d.Min
	}
	i = min(i, span)
	// offsets from Min, unsigned: Min + i may pass the largest int only
	// when the range does not hold it, which min above rules out
	at := i
	prev, first := 0, true
	for _, x := range d.sortedExcept() {
		if x < d.Min || x > d.Max || (!first && x == prev) {
			continue
		}
		prev, first = x, false
		if uint64(x)-uint64(d.Min) > at {
			break
		}
		at++ // an excepted number at or below: the i-th is one further
	}
	return int(uint64(d.Min) + at)
}

// SpreadNumbers is up to k+1 numbers spread evenly over those a number
// decision takes, in order, from the least to the most, both ends
// included, each once.
func (d *Decision) SpreadNumbers(k int) []int {
	k = max(k, 1)
	span := d.NumberSpan()
	out := make([]int, 0, k+1)
	for i := range uint64(k) + 1 {
		// span*i/k without passing the largest uint64
		at := span/uint64(k)*i + span%uint64(k)*i/uint64(k)
		if n := d.NumberAt(at); len(out) == 0 || out[len(out)-1] != n {
			out = append(out, n)
		}
	}
	return out
}

// NumberRange says in words which numbers a number decision takes: "a
// number from 0 to 3", "a number from 0 to 3 but 2".
func (d *Decision) NumberRange() string {
	out := fmt.Sprintf("a number from %d to %d", d.Min, d.Max)
	var but []string
	for i, x := range d.Except {
		if x >= d.Min && x <= d.Max && !slices.Contains(d.Except[:i], x) {
			but = append(but, strconv.Itoa(x))
		}
	}
	switch len(but) {
	case 0:
		return out
	case 1:
		return out + " but " + but[0]
	}
	return out + " but " + strings.Join(but[:len(but)-1], ", ") + " and " + but[len(but)-1]
}
