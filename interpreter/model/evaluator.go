package model

import (
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/expr-lang/expr/vm"
)

// Evaluator reads a game's state against its ruleset: it is what every
// compiled expression runs on. It holds the ruleset, the state, the
// evaluation stack, the values statics derive and the scratch frames of
// short evaluations; it changes nothing in the state.
type Evaluator struct {
	Rs      *Ruleset
	S       *state.State
	Nseats  int
	Env     map[string]any
	vm      vm.VM
	Cur     *state.Frame  // the frame the expression VM (the test oracle) evaluates for
	evals   []*Evaluation // the evaluation stack: one entry per evaluation under way
	depth   int
	Der     derivedLayer   // card properties as static effects make them
	Explain bool           // WhyNot is asking: cost checks give their full reason
	scratch []*state.Frame // frames for evaluations outside running effects, reused to spare the heap
	nscr    int
	ZoneAt  []int // first zone instance of each zone kind
	Seats   []int // every seat, in order: the value of `players`
	// Coverage, when set, counts the rule parts (actions, triggers, checks,
	// keywords) that ran or were read.
	Coverage map[string]int

	SymLost                                                                                                                         int64
	SymEnter, SymLeave, SymDraw, SymShuffle, SymTurnStart, SymTurnEnd, SymPhaseStart, SymPhaseEnd, SymReveal, SymAction, SymResolve int64
}
