package model

import (
	"errors"
	"fmt"
	"math"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// DatumKind is the kind of a Datum.
type DatumKind uint8

const (
	DNil DatumKind = iota
	DInt
	DBool
	DSym // an interned name: a declared value, zone, phase, card name, ...
	DCard
	DPlayer
	DList  // a list; Datum.E says what it holds
	DFloat // N holds the bits of a float64
	DStr   // a text that is no interned name (the name of a generated card); in S
)

// Datum is a value of the evaluator: no boxing, no allocation for scalars.
type Datum struct {
	K DatumKind
	E DatumKind // for lists: the kind of the elements (DNil: not known, an empty literal)
	// Owned marks a list the evaluation made for this value (a filter's
	// result) that nothing else holds: whoever receives it may keep L
	// without copying it. A list read from the state never is.
	Owned bool
	N     int64
	L     []int
	S     string
}

// EvalFn is a compiled expression: a tree of Go closures.
type EvalFn func(x *Evaluation) Datum

// FillFn appends the elements of a list literal to dst, where a value
// closure would make a list of its own.
type FillFn func(x *Evaluation, dst []int) []int

// CondFn is a compiled condition that gives true or false without a Datum:
// ok is false when it gave something else (nothing, read from no card).
// The compiler makes one for the logical operators and comparisons, so a
// condition made of them passes two machine words from node to node, not
// values.
type CondFn func(x *Evaluation) (v, ok bool)

// IntFn is a compiled whole number that gives it without a Datum: ok is
// false when it gave nothing (a property read from no card). The compiler
// makes one for literals, property reads and arithmetic on whole numbers,
// which comparisons then read.
type IntFn func(x *Evaluation) (v int64, ok bool)

// SameScalar reports whether a and b are equal when both are of one kind
// that compares by number (nothing, numbers, true/false, declared names,
// cards, players); known is false for the other cases, which Equal decides.
func SameScalar(a, b Datum) (eq, known bool) {
	if a.K != b.K {
		return false, false
	}
	switch a.K {
	case DNil:
		return true, true
	case DInt, DBool, DSym, DCard, DPlayer:
		return a.N == b.N, true
	}
	return false, false
}

// Evaluation is the state of one evaluation of one expression: the frame it is
// for, the current element of each of its nested predicates, the arguments of
// the calls it is making and the first error it met. Every evaluation has its
// own (Game keeps them on a stack, pushed and popped strictly), so no
// evaluation can see another's scratch.
type Evaluation struct {
	G      *Evaluator
	F      *state.Frame
	elem   []int64
	Args   []Datum
	Locals []Datum
	err    string
	// placed: err says in which predicate it was met (FailedIn)
	placed bool
	// work is the elements the evaluation's predicates went through and
	// the lists it joined, against WorkLimit
	work int
	// lists given back by the built-ins that wrote a list they only read
	// into one (TakeInts), kept for the next: nested ones take others
	free [][]int
}

// TakeInts gives an empty list of the evaluation's own, to write a list
// into that is only read while a built-in runs; GiveInts gives it back.
// A nested built-in takes another, so no two in use share memory.
func (x *Evaluation) TakeInts() []int {
	if n := len(x.free); n > 0 {
		b := x.free[n-1]
		x.free = x.free[:n-1]
		return b[:0]
	}
	return make([]int, 0, 16)
}

// GiveInts gives back a list TakeInts gave (grown or not); nil is
// nothing to give back.
func (x *Evaluation) GiveInts(b []int) {
	if b != nil {
		x.free = append(x.free, b)
	}
}

// Fail records a run-time error; the evaluation goes on with zero values (it
// changes nothing) and its caller reports the first error with the position.
func (x *Evaluation) Fail(format string, a ...any) Datum {
	if x.err == "" {
		x.err = fmt.Sprintf(format, a...)
	}
	return Datum{}
}

// Failing reports whether the evaluation has met an error.
func (x *Evaluation) Failing() bool { return x.err != "" }

// FailedIn says where the evaluation's error was met, a predicate's name
// and place, once: the predicate innermost that met it, as the others
// that called it come after.
func (x *Evaluation) FailedIn(where string) {
	if x.err != "" && !x.placed {
		x.err += where
		x.placed = true
	}
}

// Missing reports a number read from nothing (a property of no card, say)
// given to an operator: an error, as it would be a silent 0 otherwise.
func (x *Evaluation) Missing(op string) Datum {
	return x.Fail("%s is given nothing where a number is needed (a property read from no card or player?)", op)
}

// MissingBool reports a condition read from nothing given to a logical operator.
func (x *Evaluation) MissingBool(op string) Datum {
	return x.Fail("%s is given nothing where true or false is needed (a property read from no card or player?)", op)
}

func (x *Evaluation) At(level int) int64 {
	if level < len(x.elem) {
		return x.elem[level]
	}
	return 0
}

// SetAt makes v the element of the predicate at level.
func (x *Evaluation) SetAt(level int, v int64) {
	for len(x.elem) <= level {
		x.elem = append(x.elem, 0)
	}
	x.elem[level] = v
}

// Budget is l, counted as work of the evaluation (Spend) before a
// built-in goes through it, or nil, which it goes through at once, when
// the evaluation failed or goes past WorkLimit: nested predicates stop as
// soon as one is refused. Counted once a list, not once an element, the
// predicates' loops stay as quick as they were.
func (x *Evaluation) Budget(l []int) []int {
	if !x.Spend(len(l)) {
		return nil
	}
	return l
}

// WorkLimit bounds the elements one evaluation may go through: predicates
// nested over long lists (sum(1..3000, sum(1..3000, sum(1..3000, #))))
// would otherwise run for hours, and no step budget of the game sees the
// work inside one expression. Ten million takes about a second at most;
// the games' own expressions go through a few hundred.
const WorkLimit = 10_000_000

// SpentLimit bounds the work of every evaluation between two questions
// (Evaluator.Spent): ten times what one expression may do, a few seconds.
const SpentLimit = 100_000_000

// ErrSpent is why a game stops whose expressions went through more than
// SpentLimit elements between two questions.
var ErrSpent = errors.New("the expressions run since the last question went through more than 100,000,000 elements (statics over many cards, or a loop of long expressions?)")

// Spend counts n steps of work (the elements of a list a built-in goes
// through or writes); it is false, and the evaluation failed, past
// WorkLimit, or when the evaluation failed before.
func (x *Evaluation) Spend(n int) bool {
	x.work += n
	return x.work <= WorkLimit && x.err == "" || x.stop()
}

// stop fails an evaluation past WorkLimit; false, as the loop must stop.
func (x *Evaluation) stop() bool {
	if x.work > WorkLimit {
		x.Fail("the expression went through more than 10,000,000 elements (predicates nested over long lists?)")
	}
	return false
}

func B2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func Truth(d Datum) bool { return d.K == DBool && d.N != 0 }

func FloatDatum(f float64) Datum { return Datum{K: DFloat, N: int64(math.Float64bits(f))} }

// Float is the value of a number as a float64.
func (d Datum) Float() float64 {
	if d.K == DFloat {
		return math.Float64frombits(uint64(d.N))
	}
	return float64(d.N)
}

func CardDatum(c int) Datum {
	if c < 0 {
		return Datum{}
	}
	return Datum{K: DCard, N: int64(c)}
}

func PlayerDatum(p int) Datum {
	if p < 0 {
		return Datum{}
	}
	return Datum{K: DPlayer, N: int64(p)}
}

// Equal compares two values as expr does: nil equals only nil, numbers by
// value, names by their text, lists element by element.
func (g *Evaluator) Equal(a, b Datum) bool {
	if a.K == DNil || b.K == DNil {
		return a.K == b.K
	}
	switch {
	case a.K == DList || b.K == DList:
		if a.K != b.K || len(a.L) != len(b.L) {
			return false
		}
		for i := range a.L {
			if !g.Equal(Datum{K: a.E, N: int64(a.L[i])}, Datum{K: b.E, N: int64(b.L[i])}) {
				return false
			}
		}
		return true
	case a.K == DFloat || b.K == DFloat:
		if (a.K != DFloat && a.K != DInt) || (b.K != DFloat && b.K != DInt) {
			return false
		}
		return a.Float() == b.Float()
	case a.K == DStr || b.K == DStr:
		if (a.K != DStr && a.K != DSym) || (b.K != DStr && b.K != DSym) {
			return false
		}
		return g.Text(a) == g.Text(b)
	}
	return a.N == b.N && (a.K == DBool) == (b.K == DBool) && (a.K == DSym) == (b.K == DSym)
}

// text is the text of a name.
func (g *Evaluator) Text(d Datum) string {
	if d.K == DStr {
		return d.S
	}
	return g.Rs.Symbol(d.N)
}

// nameDatum is a text as a value: the interned name when the ruleset knows it.
func (g *Evaluator) NameDatum(s string) Datum {
	if i, ok := g.Rs.SymbolIx[s]; ok {
		return Datum{K: DSym, N: int64(i)}
	}
	return Datum{K: DStr, S: s}
}

// SymDatum is an interned name as a value; a negative symbol (none) is "".
func (g *Evaluator) SymDatum(n int64) Datum {
	if n < 0 {
		return g.NameDatum("")
	}
	return Datum{K: DSym, N: n}
}

// ElemKind is the kind of the elements of a list type (DNil for a type that
// is no list).
func ElemKind(t Type) DatumKind {
	switch t {
	case TCards:
		return DCard
	case TPlayers:
		return DPlayer
	case TInts:
		return DInt
	case TStrings:
		return DSym
	}
	return DNil
}

// AddWhole, SubWhole, MulWhole and NegWhole are a+b, a-b, a*b and -a, with
// false when the result lies beyond the whole numbers a value holds: the
// game stops there rather than wrap around to a number nobody wrote.
func AddWhole(a, b int64) (int64, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

func SubWhole(a, b int64) (int64, bool) {
	c := a - b
	return c, (c < a) == (b > 0)
}

func MulWhole(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) || c/b != a {
		return c, false
	}
	return c, true
}

func NegWhole(a int64) (int64, bool) { return -a, a != math.MinInt64 }

// Overflow reports a whole-number operation whose result is too large.
func (x *Evaluation) Overflow(a int64, op string, b int64) Datum {
	return x.Fail(overflowFormat, a, op, b)
}

const overflowFormat = "%d %s %d goes beyond what a whole number holds"

// Fail records a run-time error a library function's body met (Func.Fn
// and Func.CardsProp are given the evaluator, not the evaluation): in the
// evaluation making the call, the innermost under way, which stops with
// it as with an operator's. Every call the engine and the oracle make is
// made in one (CallFunc); outside any there is nowhere to report it.
func (g *Evaluator) Fail(format string, a ...any) Datum {
	if g.depth > 0 {
		return g.evals[g.depth-1].Fail(format, a...)
	}
	return Datum{}
}

// Spend counts n elements of work a library function's body does (the
// sums it keeps, say) against the evaluation making the call, as the
// built-ins count theirs: false once past the limit, the evaluation failed.
func (g *Evaluator) Spend(n int) bool {
	if g.depth > 0 {
		return g.evals[g.depth-1].Spend(n)
	}
	return true
}

// Overflow reports, from a library function's body, a whole-number
// operation whose result is too large, as an operator reports it.
func (g *Evaluator) Overflow(a int64, op string, b int64) Datum {
	return g.Fail(overflowFormat, a, op, b)
}

// CallFunc calls a library function's body on values, in an evaluation
// of its own for the frame the expression VM evaluates for (Cur), and
// gives the error the body met: the test oracle's calls fail as the
// evaluator's do.
func (g *Evaluator) CallFunc(fn *Func, args []Datum) (Datum, error) {
	x := g.begin(g.Cur)
	d := fn.Fn(g, args)
	msg := x.err
	g.end()
	if msg != "" {
		return Datum{}, fmt.Errorf("%s: %s", fn.Name, msg)
	}
	return d, nil
}
