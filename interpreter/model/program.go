package model

import (
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Program is a flat list of compiled steps. Nested step lists (the branches of
// an if, the body of a loop) are programs of their own that share the variable
// slots of their root effect.
type Program struct {
	Name  string
	Steps []*Step
	Root  int // index of the root program whose variable slots this one uses
	NVars int // on a root program: how many variable slots the effect needs
	// Stack is set on the effect of a trigger declared with `stack: true`:
	// when it triggers it waits on the stack, like a spell, instead of
	// resolving at once.
	Stack bool
	// Announces is set on the targets-and-costs program of an action with
	// `stack: true`: while it runs, the action is being put on the stack.
	Announces bool
	Pos       diag.Pos
}

// Step is one compiled primitive call.
type Step struct {
	Prim  *Primitive
	Args  []Arg
	Pos   diag.Pos
	State int // first hidden slot of the step's own progress
	Label string
}

// Arg is a compiled argument; which field is set depends on the parameter kind.
type Arg struct {
	Set     bool
	Expr    *Expr
	Zone    int
	Prog    int
	Slot    int
	Type    Type
	Text    string
	Word    string
	Choices []Choice
	Actions []int
	Exprs   []*Expr
	Segs    []string // a template: the text around each of Exprs
	Pos     diag.Pos
}

// Choice is one labelled branch of a choice step.
type Choice struct {
	Label string
	Tmpl  *Arg // a label with {expression} parts
	If    *Expr
	Prog  int
}

// ChoiceLabel is the label of a choice as seat sees it, its template filled.
func (g *Evaluator) ChoiceLabel(ch *Choice, f *state.Frame, seat int) string {
	if ch.Tmpl == nil {
		return ch.Label
	}
	return g.RenderText(ch.Tmpl, f, seat)
}

// At returns the argument at index i (an index its primitive's Args
// resolved at registration).
func (s *Step) At(i ArgIndex) *Arg { return &s.Args[i] }
