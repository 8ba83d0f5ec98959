package engine

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// EvalQuery evaluates a compiled query with values for its variables, for
// seat you (the player `you` names).
func (g *machine) EvalQuery(e *model.Expr, you int, vals []state.Val) (any, error) {
	base := len(g.S.Vars)
	g.S.Vars = append(g.S.Vars, vals...)
	for i := len(vals); i < e.Nvars; i++ {
		g.S.Vars = append(g.S.Vars, state.Val{N: -1})
	}
	defer func() { g.S.Vars = g.S.Vars[:base] }()
	f := state.Frame{Base: int32(base), You: state.Seat(you), Player: state.Seat(you), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
	return g.Eval(e, &f)
}
