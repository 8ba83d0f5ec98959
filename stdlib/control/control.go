package control

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

func Primitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "if", Args: &ifArgs, Family: "control",
			Doc: "Runs `then` when the condition holds, else `else`.",
			Params: []model.Param{
				{Name: "cond", Kind: model.PExpr, Type: model.TBool, Required: true, Doc: "the condition", Decides: true},
				{Name: "then", Kind: model.PSteps, Doc: "steps run when it holds", Branch: true},
				{Name: "else", Kind: model.PSteps, Doc: "steps run when it does not", Branch: true},
			},
			Example: "- if:\n    cond: len(you.hand) == 0\n    then: [{draw: {from: deck, to: hand}}]",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				ok, err := g.EvalBool(s.At(ifArgs.Cond).Expr, f)
				if err != nil {
					return model.Next, err
				}
				branch, name := s.At(ifArgs.Then), "then"
				if !ok {
					branch, name = s.At(ifArgs.Else), "else"
				}
				// the way taken is counted, written out or not
				g.CoverBranch(s, name)
				if branch.Set {
					g.Call(f, branch.Prog)
				}
				return model.Next, nil
			},
		},
		{
			Name: "at_once", Args: &atOnceArgs, Family: "control",
			Doc: "Runs its steps as one moment of the game, the effects they set off included: the state checks, which otherwise run before and after each effect an event sets off through a trigger (see checks), wait until all of it is done. The steps of one effect need no at_once, as checks never run between them; it is for a series of events whose effects must happen together: damage dealt to several cards, each through a trigger of its own, then whatever it destroyed is destroyed together.",
			Params: []model.Param{
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			Example: "- at_once:\n    do:\n      - for_each: {cards: \"filter(everyone.table, .power > 0)\", as: c, do: [{emit: {event: hit, card: c, amount: c.power}}]}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				g.CallTogether(f, s.At(atOnceArgs.Do).Prog)
				return model.Next, nil
			},
		},
		{
			Name: "for_each", Args: &forEachArgs, Family: "control",
			Doc: "Runs `do` once per card of a list (computed once, at the start), with the card bound.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				{Name: "as", Kind: model.PBind, Type: model.TCard, Required: true, Doc: "the variable for each card"},
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- for_each: {cards: you.table, as: c, do: [{set: {cards: c, prop: tapped, value: false}}]}",
			Exec:       loop(&forEachArgs.Cards, &forEachArgs.As, &forEachArgs.Do, nil),
		},
		{
			Name: "for_each_player", Args: &forEachPlayerArgs, Family: "control",
			Doc: "Runs `do` once per player of a list (default: every player, in seat order from you), with `you` set to that player and the player bound. With `from`, the players go in seat order from that player instead (the player after the one who dealt, or whoever plays first in a round): the default list starts with it, and a list given is put in that order.",
			Params: []model.Param{
				args.ExprParam("players", model.TPlayers, false, "", "the players (default: all, starting with you)"),
				args.ExprParam("from", model.TPlayer, false, "", "the player the seat order starts from (default: you, or the list's own order when players is given)"),
				{Name: "as", Kind: model.PBind, Type: model.TPlayer, Doc: "the variable for each player"},
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps", RebindsYou: true},
			},
			StateSlots: 1,
			Example:    "- for_each_player:\n    do: [{draw: {count: 5, from: deck, to: hand}}]\n# dealt from the next player: you last\n- for_each_player: {from: you.next, do: [{draw: {from: deck, to: hand}}]}",
			Exec:       loop(&forEachPlayerArgs.Players, &forEachPlayerArgs.As, &forEachPlayerArgs.Do, &forEachPlayerArgs.From),
		},
		{
			Name: "repeat", Args: &repeatArgs, Family: "control",
			Doc: "Runs `do` a number of times (count), or again and again while a condition holds (while, read before each time: pick and pass until the hands are empty). A loop that never ends is stopped by the step budget (limits.steps) with its position.",
			Params: []model.Param{
				args.ExprParam("count", model.TInt, false, "", "how many times (a count below 0 runs it no times); read once, as the loop starts"),
				args.ExprParam("while", model.TBool, false, "", "instead of count: the loop runs do while this holds, read before each time (false at once: no time)"),
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- repeat: {count: 2, do: [{draw: {from: deck, to: hand}}]}\n# pick one and pass the rest, until every hand is empty\n- repeat:\n    while: any(players, len(.hand) > 0)\n    do:\n      - for_each_player:\n          do:\n            - choose_card: {cards: you.hand, as: pick}\n            - move: {cards: pick, to: table}\n      - pass_zone: {zone: hand}",
			Validate: func(v model.Validator, s *model.Step) {
				switch c, w := s.At(repeatArgs.Count).Set, s.At(repeatArgs.While).Set; {
				case c && w:
					v.Errorf(repeatArgs.While, "bad-step", "repeat takes count or while, not both")
				case !c && !w:
					v.Errorf(repeatArgs.Do, "missing-field", "repeat needs count (how many times) or while (a condition read before each time)")
				}
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				if w := s.At(repeatArgs.While); w.Set {
					ok, err := g.EvalBool(w.Expr, f)
					if err != nil || !ok {
						return model.Next, err
					}
					g.Call(f, s.At(repeatArgs.Do).Prog)
					return model.Stay, nil
				}
				cur := g.Var(f, s.State)
				if cur.N <= 0 {
					n, err := args.Int(g, f, s.At(repeatArgs.Count), 0)
					if err != nil {
						return model.Next, err
					}
					// a count below 0 runs it no times, as 0 does
					cur = state.Val{N: int64(max(n, 0)) + 1}
				}
				if cur.N == 1 {
					g.SetVar(f, s.State, state.Val{N: -1})
					return model.Next, nil
				}
				g.SetVar(f, s.State, state.Val{N: cur.N - 1})
				g.Call(f, s.At(repeatArgs.Do).Prog)
				return model.Stay, nil
			},
		},
		{
			Name: "for_range", Args: &forRangeArgs, Family: "control",
			Doc: "Runs `do` once per whole number from `first` to `last` (both included), with the number bound. To go through the values of an enum property, loop from 0 to value_count(prop) - 1 and read value_at(prop, n).",
			Params: []model.Param{
				args.Was(args.ExprParam("first", model.TInt, false, "1", "the first number"), "from"),
				args.Was(args.ExprParam("last", model.TInt, true, "", "the last number"), "to"),
				{Name: "as", Kind: model.PBind, Type: model.TInt, Required: true, Doc: "the variable for each number"},
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "the steps"},
			},
			StateSlots: 1,
			Example:    "- for_range: {first: 1, last: 3, as: n, do: [{create: {id: token, to: table}}]}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cur := g.Var(f, s.State)
				if cur.L == nil {
					lo, err := args.Int(g, f, s.At(forRangeArgs.First), 1)
					if err != nil {
						return model.Next, err
					}
					hi, err := args.Int(g, f, s.At(forRangeArgs.Last), 0)
					if err != nil {
						return model.Next, err
					}
					// the last number and whether it was reached: a range
					// that ends at the largest number has no number after it
					cur = state.Val{N: int64(lo), L: append(g.VarList(2), hi, 0)}
				}
				if cur.N > int64(cur.L[0]) || cur.L[1] != 0 {
					g.SetVar(f, s.State, state.Val{N: -1})
					return model.Next, nil
				}
				args.Bind(g, f, s.At(forRangeArgs.As), state.Val{N: cur.N})
				if cur.N == int64(cur.L[0]) {
					cur.L[1] = 1
				} else {
					cur.N++
				}
				g.SetVar(f, s.State, cur)
				g.Call(f, s.At(forRangeArgs.Do).Prog)
				return model.Stay, nil
			},
		},
		{
			Name: "let", Args: &letArgs, Family: "control",
			Doc: "Binds a variable to the value of an expression, typed by it, or by `type` when given: a variable that starts as none and that a later step of its type (a choice in a loop) binds again.",
			Params: []model.Param{
				args.ExprParam("value", model.TAny, true, "", "the value"),
				{Name: "type", Kind: model.PWord, Words: letTypeWords, Doc: "the variable's type, when the value does not say it (none): " + strings.Join(letTypeWords, " or ") + ", the types that hold none"},
				{Name: "as", Kind: model.PBind, Type: model.TAny, Required: true, Doc: "the variable", TypedBy: "value", TypeWord: "type"},
			},
			Example: "- let: {as: best, value: \"max_group(you.table, 'color')\"}\n# none until a card is chosen; chosen again while the one chosen is gone\n- let: {as: target, type: card, value: none}\n- repeat:\n    while: target == none and any(opponents, len(#.table) > 0)\n    do:\n      - choose_player: {players: \"filter(opponents, len(#.table) > 0)\", as: side}\n      - choose_card: {cards: side.table, as: target}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				as, e := s.At(letArgs.As), s.At(letArgs.Value).Expr
				if e.Fill != nil && isList(as.Var.Type) {
					// a list the expression makes (a filter) is written
					// into scratch memory and kept in a list cut from the
					// machine's block, not made on its own and copied
					l, err := g.EvalInts(e, f, g.CardScratch())
					if err != nil {
						return model.Next, err
					}
					args.Bind(g, f, as, args.ListVal(g, l))
					return model.Next, nil
				}
				v, err := g.EvalVal(e, f, as.Var.Type)
				if err != nil {
					return model.Next, err
				}
				args.Bind(g, f, as, v)
				return model.Next, nil
			},
		},
		{
			Name: "log", Args: &logArgs, Family: "control",
			Doc: "Writes a line to the game log, seen by everyone, or by one player alone (to: a word to a partner, a hint). Parts in braces are expressions: {you}, {this}, {event.amount}; cards are named only to the seats that know them. A line to one player is theirs alone at the table and in their log; a golden file, which shows everything, marks it (to p2).",
			Params: []model.Param{
				{Name: "text", Kind: model.PTemplate, Required: true, Doc: "the line"},
				args.ExprParam("to", model.TPlayer, false, "", "the one player who sees the line (default: everyone)"),
			},
			Shorthand: "text",
			Example:   "- log: \"{you} has {len(you.hand)} cards left.\"",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				to := -1
				if a := s.At(logArgs.To); a.Set {
					p, err := g.EvalPlayer(a.Expr, f)
					if err != nil {
						return 0, err
					}
					if p < 0 {
						// nobody to tell (a player read from a card gone)
						return model.Next, nil
					}
					to = p
				}
				return model.Next, g.LogTemplate("note", to, f, s.At(logArgs.Text).Template)
			},
		},
		{
			Name: "emit", Args: &emitArgs, EmitsEvent: "event", Family: "control",
			Doc: "Raises a custom event that triggers may listen to (`on: <name>`).",
			Params: []model.Param{
				{Name: "event", Kind: model.PText, Required: true, Doc: "the event name"},
				args.ExprParam("card", model.TCard, false, "", "the card it is about"),
				args.ExprParam("player", model.TPlayer, false, "", "the player it is about (default: you)"),
				args.ExprParam("amount", model.TInt, false, "0", "a number it carries"),
				args.ExprParam("source", model.TCard, false, "", "the card that causes it (default: this)"),
			},
			Example: "- emit: {event: scored, amount: 2}",
			Validate: func(v model.Validator, s *model.Step) {
				// the event's symbol, found once (Arg.Ref)
				a := s.At(emitArgs.Event)
				a.Ref = int(v.InternName(a.Text))
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				c := -1
				if a := s.At(emitArgs.Card); a.Set {
					var err error
					if c, err = g.EvalCard(a.Expr, f); err != nil {
						return model.Next, err
					}
				}
				p, err := args.Player(g, f, s.At(emitArgs.Player))
				if err != nil {
					return model.Next, err
				}
				n, err := args.Int(g, f, s.At(emitArgs.Amount), 0)
				if err != nil {
					return model.Next, err
				}
				src := int(f.This)
				if a := s.At(emitArgs.Source); a.Set {
					if src, err = g.EvalCard(a.Expr, f); err != nil {
						return model.Next, err
					}
				}
				if a := s.At(emitArgs.Event); a.Ref >= 0 {
					g.EmitSym(int64(a.Ref), c, p, n, src)
				} else {
					g.EmitFrom(a.Text, c, p, n, src)
				}
				return model.Next, nil
			},
		},
	}
}

// loop runs a body once per element of a list kept in the step's state slot.
// loop runs do once per card of list, or, with from (for_each_player), once
// per player, in seat order from the player from names when it is set.
func loop(list, as, do, from *model.ArgIndex) func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	players := from != nil
	return func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
		cur := g.Var(f, s.State)
		if cur.N <= 0 {
			var l []int
			var err error
			a := s.At(*list)
			start, ordered := int(f.You), false
			if players {
				if fa := s.At(*from); fa.Set {
					p, err := args.Player(g, f, fa)
					if err != nil {
						return model.Next, err
					}
					if p < 0 {
						return model.Next, fmt.Errorf("from names no player: the seat order needs one to start from")
					}
					start, ordered = p, true
				}
			}
			switch {
			case players && !a.Set:
				l = g.VarList(g.Players())
				for i := 0; i < g.Players(); i++ {
					l = append(l, (start+i)%g.Players())
				}
			default:
				// read where it is (a zone) or written into scratch
				// memory (a filter), then kept in a list cut from the
				// machine's block: the loop's list is not made on its own
				var view []int
				if players {
					view, err = args.PlayersBrief(g, f, a)
				} else {
					view, err = args.CardsBrief(g, f, a)
				}
				l = append(g.VarList(len(view)), view...)
				if ordered {
					// seat order from start: the seats after it come first
					n := g.Players()
					slices.SortStableFunc(l, func(x, y int) int { return (x-start+n)%n - (y-start+n)%n })
				}
			}
			if err != nil {
				return model.Next, err
			}
			cur = state.Val{N: 1, L: l}
		}
		i := int(cur.N) - 1
		if i >= len(cur.L) {
			g.SetVar(f, s.State, state.Val{N: -1})
			return model.Next, nil
		}
		g.SetVar(f, s.State, state.Val{N: cur.N + 1, L: cur.L})
		args.Bind(g, f, s.At(*as), state.Val{N: int64(cur.L[i])})
		if players {
			g.CallAs(f, s.At(*do).Prog, cur.L[i])
		} else {
			g.Call(f, s.At(*do).Prog)
		}
		return model.Stay, nil
	}
}

// isList reports whether a variable of type t holds a list.
func isList(t model.Type) bool {
	switch t {
	case model.TCards, model.TPlayers, model.TInts, model.TStrings:
		return true
	}
	return false
}

// The indexes of the primitives' arguments, filled at registration.
var (
	ifArgs            struct{ Cond, Then, Else model.ArgIndex }
	atOnceArgs        struct{ Do model.ArgIndex }
	forEachArgs       struct{ Cards, As, Do model.ArgIndex }
	forEachPlayerArgs struct{ Players, From, As, Do model.ArgIndex }
	repeatArgs        struct{ Count, While, Do model.ArgIndex }
	forRangeArgs      struct{ First, Last, As, Do model.ArgIndex }
	letArgs           struct{ Value, Type, As model.ArgIndex }
	logArgs           struct{ Text, To model.ArgIndex }
	emitArgs          struct{ Event, Card, Player, Amount, Source model.ArgIndex }
)

// letTypeWords are the types a let may declare: those that hold none (a
// number holds 0, a list holds no element, never none, so a variable of
// theirs that started as none would read as 0 or empty).
var letTypeWords = []string{"card", "player"}
