package choices

// The sealed choices: several players asked at once, each in secret, the
// answers revealed together (see the decisions entry of the reference).

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// validateSealed checks the arguments of a choice that may be sealed: a
// list of players or one chooser, and do with the list only (and required
// by it when do is non-nil).
func validateSealed(players, chooser, do *model.ArgIndex, name, what string) func(v model.Validator, s *model.Step) {
	return func(v model.Validator, s *model.Step) {
		sealed := s.At(*players).Set
		if sealed && s.At(*chooser).Set {
			v.Errorf(*chooser, "bad-step", "give either chooser (one player) or %s (several players, asked at once), not both", name)
		}
		if do == nil {
			return
		}
		switch {
		case sealed && !s.At(*do).Set:
			v.Errorf(*players, "missing-field", "%s asks several players at once: give do, the steps run for each of them with `you` as that player and %s bound", name, what)
		case !sealed && s.At(*do).Set:
			v.Errorf(*do, "bad-step", "do runs once per player of %s: give %s, or write the steps after this one", name, name)
		}
	}
}

// sealedPlayers evaluates a sealed step's list of players, once: each
// player still in the game, once, in seat order from the active player.
func sealedPlayers(g model.Context, f *state.Frame, a *model.Arg) ([]int, error) {
	ps, err := g.EvalPlayers(a.Expr, f)
	if err != nil {
		return nil, err
	}
	n := g.Players()
	in := make([]bool, n)
	for _, p := range ps {
		if p >= 0 && p < n && !g.Lost(p) {
			in[p] = true
		}
	}
	var out []int
	for i := 0; i < n; i++ {
		if p := (g.Active() + i) % n; in[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// nothingOption is the one option of a sealed question for a player who
// has nothing to choose.
func nothingOption() state.Option {
	return state.Option{ID: "nothing", Label: "nothing to choose", Card: -1, Action: -1, Player: -1, Value: -1}
}

// askSealed builds each player's question with `you` as that player and
// asks them all at once. A question with nothing to offer gets the one
// option "nothing to choose".
func askSealed(g model.Context, f *state.Frame, ps []int, build func(fr *state.Frame, p int) (state.Decision, error)) (model.Status, error) {
	ds := make([]state.Decision, 0, len(ps))
	for _, p := range ps {
		// the machine's scratch frame: handed on, one of this function's
		// own would be made on the heap
		fr := g.TempFrame(*f)
		fr.You, fr.Player = state.Seat(p), state.Seat(p)
		d, err := build(fr, p)
		g.ReleaseFrame()
		if err != nil {
			return model.Next, err
		}
		d.Player, d.Sealed = p, true
		if len(d.Options) == 0 && d.Kind != state.DecideNumber {
			d.Options = []state.Option{nothingOption()}
			d.Min, d.Max = 1, 1
		}
		ds = append(ds, d)
	}
	if len(ds) == 0 {
		return model.Next, nil
	}
	for _, d := range ds {
		g.Ask(f, d)
	}
	return model.Suspend, nil
}

// sealedNext returns the next player of a sealed step's plan and the values
// bound for it, and moves on; false (and the slot reset) when all are done.
func sealedNext(g model.Context, f *state.Frame, slot int) (int, []int, bool) {
	cur := g.Var(f, slot)
	i := int(cur.N) - 1
	if i+1 >= len(cur.L) {
		g.SetVar(f, slot, state.Val{N: -1})
		return 0, nil, false
	}
	p, k := cur.L[i], cur.L[i+1]
	vals := cur.L[i+2 : i+2+k]
	g.SetVar(f, slot, state.Val{N: int64(i+2+k) + 1, L: cur.L})
	return p, vals, true
}

// sealedPlan starts the runs of a sealed step once its answers are in and
// logged: plan holds, per player, the seat, how many values, the values.
func sealedPlan(g model.Context, f *state.Frame, slot int, plan []int) (model.Status, error) {
	g.SetVar(f, slot, state.Val{N: 1, L: plan})
	return model.Stay, nil
}

// cardsPicked lists the cards an answer picks (the option "nothing to
// choose" has none).
func cardsPicked(d *state.Decision, a *state.Answer) []int {
	var out []int
	for _, p := range a.Picks {
		if o := d.Options[p]; o.Card >= 0 {
			out = append(out, o.Card)
		}
	}
	return out
}

func sealedCards(g model.Context, f *state.Frame, s *model.Step, single bool, a cardChoiceArgs) (model.Status, error) {
	if g.Var(f, s.State).N > 0 {
		p, vals, ok := sealedNext(g, f, s.State)
		if !ok {
			return model.Next, nil
		}
		if single {
			c := -1
			if len(vals) > 0 {
				c = vals[0]
			}
			args.Bind(g, f, s.At(*a.as), args.CardVal(c))
		} else {
			args.Bind(g, f, s.At(*a.as), args.ListVal(g, vals))
		}
		g.CallAs(f, s.At(*a.do).Prog, p)
		return model.Stay, nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		var plan []int
		for i := range ds {
			p, picked := ds[i].Player, cardsPicked(&ds[i], as[i])
			// one who could not choose and one who chose nothing read alike
			if len(picked) == 0 {
				if g.Logging() {
					g.Logf("choose", p, "%s chooses nothing.", state.SeatName(p))
				}
			} else {
				if g.Logging() {
					g.LogCards("choose", p, picked, "%s chooses {cards}.", state.SeatName(p))
				}
			}
			plan = append(append(plan, p, len(picked)), picked...)
		}
		return sealedPlan(g, f, s.State, plan)
	}
	ps, err := sealedPlayers(g, f, s.At(*a.players))
	if err != nil {
		return model.Next, err
	}
	return askSealed(g, f, ps, func(fr *state.Frame, p int) (state.Decision, error) {
		d := state.Decision{Kind: state.DecideCards, Prompt: args.Prompt(g, fr, s.At(*a.prompt), "Choose", p)}
		from, err := args.Cards(g, fr, s.At(*a.from))
		if err != nil || len(from) == 0 {
			return d, err
		}
		if single {
			d.Options = args.CardOptions(g, from, p)
			noteOptions(g, fr, s, a.note, d.Options, p)
			args.LabelUnique(g, d.Options)
			d.Min, d.Max = 1, 1
			opt, err := args.Bool(g, fr, s.At(*a.optional), false)
			if opt {
				d.Min = 0
			}
			return d, err
		}
		lo, err := args.Int(g, fr, s.At(*a.min), 0)
		if err != nil {
			return d, err
		}
		hi, err := args.Int(g, fr, s.At(*a.max), len(from))
		if err != nil {
			return d, err
		}
		if c := s.At(*a.count); c.Set {
			n, err := g.EvalInt(c.Expr, fr)
			if err != nil {
				return d, err
			}
			lo, hi = n, n
		}
		hi = min(max(hi, 0), len(from))
		lo = min(max(lo, 0), hi)
		if hi == 0 {
			return d, nil // nothing to choose
		}
		// every card is its own option, so counts are exact
		for _, c := range from {
			d.Options = append(d.Options, args.CardOption(g, c, p))
		}
		noteOptions(g, fr, s, a.note, d.Options, p)
		args.LabelUnique(g, d.Options)
		d.Min, d.Max = lo, hi
		return d, nil
	})
}

func sealedChoose(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	choices := s.At(chooseArgs.Options).Choices
	if g.Var(f, s.State).N > 0 {
		p, vals, ok := sealedNext(g, f, s.State)
		if !ok {
			return model.Next, nil
		}
		args.Bind(g, f, s.At(chooseArgs.As), state.Val{N: int64(vals[0])})
		if c := vals[0]; c >= 0 {
			g.CoverChoice(s, c)
			g.CallAs(f, choices[c].Prog, p)
		}
		return model.Stay, nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		var plan []int
		for i, d := range ds {
			o := d.Options[as[i].Picks[0]]
			if o.Value < 0 {
				if g.Logging() {
					g.Logf("choose", d.Player, "%s chooses nothing.", state.SeatName(d.Player))
				}
			} else {
				if g.Logging() && !chooseQuiet(g, f, s) {
					g.Logf("choose", d.Player, "%s chooses: %s.", state.SeatName(d.Player), o.Label)
				}
			}
			plan = append(plan, d.Player, 1, o.Value)
		}
		return sealedPlan(g, f, s.State, plan)
	}
	ps, err := sealedPlayers(g, f, s.At(chooseArgs.Choosers))
	if err != nil {
		return model.Next, err
	}
	return askSealed(g, f, ps, func(fr *state.Frame, p int) (state.Decision, error) {
		d := state.Decision{Kind: state.DecideChoice, Prompt: args.Prompt(g, fr, s.At(chooseArgs.Prompt), "Choose", p), Min: 1, Max: 1}
		for i := range choices {
			ch := &choices[i] // read where it is, not copied to the heap
			ok, err := g.EvalBool(ch.If, fr)
			if err != nil {
				return d, err
			}
			if ok {
				d.Options = append(d.Options, args.ChoiceOption(g, ch, fr, p, i))
			}
		}
		return d, nil
	})
}

func sealedPlayer(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if g.Var(f, s.State).N > 0 {
		p, vals, ok := sealedNext(g, f, s.State)
		if !ok {
			return model.Next, nil
		}
		args.Bind(g, f, s.At(choosePlayerArgs.As), state.Val{N: int64(vals[0])})
		g.CallAs(f, s.At(choosePlayerArgs.Do).Prog, p)
		return model.Stay, nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		var plan []int
		for i, d := range ds {
			o := d.Options[as[i].Picks[0]]
			if o.Player < 0 {
				if g.Logging() {
					g.Logf("choose", d.Player, "%s chooses nothing.", state.SeatName(d.Player))
				}
			} else {
				if g.Logging() {
					g.Logf("choose", d.Player, "%s chooses %s.", state.SeatName(d.Player), o.Label)
				}
			}
			plan = append(plan, d.Player, 1, o.Player)
		}
		return sealedPlan(g, f, s.State, plan)
	}
	ps, err := sealedPlayers(g, f, s.At(choosePlayerArgs.Choosers))
	if err != nil {
		return model.Next, err
	}
	return askSealed(g, f, ps, func(fr *state.Frame, p int) (state.Decision, error) {
		d := state.Decision{Kind: state.DecidePlayer, Prompt: args.Prompt(g, fr, s.At(choosePlayerArgs.Prompt), "Choose a player", p), Min: 1, Max: 1}
		from, err := g.EvalPlayers(s.At(choosePlayerArgs.Players).Expr, fr)
		for _, q := range from {
			d.Options = append(d.Options, state.Option{ID: state.SeatName(q), Label: state.SeatName(q), Card: -1, Action: -1, Player: q})
		}
		return d, err
	})
}

func sealedNumber(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if g.Var(f, s.State).N > 0 {
		p, vals, ok := sealedNext(g, f, s.State)
		if !ok {
			return model.Next, nil
		}
		args.Bind(g, f, s.At(chooseNumberArgs.As), state.Val{N: int64(vals[0])})
		g.CallAs(f, s.At(chooseNumberArgs.Do).Prog, p)
		return model.Stay, nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		var plan []int
		for i, d := range ds {
			if g.Logging() && !numberQuiet(g, f, s) {
				g.Logf("choose", d.Player, "%s chooses %d.", state.SeatName(d.Player), as[i].Number)
			}
			plan = append(plan, d.Player, 1, as[i].Number)
		}
		return sealedPlan(g, f, s.State, plan)
	}
	ps, err := sealedPlayers(g, f, s.At(chooseNumberArgs.Choosers))
	if err != nil {
		return model.Next, err
	}
	return askSealed(g, f, ps, func(fr *state.Frame, p int) (state.Decision, error) {
		d := state.Decision{Kind: state.DecideNumber, Prompt: args.Prompt(g, fr, s.At(chooseNumberArgs.Prompt), "Choose a number", p)}
		lo, err := args.Int(g, fr, s.At(chooseNumberArgs.Min), 0)
		if err != nil {
			return d, err
		}
		hi, err := args.Int(g, fr, s.At(chooseNumberArgs.Max), 0)
		d.Min, d.Max = lo, max(hi, lo)
		if err != nil {
			return d, err
		}
		return d, numberExcept(g, fr, s, &d)
	})
}

func sealedTarget(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	if g.Var(f, s.State).N > 0 {
		p, vals, ok := sealedNext(g, f, s.State)
		if !ok {
			return model.Next, nil
		}
		args.Bind(g, f, s.At(chooseTargetArgs.AsCard), args.CardVal(vals[0]))
		args.Bind(g, f, s.At(chooseTargetArgs.AsPlayer), state.Val{N: int64(vals[1])})
		g.CallAs(f, s.At(chooseTargetArgs.Do).Prog, p)
		return model.Stay, nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		var plan []int
		for i, d := range ds {
			c, q := -1, -1
			if len(as[i].Picks) > 0 {
				o := d.Options[as[i].Picks[0]]
				c, q = o.Card, o.Player
			}
			switch who := state.SeatName(d.Player); {
			case c >= 0:
				if g.Logging() {
					g.LogCards("choose", d.Player, []int{c}, "%s targets {cards}.", who)
				}
			case q >= 0:
				if g.Logging() {
					g.Logf("choose", d.Player, "%s targets %s.", who, state.SeatName(q))
				}
			default:
				if g.Logging() {
					g.Logf("choose", d.Player, "%s chooses no target.", who)
				}
			}
			plan = append(plan, d.Player, 2, c, q)
		}
		return sealedPlan(g, f, s.State, plan)
	}
	ps, err := sealedPlayers(g, f, s.At(chooseTargetArgs.Choosers))
	if err != nil {
		return model.Next, err
	}
	return askSealed(g, f, ps, func(fr *state.Frame, p int) (state.Decision, error) {
		d := state.Decision{Kind: state.DecideTarget, Prompt: args.Prompt(g, fr, s.At(chooseTargetArgs.Prompt), "Choose a target", p), Min: 1, Max: 1}
		cards, err := args.Cards(g, fr, s.At(chooseTargetArgs.Cards))
		if err != nil {
			return d, err
		}
		if a := s.At(chooseTargetArgs.Players); a.Set {
			qs, err := g.EvalPlayers(a.Expr, fr)
			if err != nil {
				return d, err
			}
			for _, q := range qs {
				d.Options = append(d.Options, state.Option{ID: state.SeatName(q), Label: state.SeatName(q), Card: -1, Action: -1, Player: q})
			}
		}
		d.Options = append(d.Options, args.CardOptions(g, cards, p)...)
		args.LabelUnique(g, d.Options)
		opt, err := args.Bool(g, fr, s.At(chooseTargetArgs.Optional), false)
		if opt {
			d.Min = 0
		}
		return d, err
	})
}
