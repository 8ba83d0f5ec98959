package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// propRefs point to the indexes of the arguments naming a property and
// whose it is, in the primitives that change one (set and add share theirs).
type propRefs struct{ card, player, prop, value *model.ArgIndex }

var (
	setRefs    = propRefs{&propChangeArgs.Cards, &propChangeArgs.Player, &propChangeArgs.Prop, &propChangeArgs.Value}
	addRefs    = propRefs{&addArgs.Cards, &addArgs.Player, &addArgs.Prop, &addArgs.Amount}
	modifyRefs = propRefs{&modifyArgs.Cards, &modifyArgs.Player, &modifyArgs.Prop, &modifyArgs.Value}
)

// target says whose property a step changes: a card's, a player's or the game's.
func propTarget(v model.Validator, s *model.Step, r propRefs) (kind string) {
	switch {
	case s.At(*r.card).Set && s.At(*r.player).Set:
		v.Errorf(*r.player, "bad-step", "give either cards or player, not both")
		return "card"
	case s.At(*r.card).Set:
		return "card"
	case s.At(*r.player).Set:
		return "player"
	}
	return "game"
}

// whoseProp says how a step names the holder of a property of each kind.
var whoseProp = map[string]string{
	"player": "name the player (player: you)",
	"card":   "name the cards (cards: card)",
	"game":   "write neither cards nor player for the game's own",
}

func validateProp(numeric bool, r propRefs) func(v model.Validator, s *model.Step) {
	return func(v model.Validator, s *model.Step) {
		kind := propTarget(v, s, r)
		name := s.At(*r.prop).Text
		d, ok := v.Ruleset().ResolveProp(s.At(*r.prop), kind)
		if !ok {
			// a property of another kind: the step lacks whose it is, or
			// names the wrong one
			for _, other := range []string{"player", "card", "game"} {
				if other == kind {
					continue
				}
				if _, _, found := v.Ruleset().PropIndex(other, name); found {
					v.Errorf(*r.prop, "unknown-property", "%q is a %s property, not a %s property: %s", name, other, kind, whoseProp[other])
					return
				}
			}
			v.Errorf(*r.prop, "unknown-property", "unknown %s property %q%s", kind, name, v.Suggest(name, v.Ruleset().PropNames(kind)))
			return
		}
		if numeric && d.Type != model.TInt {
			v.Errorf(*r.prop, "type-mismatch", "%s is a property of type %s; only int properties can be added to", name, d.Type)
			return
		}
		// a fraction stored in an int property is cut toward zero, as
		// everywhere a whole number is needed
		if a := s.At(*r.value); a.Set && a.Expr != nil && a.Expr.Type != model.TAny && a.Expr.Type != d.Type && !(a.Expr.Type == model.TFloat && d.Type == model.TInt) {
			v.Errorf(*r.value, "type-mismatch", "%s is a property of type %s, but the value %q is %s", name, d.Type, a.Expr.Src, a.Expr.Type)
		} else if lit, ok := s.At(*r.value).Expr.Literal(); ok && d.Type == model.TString && !slices.Contains(d.Values, lit) {
			v.Errorf(*r.value, "bad-value", "%q is not one of the values of %s (%s)%s", lit, name, strings.Join(d.Values, ", "), v.Suggest(lit, d.Values))
		}
	}
}

func targetParams() []model.Param {
	return []model.Param{
		args.Was(args.ExprParam("cards", model.TCards, false, "", "the card or cards whose property changes"), "card"),
		args.ExprParam("player", model.TPlayer, false, "", "the player whose property changes"),
		{Name: "prop", Kind: model.PText, Required: true, Doc: "the property name"},
	}
}

func Primitives() []*model.Primitive {
	return append(fixed(), addNamed())
}

func fixed() []*model.Primitive {
	return []*model.Primitive{
		{
			Name: "set", Args: &propChangeArgs, Family: "properties", Assigns: "value",
			Doc:      "Sets a property of cards, of a player, or of the game (when neither card nor player is given). An enum property takes only its declared values, or none, which clears it (it holds none again, as before it was set), written bare anywhere in the value (set: {this.mood: calm}, value: \"x > 2 ? angry : calm\") or in quotes: a name that is not one is a load error, one worked out in play stops the game. Short form: {target.property: value}, as set: {this.tapped: true}, set: {you.gold: 3} or set: {game.round: 1}; the target's type says whose property it is (a card or cards, a player, or game).",
			Params:   append(targetParams(), args.ExprParam("value", model.TAny, true, "", "the new value")),
			Example:  "- set: {cards: this, prop: tapped, value: true}\n# the same, short\n- set: {this.tapped: true}",
			Validate: validateProp(false, setRefs),
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				x, err := args.Value(g, f, s.At(propChangeArgs.Value))
				if err != nil {
					return model.Next, err
				}
				return model.Next, writeProp(g, f, s, x, false)
			},
		},
		{
			Name: "add", Args: &addArgs, Family: "properties", Assigns: "amount",
			Doc:      "Adds to an int property of cards, of a player, or of the game; the declared min and max hold. Short form: {target.property: amount}, as add: {you.gold: 2}, like set's.",
			Params:   append(targetParams(), args.Was(args.ExprParam("amount", model.TInt, true, "", "the amount (negative to take away)"), "value")),
			Example:  "- add: {player: you, prop: gold, amount: 1}\n# the same, short\n- add: {you.gold: 1}",
			Validate: validateProp(true, addRefs),
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				x, err := args.Value(g, f, s.At(addArgs.Amount))
				if err != nil {
					return model.Next, err
				}
				return model.Next, writeProp(g, f, s, x, true)
			},
		},
		{
			Name: "modify", Args: &modifyArgs, Family: "properties", Assigns: "value",
			Doc: "Adds a modifier to cards or a player: the property reads as changed until the modifier ends; the stored value is never written. Short form for a value that replaces it: {target.property: value} beside the other arguments, as modify: {this.power: 0, until: end_of_turn}; an enum value is written bare as in set.",
			Params: append(append(targetParams(),
				args.Was(args.ExprParam("amount", model.TInt, false, "", "an amount added to the value"), "add"),
				args.ExprParam("value", model.TAny, false, "", "a value that replaces it (applied before additions)"),
				args.ExprParam("overrides", model.TBool, false, "", "with value, when true: the modifiers made before this one on the property count no more (it reads value, changed only by later modifiers); false when not given"),
				args.ExprParam("locks", model.TBool, false, "", "with value, when true: the property reads value while this modifier lasts, whatever the modifiers made before or after it and the static effects say (\"has power 0 until end of turn\", which no later boost changes); of several, the last made counts; false when not given")),
				durationParams("end_of_turn")...),
			Example: "- modify: {cards: this, prop: power, amount: 2, until: end_of_turn}",
			Validate: func(v model.Validator, s *model.Step) {
				if !s.At(modifyArgs.Cards).Set && !s.At(modifyArgs.Player).Set {
					// a modifier belongs to a card or a player
					v.Errorf(modifyArgs.Prop, "bad-step", "modify changes cards or a player: give cards or player (a game property is changed with set or add)")
					return
				}
				validateProp(false, modifyRefs)(v, s)
				if s.At(modifyArgs.Amount).Set == s.At(modifyArgs.Value).Set {
					v.Errorf(modifyArgs.Amount, "bad-step", "modify takes either amount or value")
				}
				if s.At(modifyArgs.Overrides).Set && !s.At(modifyArgs.Value).Set {
					v.Errorf(modifyArgs.Overrides, "bad-step", "overrides goes with value: an amount adds to what the earlier modifiers give")
				}
				if s.At(modifyArgs.Locks).Set && !s.At(modifyArgs.Value).Set {
					v.Errorf(modifyArgs.Locks, "bad-step", "locks goes with value: an amount adds to what the other modifiers give")
				}
			},
			Exec: execModify,
		},
		{
			Name: "grant", Args: &grantArgs, Family: "properties",
			Doc: "Gives cards a keyword, or takes it away with `remove: true`. Without `until` or `until_phase` the change is written on the card and lasts while the card exists; with one of them it is a modifier that ends then, like `modify`.",
			Params: append([]model.Param{
				args.Was(args.ExprParam("cards", model.TCards, true, "", "the cards"), "card"),
				{Name: "keyword", Kind: model.PText, Required: true, Doc: "the keyword"},
				args.ExprParam("remove", model.TBool, false, "false", "take it away instead"),
			}, durationParams("")...),
			Example: "- grant: {cards: this, keyword: swift, until: end_of_turn}",
			Validate: func(v model.Validator, s *model.Step) {
				kw := s.At(grantArgs.Keyword).Text
				if _, ok := v.Ruleset().KeywordIndex(kw); !ok {
					v.Errorf(grantArgs.Keyword, "unknown-keyword", "unknown keyword %q%s", kw, v.Suggest(kw, v.Ruleset().Keywords))
				}
			},
			Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
				cards, err := args.Cards(g, f, s.At(grantArgs.Cards))
				if err != nil {
					return model.Next, err
				}
				rm, err := args.Bool(g, f, s.At(grantArgs.Remove), false)
				if err != nil {
					return model.Next, err
				}
				timed := s.At(grantArgs.Until).Set || s.At(grantArgs.UntilPhase).Set
				m := modifierDuration(g, f, s.At(grantArgs.Until), s.At(grantArgs.UntilPhase))
				for _, c := range cards {
					var err error
					if timed {
						err = g.GrantKeywordFor(c, s.At(grantArgs.Keyword).Text, !rm, m)
					} else {
						err = g.GrantKeyword(c, s.At(grantArgs.Keyword).Text, !rm)
					}
					if err != nil {
						return model.Next, err
					}
				}
				return model.Next, nil
			},
		},
	}
}

// addTo is cur+v, an error when the sum lies beyond a whole number.
func addTo(v, cur int64, name string) (int64, error) {
	n, ok := model.AddWhole(v, cur)
	if !ok {
		return 0, fmt.Errorf("adding %d to %s (%d) goes beyond the whole numbers a property holds", v, name, cur)
	}
	return n, nil
}

// writeProp writes a set or an add; the two put card, player and prop at the
// same places, which registration checks (TestSetAndAddShareTheirTarget).
func writeProp(g model.Context, f *state.Frame, s *model.Step, x model.Datum, add bool) error {
	rs := g.Ruleset()
	prop := s.At(*setRefs.prop)
	name := prop.Text
	switch {
	case s.At(*setRefs.card).Set:
		idx, d := rs.PropAt(prop, "card")
		cards, err := args.CardsBrief(g, f, s.At(*setRefs.card))
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
				var err error
				if nv, err = addTo(nv, g.BaseCardProp(c, idx), name); err != nil {
					return err
				}
			}
			g.SetCardProp(c, idx, nv)
		}
	case s.At(*setRefs.player).Set:
		idx, d := rs.PropAt(prop, "player")
		p, err := g.EvalPlayer(s.At(*setRefs.player).Expr, f)
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
			var err error
			if nv, err = addTo(nv, g.BasePlayerProp(p, idx), name); err != nil {
				return err
			}
		}
		g.SetPlayerProp(p, idx, nv)
	default:
		idx, d := rs.PropAt(prop, "game")
		v, err := g.PropVal(x, d)
		if err != nil {
			return err
		}
		nv := v.N
		if add {
			var err error
			if nv, err = addTo(nv, g.GameProp(idx), name); err != nil {
				return err
			}
		}
		g.SetGameProp(idx, nv)
	}
	return nil
}

func execModify(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	rs := g.Ruleset()
	kind := "player"
	if s.At(modifyArgs.Cards).Set {
		kind = "card"
	}
	idx, d := rs.PropAt(s.At(modifyArgs.Prop), kind)
	m := modifierDuration(g, f, s.At(modifyArgs.Until), s.At(modifyArgs.UntilPhase))
	m.Prop, m.Card = int32(idx), -1
	if a := s.At(modifyArgs.Amount); a.Set {
		n, err := g.EvalInt(a.Expr, f)
		if err != nil {
			return model.Next, err
		}
		m.Amount = int64(n)
	} else {
		x, err := args.Value(g, f, s.At(modifyArgs.Value))
		if err != nil {
			return model.Next, err
		}
		v, err := g.PropVal(x, d)
		if err != nil {
			return model.Next, err
		}
		m.Set, m.Amount = true, v.N
		if m.Overrides, err = args.Bool(g, f, s.At(modifyArgs.Overrides), false); err != nil {
			return model.Next, err
		}
		if m.Locks, err = args.Bool(g, f, s.At(modifyArgs.Locks), false); err != nil {
			return model.Next, err
		}
	}
	if kind == "card" {
		// read while the modifiers are added, which evaluates nothing
		cards, err := args.CardsBrief(g, f, s.At(modifyArgs.Cards))
		if err != nil {
			return model.Next, err
		}
		for _, c := range cards {
			mm := m
			mm.Card = state.CardRef(c)
			g.AddModifier(mm)
		}
		return model.Next, nil
	}
	p, err := g.EvalPlayer(s.At(modifyArgs.Player).Expr, f)
	if err != nil {
		return model.Next, err
	}
	m.Player = state.Seat(p)
	g.AddModifier(m)
	return model.Next, nil
}

// durationParams are the parameters that say when a modifier ends.
func durationParams(def string) []model.Param {
	return []model.Param{
		{Name: "until", Kind: model.PWord, Words: state.UntilNames, Default: def, Doc: "when it ends: end_of_turn, end_of_phase, leaves (its kind of zone: a move between two players' zones of one kind, or to another zone of its area, is not leaving) or permanent. A change of a card also ends, whatever its duration but permanent, when the card leaves its kind of zone: elsewhere it is a new card"},
		{Name: "until_phase", Kind: model.PPhase, Doc: "instead: it ends with the end of the named phase this turn, or at the end of the turn if that phase does not come again (until end of combat, say)"},
	}
}

// modifierDuration is a modifier with the duration a step asks for, made by
// the step's player (their effects end if they leave the game).
func modifierDuration(g model.Context, f *state.Frame, until, untilPhase *model.Arg) state.Modifier {
	m := state.Modifier{By: f.You}
	m.Until = state.Until(args.WordAt(until, int(state.UntilTurn)))
	if a := untilPhase; a.Set {
		m.Phase = int32(g.Ruleset().PhaseIndex(a.Text) + 1)
	}
	return m
}

// The indexes of the primitives' arguments, filled at registration.
var (
	propChangeArgs struct{ Cards, Player, Prop, Value model.ArgIndex } // set
	addArgs        struct{ Cards, Player, Prop, Amount model.ArgIndex }
	modifyArgs     struct{ Cards, Player, Prop, Amount, Value, Overrides, Locks, Until, UntilPhase model.ArgIndex }
	grantArgs      struct{ Cards, Keyword, Remove, Until, UntilPhase model.ArgIndex }
)
