package interpreter

import "github.com/expr-lang/expr/vm"

// Evaluator reads a game's state against its ruleset: it is what every
// compiled expression runs on. It holds the ruleset, the state, the
// evaluation stack, the values statics derive and the scratch frames of
// short evaluations; it changes nothing in the state.
type Evaluator struct {
	rs      *Ruleset
	S       *State
	nseats  int
	env     map[string]any
	vm      vm.VM
	cur     *Frame        // the frame the expression VM (the test oracle) evaluates for
	evals   []*evaluation // the evaluation stack: one entry per evaluation under way
	depth   int
	der     derivedLayer // card properties as static effects make them
	explain bool         // WhyNot is asking: cost checks give their full reason
	scratch []*Frame     // frames for evaluations outside running effects, reused to spare the heap
	nscr    int
	zoneAt  []int // first zone instance of each zone kind
	seats   []int // every seat, in order: the value of `players`
	// Coverage, when set, counts the rule parts (actions, triggers, checks,
	// keywords) that ran or were read.
	Coverage map[string]int

	symLost                                                                                                                         int64
	symEnter, symLeave, symDraw, symShuffle, symTurnStart, symTurnEnd, symPhaseStart, symPhaseEnd, symReveal, symAction, symResolve int64
}
