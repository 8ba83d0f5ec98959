package choices

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// offers marks the expression of what a chooser is offered.
func offers(p model.Param) model.Param {
	p.Offers = true
	return p
}

func chooserP() model.Param {
	p := args.ExprParam("chooser", model.TPlayer, false, "", "who chooses (default: you)")
	p.Chooser = true
	return p
}

// sealedP is the argument that asks several players at once (name: players,
// or choosers where players already names candidates).
func sealedP(name string) model.Param {
	p := args.ExprParam(name, model.TPlayers, false, "", "asks these players at once, sealed, instead of one chooser: each gets its own question, with `you` as that player (see decisions); the variables the step binds (as, and those bound in its steps) hold one value per player and are names in its steps alone")
	p.Scoped = true
	return p
}

// sealedDoP is the steps a sealed choice runs once per player, in seat order
// from the active player, with `you` as that player and the choice bound.
func sealedDoP(list, what string) model.Param {
	return model.Param{Name: "do", Kind: model.PSteps, Doc: "with " + list + ": run once per player once all have answered, in seat order from the active player, with `you` as that player and " + what + " bound (here only: after the step, each player's answer is gone)"}
}

func Primitives() []*model.Primitive {
	return append([]*model.Primitive{
		{
			Name: "choose_card", Args: &chooseCardArgs, Family: "choices",
			Doc: "Asks a player to choose one card among `cards`; binds it (none when `cards` is empty, or when optional and declined). With `choosers`, every listed player secretly chooses one card among their own `cards` (`you.hand` is each one's own hand), and `do` runs for each with the card bound (see decisions): a draft, or a bid played face down.",
			Params: []model.Param{
				offers(args.Was(args.ExprParam("cards", model.TCards, true, "", "the candidates"), "from")),
				chooserP(),
				sealedP("choosers"),
				args.ExprParam("optional", model.TBool, false, "false", "the chooser may choose nothing"),
				args.PromptParam("Choose a card"),
				{Name: "note", Kind: model.PTemplate, Card: true, Doc: "a template on `card` added to each card's option, as the chooser sees it: note: \"worth {card.worth}\" shows Gem (worth 3); the option is still answered by the card's name"},
				{Name: "as", Kind: model.PBind, Type: model.TCard, Required: true, Doc: "the variable that gets the card"},
				sealedDoP("choosers", "the card (none if they chose nothing)"),
			},
			Example:    "- choose_card: {cards: opponent.table, as: victim, prompt: \"Choose a card to remove\"}\n# every player picks a card from their own hand in secret; then each is played\n- choose_card:\n    choosers: players\n    cards: you.hand\n    as: bid\n    prompt: Bid a card\n    do: [{move: {cards: bid, to: table}}]",
			StateSlots: 1,
			Validate:   validateSealed(&chooseCardArgs.Choosers, &chooseCardArgs.Chooser, &chooseCardArgs.Do, "choosers", "the card"),
			Exec:       execChooseCards(true, cardChoiceArgs{from: &chooseCardArgs.Cards, chooser: &chooseCardArgs.Chooser, players: &chooseCardArgs.Choosers, optional: &chooseCardArgs.Optional, prompt: &chooseCardArgs.Prompt, note: &chooseCardArgs.Note, as: &chooseCardArgs.As, do: &chooseCardArgs.Do}),
		},
		{
			Name: "choose_cards", Args: &chooseCardsArgs, Family: "choices",
			Doc: "Asks a player to choose from `min` to `max` cards among `cards` (or exactly `count`, limited to how many there are); binds the list. With `choosers`, every listed player secretly chooses among their own `cards`, with their own bounds, and `do` runs for each with the list bound (see decisions).",
			Params: []model.Param{
				offers(args.Was(args.ExprParam("cards", model.TCards, true, "", "the candidates"), "from")),
				chooserP(),
				sealedP("choosers"),
				args.ExprParam("count", model.TInt, false, "", "exactly this many (or all, if fewer)"),
				args.ExprParam("min", model.TInt, false, "0", "at least"),
				args.ExprParam("max", model.TInt, false, "", "at most (default: all)"),
				args.PromptParam("Choose cards"),
				{Name: "note", Kind: model.PTemplate, Card: true, Doc: "a template on `card` added to each card's option, as the chooser sees it: note: \"worth {card.worth}\" shows Gem (worth 3); the option is still answered by the card's name"},
				{Name: "as", Kind: model.PBind, Type: model.TCards, Required: true, Doc: "the variable that gets the list"},
				sealedDoP("choosers", "the list"),
			},
			Example:    "- choose_cards: {cards: you.hand, count: 2, as: picked}\n# everyone at once: put up to two cards back and draw as many\n- choose_cards:\n    choosers: players\n    cards: you.hand\n    max: 2\n    as: back\n    do:\n      - move: {cards: back, to: deck, position: bottom}\n      - draw: {count: len(back), from: deck, to: hand}",
			StateSlots: 1,
			Validate:   validateSealed(&chooseCardsArgs.Choosers, &chooseCardsArgs.Chooser, &chooseCardsArgs.Do, "choosers", "the list"),
			Exec:       execChooseCards(false, cardChoiceArgs{from: &chooseCardsArgs.Cards, chooser: &chooseCardsArgs.Chooser, players: &chooseCardsArgs.Choosers, count: &chooseCardsArgs.Count, min: &chooseCardsArgs.Min, max: &chooseCardsArgs.Max, prompt: &chooseCardsArgs.Prompt, note: &chooseCardsArgs.Note, as: &chooseCardsArgs.As, do: &chooseCardsArgs.Do}),
		},
		{
			Name: "choose", Args: &chooseArgs, Family: "choices",
			Doc: "Asks a player to pick one of labelled options and runs its steps. Options whose `if` is false are not offered. With `choosers`, every listed player secretly picks among the options whose `if` holds for them (`you` is that player), and once all have answered each one's option runs with `you` as that player (see decisions).",
			Params: []model.Param{
				{Name: "options", Kind: model.PChoices, Required: true, Doc: "a list of {label, if, do}"},
				chooserP(),
				sealedP("choosers"),
				args.PromptParam("Choose"),
				args.ExprParam("quiet", model.TBool, false, "false", "no log line names the option chosen (p1 chooses: raise): the option's own steps write what happened (a log step: {you} raises to {bid})"),
				{Name: "as", Kind: model.PBind, Type: model.TInt, Doc: "binds the index of the chosen option (with players: each player's, while their option runs; -1 for one who had nothing to choose)"},
			},
			Shorthand:  "options",
			Example:    "- choose:\n    prompt: Keep it?\n    options:\n      - {label: keep}\n      - {label: discard it, do: [{move: {cards: this, to: discard}}]}\n# everyone at once, in secret\n- choose:\n    choosers: players\n    prompt: Stay in this round?\n    options:\n      - {label: stay}\n      - {label: fold, if: you.gold > 0, do: [{add: {player: you, prop: gold, amount: -1}}]}",
			StateSlots: 1,
			Validate:   validateSealed(&chooseArgs.Choosers, &chooseArgs.Chooser, nil, "choosers", ""),
			Exec:       execChoose,
		},
		{
			Name: "choose_player", Args: &choosePlayerArgs, Family: "choices",
			Doc: "Asks a player to choose a player among `players` (default: your opponents); binds none, asking nothing, when there is none to choose (every opponent protected, say). With `choosers`, every listed player secretly chooses among their own `players` (`opponents` are each one's opponents), and `do` runs for each with the choice bound (see decisions).",
			Params: []model.Param{
				args.Was(args.ExprParam("players", model.TPlayers, false, "opponents", "the candidates"), "from"),
				chooserP(),
				sealedP("choosers"),
				args.PromptParam("Choose a player"),
				{Name: "as", Kind: model.PBind, Type: model.TPlayer, Required: true, Doc: "the variable that gets the player"},
				sealedDoP("choosers", "the player (none if they had nobody to choose)"),
			},
			Example:    "- choose_player: {as: target}\n# everyone names an opponent in secret; then each names theirs\n- choose_player:\n    choosers: players\n    as: named\n    do: [{set: {player: you, prop: last_hit_by, value: named}}]",
			StateSlots: 1,
			Validate:   validateSealed(&choosePlayerArgs.Choosers, &choosePlayerArgs.Chooser, &choosePlayerArgs.Do, "choosers", "the player"),
			Exec:       execChoosePlayer,
		},
		{
			Name: "choose_target", Args: &chooseTargetArgs, Family: "choices",
			Doc: "Asks a player to choose one target among cards and players (an attack on a player or a card, say). Binds the chosen card or player; the other variable gets none. With `choosers` (here `players` names the candidates), every listed player secretly chooses among their own candidates, and `do` runs for each with the target bound (see decisions).",
			Params: []model.Param{
				args.ExprParam("cards", model.TCards, false, "", "the cards that may be chosen"),
				args.ExprParam("players", model.TPlayers, false, "", "the players that may be chosen"),
				chooserP(),
				sealedP("choosers"),
				args.ExprParam("optional", model.TBool, false, "false", "the chooser may choose nothing"),
				args.PromptParam("Choose a target"),
				{Name: "as_card", Kind: model.PBind, Type: model.TCard, Required: true, Doc: "gets the chosen card, or none"},
				{Name: "as_player", Kind: model.PBind, Type: model.TPlayer, Required: true, Doc: "gets the chosen player, or none"},
				sealedDoP("choosers", "as_card and as_player"),
			},
			Example:    "- choose_target: {cards: opponent.table, players: opponents, as_card: tc, as_player: tp}\n# everyone at once, in secret: a card on an opponent's table, or nothing\n- choose_target:\n    choosers: players\n    cards: filter(everyone.table, .owner != you)\n    optional: true\n    as_card: hit\n    as_player: nobody\n    do:\n      - if: {cond: hit != none, then: [{set: {cards: hit, prop: tapped, value: true}}]}",
			StateSlots: 1,
			Validate:   validateSealed(&chooseTargetArgs.Choosers, &chooseTargetArgs.Chooser, &chooseTargetArgs.Do, "choosers", "the target"),
			Exec:       execChooseTarget,
		},
		{
			Name: "choose_number", Args: &chooseNumberArgs, Family: "choices",
			Doc: "Asks a player for a number from `min` to `max`, but none of `except` (the last bid of a round that would make the bids add up to the rounds there are). With `choosers`, every listed player secretly names a number within their own bounds (`you.gold` is each one's gold), and `do` runs for each with the number bound (see decisions): a sealed bid.",
			Params: []model.Param{
				args.ExprParam("min", model.TInt, false, "0", "the smallest"),
				args.ExprParam("max", model.TInt, true, "", "the largest; when it comes below min (a bid of at most your gold, with less gold than the least bid), min is the only number"),
				args.ExprParam("except", model.TInts, false, "", "numbers that may not be chosen, a list; a step that leaves no number to choose stops the game with the reason"),
				chooserP(),
				sealedP("choosers"),
				args.PromptParam("Choose a number"),
				args.ExprParam("quiet", model.TBool, false, "false", "no log line names the number (p1 chooses 5): the ruleset writes its own (a log step: {you} bids {bid})"),
				{Name: "as", Kind: model.PBind, Type: model.TInt, Required: true, Doc: "the variable that gets it"},
				sealedDoP("choosers", "the number"),
			},
			Example:    "- choose_number: {max: you.gold, as: bid}\n# a sealed bid: everyone names a number at once; each pays theirs\n- choose_number:\n    choosers: players\n    max: you.gold\n    as: offer\n    prompt: Your bid (you have {you.gold} gold)\n    do: [{add: {player: you, prop: gold, amount: -offer}}]",
			StateSlots: 1,
			Validate:   validateSealed(&chooseNumberArgs.Choosers, &chooseNumberArgs.Chooser, &chooseNumberArgs.Do, "choosers", "the number"),
			Exec:       execChooseNumber,
		},
		{
			Name: "distribute", Args: &distributeArgs, Family: "choices",
			Doc: "Asks a player to split an amount among cards, answered as one structured answer; then runs `do` once per card with its share.",
			Params: []model.Param{
				args.ExprParam("amount", model.TInt, true, "", "the amount to split"),
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards that share it"), "among"),
				args.ExprParam("at_least", model.TInt, false, "0", "the least each card gets"),
				chooserP(),
				args.PromptParam("Divide"),
				{Name: "do", Kind: model.PSteps, Required: true, Doc: "run for each card, with the card and its share bound"},
				{Name: "as", Kind: model.PBind, Type: model.TCard, Required: true, Doc: "binds each card in turn"},
				{Name: "share", Kind: model.PBind, Type: model.TInt, Required: true, Doc: "binds each card's share"},
			},
			StateSlots: 2,
			Example:    "- distribute: {amount: 3, cards: opponent.table, as: target, share: n, do: [{add: {cards: target, prop: power, amount: \"-n\"}}]}",
			Exec:       execDistribute,
		},
		{
			Name: "order", Args: &orderArgs, Family: "choices",
			Doc: "Asks a player to put cards in an order; binds the list, first chosen first.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				chooserP(),
				args.PromptParam("Put these in order, first first"),
				{Name: "as", Kind: model.PBind, Type: model.TCards, Required: true, Doc: "the ordered list"},
			},
			Example: "- order: {cards: \"you.deck[:3]\", as: ordered}",
			Exec:    execOrder,
		},
		{
			Name: "assign", Args: &assignArgs, Family: "choices",
			Doc: "Asks players at once (answers sealed until all are in) to assign each of their items to one target or none: blockers to attackers, say. For each player, items and targets are evaluated with `you` as that player. Each item's card property `prop` is set to its target (or none). A player with no items, or no targets, is not asked (every item is none): take items every seat sees (cards on a board), as items from a hidden zone would tell the others who had none.",
			Params: []model.Param{
				args.Was(args.ExprParam("choosers", model.TPlayers, false, "", "who assigns (default: you)"), "players"),
				args.ExprParam("items", model.TCards, true, "", "the cards each player assigns"),
				args.ExprParam("targets", model.TCards, true, "", "the cards they may be assigned to"),
				{Name: "prop", Kind: model.PText, Required: true, Doc: "a card property of type card, set on each item"},
				args.ExprParam("per_target", model.TInt, false, "0", "the most items one target may get (0: no limit)"),
				{Name: "target_as", Kind: model.PBind, Type: model.TCard, Doc: "the variable that holds a target while `allow` and `min_per_target` are evaluated"},
				{Name: "allow", Kind: model.PExpr, Type: model.TBool, Card: true, Late: true, Doc: "which item may take which target: a condition on `card` (the item) and the `target_as` variable (the target); pairs for which it is false are not offered"},
				{Name: "min_per_target", Kind: model.PExpr, Type: model.TInt, Late: true, Doc: "the fewest items a target may get when it gets any, on the `target_as` variable (default 1): an answer that gives a target some items, but fewer, is refused with the reason"},
				args.PromptParam("Assign"),
			},
			StateSlots: 1,
			Example:    "- assign: {choosers: opponents, items: you.table, targets: active.table, prop: facing, target_as: t, allow: \"card.power >= t.power\", min_per_target: \"t.power > 3 ? 2 : 1\"}",
			Validate: func(v model.Validator, s *model.Step) {
				name := s.At(assignArgs.Prop).Text
				if d, ok := v.Ruleset().ResolveProp(s.At(assignArgs.Prop), "card"); !ok {
					v.Errorf(assignArgs.Prop, "unknown-property", "unknown card property %q%s", name, v.Suggest(name, v.Ruleset().PropNames("card")))
				} else if d.Type != model.TCard {
					v.Errorf(assignArgs.Prop, "type-mismatch", "%s must be a card property (type: card) to hold the target", name)
				}
				if s.At(assignArgs.Allow).Set && !s.At(assignArgs.TargetAs).Set {
					v.Errorf(assignArgs.Allow, "missing-field", "assign takes allow and target_as together: target_as names the target that allow reads")
				}
				if s.At(assignArgs.MinPerTarget).Set && !s.At(assignArgs.TargetAs).Set {
					v.Errorf(assignArgs.MinPerTarget, "missing-field", "assign takes min_per_target and target_as together: target_as names the target that min_per_target reads")
				}
				if s.At(assignArgs.TargetAs).Set && !s.At(assignArgs.Allow).Set && !s.At(assignArgs.MinPerTarget).Set {
					v.Errorf(assignArgs.TargetAs, "missing-field", "target_as names the target that allow or min_per_target reads, and this assign has neither")
				}
			},
			Exec: execAssign,
		},
		{
			Name: "simultaneous", Args: &simultaneousArgs, Family: "choices",
			Doc: "Asks several players at once to pick one of labelled options; nobody sees another's answer until all are in. Then each player's option runs, in seat order from the active player, with `you` as that player. A player who has left the game is not asked.",
			Params: []model.Param{
				args.Was(args.ExprParam("choosers", model.TPlayers, false, "players", "who is asked (default: every player)"), "players"),
				{Name: "options", Kind: model.PChoices, Required: true, Doc: "a list of {label, if, do}"},
				args.PromptParam("Choose"),
			},
			StateSlots: 1,
			Example:    "- simultaneous:\n    options:\n      - {label: keep}\n      - {label: redraw, do: [{draw: {from: deck, to: hand}}]}",
			Exec:       execSimultaneous,
		},
	}, positionPrimitives()...)
}

// cardChoiceArgs point to the indexes of the arguments choose_card and
// choose_cards share, and of those only one of them has (nil in the other).
type cardChoiceArgs struct {
	from, chooser, players, optional, count, min, max, prompt, note, as, do *model.ArgIndex
}

// noteOptions adds to each card option the step's note, rendered for the
// card as the chooser sees it; a card the chooser does not know gets none
// (its note would tell it apart).
func noteOptions(g model.Context, f *state.Frame, s *model.Step, note *model.ArgIndex, opts []state.Option, chooser int) {
	if note == nil || !s.At(*note).Set || !g.Logging() || chooser < 0 {
		return
	}
	for i := range opts {
		c := opts[i].Card
		if c < 0 || uint64(g.Card(c).Known)&(1<<uint(chooser)) == 0 {
			continue
		}
		fc := *f
		fc.Card = state.CardRef(c)
		if text := args.Say(g, &fc, s.At(*note), "", chooser); text != "" {
			opts[i].Label += " (" + text + ")"
		}
	}
}

func execChooseCards(single bool, a cardChoiceArgs) func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	return func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
		if s.At(*a.players).Set {
			return sealedCards(g, f, s, single, a)
		}
		chooser, err := args.Chooser(g, f, s.At(*a.chooser))
		if err != nil {
			return model.Next, err
		}
		if ds, as := g.Answered(f); len(ds) > 0 {
			return cardsChosen(g, f, s, single, a, chooser, ds[0].Options, as[0].Picks, false)
		}
		// read while the options are made; nothing else here takes the
		// machine's scratch list
		from, err := args.CardsBrief(g, f, s.At(*a.from))
		if err != nil {
			return model.Next, err
		}
		if len(from) == 0 {
			if single {
				args.Bind(g, f, s.At(*a.as), args.CardVal(-1))
			} else {
				args.Bind(g, f, s.At(*a.as), args.ListVal(g, nil))
			}
			if g.Logging() {
				g.Logf("choose", chooser, "%s has nothing to choose from.", state.SeatName(chooser))
			}
			return model.Next, nil
		}
		d := state.Decision{Player: chooser, Kind: state.DecideCards}
		if single {
			d.Options = args.CardOptionsIn(g.OptionScratch(), g, from, chooser)
			noteOptions(g, f, s, a.note, d.Options, chooser)
			args.LabelUnique(g, d.Options)
			d.Min, d.Max = 1, 1
			opt, err := args.Bool(g, f, s.At(*a.optional), false)
			if err != nil {
				return model.Next, err
			}
			if opt {
				d.Min = 0
			}
			return askCards(g, f, s, single, a, chooser, d)
		}
		// several cards: every card is its own option, so counts are exact
		d.Options = g.OptionScratch()
		for _, c := range from {
			d.Options = append(d.Options, args.CardOption(g, c, chooser))
		}
		noteOptions(g, f, s, a.note, d.Options, chooser)
		lo, err := args.Int(g, f, s.At(*a.min), 0)
		if err != nil {
			return model.Next, err
		}
		hi, err := args.Int(g, f, s.At(*a.max), len(from))
		if err != nil {
			return model.Next, err
		}
		if c := s.At(*a.count); c.Set {
			n, err := g.EvalInt(c.Expr, f)
			if err != nil {
				return model.Next, err
			}
			lo, hi = n, n
		}
		hi = min(max(hi, 0), len(from))
		lo = min(max(lo, 0), hi)
		d.Min, d.Max = lo, hi
		if hi == 0 {
			args.Bind(g, f, s.At(*a.as), args.ListVal(g, nil))
			return model.Next, nil
		}
		if lo == hi && hi == len(from) {
			// no real choice: all of them. Among cards every seat knows,
			// or every card of a zone (whose size is public), everyone sees
			// there was nothing to choose, and the log says nothing (what
			// the rules do with them says it); among some cards of a hidden
			// zone, the line is written as for a choice, so that nobody
			// learns the chooser had none
			args.Bind(g, f, s.At(*a.as), args.ListVal(g, from))
			if g.Logging() && !args.KnownToAll(g, from) && !args.WholeZone(g, from) {
				g.LogCards("choose", chooser, from, "%s chooses {cards}.", state.SeatName(chooser))
			}
			if len(d.Options) == 1 {
				g.NoteTaken(chooser, d.Options[0].Label, d.Options[0].Card)
			}
			return model.Next, nil
		}
		args.LabelUnique(g, d.Options)
		return askCards(g, f, s, single, a, chooser, d)
	}
}

// askCards asks a choice of cards, or takes the only answer it has at once.
func askCards(g model.Context, f *state.Frame, s *model.Step, single bool, a cardChoiceArgs, chooser int, d state.Decision) (model.Status, error) {
	if ans, ok := g.AnswerAtOnce(d); ok {
		return cardsChosen(g, f, s, single, a, chooser, d.Options, ans.Picks, true)
	}
	d.Prompt = args.Prompt(g, f, s.At(*a.prompt), "Choose", chooser)
	return g.Ask(f, d), nil
}

// cardsChosen binds the cards a chooser picked among options.
// forced says the engine answered for the chooser, who had one way to answer.
func cardsChosen(g model.Context, f *state.Frame, s *model.Step, single bool, a cardChoiceArgs, chooser int, options []state.Option, picks []int, forced bool) (model.Status, error) {
	var picked []int
	if single {
		c := -1
		for _, p := range picks {
			if o := options[p]; o.Card >= 0 {
				c = o.Card
				break
			}
		}
		args.Bind(g, f, s.At(*a.as), args.CardVal(c))
		if c >= 0 && g.Logging() {
			picked = []int{c}
		}
	} else {
		// the cards picked, in a list of their own that the variable then
		// holds
		picked = g.VarList(len(picks))
		for _, p := range picks {
			if o := options[p]; o.Card >= 0 {
				picked = append(picked, o.Card)
			}
		}
		picked = slices.Clip(picked)
		args.Bind(g, f, s.At(*a.as), state.Val{L: picked})
	}
	if !g.Logging() {
		return model.Next, nil
	}
	if len(picked) == 0 {
		g.Logf("choose", chooser, "%s chooses nothing.", state.SeatName(chooser))
		return model.Next, nil
	}
	// a card whose option said whose it was, or where it lies, is said so
	// in the log too
	named, where, says := make([]bool, len(picked)), make([]string, len(picked)), false
	k := 0
	for _, p := range picks {
		if o := options[p]; o.Card >= 0 && k < len(picked) {
			named[k], where[k] = args.SaysWhose(g, o), args.SaysWhere(g, o)
			says = says || named[k] || where[k] != ""
			k++
		}
	}
	verb := "chooses"
	if forced && optionsKnownToAll(g, options) {
		// a choice with one answer among cards everyone knows: the log does
		// not read as if the chooser had picked among several
		verb = "must choose"
	}
	if says {
		g.LogChosen(chooser, picked, named, where, "%s %s {cards}.", state.SeatName(chooser), verb)
	} else {
		g.LogCards("choose", chooser, picked, "%s %s {cards}.", state.SeatName(chooser), verb)
	}
	return model.Next, nil
}

func execChoose(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if s.At(chooseArgs.Choosers).Set {
		return sealedChoose(g, f, s)
	}
	chooser, err := args.Chooser(g, f, s.At(chooseArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	choices := s.At(chooseArgs.Options).Choices
	if ds, as := g.Answered(f); len(ds) > 0 {
		return chosen(g, f, s, chooser, ds[0].Options[as[0].Picks[0]], false)
	}
	d := state.Decision{Player: chooser, Kind: state.DecideChoice, Min: 1, Max: 1, Options: g.OptionScratch()}
	for i := range choices {
		ch := &choices[i]
		ok, err := g.EvalBool(ch.If, f)
		if err != nil {
			return model.Next, err
		}
		if ok {
			o := state.Option{Card: -1, Action: -1, Player: -1, Value: i}
			if g.Logging() {
				o.ID, o.Label = fmt.Sprintf("o%d", i+1), g.ChoiceLabel(ch, f, chooser)
			}
			d.Options = append(d.Options, o)
		}
	}
	if len(d.Options) == 0 {
		return model.Next, nil
	}
	if a, ok := g.AnswerAtOnce(d); ok {
		return chosen(g, f, s, chooser, d.Options[a.Picks[0]], true)
	}
	d.Prompt = args.Prompt(g, f, s.At(chooseArgs.Prompt), "Choose", chooser)
	return g.Ask(f, d), nil
}

// chosen runs the branch a chooser picked; forced, the only branch open to
// them, which the log says so that it does not read as a choice, when every
// seat can tell it was the only one: where an option's if that closed the
// others reads what cards are (a card's properties, name or keywords, which
// some seat may not know), the line reads as a choice, as the others cannot
// tell.
func chosen(g model.Context, f *state.Frame, s *model.Step, chooser int, o state.Option, forced bool) (model.Status, error) {
	choices := s.At(chooseArgs.Options).Choices
	if g.Logging() && !chooseQuiet(g, f, s) {
		verb := "chooses"
		if forced && openlyClosed(g.Ruleset(), choices) {
			verb = "must choose"
		}
		if ch := &choices[o.Value]; ch.Tmpl != nil {
			// the label as each seat may read it: a part read from a card
			// a seat does not know is ? to it
			if err := g.LogTemplateIn("choose", chooser, f, ch.Tmpl, state.SeatName(chooser)+" "+verb+": %s."); err != nil {
				return model.Next, err
			}
		} else {
			g.Logf("choose", chooser, "%s %s: %s.", state.SeatName(chooser), verb, o.Label)
		}
	}
	args.Bind(g, f, s.At(chooseArgs.As), state.Val{N: int64(o.Value)})
	g.CoverChoice(s, o.Value)
	g.Call(f, choices[o.Value].Prog)
	return model.Next, nil
}

// openlyClosed reports whether the conditions (if) of a choose's options
// read nothing of what cards are: counts, places, players' and the game's
// properties, the turn are seen by all, so which options they leave open is
// too.
func openlyClosed(rs *model.Ruleset, choices []model.Choice) bool {
	hidden := model.ReadsCardFields | model.ReadsKnowledge | model.ReadsAnything
	for i := range rs.CardProps {
		hidden |= rs.CardPropReads(i)
	}
	// a bit a card property shares with a zone or a player's or the game's
	// property (a ruleset of more parts than bits) counts as hidden: the
	// line then reads as a choice, which tells nothing
	for i := range choices {
		if e := choices[i].If; e != nil && e.Reads&hidden != 0 {
			return false
		}
	}
	return true
}

func execChoosePlayer(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if s.At(choosePlayerArgs.Choosers).Set {
		return sealedPlayer(g, f, s)
	}
	chooser, err := args.Chooser(g, f, s.At(choosePlayerArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		return playerChosen(g, f, s, chooser, ds[0].Options[as[0].Picks[0]], false)
	}
	ps, err := args.PlayersBrief(g, f, s.At(choosePlayerArgs.Players))
	if err != nil {
		return model.Next, err
	}
	if len(ps) == 0 {
		args.Bind(g, f, s.At(choosePlayerArgs.As), state.Val{N: -1})
		return model.Next, nil
	}
	d := state.Decision{Player: chooser, Kind: state.DecidePlayer, Min: 1, Max: 1, Options: g.OptionScratch()}
	for _, p := range ps {
		d.Options = append(d.Options, state.Option{ID: state.SeatName(p), Label: state.SeatName(p), Card: -1, Action: -1, Player: p})
	}
	if a, ok := g.AnswerAtOnce(d); ok {
		return playerChosen(g, f, s, chooser, d.Options[a.Picks[0]], true)
	}
	d.Prompt = args.Prompt(g, f, s.At(choosePlayerArgs.Prompt), "Choose a player", chooser)
	return g.Ask(f, d), nil
}

// playerChosen binds the player a chooser picked; forced, the only player
// they could choose, which the log says so that it does not read as a
// choice.
func playerChosen(g model.Context, f *state.Frame, s *model.Step, chooser int, o state.Option, forced bool) (model.Status, error) {
	if g.Logging() {
		verb := "chooses"
		if forced {
			verb = "must choose"
		}
		g.Logf("choose", chooser, "%s %s %s.", state.SeatName(chooser), verb, o.Label)
	}
	args.Bind(g, f, s.At(choosePlayerArgs.As), state.Val{N: int64(o.Player)})
	return model.Next, nil
}

func execChooseNumber(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if s.At(chooseNumberArgs.Choosers).Set {
		return sealedNumber(g, f, s)
	}
	chooser, err := args.Chooser(g, f, s.At(chooseNumberArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		if g.Logging() && !numberQuiet(g, f, s) {
			g.Logf("choose", chooser, "%s chooses %d.", state.SeatName(chooser), as[0].Number)
		}
		args.Bind(g, f, s.At(chooseNumberArgs.As), state.Val{N: int64(as[0].Number)})
		return model.Next, nil
	}
	lo, err := args.Int(g, f, s.At(chooseNumberArgs.Min), 0)
	if err != nil {
		return model.Next, err
	}
	hi, err := args.Int(g, f, s.At(chooseNumberArgs.Max), 0)
	if err != nil {
		return model.Next, err
	}
	if hi < lo {
		hi = lo
	}
	d := state.Decision{Player: chooser, Kind: state.DecideNumber, Prompt: args.Prompt(g, f, s.At(chooseNumberArgs.Prompt), "Choose a number", chooser), Min: lo, Max: hi}
	if err := numberExcept(g, f, s, &d); err != nil {
		return model.Next, err
	}
	return g.Ask(f, d), nil
}

// chooseQuiet reports whether a choose step writes no line of the option
// chosen (its quiet holds; a quiet that fails to evaluate is not).
func chooseQuiet(g model.Context, f *state.Frame, s *model.Step) bool {
	q, err := args.Bool(g, f, s.At(chooseArgs.Quiet), false)
	return err == nil && q
}

// numberQuiet reports whether a choose_number step writes no line of the
// number chosen (its quiet holds; a quiet that fails to evaluate is not).
func numberQuiet(g model.Context, f *state.Frame, s *model.Step) bool {
	q, err := args.Bool(g, f, s.At(chooseNumberArgs.Quiet), false)
	return err == nil && q
}

// numberExcept sets the numbers a number decision may not take, from the
// step's except; a decision left with no number is the ruleset's mistake.
func numberExcept(g model.Context, f *state.Frame, s *model.Step, d *state.Decision) error {
	a := s.At(chooseNumberArgs.Except)
	if !a.Set {
		return nil
	}
	ex, err := g.EvalInts(a.Expr, f, nil)
	if err != nil {
		return err
	}
	// each number once: the count of those left depends on it
	slices.Sort(ex)
	d.Except = slices.Compact(ex)
	if d.NumberCount() == 0 {
		return fmt.Errorf("it leaves no number to choose: every number from %d to %d is excepted", d.Min, d.Max)
	}
	return nil
}

func execDistribute(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	// state: [0] = the targets (list) and the next index; [1] = the shares (list)
	st0, st1 := s.State, s.State+1
	if cur := g.Var(f, st0); cur.N > 0 {
		i := int(cur.N) - 1
		shares := g.Var(f, st1).L
		if i >= len(cur.L) {
			g.SetVar(f, st0, state.Val{N: -1})
			return model.Next, nil
		}
		g.SetVar(f, st0, state.Val{N: cur.N + 1, L: cur.L})
		args.Bind(g, f, s.At(distributeArgs.As), args.CardVal(cur.L[i]))
		args.Bind(g, f, s.At(distributeArgs.Share), state.Val{N: int64(shares[i])})
		g.Call(f, s.At(distributeArgs.Do).Prog)
		return model.Stay, nil
	}
	chooser, err := args.Chooser(g, f, s.At(distributeArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		// the variables' lists, cut from the machine's block
		n := len(ds[0].Options)
		targets, shares := g.VarList(n), g.VarList(n)
		for i, o := range ds[0].Options {
			targets = append(targets, o.Card)
			shares = append(shares, as[0].Amount[i])
		}
		// one card every seat knows takes it all: nothing was divided, and
		// everyone sees it, so no line (among cards some seat does not
		// know, the line is written as for a choice)
		if g.Logging() && !(len(targets) == 1 && args.KnownToAll(g, targets)) {
			// the line's words only for a reader
			parts := make([]string, len(targets))
			for i := range targets {
				parts[i] = fmt.Sprintf("{%d}=%d", i, shares[i])
			}
			g.LogCards("distribute", chooser, targets, "%s divides %d: %s.", state.SeatName(chooser), ds[0].Total, strings.Join(parts, ", "))
		}
		g.SetVar(f, st0, state.Val{N: 1, L: targets})
		g.SetVar(f, st1, state.Val{L: shares})
		return model.Stay, nil
	}
	amount, err := args.Int(g, f, s.At(distributeArgs.Amount), 0)
	if err != nil {
		return model.Next, err
	}
	// read only to list them
	among, err := args.CardsBrief(g, f, s.At(distributeArgs.Cards))
	if err != nil {
		return model.Next, err
	}
	least, err := args.Int(g, f, s.At(distributeArgs.AtLeast), 0)
	if err != nil {
		return model.Next, err
	}
	if len(among) == 0 || amount <= 0 {
		return model.Next, nil
	}
	// a least share the amount cannot give each (compared by division: a
	// product could pass the largest number), or below nothing, is none
	if least < 0 || least > amount/len(among) {
		least = 0
	}
	d := state.Decision{Player: chooser, Kind: state.DecideDistribute, Prompt: args.Prompt(g, f, s.At(distributeArgs.Prompt), "Divide", chooser), Total: amount, Min: 0, Max: amount, Options: g.OptionScratch()}
	for _, c := range among {
		o := args.CardOption(g, c, chooser)
		o.Value = least
		d.Options = append(d.Options, o)
	}
	args.LabelUnique(g, d.Options)
	return g.Ask(f, d), nil
}

// allAlike reports whether the cards are all interchangeable for seat.
func allAlike(g model.Context, cards []int, seat int) bool {
	for _, c := range cards[1:] {
		if !g.Interchangeable(cards[0], c, seat) {
			return false
		}
	}
	return true
}

func execOrder(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	chooser, err := args.Chooser(g, f, s.At(orderArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		var out []int
		for _, p := range as[0].Picks {
			out = append(out, ds[0].Options[p].Card)
		}
		args.Bind(g, f, s.At(orderArgs.As), args.ListVal(g, out))
		// the order of cards that are all alike is no choice (the engine
		// made it), and the line would say nothing
		if g.Logging() && !allAlike(g, out, chooser) {
			g.LogCards("order", chooser, out, "%s orders {cards}.", state.SeatName(chooser))
		}
		return model.Next, nil
	}
	cards, err := args.Cards(g, f, s.At(orderArgs.Cards))
	if err != nil {
		return model.Next, err
	}
	d := state.Decision{Player: chooser, Kind: state.DecideOrder, Prompt: args.Prompt(g, f, s.At(orderArgs.Prompt), "Order", chooser), Min: len(cards), Max: len(cards)}
	for _, c := range cards {
		d.Options = append(d.Options, args.CardOption(g, c, chooser))
	}
	args.LabelUnique(g, d.Options)
	if len(cards) <= 1 {
		args.Bind(g, f, s.At(orderArgs.As), args.ListVal(g, cards))
		return model.Next, nil
	}
	return g.Ask(f, d), nil
}

func execSimultaneous(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	choices := s.At(simultaneousArgs.Options).Choices
	st := s.State
	// after the answers: run each player's choice, one per pass through this step
	if cur := g.Var(f, st); cur.N > 0 {
		i := int(cur.N) - 1
		if i*2 >= len(cur.L) {
			g.SetVar(f, st, state.Val{N: -1})
			return model.Next, nil
		}
		g.SetVar(f, st, state.Val{N: cur.N + 1, L: cur.L})
		p, c := cur.L[2*i], cur.L[2*i+1]
		fr := *f
		fr.You, fr.Player = state.Seat(p), state.Seat(p)
		g.CoverChoice(s, c)
		g.CallAs(f, choices[c].Prog, p)
		return model.Stay, nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		// the variable's list, cut from the machine's block
		plan := g.VarList(2 * len(ds))
		for i, d := range ds {
			o := d.Options[as[i].Picks[0]]
			if g.Logging() {
				g.Logf("choose", d.Player, "%s chooses: %s.", state.SeatName(d.Player), o.Label)
			}
			plan = append(plan, d.Player, o.Value)
		}
		g.SetVar(f, st, state.Val{N: 1, L: plan})
		return model.Stay, nil
	}
	// read while the decisions are asked, which evaluates no list
	ps, err := args.PlayersBrief(g, f, s.At(simultaneousArgs.Choosers))
	if err != nil {
		return model.Next, err
	}
	status := model.Next
	// in seat order from the active player, as the answers are revealed
	// and the options run; a player who has left is asked nothing
	active, n := g.Active(), g.Players()
	for k := 0; k < n; k++ {
		p := (active + k) % n
		if !slices.Contains(ps, p) || g.Lost(p) {
			continue
		}
		// the player's frame is the machine's scratch frame, and each
		// choice is read where it is: handed to the context, a frame or a
		// choice of this function's own would be made on the heap
		fr := g.TempFrame(*f)
		fr.You, fr.Player = state.Seat(p), state.Seat(p)
		// each player's options in the machine's scratch list, which Ask
		// copies before the next player's are made
		d := state.Decision{Player: p, Kind: state.DecideChoice, Prompt: args.Prompt(g, f, s.At(simultaneousArgs.Prompt), "Choose", p), Min: 1, Max: 1, Options: g.OptionScratch()}
		for i := range choices {
			ch := &choices[i]
			ok, err := g.EvalBool(ch.If, fr)
			if err != nil {
				g.ReleaseFrame()
				return model.Next, err
			}
			if ok {
				d.Options = append(d.Options, args.ChoiceOption(g, ch, f, p, i))
			}
		}
		g.ReleaseFrame()
		if len(d.Options) == 0 {
			continue
		}
		// a decision with one way to answer is answered at once (stay): the
		// step suspends only when somebody still has to answer
		if st := g.Ask(f, d); st == model.Suspend || status == model.Next {
			status = st
		}
	}
	return status, nil
}

func execChooseTarget(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if s.At(chooseTargetArgs.Choosers).Set {
		return sealedTarget(g, f, s)
	}
	chooser, err := args.Chooser(g, f, s.At(chooseTargetArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		return targetChosen(g, f, s, chooser, ds[0].Options, as[0].Picks, false)
	}
	// the players and the cards are read only to list them, one after the
	// other, and the options are built in the machine's scratch list, which
	// Ask copies; without a log they have no ids or labels (CardOption)
	d := state.Decision{Player: chooser, Kind: state.DecideTarget, Min: 1, Max: 1, Options: g.OptionScratch()}
	if a := s.At(chooseTargetArgs.Players); a.Set {
		ps, err := args.PlayersBrief(g, f, a)
		if err != nil {
			return model.Next, err
		}
		logging := g.Logging()
		for _, p := range ps {
			o := state.Option{Card: -1, Action: -1, Player: p}
			if logging {
				o.ID, o.Label = state.SeatName(p), state.SeatName(p)
			}
			d.Options = append(d.Options, o)
		}
	}
	cards, err := args.CardsBrief(g, f, s.At(chooseTargetArgs.Cards))
	if err != nil {
		return model.Next, err
	}
	d.Options = args.CardOptionsIn(d.Options, g, cards, chooser)
	args.LabelUnique(g, d.Options)
	if opt, err := args.Bool(g, f, s.At(chooseTargetArgs.Optional), false); err != nil {
		return model.Next, err
	} else if opt {
		d.Min = 0
	}
	if len(d.Options) == 0 {
		args.Bind(g, f, s.At(chooseTargetArgs.AsCard), args.CardVal(-1))
		args.Bind(g, f, s.At(chooseTargetArgs.AsPlayer), state.Val{N: -1})
		return model.Next, nil
	}
	if a, ok := g.AnswerAtOnce(d); ok {
		return targetChosen(g, f, s, chooser, d.Options, a.Picks, true)
	}
	d.Prompt = args.Prompt(g, f, s.At(chooseTargetArgs.Prompt), "Choose a target", chooser)
	return g.Ask(f, d), nil
}

// targetChosen binds the target a chooser picked among options: a card, a
// player or none; forced says the engine picked it, the one way to answer.
func targetChosen(g model.Context, f *state.Frame, s *model.Step, chooser int, options []state.Option, picks []int, forced bool) (model.Status, error) {
	c, p := -1, -1
	if len(picks) > 0 {
		o := options[picks[0]]
		c, p = o.Card, o.Player
	}
	args.Bind(g, f, s.At(chooseTargetArgs.AsCard), args.CardVal(c))
	args.Bind(g, f, s.At(chooseTargetArgs.AsPlayer), state.Val{N: int64(p)})
	if !g.Logging() {
		return model.Next, nil
	}
	// a target with no other to choose, among what everyone knows, does
	// not read as if the chooser had picked it among several
	verb := "targets"
	if forced && optionsKnownToAll(g, options) {
		verb = "must target"
	}
	switch {
	case c >= 0:
		// as the option said it: whose the card is, where it lies
		o := options[picks[0]]
		if named, where := args.SaysWhose(g, o), args.SaysWhere(g, o); named || where != "" {
			g.LogChosen(chooser, []int{c}, []bool{named}, []string{where}, "%s %s {cards}.", state.SeatName(chooser), verb)
		} else {
			g.LogCards("choose", chooser, []int{c}, "%s %s {cards}.", state.SeatName(chooser), verb)
		}
	case p >= 0:
		g.Logf("choose", chooser, "%s %s %s.", state.SeatName(chooser), verb, state.SeatName(p))
	default:
		g.Logf("choose", chooser, "%s chooses no target.", state.SeatName(chooser))
	}
	return model.Next, nil
}

func execAssign(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	idx, _ := g.Ruleset().PropAt(s.At(assignArgs.Prop), "card")
	if ds, as := g.Answered(f); len(ds) > 0 {
		logging := g.Logging()
		for i, d := range ds {
			// the line's words and cards only for a reader
			var parts []string
			var cards []int
			for j, o := range d.Options {
				t := -1
				if k := as[i].Amount[j]; k > 0 {
					t = d.Targets[k-1].Card
					if logging {
						parts = append(parts, fmt.Sprintf("{%d} to {%d}", len(cards), len(cards)+1))
						cards = append(cards, o.Card, t)
					}
				}
				g.SetCardProp(o.Card, idx, int64(t))
			}
			if len(parts) == 0 {
				if g.Logging() {
					g.Logf("assign", d.Player, "%s assigns nothing.", state.SeatName(d.Player))
				}
			} else {
				if g.Logging() {
					g.LogCards("assign", d.Player, cards, "%s assigns %s.", state.SeatName(d.Player), strings.Join(parts, ", "))
				}
			}
		}
		return model.Next, nil
	}
	// the players and each one's targets are copied out of the machine's
	// scratch list, where the items go, into room on the stack
	var playerRoom [8]int
	players := append(playerRoom[:0], int(f.You))
	if a := s.At(assignArgs.Choosers); a.Set {
		ps, err := args.PlayersBrief(g, f, a)
		if err != nil {
			return model.Next, err
		}
		players = append(players[:0], ps...)
	}
	per, err := args.Int(g, f, s.At(assignArgs.PerTarget), 0)
	if err != nil {
		return model.Next, err
	}
	status := model.Next
	asked := false
	for _, p := range players {
		fr := g.TempFrame(*f)
		fr.You, fr.Player = state.Seat(p), state.Seat(p)
		// the targets first (expressions are pure: the order of the two
		// changes nothing), then the items in the scratch list, read until
		// the decision is asked
		var targetRoom [16]int
		tl, err := g.EvalCardsInto(s.At(assignArgs.Targets).Expr, fr, g.CardScratch())
		if err != nil {
			g.ReleaseFrame()
			return model.Next, err
		}
		targets := append(targetRoom[:0], tl...)
		items, err := g.EvalCardsInto(s.At(assignArgs.Items).Expr, fr, g.CardScratch())
		g.ReleaseFrame()
		if err != nil {
			return model.Next, err
		}
		for _, c := range items {
			g.SetCardProp(c, idx, -1)
		}
		if len(items) == 0 || len(targets) == 0 {
			// nothing to assign, or nothing to assign it to (the attackers
			// left with their player): every item is none, unasked
			continue
		}
		d := state.Decision{Player: p, Kind: state.DecideAssign, Prompt: args.Prompt(g, f, s.At(assignArgs.Prompt), "Assign", p), Min: 0, Max: len(items), PerTarget: per}
		// the options, then the targets, in the machine's scratch list of
		// options: Ask keeps a copy of each
		opts := g.OptionScratch()
		for _, c := range items {
			opts = append(opts, args.CardOption(g, c, p))
		}
		n := len(opts)
		for _, c := range targets {
			opts = append(opts, args.CardOption(g, c, p))
		}
		d.Options, d.Targets = opts[:n:n], opts[n:]
		if a := s.At(assignArgs.Allow); a.Set {
			if d.Allowed, err = allowedPairs(g, f, s, p, items, targets); err != nil {
				return model.Next, err
			}
		}
		if a := s.At(assignArgs.MinPerTarget); a.Set {
			if d.Fewest, err = fewestPerTarget(g, f, s, p, targets); err != nil {
				return model.Next, err
			}
		}
		args.LabelUnique(g, d.Options)
		args.LabelUnique(g, d.Targets)
		asked = true
		if st := g.Ask(f, d); st == model.Suspend {
			status = model.Suspend
		} else if status != model.Suspend {
			status = model.Stay
		}
	}
	if !asked {
		return model.Next, nil
	}
	return status, nil
}

// fewestPerTarget evaluates an assign step's min_per_target for every target,
// bound as the target_as variable; nil when every target needs one at most.
func fewestPerTarget(g model.Context, f *state.Frame, s *model.Step, p int, targets []int) ([]int, error) {
	slot := s.At(assignArgs.TargetAs).Var.Slot
	fewest := make([]int, len(targets))
	some := false
	for k, t := range targets {
		g.SetVar(f, slot, args.CardVal(t))
		fr := g.TempFrame(*f)
		fr.You, fr.Player = state.Seat(p), state.Seat(p)
		n, err := g.EvalInt(s.At(assignArgs.MinPerTarget).Expr, fr)
		g.ReleaseFrame()
		if err != nil {
			return nil, err
		}
		fewest[k] = max(n, 1)
		some = some || n > 1
	}
	g.SetVar(f, slot, args.CardVal(-1))
	if !some {
		return nil, nil
	}
	return fewest, nil
}

// allowedPairs evaluates an assign step's allow condition for every item and
// target, with `card` the item and the target_as variable the target.
func allowedPairs(g model.Context, f *state.Frame, s *model.Step, p int, items, targets []int) ([][]int, error) {
	slot := s.At(assignArgs.TargetAs).Var.Slot
	allowed := make([][]int, len(items))
	for i, c := range items {
		allowed[i] = []int{}
		for k, t := range targets {
			g.SetVar(f, slot, args.CardVal(t))
			fr := g.TempFrame(*f)
			fr.You, fr.Player, fr.Card = state.Seat(p), state.Seat(p), state.CardRef(c)
			ok, err := g.EvalBool(s.At(assignArgs.Allow).Expr, fr)
			g.ReleaseFrame()
			if err != nil {
				return nil, err
			}
			if ok {
				allowed[i] = append(allowed[i], k+1)
			}
		}
	}
	g.SetVar(f, slot, args.CardVal(-1))
	return allowed, nil
}

// Sealed choices. A choice primitive given a list of players (players, or
// choosers for choose_target) asks each of them at once, every question
// built with `you` as its player, and suspends until all have answered.
// Every listed player still in the game is asked, even one with a single
// way to answer, and one with nothing to choose is offered "nothing to
// choose": who is asked, and when the game goes on, must not tell the
// others whether a player had a choice. The answers are revealed together,
// one log line per player in seat order from the active player, and then
// the step runs `do` (choose: each one's option) once per player, in that
// order, with `you` as that player and the choice bound. Between those runs
// the step keeps its plan in its state slot: per player, the seat, how many
// values and the values; N is the offset of the next entry, plus one.

// The indexes of the primitives' arguments, filled at registration.
var (
	chooseCardArgs   struct{ Cards, Chooser, Choosers, Optional, Prompt, Note, As, Do model.ArgIndex }
	chooseCardsArgs  struct{ Cards, Chooser, Choosers, Count, Min, Max, Prompt, Note, As, Do model.ArgIndex }
	chooseArgs       struct{ Options, Chooser, Choosers, Prompt, Quiet, As model.ArgIndex }
	choosePlayerArgs struct{ Players, Chooser, Choosers, Prompt, As, Do model.ArgIndex }
	chooseTargetArgs struct{ Cards, Players, Chooser, Choosers, Optional, Prompt, AsCard, AsPlayer, Do model.ArgIndex }
	chooseNumberArgs struct{ Min, Max, Except, Chooser, Choosers, Prompt, Quiet, As, Do model.ArgIndex }
	distributeArgs   struct{ Amount, Cards, AtLeast, Chooser, Prompt, Do, As, Share model.ArgIndex }
	orderArgs        struct{ Cards, Chooser, Prompt, As model.ArgIndex }
	assignArgs       struct{ Choosers, Items, Targets, Prop, PerTarget, TargetAs, Allow, MinPerTarget, Prompt model.ArgIndex }
	simultaneousArgs struct{ Choosers, Options, Prompt model.ArgIndex }
)

// optionsKnownToAll reports whether every card among options is known to
// every seat: a choice among them with one answer tells nobody anything.
func optionsKnownToAll(g model.Context, options []state.Option) bool {
	all := uint64(1)<<uint(g.Players()) - 1
	for _, o := range options {
		if o.Card >= 0 && uint64(g.Card(o.Card).Known)&all != all {
			return false
		}
	}
	return true
}
