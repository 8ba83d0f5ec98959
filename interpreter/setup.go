package interpreter

import (
	"fmt"
	"strings"
)

// Setup places a game in a chosen position instead of running the ruleset's
// setup: for scenario tests and puzzles.
type Setup struct {
	Active int // seat index of the active player
	Turn   int // the turn number (default 1)
	Phase  string
	// Zones lists cards by name or id per zone; the first is the top.
	Zones []Placement
	// Props sets properties: "p1.life", "game.countered", or on the last
	// placed copies of a card, "p1.board[0].power".
	Props []PropSetting
}

// Placement puts cards into one zone.
type Placement struct {
	Seat  int // -1 for a shared zone
	Zone  string
	Cards []string
	Down  bool
}

// PropSetting is one property assignment of a Setup.
type PropSetting struct {
	Target string // p1, game, or p1.zone[i]
	Prop   string
	Value  any
}

// NewFromSetup starts a game from a placed position: no ruleset setup runs;
// the turn begins at the given phase.
func NewFromSetup(rs *Ruleset, o Options, su Setup) (*Game, error) {
	return NewFromSetupCovered(rs, o, su, nil)
}

// NewFromSetupCovered is NewFromSetup with a coverage counter.
func NewFromSetupCovered(rs *Ruleset, o Options, su Setup, coverage map[string]int) (*Game, error) {
	if o.Players == 0 {
		o.Players = rs.MinPlayers
	}
	if o.Players < rs.MinPlayers || o.Players > rs.MaxPlayers {
		return nil, fmt.Errorf("%s is played by %d to %d players, not %d", rs.Name, rs.MinPlayers, rs.MaxPlayers, o.Players)
	}
	g := newGame(rs, o.Players)
	g.Coverage = coverage
	for i := range g.decks {
		g.decks[i] = -1
		if len(rs.Decks) > 0 {
			g.decks[i] = 0
		}
	}
	s, err := rs.newState(o)
	if err != nil {
		return nil, err
	}
	g.S = s
	if su.Active < 0 || su.Active >= o.Players {
		return nil, fmt.Errorf("setup: there is no seat %d", su.Active+1)
	}
	s.First, s.Active = su.Active, su.Active
	for _, pl := range su.Zones {
		pl.Zone = strings.TrimPrefix(pl.Zone, "game.")
		k, ok := rs.zoneIx[pl.Zone]
		if !ok {
			return nil, fmt.Errorf("setup: unknown zone %q%s", pl.Zone, didYouMean(pl.Zone, keysOf(rs.zoneIx)))
		}
		if rs.Zones[k].PerPlayer && (pl.Seat < 0 || pl.Seat >= o.Players) {
			return nil, fmt.Errorf("setup: zone %s belongs to a player; name it as p1.%s", pl.Zone, pl.Zone)
		}
		zi := g.ZoneInst(k, pl.Seat)
		for _, name := range pl.Cards {
			d := rs.findCard(name)
			if d == nil {
				return nil, fmt.Errorf("setup: unknown card %q%s", name, didYouMean(name, rs.cardNames()))
			}
			owner := pl.Seat
			if owner < 0 {
				owner = 0
			}
			c := g.CreateCard(d.Index, owner, zi)
			if pl.Down {
				g.S.Cards[c].Known = 0
				g.S.Cards[c].FaceDown = true
				g.learn(c, zi)
			}
		}
	}
	for _, ps := range su.Props {
		if err := g.applySetting(ps); err != nil {
			return nil, fmt.Errorf("setup: %v", err)
		}
	}
	s.Turn = su.Turn
	if s.Turn <= 0 {
		s.Turn = 1
	}
	s.Phase = 0
	if su.Phase != "" {
		found := false
		for i, ph := range rs.Phases {
			if ph.Name == su.Phase {
				s.Phase, found = i, true
			}
		}
		if !found {
			var names []string
			for _, ph := range rs.Phases {
				names = append(names, ph.Name)
			}
			return nil, fmt.Errorf("setup: unknown phase %q%s", su.Phase, didYouMean(su.Phase, names))
		}
	}
	g.logf(-1, "turn", s.Active, "Turn %d: %s (set up).", s.Turn, g.seatName(s.Active))
	g.enterPhase()
	g.run()
	return g, nil
}

func (rs *Ruleset) findCard(name string) *CardDef {
	if i, ok := rs.cardIx[name]; ok {
		return rs.Cards[i]
	}
	for _, d := range rs.Cards {
		if strings.EqualFold(d.Name, name) || strings.EqualFold(d.ID, name) {
			return d
		}
	}
	return nil
}

func (rs *Ruleset) cardNames() []string {
	var out []string
	for _, d := range rs.Cards {
		out = append(out, d.Name)
	}
	return out
}

func (g *Game) applySetting(ps PropSetting) error {
	g.invalidate()
	rs := g.rs
	target := ps.Target
	if target == "game" {
		i, d, ok := rs.PropIndex("game", ps.Prop)
		if !ok {
			return fmt.Errorf("unknown game property %q%s", ps.Prop, didYouMean(ps.Prop, rs.PropNames("game")))
		}
		v, err := g.literalValue(d, ps.Value)
		if err != nil {
			return err
		}
		g.S.GameProps[i] = v
		return nil
	}
	seat, rest, _ := strings.Cut(target, ".")
	p, err := ParseSeat(seat, g.nseats)
	if err != nil {
		return err
	}
	if rest == "" {
		i, d, ok := rs.PropIndex("player", ps.Prop)
		if !ok {
			return fmt.Errorf("unknown player property %q%s", ps.Prop, didYouMean(ps.Prop, rs.PropNames("player")))
		}
		v, err := g.literalValue(d, ps.Value)
		if err != nil {
			return err
		}
		g.S.PlayerProp[p*len(rs.PlayerProps)+i] = v
		return nil
	}
	var zone string
	var idx int
	if _, err := fmt.Sscanf(strings.Replace(strings.Replace(rest, "[", " ", 1), "]", "", 1), "%s %d", &zone, &idx); err != nil {
		return fmt.Errorf("cannot read %q: write p1.zone[index]", target)
	}
	k, ok := rs.zoneIx[zone]
	if !ok {
		return fmt.Errorf("unknown zone %q", zone)
	}
	cards := g.S.Zones[g.ZoneInst(k, p)].Cards
	if idx < 0 || idx >= len(cards) {
		return fmt.Errorf("%s has no card %d", target, idx)
	}
	i, d, ok := rs.PropIndex("card", ps.Prop)
	if !ok {
		return fmt.Errorf("unknown card property %q%s", ps.Prop, didYouMean(ps.Prop, rs.PropNames("card")))
	}
	v, err := g.literalValue(d, ps.Value)
	if err != nil {
		return err
	}
	g.S.CardProps[cards[idx]*g.stride()+i] = v
	return nil
}

func (g *Game) literalValue(d *PropDecl, x any) (int64, error) {
	switch d.Type {
	case TString:
		s := fmt.Sprint(x)
		if !contains(d.Values, s) {
			return 0, fmt.Errorf("%q is not a value of %s (%s)", s, d.Name, strings.Join(d.Values, ", "))
		}
		return int64(g.rs.symbolIx[s]), nil
	case TBool:
		b, ok := x.(bool)
		if !ok {
			return 0, fmt.Errorf("%s takes true or false", d.Name)
		}
		if b {
			return 1, nil
		}
		return 0, nil
	case TInt:
		n, ok := x.(int)
		if !ok {
			return 0, fmt.Errorf("%s takes a whole number", d.Name)
		}
		return g.clamp(d, int64(n)), nil
	case TPlayer:
		if x == nil || fmt.Sprint(x) == "none" {
			return -1, nil
		}
		p, err := ParseSeat(fmt.Sprint(x), g.nseats)
		if err != nil {
			return 0, fmt.Errorf("%s takes a seat: %v", d.Name, err)
		}
		return int64(p), nil
	}
	return 0, fmt.Errorf("%s (%s) cannot be set up; set it with a step instead", d.Name, d.Type)
}

// ParseSeat reads a seat name (p1, p2, ...) into its index.
func ParseSeat(s string, n int) (int, error) {
	var i int
	if _, err := fmt.Sscanf(s, "p%d", &i); err != nil || i < 1 || i > n || fmt.Sprintf("p%d", i) != s {
		return -1, fmt.Errorf("%q is not a seat; the seats are p1 to p%d", s, n)
	}
	return i - 1, nil
}
