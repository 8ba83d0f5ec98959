package stdlib

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// target says whose property a step changes: a card's, a player's or the game's.
func propTarget(v model.Validator, s *step) (kind string) {
	switch {
	case s.Arg("card").Set && s.Arg("player").Set:
		v.Errorf("player", "bad-step", "give either card or player, not both")
		return "card"
	case s.Arg("card").Set:
		return "card"
	case s.Arg("player").Set:
		return "player"
	}
	return "game"
}

func validateProp(numeric bool) func(v model.Validator, s *step) {
	return func(v model.Validator, s *step) {
		kind := propTarget(v, s)
		name := s.Arg("prop").Text
		_, d, ok := v.Ruleset().PropIndex(kind, name)
		if !ok {
			v.Errorf("prop", "unknown-property", "unknown %s property %q%s", kind, name, v.Suggest(name, v.Ruleset().PropNames(kind)))
			return
		}
		if numeric && d.Type != model.TInt {
			v.Errorf("prop", "type-mismatch", "%s is a %s property; only int properties can be added to", name, d.Type)
			return
		}
		// a fraction stored in an int property is cut toward zero, as
		// everywhere a whole number is needed
		if a := s.Arg("value"); a.Set && a.Expr != nil && a.Expr.Type != model.TAny && a.Expr.Type != d.Type && !(a.Expr.Type == model.TFloat && d.Type == model.TInt) {
			v.Errorf("value", "type-mismatch", "%s is a %s property, but the value %q is %s", name, d.Type, a.Expr.Src, a.Expr.Type)
		} else if lit, ok := s.Arg("value").Expr.Literal(); ok && d.Type == model.TString && !slices.Contains(d.Values, lit) {
			v.Errorf("value", "bad-value", "%q is not one of the values of %s (%s)%s", lit, name, strings.Join(d.Values, ", "), v.Suggest(lit, d.Values))
		}
	}
}

func targetParams() []param {
	return []param{
		exprP("card", model.TCards, false, "", "the card or cards whose property changes"),
		exprP("player", model.TPlayer, false, "", "the player whose property changes"),
		{Name: "prop", Kind: model.PText, Required: true, Doc: "the property name"},
	}
}

func propertyPrimitives() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "set", Family: "properties",
			Doc:      "Sets a property of cards, of a player, or of the game (when neither card nor player is given). An enum property takes only its declared values: a name in quotes that is not one is a load error, one worked out in play stops the game.",
			Params:   append(targetParams(), exprP("value", model.TAny, true, "", "the new value")),
			Example:  "- set: {card: this, prop: tapped, value: true}",
			Validate: validateProp(false),
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				x, err := g.EvalDatum(s.Arg("value").Expr, f)
				if err != nil {
					return next, err
				}
				return next, writeProp(g, f, s, x, false)
			},
		},
		{
			Name: "add", Family: "properties",
			Doc:      "Adds to an int property of cards, of a player, or of the game; the declared min and max hold.",
			Params:   append(targetParams(), exprP("value", model.TInt, true, "", "the amount (negative to take away)")),
			Example:  "- add: {player: you, prop: gold, value: 1}",
			Validate: validateProp(true),
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				x, err := g.EvalDatum(s.Arg("value").Expr, f)
				if err != nil {
					return next, err
				}
				return next, writeProp(g, f, s, x, true)
			},
		},
		{
			Name: "modify", Family: "properties",
			Doc: "Adds a modifier to cards or a player: the property reads as changed until the modifier ends; the stored value is never written.",
			Params: append(append(targetParams(),
				exprP("add", model.TInt, false, "", "an amount added to the value"),
				exprP("value", model.TAny, false, "", "a value that replaces it (applied before additions)")),
				durationParams("end_of_turn")...),
			Example: "- modify: {card: this, prop: power, add: 2, until: end_of_turn}",
			Validate: func(v model.Validator, s *step) {
				validateProp(false)(v, s)
				if s.Arg("add").Set == s.Arg("value").Set {
					v.Errorf("add", "bad-step", "modify takes either add or value")
				}
			},
			Exec: execModify,
		},
		{
			Name: "grant", Family: "properties",
			Doc: "Gives cards a keyword, or takes it away with `remove: true`. Without `until` or `until_phase` the change is written on the card and lasts while the card exists; with one of them it is a modifier that ends then, like `modify`.",
			Params: append([]param{
				exprP("card", model.TCards, true, "", "the cards"),
				{Name: "keyword", Kind: model.PText, Required: true, Doc: "the keyword"},
				exprP("remove", model.TBool, false, "false", "take it away instead"),
			}, durationParams("")...),
			Example: "- grant: {card: this, keyword: swift, until: end_of_turn}",
			Validate: func(v model.Validator, s *step) {
				kw := s.Arg("keyword").Text
				if _, ok := v.Ruleset().KeywordIndex(kw); !ok {
					v.Errorf("keyword", "unknown-keyword", "unknown keyword %q%s", kw, v.Suggest(kw, v.Ruleset().Keywords))
				}
			},
			Exec: func(g game, f *frame, s *step) (model.Status, error) {
				cards, err := cardsArg(g, f, s, "card")
				if err != nil {
					return next, err
				}
				rm, err := boolArg(g, f, s, "remove", false)
				if err != nil {
					return next, err
				}
				timed := s.Arg("until").Set || s.Arg("until_phase").Set
				m := modifierDuration(g, f, s)
				for _, c := range cards {
					var err error
					if timed {
						err = g.GrantKeywordFor(c, s.Arg("keyword").Text, !rm, m)
					} else {
						err = g.GrantKeyword(c, s.Arg("keyword").Text, !rm)
					}
					if err != nil {
						return next, err
					}
				}
				return next, nil
			},
		},
	}
}

func writeProp(g game, f *frame, s *step, x model.Datum, add bool) error {
	rs := g.Ruleset()
	name := s.Arg("prop").Text
	switch {
	case s.Arg("card").Set:
		idx, d, _ := rs.PropIndex("card", name)
		cards, err := cardsArg(g, f, s, "card")
		if err != nil {
			return err
		}
		v, err := g.PropVal(x, d)
		if err != nil {
			return err
		}
		for _, c := range cards {
			nv := v.N
			if add {
				nv += g.BaseCardProp(c, idx)
			}
			g.SetCardProp(c, idx, nv)
		}
	case s.Arg("player").Set:
		idx, d, _ := rs.PropIndex("player", name)
		p, err := g.EvalPlayer(s.Arg("player").Expr, f)
		if err != nil {
			return err
		}
		if p < 0 {
			return fmt.Errorf("no player to change %s of", name)
		}
		v, err := g.PropVal(x, d)
		if err != nil {
			return err
		}
		nv := v.N
		if add {
			nv += g.BasePlayerProp(p, idx)
		}
		g.SetPlayerProp(p, idx, nv)
	default:
		idx, d, _ := rs.PropIndex("game", name)
		v, err := g.PropVal(x, d)
		if err != nil {
			return err
		}
		nv := v.N
		if add {
			nv += g.GameProp(idx)
		}
		g.SetGameProp(idx, nv)
	}
	return nil
}

func execModify(g game, f *frame, s *step) (model.Status, error) {
	rs := g.Ruleset()
	name := s.Arg("prop").Text
	kind := "player"
	if s.Arg("card").Set {
		kind = "card"
	}
	idx, d, _ := rs.PropIndex(kind, name)
	m := modifierDuration(g, f, s)
	m.Prop, m.Card = int32(idx), -1
	if a := s.Arg("add"); a.Set {
		n, err := g.EvalInt(a.Expr, f)
		if err != nil {
			return next, err
		}
		m.Amount = int64(n)
	} else {
		x, err := g.EvalDatum(s.Arg("value").Expr, f)
		if err != nil {
			return next, err
		}
		v, err := g.PropVal(x, d)
		if err != nil {
			return next, err
		}
		m.Set, m.Amount = true, v.N
	}
	if kind == "card" {
		cards, err := cardsArg(g, f, s, "card")
		if err != nil {
			return next, err
		}
		for _, c := range cards {
			mm := m
			mm.Card = int32(c)
			g.AddModifier(mm)
		}
		return next, nil
	}
	p, err := g.EvalPlayer(s.Arg("player").Expr, f)
	if err != nil {
		return next, err
	}
	m.Player = int8(p)
	g.AddModifier(m)
	return next, nil
}

// durationParams are the parameters that say when a modifier ends.
func durationParams(def string) []param {
	return []param{
		{Name: "until", Kind: model.PWord, Words: engine.UntilNames, Default: def, Doc: "when it ends: end_of_turn, end_of_phase, leaves (its kind of zone: a move between two players' zones of one kind is not leaving) or permanent"},
		{Name: "until_phase", Kind: model.PPhase, Doc: "instead: it ends with the end of the named phase this turn, or at the end of the turn if that phase does not come again (until end of combat, say)"},
	}
}

// modifierDuration is a modifier with the duration a step asks for, made by
// the step's player (their effects end if they leave the game).
func modifierDuration(g game, f *frame, s *step) state.Modifier {
	m := state.Modifier{By: f.You}
	w := word(s, "until", "end_of_turn")
	for i, u := range engine.UntilNames {
		if u == w {
			m.Until = uint8(i)
		}
	}
	if a := s.Arg("until_phase"); a.Set {
		m.Phase = int32(g.Ruleset().PhaseIndex(a.Text) + 1)
	}
	return m
}
