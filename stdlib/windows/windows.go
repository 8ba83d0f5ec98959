package windows

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

func Primitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "act", Args: &actArgs, Family: "windows",
			Doc: "Offers a player the legal options of some actions. With `pass` they may decline; with `repeat` they are asked again after each action until they pass. `repeat` is tested once the chosen action has completely resolved (its cost and its effect, or its cost and the move to the stack), so a condition sees what the action did. The state checks run before the player is asked.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "active", "who acts (default: the active player)"),
				{Name: "actions", Kind: model.PAction, Required: true, Doc: "the actions offered"},
				args.ExprParam("pass", model.TBool, false, "true", "the player may pass; with false, a player with no legal action passes all the same (logged as a pass), since a game never waits on a player who can do nothing"),
				args.ExprParam("repeat", model.TBool, false, "false", "ask again after each action until the player passes, while this holds after the action"),
				{Name: "pass_label", Kind: model.PText, Default: "pass", Doc: "how passing is shown"},
				args.PromptParam("Your move"),
			},
			StateSlots: 1,
			Example:    "- act: {actions: [play], pass: false}",
			Exec:       execAct,
		},
		{
			Name: "priority", Args: &priorityArgs, Family: "windows",
			Doc: "A priority window over the stack: starting with the active player (or the player `first` names, as a defender who answers first), each player in turn order may take one of the actions or pass. After an action the same player holds priority again. When every player still in the game has passed in a row, the top stack item resolves and the window's first player gets priority again; with an empty stack the window closes (with `close: active`, as soon as the active player passes on an empty stack, the others not asked). The state checks run before each player is asked.",
			Params: []model.Param{
				{Name: "actions", Kind: model.PAction, Required: true, Doc: "the actions players may take"},
				{Name: "close", Kind: model.PWord, Words: closeWords[:], Default: closeWords[closeAll], Doc: "when the window closes on an empty stack: all (when every player still in the game has passed in a row) or active (when the active player passes; while the active player is out of the game, as with all)"},
				args.PromptParam("You have priority"),
				args.ExprParam("first", model.TPlayer, false, "active", "who gets priority first, and again after each item resolves (default: the active player)"),
				{Name: "pass_label", Kind: model.PText, Default: "pass", Doc: "how passing is shown"},
			},
			StateSlots: 2,
			Example:    "- priority: {actions: [cast, activate], close: active}\n# the player attacked answers first\n- priority: {actions: [cast], first: opponent}",
			Exec:       execPriority,
		},
	}
}

func execAct(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	p, err := args.Player(g, f, s.At(actArgs.Player))
	if err != nil {
		return model.Next, err
	}
	passLabel := args.Text(s.At(actArgs.PassLabel), "pass")
	if ds, as := g.Answered(f); len(ds) > 0 {
		return actAnswered(g, f, s, p, passLabel, ds[0].Options[as[0].Picks[0]])
	}
	if g.Var(f, s.State).N == 1 {
		g.SetVar(f, s.State, state.Val{N: -1})
		repeat, err := args.Bool(g, f, s.At(actArgs.Repeat), false)
		if err != nil || !repeat {
			return model.Next, err
		}
	}
	if p < 0 || g.Lost(p) {
		return model.Next, nil
	}
	if g.ChecksFirst() {
		return model.Stay, nil
	}
	opts, err := g.ActionOptions(p, s.At(actArgs.Actions).Actions)
	if err != nil {
		return model.Next, err
	}
	pass, err := args.Bool(g, f, s.At(actArgs.Pass), true)
	if err != nil {
		return model.Next, err
	}
	if pass || len(opts) == 0 {
		opts = append(opts, state.Option{ID: "pass", Label: passLabel, Card: -1, Action: -1, Player: -1})
	}
	// one pick among several options has more than one answer: only a
	// single option is answered at once, without making the decision
	if len(opts) == 1 {
		// one thing to do (to pass, most of the time): done at once
		g.CountAtOnce(p, opts[0].Label, opts[0].Card)
		return actAnswered(g, f, s, p, passLabel, opts[0])
	}
	d := state.Decision{Player: p, Kind: state.DecideAction, Options: opts, Min: 1, Max: 1, Pass: pass}
	d.Prompt = args.Prompt(g, f, s.At(actArgs.Prompt), "Your move", p)
	return g.Ask(f, d), nil
}

// actAnswered does what player p answered to an act window: a pass, or an
// action started.
func actAnswered(g model.Context, f *state.Frame, s *model.Step, p int, passLabel string, o state.Option) (model.Status, error) {
	if o.Action < 0 {
		if g.Logging() {
			g.Logf("pass", p, "%s: %s.", state.SeatName(p), model.ThirdPerson(passLabel))
		}
		return model.Next, nil
	}
	if args.Never(s.At(actArgs.Repeat)) {
		// nothing to test once the action is done: the window is over
		g.StartAction(p, o)
		return model.Next, nil
	}
	// back here once the action's cost and effect have run: repeat is
	// tested then, on what the action did
	g.SetVar(f, s.State, state.Val{N: 1})
	g.StartAction(p, o)
	return model.Stay, nil
}

func execPriority(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	holderSlot, passSlot := s.State, s.State+1
	passLabel := args.Text(s.At(priorityArgs.PassLabel), "pass")
	holder := int(g.Var(f, holderSlot).N)
	passes := int(g.Var(f, passSlot).N)
	if holder < 0 {
		first, err := openerOf(g, f, s)
		if err != nil {
			return model.Next, err
		}
		holder, passes = first, 0
	}
	if g.Lost(holder) {
		// a player who left the game does not hold priority
		holder = g.NextLive(holder)
	}
	var answer *state.Option
	if ds, as := g.Answered(f); len(ds) > 0 {
		answer = &ds[0].Options[as[0].Picks[0]]
	}
	for {
		if o := answer; o != nil {
			answer = nil
			if o.Action >= 0 {
				g.SetVar(f, holderSlot, state.Val{N: int64(holder)})
				g.SetVar(f, passSlot, state.Val{N: 0})
				g.StartAction(holder, *o)
				return model.Stay, nil
			}
			if g.Logging() {
				if passLabel == "pass" {
					g.Logf("pass", holder, "%s passes.", state.SeatName(holder))
				} else {
					g.Logf("pass", holder, "%s: %s.", state.SeatName(holder), model.ThirdPerson(passLabel))
				}
			}
			if holder == g.Active() && g.StackLen() == 0 && args.WordAt(s.At(priorityArgs.Close), closeAll) == closeActive {
				g.SetVar(f, holderSlot, state.Val{N: -1})
				g.SetVar(f, passSlot, state.Val{N: 0})
				return model.Next, nil
			}
			passes++
			holder = g.NextLive(holder)
		}
		if passes >= g.LivePlayers() {
			if g.StackLen() > 0 {
				first, err := openerOf(g, f, s)
				if err != nil {
					return model.Next, err
				}
				g.SetVar(f, holderSlot, state.Val{N: int64(first)})
				g.SetVar(f, passSlot, state.Val{N: 0})
				g.ResolveTop()
				return model.Stay, nil
			}
			g.SetVar(f, holderSlot, state.Val{N: -1})
			g.SetVar(f, passSlot, state.Val{N: 0})
			return model.Next, nil
		}
		g.SetVar(f, holderSlot, state.Val{N: int64(holder)})
		g.SetVar(f, passSlot, state.Val{N: int64(passes)})
		if g.ChecksFirst() {
			return model.Stay, nil
		}
		opts, err := g.ActionOptions(holder, s.At(priorityArgs.Actions).Actions)
		if err != nil {
			return model.Next, err
		}
		opts = append(opts, state.Option{ID: "pass", Label: passLabel, Card: -1, Action: -1, Player: -1})
		if len(opts) == 1 { // more than one has more answers (execAct)
			// only a pass: the next player's turn at once, as if asked
			g.CountAtOnce(holder, passLabel, -1)
			answer = &opts[0]
			continue
		}
		d := state.Decision{Player: holder, Kind: state.DecideAction, Options: opts, Min: 1, Max: 1, Pass: true}
		d.Prompt = args.Prompt(g, f, s.At(priorityArgs.Prompt), "You have priority", holder)
		return g.Ask(f, d), nil
	}
}

// openerOf is the player who gets priority first in a window: `first`, or
// the active player; one who left the game passes it on to the next.
func openerOf(g model.Context, f *state.Frame, s *model.Step) (int, error) {
	p := g.Active()
	if a := s.At(priorityArgs.First); a.Set {
		var err error
		if p, err = g.EvalPlayer(a.Expr, f); err != nil {
			return 0, err
		}
		if p < 0 {
			p = g.Active()
		}
	}
	if g.Lost(p) {
		p = g.NextLive(p)
	}
	return p, nil
}

// The indexes of the primitives' arguments, filled at registration.
// The words of priority's close, by index.
const (
	closeAll = iota
	closeActive
)

var closeWords = [...]string{closeAll: "all", closeActive: "active"}

var (
	actArgs      struct{ Player, Actions, Pass, Repeat, PassLabel, Prompt model.ArgIndex }
	priorityArgs struct{ Actions, Close, Prompt, First, PassLabel model.ArgIndex }
)
