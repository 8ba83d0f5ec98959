package interpreter

import "fmt"

// CheckStructure verifies that every card is in exactly one zone and every
// index of the state points where it may: the cheap part of CheckState.
func (g *Game) CheckStructure() error { return g.checkState() }

// CheckState verifies the invariants every state must keep: each card in
// exactly one zone, every index in range, and every property within its
// declaration (type, values, min and max). Tests run it after every step.
func (g *Game) CheckState() error {
	if err := g.checkState(); err != nil {
		return err
	}
	rs := g.rs
	check := func(what string, d *PropDecl, v int64) error {
		switch d.Type {
		case TBool:
			if v != 0 && v != 1 {
				return fmt.Errorf("%s.%s is %d, not a boolean", what, d.Name, v)
			}
		case TString:
			if !d.valid[v] {
				return fmt.Errorf("%s.%s holds %q, not one of its values", what, d.Name, rs.Symbol(v))
			}
		case TInt:
			if d.Min != nil && v < *d.Min || d.Max != nil && v > *d.Max {
				return fmt.Errorf("%s.%s is %d, outside its declared range", what, d.Name, v)
			}
		case TCard:
			if v < -1 || v >= int64(len(g.S.Cards)) {
				return fmt.Errorf("%s.%s points at no card", what, d.Name)
			}
		case TPlayer:
			if v < -1 || v >= int64(g.nseats) {
				return fmt.Errorf("%s.%s points at no player", what, d.Name)
			}
		}
		return nil
	}
	for c := range g.S.Cards {
		for i := range rs.CardProps {
			if err := check(CardID(c), &rs.CardProps[i], g.BaseCardProp(c, i)); err != nil {
				return err
			}
		}
	}
	for p := 0; p < g.nseats; p++ {
		for i := range rs.PlayerProps {
			if err := check(g.seatName(p), &rs.PlayerProps[i], g.S.PlayerProp[p*len(rs.PlayerProps)+i]); err != nil {
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
			return fmt.Errorf("zone %s holds %d cards, more than its max %d", g.zoneLabel(zi), len(z.Cards), zd.Max)
		}
	}
	return nil
}
