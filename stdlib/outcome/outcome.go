package outcome

import (
	"fmt"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
	"slices"
	"strings"
)

func Primitives() []*model.Primitive {
	return append([]*model.Primitive{
		{
			Name: "win", Args: &winArgs, Family: "outcome", EndsGame: true,
			Doc: "A player (default: you) wins; the game ends.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "the winner (default: you)"),
				args.ExprParam("with", model.TPlayers, false, "", "players who share the win (allies)"),
				{Name: "reason", Kind: model.PText, Doc: "why, for the log"},
			},
			Example: "- win: {reason: five of a kind}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(winArgs.Player))
				if err != nil || p < 0 {
					return model.Next, err
				}
				var with []int
				if a := s.At(winArgs.With); a.Set {
					if with, err = g.EvalPlayers(a.Expr, f); err != nil {
						return model.Next, err
					}
				}
				g.WinWith(p, with, args.Text(s.At(winArgs.Reason), ""))
				return model.Next, nil
			},
		},
		{
			Name: "lose", Args: &loseArgs, Family: "outcome",
			Doc: "A player (default: you) loses and leaves the game (lost is true of them from then on); when one player is left, that player wins, with the next state checks, so that players who lose together lose together (none left: a draw).",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "the loser (default: you)"),
				{Name: "reason", Kind: model.PText, Doc: "why, for the log"},
				{Name: "win_reason", Kind: model.PText, Doc: "why the one player this loss leaves wins, for the log and the outcome (arbiter sim's table of how games ended); default: last player standing"},
			},
			Example: "- lose: {reason: no cards left}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(loseArgs.Player))
				if err != nil || p < 0 {
					return model.Next, err
				}
				g.Lose(p, args.Text(s.At(loseArgs.Reason), ""), args.Text(s.At(loseArgs.WinReason), ""))
				return model.Next, nil
			},
		},
		{
			Name: "draw_game", Args: &drawGameArgs, Family: "outcome", EndsGame: true,
			Doc: "The game ends with no winner.",
			Params: []model.Param{
				{Name: "reason", Kind: model.PText, Doc: "why, for the log"},
			},
			Shorthand: "reason",
			Example:   "- draw_game: nobody can move",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				g.DrawGame(args.Text(s.At(drawGameArgs.Reason), "declared by an effect"))
				return model.Next, nil
			},
		},
		{
			Name: "extra_turn", Args: &extraTurnArgs, Family: "turns",
			Doc: "Gives a player (default: you) an extra turn after this one; several queue in order. A player who has left the game is given none.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "who takes it (default: you)"),
			},
			Example: "- extra_turn: {}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(extraTurnArgs.Player))
				if err != nil || p < 0 {
					return model.Next, err
				}
				if g.Lost(p) {
					return model.Next, nil // a player who has left takes no turn
				}
				g.AddExtraTurn(p)
				if g.Logging() {
					g.Logf("extra_turn", p, "%s will take an extra turn.", state.SeatName(p))
				}
				return model.Next, nil
			},
		},
		{
			Name: "remove_from_stack", Args: &removeFromStackArgs, Family: "turns",
			Doc: "Takes items off the stack without resolving them: those of a card (a countered spell) or all those of a player (who left the game). An action still being announced (its targets or costs not done yet, as when a hidden card answers a spell as it is cast) is withdrawn too: it never reaches the stack.",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, false, "", "the cards whose stack items go"), "card"),
				args.ExprParam("player", model.TPlayer, false, "", "the player whose stack items go"),
			},
			Example: "- remove_from_stack: {cards: \"stack[0]\"}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cards, err := args.Cards(g, f, s.At(removeFromStackArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				p := -1
				if a := s.At(removeFromStackArgs.Player); a.Set {
					if p, err = g.EvalPlayer(a.Expr, f); err != nil {
						return model.Next, err
					}
				}
				var named []int
				unnamed := 0
				for _, c := range g.RemoveStackItems(cards, p) {
					if c >= 0 {
						named = append(named, c)
					} else {
						unnamed++
					}
				}
				switch {
				case len(named) == 1 && unnamed == 0:
					if g.Logging() {
						g.LogCards("stack", int(f.You), named, "{cards} leaves the stack without resolving.")
					}
				case len(named) > 0:
					if g.Logging() {
						g.LogCards("stack", int(f.You), named, "{cards} leave the stack without resolving.")
					}
				}
				switch {
				case unnamed == 1:
					if g.Logging() {
						g.Logf("stack", int(f.You), "An ability leaves the stack without resolving.")
					}
				case unnamed > 1:
					if g.Logging() {
						g.Logf("stack", int(f.You), "%d abilities leave the stack without resolving.", unnamed)
					}
				}
				return model.Next, nil
			},
		},
		{
			Name: "end_effects", Args: &endEffectsArgs, Family: "turns",
			Doc: "Ends modifiers (property changes and timed keyword grants) before their time. With `player`: every modifier that player's effects made, wherever it applies, for a player who leaves the game, whose effects end with them. With `phase`: the modifiers that last until the end of that phase (`until_phase`), for a turn structure that ends them at a point of the phase rather than at its end (\"until end of combat\" effects end, then players receive priority). With `until`: those of that duration (end_of_turn, end_of_phase), for a turn that ends them before its last steps (\"until end of turn\" effects end, then damage is removed).",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "the player whose effects end"),
				{Name: "phase", Kind: model.PPhase, Doc: "instead: the phase whose until_phase modifiers end now"},
				{Name: "until", Kind: model.PWord, Words: endUntilWords, Doc: "instead: the duration whose modifiers end now: end_of_turn or end_of_phase (those of the phase under way)"},
			},
			Example: "- end_effects: {player: you}\n# the first step of a phase whose until_phase effects end before its window\n- end_effects: {phase: main}\n# a cleanup that ends \"until end of turn\" effects before it removes damage\n- end_effects: {until: end_of_turn}",
			Validate: func(v model.Validator, s *model.Step) {
				set := 0
				for _, a := range []model.ArgIndex{endEffectsArgs.Player, endEffectsArgs.Phase, endEffectsArgs.Until} {
					if s.At(a).Set {
						set++
					}
				}
				if set != 1 {
					v.Errorf(endEffectsArgs.Player, "bad-step", "end_effects takes one of player, phase or until")
				}
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				if a := s.At(endEffectsArgs.Until); a.Set {
					// silent, as modifiers are when their time comes
					u := state.UntilTurn
					if a.Text == endUntilWords[1] {
						u = state.UntilPhase
					}
					g.EndEffectsUntil(u)
					return model.Next, nil
				}
				if a := s.At(endEffectsArgs.Phase); a.Set {
					// silent, as modifiers are when their phase ends
					g.EndPhaseEffects(g.Ruleset().PhaseIndex(a.Text))
					return model.Next, nil
				}
				p, err := g.EvalPlayer(s.At(endEffectsArgs.Player).Expr, f)
				if err != nil || p < 0 {
					return model.Next, err
				}
				if ended := g.EndEffectsOf(p); len(ended) > 0 && g.Logging() {
					logEnded(g, p, ended)
				}
				return model.Next, nil
			},
		},
		{
			Name: "roll", Args: &rollArgs, Family: "random",
			Doc: "Rolls a die with `sides` sides (1 to sides) and binds the result.",
			Params: []model.Param{
				args.ExprParam("sides", model.TInt, false, "6", "the number of sides, at least 1 (fewer stops the game with the reason)"),
				{Name: "as", Kind: model.PBind, Type: model.TInt, Required: true, Doc: "the variable that gets the result"},
			},
			Example: "- roll: {sides: 20, as: r}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				n, err := args.Int(g, f, s.At(rollArgs.Sides), 6)
				if err != nil {
					return model.Next, err
				}
				if n < 1 {
					return model.Next, fmt.Errorf("a die has at least 1 side; sides is %d", n)
				}
				r, err := g.Roll(n)
				if err != nil {
					return model.Next, err
				}
				if g.Logging() {
					g.Logf("roll", int(f.You), "%s rolls %d (d%d).", state.SeatName(int(f.You)), r, n)
				}
				args.Bind(g, f, s.At(rollArgs.As), state.Val{N: int64(r)})
				return model.Next, nil
			},
		},
		{
			Name: "pick_random", Args: &pickRandomArgs, Family: "random",
			Doc: "Picks one card of a list at random and binds it (none if the list is empty).",
			Params: []model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "from"),
				{Name: "as", Kind: model.PBind, Type: model.TCard, Required: true, Doc: "the variable"},
			},
			Example: "- pick_random: {cards: opponent.hand, as: c}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				l, err := args.Cards(g, f, s.At(pickRandomArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				c := -1
				if len(l) > 0 {
					c = l[g.Rand(len(l))]
				}
				args.Bind(g, f, s.At(pickRandomArgs.As), args.CardVal(c))
				return model.Next, nil
			},
		},
		{
			Name: "pick_random_player", Args: &pickRandomPlayerArgs, Family: "random",
			Doc: "Picks one player of a list (default: every player) at random and binds it.",
			Params: []model.Param{
				args.Was(args.ExprParam("players", model.TPlayers, false, "players", "the players"), "from"),
				{Name: "as", Kind: model.PBind, Type: model.TPlayer, Required: true, Doc: "the variable"},
			},
			Example: "- pick_random_player: {as: first}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				l, err := g.EvalPlayers(s.At(pickRandomPlayerArgs.Players).Expr, f)
				if err != nil {
					return model.Next, err
				}
				p := -1
				if len(l) > 0 {
					p = l[g.Rand(len(l))]
				}
				args.Bind(g, f, s.At(pickRandomPlayerArgs.As), state.Val{N: int64(p)})
				return model.Next, nil
			},
		},
	}, firstTurnPrimitives()...)
}

// The indexes of the primitives' arguments, filled at registration.
var (
	winArgs             struct{ Player, With, Reason model.ArgIndex }
	loseArgs            struct{ Player, Reason, WinReason model.ArgIndex }
	drawGameArgs        struct{ Reason model.ArgIndex }
	extraTurnArgs       struct{ Player model.ArgIndex }
	removeFromStackArgs struct{ Cards, Player model.ArgIndex }
	endEffectsArgs      struct{ Player, Phase, Until model.ArgIndex }
	// endUntilWords are the durations end_effects ends by name
	endUntilWords        = []string{"end_of_turn", "end_of_phase"}
	rollArgs             struct{ Sides, As model.ArgIndex }
	pickRandomArgs       struct{ Cards, As model.ArgIndex }
	pickRandomPlayerArgs struct{ Players, As model.ArgIndex }
)

// logEnded writes that a player's effects ended, naming what they applied
// to (the players, then the cards), so that a reader can tell which
// effect it was: "An effect of p2 on p1 ends."
func logEnded(g model.Context, p int, ended []state.Modifier) {
	var seats []string
	var cards []int
	for _, m := range ended {
		if m.Card == state.NoCard {
			if n := state.SeatName(int(m.Player)); !slices.Contains(seats, n) {
				seats = append(seats, n)
			}
		} else if !slices.Contains(cards, int(m.Card)) {
			cards = append(cards, int(m.Card))
		}
	}
	on := strings.Join(seats, ", ")
	if len(cards) > 0 {
		if on != "" {
			on += " and "
		}
		on += "{cards}"
	}
	if len(ended) == 1 {
		g.LogCards("effects", p, cards, "An effect of %s on %s ends.", state.SeatName(p), on)
		return
	}
	g.LogCards("effects", p, cards, "%d effects of %s end, on %s.", len(ended), state.SeatName(p), on)
}
