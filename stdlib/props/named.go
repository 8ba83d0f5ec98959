package props

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// addNamed adds to a player's int property whose name is worked out when the
// step runs: the resource a card gives, say, named by one of its values.
func addNamed() *model.Primitive {
	return &model.Primitive{
		Name: "add_named", Args: &addNamedArgs, Family: "properties",
		Doc: "Adds to an int property of a player whose name an expression computes (the resource named by a value of a card's property, say); the declared min and max hold. A name that is no int property of players stops the game with the position.",
		Params: []model.Param{
			args.ExprParam("player", model.TPlayer, false, "", "whose property changes (default: you)"),
			args.ExprParam("prop", model.TString, true, "", "the property's name, as an expression"),
			args.ExprParam("amount", model.TInt, true, "", "the amount (negative to take away)"),
		},
		Example: "- add_named: {prop: card.metal, amount: 1}",
		Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
			p, err := args.Player(g, f, s.At(addNamedArgs.Player))
			if err != nil {
				return model.Next, err
			}
			d, err := g.EvalDatum(s.At(addNamedArgs.Prop).Expr, f)
			if err != nil {
				return model.Next, err
			}
			name := g.Text(d)
			idx, decl, ok := g.Ruleset().PropIndex("player", name)
			if !ok || decl.Type != model.TInt {
				return model.Next, fmt.Errorf("%q is no int property of players", name)
			}
			n, err := g.EvalInt(s.At(addNamedArgs.Amount).Expr, f)
			if err != nil {
				return model.Next, err
			}
			if p < 0 {
				return model.Next, fmt.Errorf("no player to change %s of", name)
			}
			g.SetPlayerProp(p, idx, g.BasePlayerProp(p, idx)+int64(n))
			return model.Next, nil
		},
	}
}

var addNamedArgs struct{ Player, Prop, Amount model.ArgIndex }
