package model

import (
	"fmt"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// CheckStructure verifies that every card is in exactly one zone and every
// index of the state points where it may (the part of the invariants a save must keep), so
// a damaged save is refused instead of failing later.
func (rs *Ruleset) CheckStructure(s *state.State) error {
	n := len(s.Players)
	stride := len(rs.CardProps) + 1
	if n < rs.MinPlayers || n > rs.MaxPlayers {
		return fmt.Errorf("%d players; %s takes %d to %d", n, rs.Name, rs.MinPlayers, rs.MaxPlayers)
	}
	if len(s.PlayerProp) != n*len(rs.PlayerProps) || len(s.GameProps) != len(rs.GameProps) || len(s.CardProps) != len(s.Cards)*stride {
		return fmt.Errorf("property tables have the wrong size")
	}
	want := 0
	for _, z := range rs.Zones {
		if z.PerPlayer {
			want += n
		} else {
			want++
		}
	}
	if len(s.Zones) != want {
		return fmt.Errorf("%d zones, expected %d", len(s.Zones), want)
	}
	// each zone in its place: the zones of each kind in the order of the
	// kinds, a player's in the order of the seats (ZoneInst finds them so)
	zi := 0
	for k, z := range rs.Zones {
		owners := 1
		if z.PerPlayer {
			owners = n
		}
		for p := range owners {
			owner := state.NoSeat
			if z.PerPlayer {
				owner = state.Seat(p)
			}
			if got := s.Zones[zi]; int(got.Kind) != k || got.Owner != owner {
				return fmt.Errorf("zone %d is not in its place: it is %s, where %s belongs", zi, rs.zonePlace(int(got.Kind), got.Owner), rs.zonePlace(k, owner))
			}
			zi++
		}
	}
	seen := make([]int, len(s.Cards))
	for zi, z := range s.Zones {
		if int(z.Kind) < 0 || int(z.Kind) >= len(rs.Zones) {
			return fmt.Errorf("zone %d has unknown kind %d", zi, z.Kind)
		}
		for _, c := range z.Cards {
			if c < 0 || c >= len(s.Cards) {
				return fmt.Errorf("zone %d holds unknown card %d", zi, c)
			}
			if int(s.Cards[c].Zone) != zi {
				return fmt.Errorf("card %d is listed in zone %d but records zone %d", c, zi, s.Cards[c].Zone)
			}
			seen[c]++
		}
	}
	for c, k := range seen {
		if k != 1 {
			return fmt.Errorf("card %d is in %d zones", c, k)
		}
		ci := s.Cards[c]
		// a card made with no owner (create's owner: none) is nobody's
		// while it lies in a shared zone; whoever takes it owns it
		nobodys := ci.Owner == state.NoSeat && ci.Ctrl == state.NoSeat && s.Zones[ci.Zone].Owner < 0
		if int(ci.Def) < 0 || int(ci.Def) >= len(rs.Cards) || !nobodys && (int(ci.Owner) < 0 || int(ci.Owner) >= n || int(ci.Ctrl) < 0 || int(ci.Ctrl) >= n) {
			return fmt.Errorf("card %d has a bad definition or owner", c)
		}
	}
	for _, f := range s.Frames {
		if int(f.Prog) < 0 || int(f.Prog) >= len(rs.Programs) || f.PC < 0 || int(f.PC) > len(rs.Programs[f.Prog].Steps) {
			return fmt.Errorf("a running effect points at an unknown step")
		}
		if int(f.Base) < 0 || int(f.Base)+rs.Programs[rs.Programs[f.Prog].Root].NVars > len(s.Vars) {
			return fmt.Errorf("a running effect's variables are missing")
		}
		if int(f.You) < 0 || int(f.You) >= n {
			return fmt.Errorf("a running effect has no player")
		}
	}
	for _, it := range s.Stack {
		if int(it.Prog) < 0 || int(it.Prog) >= len(rs.Programs) {
			return fmt.Errorf("a stack item points at an unknown effect")
		}
		if int(it.You) < 0 || int(it.You) >= n || int(it.Card) >= len(s.Cards) || len(it.Vars) != int(it.NVars) {
			return fmt.Errorf("a stack item is damaged")
		}
		if it.Trigger && it.Event == nil {
			return fmt.Errorf("a triggered ability on the stack has lost its event")
		}
	}
	if len(s.Pending) != len(s.Answers) {
		return fmt.Errorf("pending decisions and answers disagree")
	}
	if !s.Over && !slices.Contains(s.Answers, nil) {
		// a game is saved while it waits for an answer, or once it is over
		return fmt.Errorf("no decision is pending and the game is not over")
	}
	for _, d := range s.Pending {
		if d.Player < 0 || d.Player >= n || d.Frame < 0 || d.Frame >= len(s.Frames) {
			return fmt.Errorf("a pending decision belongs to nobody")
		}
		for _, opts := range [][]state.Option{d.Options, d.Targets} {
			for _, o := range opts {
				switch {
				case o.Card < -1 || o.Card >= len(s.Cards):
					return fmt.Errorf("a pending decision offers card %d, which does not exist", o.Card)
				case o.Action < -1 || o.Action >= len(rs.Actions):
					return fmt.Errorf("a pending decision offers action %d, which does not exist", o.Action)
				case o.Player < -1 || o.Player >= n:
					return fmt.Errorf("a pending decision offers player %d, who does not exist", o.Player)
				}
			}
		}
		if (d.Allowed != nil && len(d.Allowed) != len(d.Options)) || len(d.Fewest) > len(d.Targets) {
			return fmt.Errorf("a pending decision's targets are damaged")
		}
		for _, ts := range d.Allowed {
			for _, t := range ts {
				if t < 1 || t > len(d.Targets) {
					return fmt.Errorf("a pending decision allows target %d, which does not exist", t)
				}
			}
		}
	}
	if s.Active < 0 || s.Active >= n {
		return fmt.Errorf("the active player %d does not exist", s.Active)
	}
	if s.Phase < state.StageSetup || int(s.Phase) > len(rs.Phases) {
		return fmt.Errorf("the phase %d does not exist", s.Phase)
	}
	return nil
}

// zonePlace names a zone instance of kind k owned by owner, for a message
// about a damaged state (whose kind may be no kind of the ruleset).
func (rs *Ruleset) zonePlace(k int, owner state.Seat) string {
	name := fmt.Sprintf("zone kind %d", k)
	if k >= 0 && k < len(rs.Zones) {
		name = rs.Zones[k].Name
	}
	if owner < 0 {
		return "the shared " + name
	}
	return state.SeatName(int(owner)) + "'s " + name
}
