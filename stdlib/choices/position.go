package choices

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// positionPrimitives choose a place: an empty position among positional
// zones, as one question with one option per free position.
func positionPrimitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "choose_position", Args: &choosePositionArgs, Family: "choices",
			Doc: "Asks a player to choose an empty position of a positional zone (and, with `beside`, of the zones declared beside it) and puts a card there: one question with an option per empty position, named by the zone and the position's name (slot_names), as `front left`. With `adjacent`, only the positions adjacent to the card's own (the neighbouring numbers of its zone and the same number of the zones beside it) are offered: a step to a free neighbouring place. With no empty position nothing happens and `as` gets -1. The card moves as `move` moves it (leave and enter events, a log line).",
			Params: []model.Param{
				args.ExprParam("card", model.TCard, true, "", "the card to put in the chosen position"),
				{Name: "zone", Kind: model.PZone, Required: true, Doc: "the positional zone"},
				args.ExprParam("beside", model.TBool, false, "false", "also the positions of the zones declared beside it"),
				args.ExprParam("adjacent", model.TBool, false, "false", "only positions adjacent to the card's present one"),
				args.ExprParam("owner", model.TPlayer, false, "", "whose zone (default: you)"),
				chooserP(),
				args.PromptParam("Choose a position"),
				{Name: "as", Kind: model.PBind, Type: model.TInt, Doc: "binds the chosen position's number (-1 when there was none)"},
			},
			Example:  "- choose_position: {card: this, zone: row, prompt: \"Where does {this} go?\"}\n# a step to an empty neighbouring position (and the same one of the zones beside)\n- choose_position: {card: this, zone: row, beside: true, adjacent: true}",
			Validate: validatePosition,
			Exec:     execChoosePosition,
		},
	}
}

var choosePositionArgs struct{ Card, Zone, Beside, Adjacent, Owner, Chooser, Prompt, As model.ArgIndex }

func validatePosition(v model.Validator, s *model.Step) {
	a := s.At(choosePositionArgs.Zone)
	if a.Zone >= 0 && v.Ruleset().Zones[a.Zone].Slots == 0 {
		v.Errorf(choosePositionArgs.Zone, "bad-value", "choose_position chooses among positions: %s is not a positional zone (give it slots)", v.Ruleset().Zones[a.Zone].Name)
	}
}

func execChoosePosition(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	chooser, err := args.Chooser(g, f, s.At(choosePositionArgs.Chooser))
	if err != nil {
		return model.Next, err
	}
	c, err := g.EvalCard(s.At(choosePositionArgs.Card).Expr, f)
	if err != nil {
		return model.Next, err
	}
	if c < 0 {
		return model.Next, fmt.Errorf("no card to place")
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		o := ds[0].Options[as[0].Picks[0]]
		zi, slot := o.Value>>16, o.Value&0xffff
		if g.Logging() {
			g.Logf("choose", chooser, "%s chooses: %s.", state.SeatName(chooser), o.Label)
		}
		args.Bind(g, f, s.At(choosePositionArgs.As), state.Val{N: int64(slot)})
		return model.Next, g.Move(c, zi, state.MoveOpts{Slot: slot, Source: int(f.This)})
	}
	owner, err := args.Player(g, f, s.At(choosePositionArgs.Owner))
	if err != nil {
		return model.Next, err
	}
	beside, err := args.Bool(g, f, s.At(choosePositionArgs.Beside), false)
	if err != nil {
		return model.Next, err
	}
	adjacent, err := args.Bool(g, f, s.At(choosePositionArgs.Adjacent), false)
	if err != nil {
		return model.Next, err
	}
	rs := g.Ruleset()
	kind := s.At(choosePositionArgs.Zone).Zone
	var room [4]int // on the stack for a zone and a few beside it
	kinds := append(room[:0], kind)
	if beside {
		kinds = append(kinds, rs.Zones[kind].Beside...)
	}
	// the card's own position, when only those next to it are offered
	zc, sc := -1, -1
	if adjacent && rs.Zones[g.CardZoneKind(c)].Slots > 0 {
		zc, sc = int(g.Card(c).Zone), int(g.SlotOf(c))
	}
	d := state.Decision{Player: chooser, Kind: state.DecideChoice, Prompt: args.Prompt(g, f, s.At(choosePositionArgs.Prompt), "Choose a position", chooser), Min: 1, Max: 1, Options: g.OptionScratch()}
	for _, k := range kinds {
		zi := g.ZoneInst(k, owner)
		for slot := 0; slot < rs.Zones[k].Slots; slot++ {
			if g.CardAt(zi, slot) >= 0 {
				continue
			}
			if adjacent && (zc < 0 || !g.NextTo(zc, sc, zi, slot)) {
				continue
			}
			o := state.Option{Card: -1, Action: -1, Player: -1, Value: zi<<16 | slot}
			if g.Logging() {
				// ids and labels for a reader, as other choices have them
				o.ID, o.Label = fmt.Sprintf("%s-%d", rs.Zones[k].Name, slot), rs.Zones[k].Name+" "+g.SlotName(k, slot)
			}
			d.Options = append(d.Options, o)
		}
	}
	if len(d.Options) == 0 {
		args.Bind(g, f, s.At(choosePositionArgs.As), state.Val{N: -1})
		return model.Next, nil
	}
	return g.Ask(f, d), nil
}
