package closure

import (
	"math"

	"github.com/expr-lang/expr/ast"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

// memoScan compiles a scan (any, count, sum, ... of a list) and, when its
// value can be kept, wraps it so that a game evaluates it once while the
// parts of the state it reads stay the same: the scan reads nothing of its evaluation but the
// state and the frame's you and player (no this, card, event, variable,
// element or local from outside it), reads parts of the state the engine
// follows, and gives a single value (a list could be changed by whoever
// receives it). An action window that lists every card of a hand
// evaluates a scan of the cards in play once, not once per card.
func (cc *Compiler) memoScan(n ast.Node, compile func() (model.EvalFn, Type)) (model.EvalFn, Type) {
	frameDeps, outerElem, outerLocal, reads, own := cc.frameDeps, cc.outerElem, cc.outerLocal, cc.Reads, cc.Own
	cc.frameDeps, cc.outerElem, cc.outerLocal, cc.Reads, cc.Own = false, math.MaxInt, math.MaxInt, 0, 0
	elemBase, localBase := len(cc.elems), len(cc.Locals)
	fn, t := compile()
	sub, subOwn := cc.Reads|cc.Own, cc.Own&^cc.Reads
	keep := !cc.frameDeps && cc.outerElem >= elemBase && cc.outerLocal >= localBase &&
		sub != 0 && sub&model.ReadsAnything == 0 && t.k != model.DList && t.k != model.DNil
	cc.frameDeps = frameDeps || cc.frameDeps
	cc.outerElem, cc.outerLocal = min(outerElem, cc.outerElem), min(outerLocal, cc.outerLocal)
	cc.Reads |= reads
	cc.Own |= own
	if !keep {
		return fn, t
	}
	slot := cc.Rs.NewMemoSlot()
	if t.k == model.DBool {
		// a condition as a condition: EvalBool and the logical operators
		// take the kept value without the value closures' frame
		cc.setCond(n, func(x *model.Evaluation) (bool, bool) {
			d := x.Memoized(slot, sub, subOwn, fn)
			return d.N != 0, d.K == model.DBool
		})
	}
	return func(x *model.Evaluation) model.Datum { return x.Memoized(slot, sub, subOwn, fn) }, t
}

// readElem records a read of the element of a predicate at level.
func (cc *Compiler) readElem(level int) { cc.outerElem = min(cc.outerElem, level) }

// readLocal records a read of local i.
func (cc *Compiler) readLocal(i int) { cc.outerLocal = min(cc.outerLocal, i) }
