package stdlib

import (
	"sync"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

var (
	once sync.Once
	lib  *model.Library
)

// Library returns the standard library of primitives and functions. It is
// built once and shared; it is read-only after that.
func Library() *model.Library {
	once.Do(func() {
		lib = model.NewLibrary()
		for _, family := range [][]*model.Primitive{zonePrimitives(), choicePrimitives(), controlPrimitives(), propertyPrimitives(), outcomePrimitives(), windowPrimitives(), costPrimitives()} {
			for _, p := range family {
				// a registration error is a mistake in this package, which
				// every test and every run meets at once
				if err := lib.AddPrimitive(p); err != nil {
					panic("stdlib: " + err.Error())
				}
			}
		}
		for _, f := range functions() {
			lib.AddFunc(f)
		}
		for _, k := range rulesetKeys() {
			lib.AddKey(k)
		}
	})
	return lib
}

// helpers shared by the primitives

type (
	game  = model.Context
	frame = state.Frame
	step  = model.Step
	param = model.Param
)

const (
	next    = model.Next
	stay    = model.Stay
	suspend = model.Suspend
)

func playerArg(g game, f *frame, a *model.Arg) (int, error) {
	if !a.Set {
		return int(f.You), nil
	}
	return g.EvalPlayer(a.Expr, f)
}

func intArg(g game, f *frame, a *model.Arg, def int) (int, error) {
	if !a.Set {
		return def, nil
	}
	return g.EvalInt(a.Expr, f)
}

func boolArg(g game, f *frame, a *model.Arg, def bool) (bool, error) {
	if !a.Set {
		return def, nil
	}
	return g.EvalBool(a.Expr, f)
}

func cardsArg(g game, f *frame, a *model.Arg) ([]int, error) {
	if !a.Set {
		return nil, nil
	}
	return g.EvalCards(a.Expr, f)
}

func text(a *model.Arg, def string) string {
	if !a.Set || a.Text == "" {
		return def
	}
	return a.Text
}

// say renders a template argument for seat (its default when absent).
func say(g game, f *frame, a *model.Arg, def string, seat int) string {
	if !a.Set || a.Template == nil || a.Template.Text == "" {
		return def
	}
	return g.RenderText(a.Template, f, seat)
}

func word(a *model.Arg, def string) string {
	if !a.Set || a.Word == "" {
		return def
	}
	return a.Word
}

func bind(g game, f *frame, a *model.Arg, v state.Val) {
	if a.Set {
		g.SetVar(f, a.Var.Slot, v)
	}
}

func cardVal(c int) state.Val { return state.Val{N: int64(c)} }

func listVal(l []int) state.Val { return state.Val{L: append([]int{}, l...)} }

// was gives a parameter the names it had in the language's first edition.
func was(p param, old ...string) param {
	p.Was = old
	return p
}

// expr is a parameter of type t; req says whether it must be given.
func exprP(name string, t model.Type, req bool, def, doc string) param {
	return param{Name: name, Kind: model.PExpr, Type: t, Required: req, Default: def, Doc: doc}
}
