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
	// Recheck is the trigger whose effect this is, when written with
	// recheck: its first step ($recheck) judges it again as the effect starts
	Recheck *Trigger
	Pos     diag.Pos
}

// Step is one compiled primitive call.
type Step struct {
	Prim  *Primitive
	Args  []Arg
	Pos   diag.Pos
	State int // first hidden slot of the step's own progress
	Label string
	// Cost: one of an action's costs, judged (CanPay) when the action was
	// offered and paid in order once it is taken
	Cost bool
}

// Arg is a compiled argument of a step. Only the field of its parameter's
// kind is set; none means anything else.
type Arg struct {
	Set bool // the step gives it (or its parameter has a default)
	// Defaulted says the parameter's default gave it: the step does not
	// write it.
	Defaulted bool
	Pos       diag.Pos // where it is written
	// Type is the type its parameter declares (PExpr, PExprList, PBind).
	Type  Type
	Expr  *Expr   // PExpr
	Exprs []*Expr // PExprList
	Zone  int     // PZone: the zone kind
	Prog  int     // PSteps: the program of the nested steps
	Var   Var     // PBind: the variable the step binds
	Text  string  // PText; PPhase: the phase's name
	Word  string  // PWord: one of the parameter's Words
	// WordAt is Word's index among the parameter's Words, for a step to
	// tell the words apart without comparing text while a game runs
	WordAt   int
	Template *Template // PTemplate
	Choices  []Choice  // PChoices
	Actions  []int     // PAction: action indexes
	// Ref is what the primitive's Validate resolved the argument to at
	// load, for running the step to look nothing up by name: a
	// property's index (ResolveProp), an event name's symbol (emit); NoRef
	// when nothing was
	Ref int
}

// NoRef is the Ref of an argument its primitive resolved to nothing: a
// step that reads it as a property's index stops the game as an internal
// error, rather than read another property.
const NoRef = -1

// Var is a variable a step binds: its slot among its effect's variables, its
// type and its name.
type Var struct {
	Slot int
	Type Type
	Name string
}

// Template is a text with {expression} parts, rendered when it is shown.
// Segs are the texts around the parts: len(Segs) == len(Exprs)+1.
type Template struct {
	Text  string // as written
	Exprs []*Expr
	Segs  []string
	Pos   diag.Pos
}

// PlainTemplate is a template of a text with no parts.
func PlainTemplate(text string) *Template {
	return &Template{Text: text, Segs: []string{text}}
}

// Choice is one labelled branch of a choice step.
type Choice struct {
	Label string
	Tmpl  *Template // a label with {expression} parts
	If    *Expr
	Prog  int
	Pos   diag.Pos // where the option is written
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

// The words of ContinueAction's use_stack, by index.
const (
	useStackNo = iota
	useStackYes
)

var useStackWords = [...]string{useStackNo: "no", useStackYes: "yes"}

// ContinueAction is the step load puts after an action's costs: it runs the
// action's effect, or puts the action on the stack when the action uses the
// stack.
var ContinueAction = &Primitive{
	Name:  "$continue",
	emits: NoArg,
	Doc:   "Runs an action's effect once its costs are paid, or puts it on the stack.",
	Params: []Param{
		{Name: "effect", Kind: PSteps, Required: true},
		{Name: "use_stack", Kind: PWord, Words: useStackWords[:]},
		{Name: "action", Kind: PAction, Required: true},
	},
	Exec: func(g Context, f *state.Frame, s *Step) (Status, error) {
		if s.Args[1].WordAt == useStackYes {
			g.PushAction(f, s.Args[0].Prog, s.Args[2].Actions[0])
		} else {
			g.Call(f, s.Args[0].Prog)
		}
		return Next, nil
	},
}

// RecheckTrigger is the step load puts first in the effect of a trigger
// written with recheck: the effect ends at once when the trigger would no
// longer fire (its condition, its card's zone, face or facing), judged as
// the effect starts, after the effects that started before it.
var RecheckTrigger = &Primitive{
	Name:  "$recheck",
	emits: NoArg,
	Doc:   "Ends a trigger's effect before it starts when the trigger would no longer fire.",
	Exec: func(g Context, f *state.Frame, s *Step) (Status, error) {
		steps := g.Ruleset().Programs[f.Prog].Steps
		t := g.Ruleset().Programs[f.Prog].Recheck
		if t == nil {
			return Next, nil
		}
		holds, err := g.TriggerHolds(t, f)
		if err != nil || holds {
			return Next, err
		}
		f.PC = int32(len(steps)) // the effect ends here
		return Next, nil
	},
}

// ContinueStep is the step of ContinueAction for an action.
func ContinueStep(a *Action) *Step {
	useStack := useStackNo
	if a.UseStack {
		useStack = useStackYes
	}
	return &Step{Prim: ContinueAction, Pos: a.Pos, Args: []Arg{
		{Set: true, Pos: a.Pos, Prog: a.Effect},
		{Set: true, Pos: a.Pos, Word: useStackWords[useStack], WordAt: useStack},
		{Set: true, Pos: a.Pos, Actions: []int{a.Index}},
	}}
}

// WalkSteps calls visit for every step of the programs progs and of the
// programs their steps nest (steps of a branch, a loop's body, a choice's
// options), each program once: for a reader of a ruleset (a check, a tool
// that lists what a phase asks), never while a game runs.
func (rs *Ruleset) WalkSteps(visit func(st *Step), progs ...int) {
	seen := map[int]bool{}
	var walk func(prog int)
	walk = func(prog int) {
		if prog < 0 || prog >= len(rs.Programs) || seen[prog] {
			return
		}
		seen[prog] = true
		for _, st := range rs.Programs[prog].Steps {
			visit(st)
			for i, p := range st.Prim.Params {
				if i >= len(st.Args) {
					break
				}
				switch p.Kind {
				case PSteps:
					if st.Args[i].Set {
						walk(st.Args[i].Prog)
					}
				case PChoices:
					for _, ch := range st.Args[i].Choices {
						walk(ch.Prog)
					}
				}
			}
		}
	}
	for _, p := range progs {
		walk(p)
	}
}
