package engine

import (
	"fmt"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// newFromSetup starts a game from a placed position: no ruleset setup runs;
// the turn begins at the given phase.
func newFromSetup(rs *model.Ruleset, o Options, su setup.Setup) (*machine, error) {
	if o.Players == 0 {
		o.Players = rs.MinPlayers
	}
	if o.Players < rs.MinPlayers || o.Players > rs.MaxPlayers {
		return nil, fmt.Errorf("%s is played by %s players, not %d", rs.Name, rs.PlayerCount(), o.Players)
	}
	plan, diags := setup.PlanSetup(rs, su, o.Players)
	if diags.HasErrors() {
		return nil, diags
	}
	g := newMachine(rs, o.Players)
	g.Coverage = o.Coverage
	g.Der.Verify = o.VerifyChanges
	g.keepForced = o.KeepForced
	for i := range g.Decks {
		g.Decks[i] = rs.DefaultDeck()
	}
	s, err := newState(rs, o, nil)
	if err != nil {
		return nil, err
	}
	g.S = s
	s.First, s.Active = su.Active, su.Active
	for _, pc := range plan.Cards {
		owner := pc.Seat // a shared zone's card is nobody's unless named so
		if pc.Owner >= 0 {
			owner = pc.Owner
		}
		zi := g.ZoneInst(pc.Zone, pc.Seat)
		c := g.CreateCard(pc.Def, owner, zi)
		if pc.Seat >= 0 && pc.Seat != owner {
			// another player's card in this player's zone: theirs to control
			g.S.Cards[c].Ctrl = state.Seat(pc.Seat)
		}
		if pc.Face > 0 {
			g.S.Cards[c].Face = int8(pc.Face)
			for k, v := range rs.Cards[pc.Def].Faces[pc.Face].Props {
				g.S.CardProps[c*g.Stride()+k] = v
			}
		}
		if pc.Slot >= 0 {
			g.setSlot(c, int64(pc.Slot))
		}
		for _, pv := range pc.Props {
			g.S.CardProps[c*g.Stride()+pv.Prop] = pv.Value
		}
		if pc.Up {
			g.S.Cards[c].FaceDown = false
			g.learn(c, zi)
		}
		if pc.Down {
			g.S.Cards[c].Known = 0
			g.S.Cards[c].FaceDown = true
			g.learn(c, zi)
		}
	}
	for _, ps := range plan.Props {
		d := ps.Decl
		if ps.Ref != nil {
			// a property holding another placed card
			ps.Value = int64(g.S.Zones[g.ZoneInst(ps.Ref.Zone, ps.Ref.Seat)].Cards[ps.Ref.Index])
		}
		switch {
		case ps.Zone >= 0:
			c := g.S.Zones[g.ZoneInst(ps.Zone, ps.Seat)].Cards[ps.Index]
			g.S.CardProps[c*g.Stride()+ps.Prop] = g.clamp(d, ps.Value)
		case ps.Seat >= 0:
			g.S.PlayerProp[ps.Seat*len(rs.PlayerProps)+ps.Prop] = g.clamp(d, ps.Value)
		default:
			g.S.GameProps[ps.Prop] = g.clamp(d, ps.Value)
		}
	}
	for _, gr := range plan.Grants {
		c := g.S.Zones[g.ZoneInst(gr.At.Zone, gr.At.Seat)].Cards[gr.At.Index]
		g.S.Cards[c].Granted |= gr.Bits
	}
	for _, p := range su.Lost {
		// left the game before the position: nothing is set off
		s.Players[p].Lost = true
	}
	s.Turn = max(su.Turn, 1)
	s.Phase = state.Stage(plan.Phase)
	g.Invalidate()
	g.logf(-1, "turn", s.Active, "Turn %d: %s (set up).", s.Turn, g.SeatName(s.Active))
	g.enterPhase()
	if s.Phase == 0 && g.hearsTurn(heardTurnStart) {
		// a position at the turn's first phase is a turn beginning, as
		// after any other turn: what happens at the start of a turn does
		g.emit(&state.Event{Name: g.SymTurnStart, Player: state.Seat(s.Active), Card: state.NoCard, Source: state.NoCard})
	}
	g.WatchResign(o.WatchResign...)
	g.rolls = slices.Clone(o.Rolls)
	placed := su
	g.start = gameStart{setup: &placed, rolls: slices.Clone(o.Rolls)}
	g.run()
	return g, nil
}
