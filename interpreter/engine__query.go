package interpreter

// EvalQuery evaluates a compiled query with values for its variables, for
// seat you (the player `you` names).
func (g *Game) EvalQuery(e *Expr, you int, vals []Val) (any, error) {
	base := len(g.S.Vars)
	g.S.Vars = append(g.S.Vars, vals...)
	for i := len(vals); i < e.nvars; i++ {
		g.S.Vars = append(g.S.Vars, Val{N: -1})
	}
	defer func() { g.S.Vars = g.S.Vars[:base] }()
	f := Frame{Base: int32(base), You: int8(you), Player: int8(you), This: -1, Card: -1, Event: Event{Card: -1, Source: -1}}
	return g.Eval(e, &f)
}
