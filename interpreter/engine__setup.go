package interpreter

import (
	"fmt"
)

// newFromSetup starts a game from a placed position: no ruleset setup runs;
// the turn begins at the given phase.
func newFromSetup(rs *Ruleset, o Options, su Setup) (*Game, error) {
	if o.Players == 0 {
		o.Players = rs.MinPlayers
	}
	if o.Players < rs.MinPlayers || o.Players > rs.MaxPlayers {
		return nil, fmt.Errorf("%s is played by %d to %d players, not %d", rs.Name, rs.MinPlayers, rs.MaxPlayers, o.Players)
	}
	plan, diags := planSetup(rs, su, o.Players)
	if diags.HasErrors() {
		return nil, diags
	}
	g := newGame(rs, o.Players)
	g.Coverage = o.Coverage
	for i := range g.decks {
		g.decks[i] = -1
		if len(rs.Decks) > 0 {
			g.decks[i] = 0
		}
	}
	s, err := newState(rs, o)
	if err != nil {
		return nil, err
	}
	g.S = s
	s.First, s.Active = su.Active, su.Active
	for _, pc := range plan.cards {
		owner := max(pc.seat, 0)
		zi := g.ZoneInst(pc.zone, pc.seat)
		c := g.CreateCard(pc.def, owner, zi)
		for _, pv := range pc.props {
			g.S.CardProps[c*g.stride()+pv.prop] = pv.value
		}
		if pc.down {
			g.S.Cards[c].Known = 0
			g.S.Cards[c].FaceDown = true
			g.learn(c, zi)
		}
	}
	for _, ps := range plan.props {
		d := ps.decl
		switch {
		case ps.zone >= 0:
			c := g.S.Zones[g.ZoneInst(ps.zone, ps.seat)].Cards[ps.index]
			g.S.CardProps[c*g.stride()+ps.prop] = g.clamp(d, ps.value)
		case ps.seat >= 0:
			g.S.PlayerProp[ps.seat*len(rs.PlayerProps)+ps.prop] = g.clamp(d, ps.value)
		default:
			g.S.GameProps[ps.prop] = g.clamp(d, ps.value)
		}
	}
	s.Turn = max(su.Turn, 1)
	s.Phase = Stage(plan.phase)
	g.invalidate()
	g.logf(-1, "turn", s.Active, "Turn %d: %s (set up).", s.Turn, g.seatName(s.Active))
	g.enterPhase()
	g.run()
	return g, nil
}
