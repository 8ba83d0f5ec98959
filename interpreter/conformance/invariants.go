package conformance

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// CheckState verifies the invariants every state must keep: each card in
// exactly one zone, every index in range, and every property within its
// declaration (type, values, min and max). Tests run it after every step.
func CheckState(game *engine.Game) error {
	if err := game.CheckStructure(); err != nil {
		return err
	}
	g := game.Evaluator()
	rs := g.Rs
	check := func(what string, d *model.PropDecl, v int64) error {
		switch d.Type {
		case model.TBool:
			if v != 0 && v != 1 {
				return fmt.Errorf("%s.%s is %d, not a boolean", what, d.Name, v)
			}
		case model.TString:
			// 0 is none: a name declared without a default, never given
			if v != 0 && !d.Valid[v] {
				return fmt.Errorf("%s.%s holds %q, not one of its values", what, d.Name, rs.Symbol(v))
			}
		case model.TInt:
			if d.Min != nil && v < *d.Min || d.Max != nil && v > *d.Max {
				return fmt.Errorf("%s.%s is %d, outside its declared range", what, d.Name, v)
			}
		case model.TCard:
			if v < -1 || v >= int64(len(g.S.Cards)) {
				return fmt.Errorf("%s.%s points at no card", what, d.Name)
			}
		case model.TPlayer:
			if v < -1 || v >= int64(g.Nseats) {
				return fmt.Errorf("%s.%s points at no player", what, d.Name)
			}
		}
		return nil
	}
	for c := range g.S.Cards {
		for i := range rs.CardProps {
			if err := check(state.CardKey(c), &rs.CardProps[i], g.BaseCardProp(c, i)); err != nil {
				return err
			}
		}
	}
	for p := 0; p < g.Nseats; p++ {
		for i := range rs.PlayerProps {
			if err := check(g.SeatName(p), &rs.PlayerProps[i], g.S.PlayerProp[p*len(rs.PlayerProps)+i]); err != nil {
				return err
			}
		}
	}
	for i := range rs.GameProps {
		if err := check("game", &rs.GameProps[i], g.S.GameProps[i]); err != nil {
			return err
		}
	}
	for zi, z := range g.S.Zones {
		zd := &rs.Zones[z.Kind]
		if zd.Max > 0 && len(z.Cards) > zd.Max {
			return fmt.Errorf("zone %s holds %d cards, more than its max %d", g.ZoneLabel(zi), len(z.Cards), zd.Max)
		}
	}
	return nil
}
