package costs

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

func Primitives() []*model.Primitive {
	return append(fixed(), spendMix())
}

func fixed() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "pay_cards", Args: &payCardsArgs, Family: "costs",
			Doc: "A cost: pays with cards from a list, one distinct card per pattern in `match` (each an expression on `card`), either moving them to a zone (`to`) or setting a bool property on each (`mark`, as exhausting several cards at once; a card already marked cannot pay). It can be paid when every pattern can get its own card; the player chooses which cards when there is a choice, one card at a time, and is not asked when every card that may still pay must (as many cards as patterns left). With `count`, the cost is that many cards, worked out when it is paid: the patterns are used in order and the last one for every card after them (`match: [\"true\"]` and `count: card.price`: any price cards), and a count of 0 pays nothing.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards that may pay; the action's own card is among them when it lies there (an action from the hand pays from the hand with its card still in it): a pattern that must leave it out says card != this"), "from"),
				{Name: "match", Kind: model.PExprList, Type: model.TBool, Required: true, Doc: "one condition per card to pay, on `card`"},
				{Name: "to", Kind: model.PZone, Doc: "where the paid cards go (their owner's zone); give `to` or `mark`"},
				{Name: "mark", Kind: model.PText, Doc: "the bool card property set on each paid card instead of moving it; give `to` or `mark`"},
				{Name: "as", Kind: model.PBind, Type: model.TCards, Doc: "binds the paid cards"},
				args.ExprParam("count", model.TInt, false, "", "how many cards pay (default: one per pattern); the last pattern serves every card after the others"),
				args.PromptParam("Choose a card to pay with"),
				{Name: "reason", Kind: model.PTemplate, Doc: "what a player who cannot pay is told, in words (default: how many cards it takes); parts in braces are expressions"},
			},
			StateSlots: 1,
			Example:    "- pay_cards: {cards: you.hand, match: [\"card.color == red\", \"true\"], to: discard, reason: it takes a red card and another card from your hand}",
			Validate: func(v model.Validator, s *model.Step) {
				to, mark := s.At(payCardsArgs.To), s.At(payCardsArgs.Mark)
				switch {
				case to.Set == mark.Set:
					v.Errorf(payCardsArgs.Match, "missing-field", "pay_cards takes `to` (a zone the cards go to) or `mark` (a bool property set on them), one of the two")
				case mark.Set:
					if d, ok := v.Ruleset().ResolveProp(mark, "card"); !ok {
						v.Errorf(payCardsArgs.Mark, "unknown-property", "unknown card property %q%s", mark.Text, v.Suggest(mark.Text, v.Ruleset().PropNames("card")))
					} else if d.Type != model.TBool {
						v.Errorf(payCardsArgs.Mark, "type-mismatch", "%s is not a bool property", mark.Text)
					}
				}
			},
			CanPay: func(g model.Context, f *state.Frame, s *model.Step) (string, error) {
				from, err := args.CardsView(g, f, s.At(payCardsArgs.Cards))
				if err != nil {
					return "", err
				}
				exprs, err := patterns(g, f, s)
				if err != nil {
					return "", err
				}
				ok, err := canPayCards(g, f, s, exprs, from)
				if err != nil {
					return "", err
				}
				if !ok && !g.Explaining() {
					return "cannot be paid", nil
				}
				if !ok {
					return args.Say(g, f, s.At(payCardsArgs.Reason), fmt.Sprintf("you do not have the %d cards it takes", len(exprs)), int(f.You)), nil
				}
				return "", nil
			},
			Exec: execPayCards,
		},
		{
			Name: "spend", Args: &spendArgs, Family: "costs",
			Doc: "A cost: takes an amount from an int property of a player (default: you). It can be paid when the player has at least that much: an action's cost is offered only then. An amount below 0 is no cost, and an amount the player does not have (a spend in an effect, which nothing checks first: test it with if) stops the game with the position when it is paid.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "who pays (default: you)"),
				{Name: "prop", Kind: model.PText, Required: true, Doc: "the player property"},
				args.ExprParam("amount", model.TInt, true, "", "how much"),
			},
			Example: "- spend: {prop: gold, amount: 2}",
			Validate: func(v model.Validator, s *model.Step) {
				name := s.At(spendArgs.Prop).Text
				if d, ok := v.Ruleset().ResolveProp(s.At(spendArgs.Prop), "player"); !ok {
					v.Errorf(spendArgs.Prop, "unknown-property", "unknown player property %q%s", name, v.Suggest(name, v.Ruleset().PropNames("player")))
				} else if d.Type != model.TInt {
					v.Errorf(spendArgs.Prop, "type-mismatch", "%s is not an int property", name)
				}
			},
			CanPay: func(g model.Context, f *state.Frame, s *model.Step) (string, error) {
				p, err := args.Player(g, f, s.At(spendArgs.Player))
				if err != nil {
					return "", err
				}
				n, err := args.Int(g, f, s.At(spendArgs.Amount), 0)
				if err != nil {
					return "", err
				}
				idx, d := g.Ruleset().PropAt(s.At(spendArgs.Prop), "player")
				if have := g.PlayerProp(p, idx); have < int64(n) {
					if !g.Explaining() {
						return "cannot be paid", nil
					}
					who := state.SeatName(p) + " has"
					if p == int(f.You) {
						who = "you have"
					}
					return fmt.Sprintf("it costs %s and %s %d", d.Amount(int64(n)), who, have), nil
				}
				return "", nil
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(spendArgs.Player))
				if err != nil {
					return model.Next, err
				}
				n, err := args.Int(g, f, s.At(spendArgs.Amount), 0)
				if err != nil {
					return model.Next, err
				}
				if n < 0 {
					// paying less than nothing would give: a discount taken
					// too far, most often
					return model.Next, fmt.Errorf("an amount of %d is no cost (a cost is 0 or more; write max(0, ...) where a discount may take it below 0)", n)
				}
				idx, d := g.Ruleset().PropAt(s.At(spendArgs.Prop), "player")
				if have := g.PlayerProp(p, idx); have < int64(n) {
					// taking what is not there would pay less than the cost
					// says, silently, where the property stops at its least
					return model.Next, fmt.Errorf("%s must pay %s and has %d: spend takes only what a player has (an action's cost is offered only while it can be paid; a spend among an effect's steps is not checked first: test it with if)", state.SeatName(p), d.Amount(int64(n)), have)
				}
				g.SetPlayerProp(p, idx, g.BasePlayerProp(p, idx)-int64(n))
				if g.Logging() && n > 0 {
					// a cost of 0 (a free card) pays nothing to tell
					g.Logf("pay", p, "%s pays %s.", state.SeatName(p), d.Amount(int64(n)))
				}
				return model.Next, nil
			},
		},
		{
			Name: "require", Args: &requireArgs, Family: "costs",
			Doc: "A cost that pays nothing: the action is legal only while the condition holds, judged when the action is offered, before any cost is paid, and `reason` says why not. Among an effect's steps it is a condition that must hold there: when it does not, the game stops with the position and the reason (to choose what happens, use if).",
			Params: []model.Param{
				args.ExprParam("cond", model.TBool, true, "", "the condition"),
				{Name: "reason", Kind: model.PTemplate, Doc: "shown when it fails; parts in braces are expressions"},
			},
			Example: "- require: {cond: \"len(you.hand) > 0\", reason: you have no cards}",
			CanPay: func(g model.Context, f *state.Frame, s *model.Step) (string, error) {
				ok, err := g.EvalBool(s.At(requireArgs.Cond).Expr, f)
				if err != nil {
					return "", err
				}
				if !ok {
					return args.Say(g, f, s.At(requireArgs.Reason), "what it requires is not met", int(f.You)), nil
				}
				return "", nil
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				if s.Cost {
					// judged when the action was offered, before any cost
					// was paid: paying those before it may change it
					return model.Next, nil
				}
				ok, err := g.EvalBool(s.At(requireArgs.Cond).Expr, f)
				if err != nil || ok {
					return model.Next, err
				}
				// paid as a cost, it held when the action was offered; a
				// step that does not hold is a mistake in the rules
				return model.Next, fmt.Errorf("what require requires does not hold: %s (as an action's cost it keeps the action from being offered; among an effect's steps it must hold: to choose what happens, use if)", args.Say(g, f, s.At(requireArgs.Reason), "its condition is false", int(f.You)))
			},
		},
		{
			Name: "mark", Args: &markArgs, Family: "costs",
			Doc: "Sets a bool property of a card (default: this) to true. As a cost it can be paid only while the property is false: the usual way to exhaust a card.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCard, false, "this", "the card"), "card"),
				{Name: "prop", Kind: model.PText, Required: true, Doc: "the bool card property"},
			},
			Example: "- mark: {prop: tapped}",
			Validate: func(v model.Validator, s *model.Step) {
				name := s.At(markArgs.Prop).Text
				if d, ok := v.Ruleset().ResolveProp(s.At(markArgs.Prop), "card"); !ok {
					v.Errorf(markArgs.Prop, "unknown-property", "unknown card property %q%s", name, v.Suggest(name, v.Ruleset().PropNames("card")))
				} else if d.Type != model.TBool {
					v.Errorf(markArgs.Prop, "type-mismatch", "%s is not a bool property", name)
				}
			},
			CanPay: func(g model.Context, f *state.Frame, s *model.Step) (string, error) {
				c, err := g.EvalCard(s.At(markArgs.Cards).Expr, f)
				if err != nil {
					return "", err
				}
				if c < 0 {
					return "there is no card to mark", nil
				}
				idx, _ := g.Ruleset().PropAt(s.At(markArgs.Prop), "card")
				if g.CardProp(c, idx) != 0 {
					if !g.Explaining() {
						return "already marked", nil
					}
					return fmt.Sprintf("%s is already %s", g.CardName(c), s.At(markArgs.Prop).Text), nil
				}
				return "", nil
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				c, err := g.EvalCard(s.At(markArgs.Cards).Expr, f)
				if err != nil || c < 0 {
					return model.Next, err
				}
				idx, _ := g.Ruleset().PropAt(s.At(markArgs.Prop), "card")
				g.SetCardProp(c, idx, 1)
				return model.Next, nil
			},
		},
	}
}

// payPrompt is the prompt of a pay_cards step for the i-th of n cards
// (from 1): its own prompt, then "(i of n)". A prompt without {expression}
// parts is the same every time: the n of a count are put together once a
// game, kept with the step (Context.Memo), not once a card.
func payPrompt(g model.Context, f *state.Frame, s *model.Step, i, n int) string {
	if !g.Logging() {
		return "" // as args.Prompt
	}
	a := s.At(payCardsArgs.Prompt)
	counted := func(base string, i int) string {
		return base + " (" + strconv.Itoa(i) + " of " + strconv.Itoa(n) + ")"
	}
	if a.Set && a.Template != nil && len(a.Template.Exprs) > 0 {
		return counted(args.Say(g, f, a, "", int(f.You)), i)
	}
	pm := payMemoOf(g, s)
	if pm.promptN != n || len(pm.prompts) != n {
		base := args.Say(g, f, a, "Choose a card to pay with", int(f.You))
		pm.promptN, pm.prompts = n, make([]string, n)
		for k := range pm.prompts {
			pm.prompts[k] = counted(base, k+1)
		}
	}
	return pm.prompts[i-1]
}

// payMemo is what a pay_cards step keeps for the rest of a game
// (Context.Memo): its patterns written out for the largest count met so
// far, whose first n serve any count n, and its plain prompts for a count.
type payMemo struct {
	pats    []*model.Expr
	promptN int
	prompts []string
}

func payMemoOf(g model.Context, s *model.Step) *payMemo {
	memo := g.Memo(s)
	pm, ok := memo.Val.(*payMemo)
	if !ok {
		pm = &payMemo{}
		*memo = model.Memo{Val: pm}
	}
	return pm
}

// patterns are the conditions of a pay_cards step, one per card to pay:
// those of match, or with count that many, the last repeated.
func patterns(g model.Context, f *state.Frame, s *model.Step) ([]*model.Expr, error) {
	pats := s.At(payCardsArgs.Match).Exprs
	a := s.At(payCardsArgs.Count)
	if !a.Set || len(pats) == 0 {
		return pats, nil
	}
	n, err := g.EvalInt(a.Expr, f)
	if err != nil {
		return nil, err
	}
	n = max(n, 0)
	if n <= len(pats) {
		return pats[:n:n], nil
	}
	// the list is the step's, kept for the game: read, never written
	pm := payMemoOf(g, s)
	if len(pm.pats) < n {
		pm.pats = make([]*model.Expr, n)
		for i := range pm.pats {
			pm.pats[i] = pats[min(i, len(pats)-1)]
		}
	}
	return pm.pats[:n:n], nil
}

func execPayCards(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	pats, err := patterns(g, f, s)
	if err != nil {
		return model.Next, err
	}
	chosen := g.Var(f, s.State).L
	if g.Var(f, s.State).N < 0 {
		chosen = nil
	}
	picked := -2 // the card of the answer to take in, when there is one
	if ds, as := g.Answered(f); len(ds) > 0 {
		picked = ds[0].Options[as[0].Picks[0]].Card
	}
	for {
		if picked != -2 {
			// the list is this step's own (a copy of the state copies
			// it): it grows in place, with room for every card of the
			// payment
			if chosen == nil {
				chosen = g.VarList(len(pats))
			}
			chosen = append(chosen, picked)
			g.SetVar(f, s.State, state.Val{N: 1, L: chosen})
			picked = -2
		}
		from, err := args.CardsView(g, f, s.At(payCardsArgs.Cards))
		if err != nil {
			return model.Next, err
		}
		if len(chosen) >= len(pats) {
			break
		}
		// offer the cards for the next pattern that keep the rest payable
		var pay payment
		if err := pay.fill(g, f, s, pats, from, len(chosen)); err != nil {
			return model.Next, err
		}
		if len(pats)-len(chosen) > 1 && pay.forced(chosen) {
			// every card that may still pay must: they are taken at once,
			// each counted as a decision with one answer, as one alone is
			if chosen == nil {
				chosen = g.VarList(len(pats))
			}
			if all, ok := pay.complete(chosen, chosen); ok {
				for _, c := range all[len(chosen):] {
					// each card's label, as the card's own question
					// would offer it: a scenario's step may name it
					g.CountAtOnce(int(f.You), args.CardOption(g, c, int(f.You)).Label, c)
				}
				chosen = all
				g.SetVar(f, s.State, state.Val{N: 1, L: chosen})
				break
			}
		}
		ok := g.CardScratch()
		next := append(chosen, -1) // the next card tried, in the room after the list
		for j, c := range from {
			if !pay.fits(len(chosen), j) || slices.Contains(chosen, c) {
				continue
			}
			next[len(chosen)] = c
			if pay.matchable(next) {
				ok = append(ok, c)
			}
		}
		if len(ok) == 0 {
			return model.Next, fmt.Errorf("the cost can no longer be paid")
		}
		opts := args.CardOptionsIn(g.OptionScratch(), g, ok, int(f.You))
		args.LabelUnique(g, opts)
		d := state.Decision{Player: int(f.You), Kind: state.DecideCards, Options: opts, Min: 1, Max: 1}
		if a, forced := g.AnswerAtOnce(d); forced {
			// one card can pay for this part: taken at once
			picked = opts[a.Picks[0]].Card
			continue
		}
		d.Prompt = payPrompt(g, f, s, len(chosen)+1, len(pats))
		return g.Ask(f, d), nil
	}
	if mark := s.At(payCardsArgs.Mark); mark.Set {
		idx, _ := g.Ruleset().PropAt(mark, "card")
		for _, c := range chosen {
			g.SetCardProp(c, idx, 1)
		}
	}
	to := s.At(payCardsArgs.To)
	o := state.MoveOpts{Slot: -1, Source: int(f.This), Quiet: true}
	if len(chosen) > 1 {
		o.Batch = chosen // they go together, as a move of several does
	}
	for _, c := range chosen {
		if !to.Set {
			break
		}
		if err := g.Move(c, g.ZoneInst(to.Zone, int(g.Card(c).Owner)), o); err != nil {
			return model.Next, err
		}
	}
	if (len(chosen) > 0 || len(pats) > 0) && g.Logging() {
		g.LogCards("pay", int(f.You), chosen, "%s pays with {cards}.", state.SeatName(int(f.You)))
	}
	// the list passes to the variable that names it: the step's own
	// variable lets go of it
	args.Bind(g, f, s.At(payCardsArgs.As), state.Val{L: slices.Clip(chosen)})
	g.SetVar(f, s.State, state.Val{N: -1})
	return model.Next, nil
}

// The indexes of the primitives' arguments, filled at registration.
var (
	payCardsArgs struct{ Cards, Match, To, Mark, As, Count, Prompt, Reason model.ArgIndex }
	spendArgs    struct{ Player, Prop, Amount model.ArgIndex }
	requireArgs  struct{ Cond, Reason model.ArgIndex }
	markArgs     struct{ Cards, Prop model.ArgIndex }
)
