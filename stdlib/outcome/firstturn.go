package outcome

import (
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// firstTurnPrimitives decide who begins: a setup step, so that a player
// (the winner of a toss, say) may choose who takes the first turn.
func firstTurnPrimitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "first_turn", Args: &firstTurnArgs, Family: "turns",
			Doc: "In the setup: makes a player (default: you) the one who takes the first turn, instead of the one drawn at random; the turns then go on in seat order from that player. The setup's later steps still run with the same `you`. Anywhere else it stops the game with its position. With a choice before it, a player decides who begins: a toss won, then the winner's choice.",
			Params: []model.Param{
				args.ExprParam("player", model.TPlayer, false, "", "who takes the first turn (default: you)"),
			},
			Example: "- pick_random_player: {as: toss}\n- choose:\n    chooser: toss\n    prompt: Who takes the first turn?\n    options:\n      - {label: I do, do: [{first_turn: {player: toss}}]}\n      - {label: my opponent, do: [{first_turn: {player: toss.next}}]}",
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				p, err := args.Player(g, f, s.At(firstTurnArgs.Player))
				if err != nil || p < 0 {
					return model.Next, err
				}
				if err := g.SetFirstPlayer(p); err != nil {
					return model.Next, err
				}
				if g.Logging() {
					g.Logf("first_turn", p, "%s takes the first turn.", state.SeatName(p))
				}
				return model.Next, nil
			},
		},
	}
}

var firstTurnArgs struct{ Player model.ArgIndex }
