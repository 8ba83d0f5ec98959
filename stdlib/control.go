package stdlib

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

func controlPrimitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "if", Family: "control",
			Doc: "Runs `then` when the condition holds, else `else`.",
			Params: []param{
				{Name: "cond", Kind: model.PExpr, Type: model.TBool, Required: true, Doc: "the condition", Decides: true},
				{Name: "then", Kind: model.PSteps, Doc: "steps run when it holds", Branch: true},
				{Name: "else", Kind: model.PSteps, Doc: "steps run when it does not", Branch: true},
			},
			Example: "- if:\n    cond: len(you.hand) == 0\n    then: [{draw: {from: deck, to: hand}}]",
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				ok, err := g.EvalBool(s.Arg("cond").Expr, f)
				if err != nil {
					return next, err
				}
				branch, name := s.Arg("then"), "then"
				if !ok {
					branch, name = s.Arg("else"), "else"
				}
				if branch.Set {
					g.CoverBranch(s, name)
					g.Call(f, branch.Prog)
				}
				return next, nil
			},
		},
		{
			Name: "at_once", Family: "control",
			Doc: "Runs its steps as one moment of the game, the effects they set off included: the state checks, which otherwise run before and after each effect an event sets off through a trigger (see checks), wait until all of it is done. The steps of one effect need no at_once, as checks never run between them; it is for a series of events whose effects must happen together: damage dealt to several cards, each through a trigger of its own, then whatever it destroyed is destroyed together.",
			Params: []param{
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			Example: "- at_once:\n    do:\n      - for_each: {card: \"filter(everyone.table, .power > 0)\", as: c, do: [{emit: {event: hit, card: c, amount: c.power}}]}",
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				g.CallTogether(f, s.Arg("do").Prog)
				return next, nil
			},
		},
		{
			Name: "for_each", Family: "control",
			Doc: "Runs `do` once per card of a list (computed once, at the start), with the card bound.",
			Params: []param{
				exprP("card", model.TCards, true, "", "the cards"),
				{Name: "as", Kind: model.PBind, Type: model.TCard, Required: true, Doc: "the variable for each card"},
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- for_each: {card: you.table, as: c, do: [{set: {card: c, prop: tapped, value: false}}]}",
			Exec:       loop("card", false),
		},
		{
			Name: "for_each_player", Family: "control",
			Doc: "Runs `do` once per player of a list (default: every player, in seat order from you), with `you` set to that player and the player bound.",
			Params: []param{
				exprP("players", model.TPlayers, false, "", "the players (default: all, starting with you)"),
				{Name: "as", Kind: model.PBind, Type: model.TPlayer, Doc: "the variable for each player"},
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- for_each_player:\n    do: [{draw: {count: 5, from: deck, to: hand}}]",
			Exec:       loop("players", true),
		},
		{
			Name: "repeat", Family: "control",
			Doc: "Runs `do` a number of times.",
			Params: []param{
				exprP("count", model.TInt, true, "", "how many times"),
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- repeat: {count: 2, do: [{draw: {from: deck, to: hand}}]}",
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				cur := g.Var(f, s.State)
				if cur.N <= 0 {
					n, err := intArg(g, f, s, "count", 0)
					if err != nil {
						return next, err
					}
					cur = state.Val{N: int64(n) + 1}
				}
				if cur.N == 1 {
					g.SetVar(f, s.State, state.Val{N: -1})
					return next, nil
				}
				g.SetVar(f, s.State, state.Val{N: cur.N - 1})
				g.Call(f, s.Arg("do").Prog)
				return stay, nil
			},
		},
		{
			Name: "for_range", Family: "control",
			Doc: "Runs `do` once per whole number from `from` to `to` (both included), with the number bound. To go through the values of an enum property, loop from 0 to value_count(prop) - 1 and read value_at(prop, n).",
			Params: []param{
				exprP("from", model.TInt, false, "1", "the first number"),
				exprP("to", model.TInt, true, "", "the last number"),
				{Name: "as", Kind: model.PBind, Type: model.TInt, Required: true, Doc: "the variable for each number"},
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- for_range: {from: 1, to: 3, as: n, do: [{create: {card: token, to: table}}]}",
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				cur := g.Var(f, s.State)
				if cur.L == nil {
					lo, err := intArg(g, f, s, "from", 1)
					if err != nil {
						return next, err
					}
					hi, err := intArg(g, f, s, "to", 0)
					if err != nil {
						return next, err
					}
					cur = state.Val{N: int64(lo), L: []int{hi}}
				}
				if cur.N > int64(cur.L[0]) {
					g.SetVar(f, s.State, state.Val{N: -1})
					return next, nil
				}
				bind(g, f, s, "as", state.Val{N: cur.N})
				g.SetVar(f, s.State, state.Val{N: cur.N + 1, L: cur.L})
				g.Call(f, s.Arg("do").Prog)
				return stay, nil
			},
		},
		{
			Name: "let", Family: "control",
			Doc: "Binds a variable to the value of an expression, typed by it.",
			Params: []param{
				exprP("value", model.TAny, true, "", "the value"),
				{Name: "as", Kind: model.PBind, Type: model.TAny, Required: true, Doc: "the variable", TypedBy: "value"},
			},
			Example: "- let: {as: best, value: \"max_group(you.table, 'color')\"}",
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				v, err := g.EvalVal(s.Arg("value").Expr, f, s.Arg("as").Type)
				if err != nil {
					return next, err
				}
				bind(g, f, s, "as", v)
				return next, nil
			},
		},
		{
			Name: "log", Family: "control",
			Doc: "Writes a line to the game log, seen by everyone. Parts in braces are expressions: {you}, {this}, {event.amount}; cards are named only to the seats that know them.",
			Params: []param{
				{Name: "text", Kind: model.PTemplate, Required: true, Doc: "the line"},
			},
			Shorthand: "text",
			Example:   "- log: \"{you} has {len(you.hand)} cards left.\"",
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				a := s.Arg("text")
				return next, g.LogTemplate("note", f, a)
			},
		},
		{
			Name: "emit", Family: "control",
			Doc: "Raises a custom event that triggers may listen to (`on: <name>`).",
			Params: []param{
				{Name: "event", Kind: model.PText, Required: true, Doc: "the event name"},
				exprP("card", model.TCard, false, "", "the card it is about"),
				exprP("player", model.TPlayer, false, "", "the player it is about (default: you)"),
				exprP("amount", model.TInt, false, "0", "a number it carries"),
				exprP("source", model.TCard, false, "", "the card that causes it (default: this)"),
			},
			Example: "- emit: {event: scored, amount: 2}",
			Validate: func(v model.Validator, s *step) {
				v.InternName(s.Arg("event").Text)
			},
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				c := -1
				if a := s.Arg("card"); a.Set {
					var err error
					if c, err = g.EvalCard(a.Expr, f); err != nil {
						return next, err
					}
				}
				p, err := playerArg(g, f, s, "player")
				if err != nil {
					return next, err
				}
				n, err := intArg(g, f, s, "amount", 0)
				if err != nil {
					return next, err
				}
				src := int(f.This)
				if a := s.Arg("source"); a.Set {
					if src, err = g.EvalCard(a.Expr, f); err != nil {
						return next, err
					}
				}
				g.EmitFrom(s.Arg("event").Text, c, p, n, src)
				return next, nil
			},
		},
	}
}

// loop runs a body once per element of a list kept in the step's state slot.
func loop(listArg string, players bool) func(g game, f *frame, s *step) (model.Status, error) {
	return func(g game, f *frame, s *step) (model.Status, error) {
		cur := g.Var(f, s.State)
		if cur.N <= 0 {
			var l []int
			var err error
			a := s.Arg(listArg)
			switch {
			case players && !a.Set:
				for i := 0; i < g.Players(); i++ {
					l = append(l, (int(f.You)+i)%g.Players())
				}
			case players:
				l, err = g.EvalPlayers(a.Expr, f)
			default:
				l, err = g.EvalCards(a.Expr, f)
			}
			if err != nil {
				return next, err
			}
			cur = state.Val{N: 1, L: l}
		}
		i := int(cur.N) - 1
		if i >= len(cur.L) {
			g.SetVar(f, s.State, state.Val{N: -1})
			return next, nil
		}
		g.SetVar(f, s.State, state.Val{N: cur.N + 1, L: cur.L})
		bind(g, f, s, "as", state.Val{N: int64(cur.L[i])})
		if players {
			g.CallAs(f, s.Arg("do").Prog, cur.L[i])
		} else {
			g.Call(f, s.Arg("do").Prog)
		}
		return stay, nil
	}
}
