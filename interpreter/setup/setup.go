package setup

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
)

// Setup places a game in a chosen position instead of running the ruleset's
// setup: for scenario tests and puzzles.
type Setup struct {
	Active int // seat index of the active player
	Turn   int // the turn number (default 1)
	Phase  string
	// Zones lists cards by name or id per zone; the first is the top.
	Zones []Placement
	// Props sets properties: "p1.life", "game.countered", or of a placed
	// card by zone and index, "p1.board[0].power" or "game.pile[0].power".
	Props []PropSetting
	// Keywords gives placed cards keywords on top of their own, as a
	// grant without a duration does: a card to test with a keyword no
	// card of the game has together with its own.
	Keywords []KeywordSetting
	// Lost lists the seats that have already lost (left the game), as in a
	// game of several players one has; LostPos says where each is named.
	Lost    []int
	LostPos []diag.Pos
	// ActivePos and PhasePos say where Active and Phase are written, for
	// messages; the zero Pos when not known.
	ActivePos, PhasePos, TurnPos diag.Pos
}

// EmptyPosition, in the list of a positional zone, leaves that position
// empty: [empty, Knight] puts the Knight in position 1.
const EmptyPosition = "empty"

// Placement puts cards into one zone; in a positional zone the n-th name
// takes position n.
type Placement struct {
	Seat  int // -1 for a shared zone
	Zone  string
	Cards []string
	Down  bool
	Up    bool // face up, in a zone whose cards enter face down
	// Pos is where the zone is named; CardPos, when set, where each card is.
	Pos     diag.Pos
	CardPos []diag.Pos
}

// PropSetting is one property assignment of a Setup.
type PropSetting struct {
	Target string // p1, game, p1.zone[i], or game.zone[i] for a shared zone
	Prop   string
	Value  any
	// Pos is where the setting is written and ValuePos its value, for
	// messages; the zero Pos when not known.
	Pos, ValuePos diag.Pos
}

// UnmarshalJSON reads a setting kept in a save or a replay log, its value
// as it was written: a whole number as a whole number, however large (read
// as a float, the largest ones came back changed, and a save's checksum no
// longer matched its content).
func (p *PropSetting) UnmarshalJSON(b []byte) error {
	type plain PropSetting
	var raw struct {
		plain
		Value json.RawMessage
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*p = PropSetting(raw.plain)
	p.Value = nil
	if len(raw.Value) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw.Value))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	if n, ok := v.(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			v = i
		} else if f, err := n.Float64(); err == nil {
			v = f
		}
	}
	p.Value = v
	return nil
}

// KeywordSetting gives a placed card keywords: Target is its place,
// p1.board[0] or game.pile[0].
type KeywordSetting struct {
	Target   string
	Keywords []string
	// Pos is where the card is named, KeywordPos where each keyword is;
	// the zero Pos when not known.
	Pos        diag.Pos
	KeywordPos []diag.Pos
}

// CheckSetup reports every way a Setup does not fit the ruleset for a game
// of the given number of players (unknown zones, cards, properties and
// phases, values of the wrong type, card indexes past the cards placed),
// each at the place the Setup says it is written. It runs nothing.
func CheckSetup(rs *model.Ruleset, su Setup, players int) diag.Diagnostics {
	_, diags := PlanSetup(rs, su, players)
	return diags
}

// setupPlan is a Setup resolved against a ruleset.
type setupPlan struct {
	Cards  []plannedCard
	Props  []plannedProp
	Grants []plannedGrant
	Phase  int
}

// plannedGrant is a KeywordSetting resolved: the card's place and the
// keywords as the ruleset's bits.
type plannedGrant struct {
	At   CardAddr
	Bits uint64
}

type plannedCard struct {
	Def, Zone, Seat int // seat -1: a shared zone
	Slot            int // in a positional zone: its position (the place in the list, "empty" places counted); else -1
	Down, Up        bool
	Owner           int               // placed as another player's card ("p2's Knight"); else -1
	Props           []model.PropValue // read from a generated card's name
	Face            int               // the face it shows: a card placed by the name of a later face
	at              diag.Pos          // where the setup names it, for messages
}

type plannedProp struct {
	Zone  int // -1: a player or game property
	Seat  int // -1: the game's, or a card of a shared zone
	Index int // the card's index in its zone
	Prop  int
	Decl  *model.PropDecl
	Value int64
	Ref   *CardAddr // the card a property holding a card is set to
}

// CardAddr is the place of a card a setup places: its zone, the zone's
// seat (-1 for a shared zone) and its index there.
type CardAddr struct{ Zone, Seat, Index int }

func PlanSetup(rs *model.Ruleset, su Setup, players int) (*setupPlan, diag.Diagnostics) {
	var diags diag.Diagnostics
	fail := func(p diag.Pos, code, format string, args ...any) {
		d := diag.Diagnostic{Severity: diag.SeverityError, Code: code, Pos: p, Path: "setup", Message: fmt.Sprintf(format, args...)}
		d.Detail = model.CardsDetail(d, rs.CardsFrom)
		diags = append(diags, d)
	}
	plan := &setupPlan{}
	if su.Turn < 0 {
		fail(su.TurnPos, "bad-value", "the turn is 1 or more, not %d", su.Turn)
	}
	if rs.TurnLimit > 0 && su.Turn > rs.TurnLimit {
		ends := "in a draw"
		if rs.Together {
			ends = "as a loss of the players"
		}
		fail(su.TurnPos, "bad-value", "turn %d is past the game's limit of %d turns, where it ends %s", su.Turn, rs.TurnLimit, ends)
	}
	if su.Active < 0 || su.Active >= players {
		fail(su.ActivePos, "bad-value", "the active seat must be one of p1 to p%d, not p%d", players, su.Active+1)
	}
	left := 0
	for i, p := range su.Lost {
		switch {
		case p < 0 || p >= players:
			fail(su.LostPos[i], "bad-value", "lost names seats p1 to p%d, not p%d", players, p+1)
		case p == su.Active:
			fail(su.LostPos[i], "bad-value", "p%d is the active player and cannot have lost: the active player is one still in the game", p+1)
		default:
			left++
		}
	}
	if players-left < 2 && len(su.Lost) > 0 {
		fail(su.LostPos[0], "bad-value", "lost leaves fewer than two players in the game, which would be over")
	}
	if su.Phase != "" {
		found := false
		var names []string
		for i, ph := range rs.Phases {
			names = append(names, ph.Name)
			if ph.Name == su.Phase && !found {
				plan.Phase, found = i, true
			}
		}
		if !found {
			fail(su.PhasePos, "unknown-phase", "unknown phase %q; the phases are %s%s", su.Phase, diag.JoinNames(names), diag.DidYouMean(su.Phase, names))
		}
	}
	// how many cards each zone instance gets, for the indexes of props
	placed := map[[2]int]int{}
	// the positions placed in each positional zone instance, and where
	taken := map[[3]int]diag.Pos{}
	for _, pl := range su.Zones {
		zone, seat, ok := setupZone(rs, pl.Zone, pl.Seat, players, pl.Pos, fail)
		if !ok {
			continue
		}
		slots := rs.Zones[zone].Slots
		if slots > 0 && len(pl.Cards) > slots {
			fail(pl.Pos, "bad-value", "zone %s has %d positions, not %d", pl.Zone, slots, len(pl.Cards))
			continue
		}
		for i, name := range pl.Cards {
			at := pl.Pos
			if i < len(pl.CardPos) {
				at = pl.CardPos[i]
			}
			slot := -1
			if slots > 0 {
				slot = i
			}
			d := findCard(rs, name)
			if d == nil && slots > 0 && name == EmptyPosition {
				continue // a position left empty
			}
			if slots > 0 {
				// zones and face_down (or face_up) name one zone's
				// positions each from the first: one card a position
				key := [3]int{zone, seat, slot}
				if first, dup := taken[key]; dup {
					fail(at, "bad-value", "position %d of zone %s is placed twice (first at line %d): write empty where another list places a card", slot+1, pl.Zone, first.Line)
					continue
				}
				taken[key] = at
			}
			owner := -1
			if d == nil {
				// another player's card: "p2's Knight" is owned by p2
				if p, rest, ok := seatsCard(name, players); ok {
					owner, name = p, rest
					d = findCard(rs, name)
				}
			}
			face := 0
			if d == nil {
				d, face = findFace(rs, name)
				if zd := &rs.Zones[zone]; zd.FirstFace || zd.Visibility == model.Hidden || pl.Down || zd.FaceDown && !pl.Up {
					// the zone shows every card at its first face, or shows
					// none (a hidden pile, a card face down), as a card
					// moved there turns to it: a card named by a later face
					// is the whole card there
					face = 0
				}
			}
			if d == nil {
				d = findCardByID(rs, name)
			}
			var props []model.PropValue
			if d == nil {
				var err error
				if d, props, err = rs.GeneratedCard(name); err != nil {
					fail(at, "unknown-card", "%v", err)
					continue
				}
			}
			if d == nil {
				if seatName, card, ok := strings.Cut(name, "'s "); ok && findCard(rs, card) != nil {
					if _, err := strconv.Atoi(strings.TrimPrefix(seatName, "p")); err == nil && strings.HasPrefix(seatName, "p") {
						// an option's label (p3's Squire) written as a card:
						// the zone's seat says whose the card is
						fail(at, "unknown-card", "unknown card %q: a card is placed by its name alone, in a zone of the seat it is to be with (%s.%s: [%s])", name, seatName, pl.Zone, card)
						continue
					}
				}
				if why := rs.WhyNotMade(name); why != "" && diag.Suggest(name, cardNames(rs)) == "" {
					// a made name with a part that no card gets: that part
					// is the reason, not where the cards were read from
					diags = append(diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-card", Pos: at, Path: "setup", Message: fmt.Sprintf("unknown card %q: %s", name, why)})
					continue
				}
				fail(at, "unknown-card", "unknown card %q%s%s", name, diag.DidYouMean(name, cardNames(rs)), generatedHint(rs))
				continue
			}
			if m := rs.Zones[zone].Max; m > 0 && placed[[2]int{zone, seat}] >= m {
				fail(at, "bad-value", "zone %s holds at most %d cards: the cards from here on do not fit", pl.Zone, m)
				break
			}
			plan.Cards = append(plan.Cards, plannedCard{Def: d.Index, Zone: zone, Seat: seat, Slot: slot, Down: pl.Down, Up: pl.Up, Owner: owner, Props: props, Face: face, at: at})
			placed[[2]int{zone, seat}]++
		}
	}
	for _, ps := range su.Props {
		pp, err := planProp(rs, ps, players, placed)
		if err != nil {
			at := ps.Pos
			if err.inValue && ps.ValuePos.Line > 0 {
				at = ps.ValuePos
			}
			fail(at, err.code, "%s", err.msg)
			continue
		}
		plan.Props = append(plan.Props, pp)
	}
	diags = append(diags, unnamedMadeCards(rs, plan)...)
	for _, ks := range su.Keywords {
		k, seat, idx, err := cardAddress(rs, ks.Target, players, placed)
		if err != nil {
			fail(ks.Pos, err.code, "%s", err.msg)
			continue
		}
		g := plannedGrant{At: CardAddr{Zone: k, Seat: seat, Index: idx}}
		for i, kw := range ks.Keywords {
			b, ok := rs.KeywordIx[kw]
			if !ok {
				at := ks.Pos
				if i < len(ks.KeywordPos) {
					at = ks.KeywordPos[i]
				}
				fail(at, "unknown-keyword", "unknown keyword %q%s", kw, diag.DidYouMeanOr(kw, rs.Keywords, "keywords"))
				continue
			}
			g.Bits |= 1 << b
		}
		plan.Grants = append(plan.Grants, g)
	}
	diags.Sort()
	return plan, diags
}

// seatsCard reads a card named with its owner, p2's Knight: the seat and
// the card's name.
func seatsCard(name string, players int) (int, string, bool) {
	seat, rest, ok := strings.Cut(name, "'s ")
	if !ok {
		return 0, "", false
	}
	p, err := ParseSeat(seat, players)
	if err != nil {
		return 0, "", false
	}
	return p, rest, true
}

// OnNoStack lists the placements of a setup (a scenario's, as a test of
// the rules) that put cards in the zone where the cards of actions waiting
// on the stack wait with them: placed there, a card is on no stack, and
// would never resolve. A state made for other ends (a test of what
// expressions read) may place cards anywhere.
func OnNoStack(rs *model.Ruleset, su Setup) []Placement {
	var bad []Placement
	for _, pl := range su.Zones {
		k, ok := rs.ZoneIx[strings.TrimPrefix(pl.Zone, "game.")]
		if ok && len(pl.Cards) > 0 && waitsOnStack(rs, k) {
			bad = append(bad, pl)
		}
	}
	return bad
}

// waitsOnStack reports whether zone is where the cards of actions that
// wait on the stack wait with them: a shared zone named stack, in a
// ruleset with such actions (as boards show it).
func waitsOnStack(rs *model.Ruleset, zone int) bool {
	if rs.Zones[zone].Name != "stack" || rs.Zones[zone].PerPlayer {
		return false
	}
	for _, a := range rs.Actions {
		if a.UseStack {
			return true
		}
	}
	return false
}

// setupZone resolves the zone a placement or a card property names: a shared
// zone by its name or game.<name>, a player's as p1.<name>.
func setupZone(rs *model.Ruleset, name string, seat, players int, at diag.Pos, fail func(diag.Pos, string, string, ...any)) (int, int, bool) {
	shared := strings.HasPrefix(name, "game.")
	name = strings.TrimPrefix(name, "game.")
	k, ok := rs.ZoneIx[name]
	if !ok {
		fail(at, "unknown-zone", "unknown zone %q%s", name, diag.DidYouMeanOr(name, diag.KeysOf(rs.ZoneIx), "zones"))
		return 0, 0, false
	}
	switch {
	case rs.Zones[k].PerPlayer && (shared || seat < 0):
		fail(at, "unknown-zone", "zone %s belongs to a player; name it as p1.%s", name, name)
		return 0, 0, false
	case rs.Zones[k].PerPlayer && seat >= players:
		fail(at, "bad-value", "there is no p%d in a game of %d players", seat+1, players)
		return 0, 0, false
	case !rs.Zones[k].PerPlayer && seat >= 0:
		fail(at, "unknown-zone", "zone %s is shared, not a player's; name it as %s or game.%s", name, name, name)
		return 0, 0, false
	}
	if !rs.Zones[k].PerPlayer {
		seat = -1
	}
	return k, seat, true
}

type setupError struct {
	code, msg string
	inValue   bool // the value is wrong, not what it is set on
}

func planProp(rs *model.Ruleset, ps PropSetting, players int, placed map[[2]int]int) (plannedProp, *setupError) {
	bad := func(code, format string, args ...any) (plannedProp, *setupError) {
		return plannedProp{}, &setupError{code: code, msg: fmt.Sprintf(format, args...)}
	}
	pp := plannedProp{Zone: -1, Seat: -1}
	target := ps.Target
	owner, rest, _ := strings.Cut(target, ".")
	if owner != "game" {
		p, err := ParseSeat(owner, players)
		if err != nil {
			return bad("bad-value", "%q names neither a seat (p1 to p%d) nor the game", owner, players)
		}
		pp.Seat = p
	}
	kind := "player"
	switch {
	case rest != "":
		kind = "card"
		k, seat, idx, err := cardAddress(rs, target, players, placed)
		if err != nil {
			return plannedProp{}, err
		}
		pp.Zone, pp.Seat, pp.Index = k, seat, idx
	case owner == "game":
		kind = "game"
	}
	i, d, ok := rs.PropIndex(kind, ps.Prop)
	if !ok && strings.HasSuffix(ps.Prop, "]") && strings.Contains(ps.Prop, "[") {
		// a placed card named with no property of it (p2.row[0])
		example := "a_property"
		if names := rs.PropNames("card"); len(names) > 0 {
			example = names[0]
		}
		return bad("unknown-property", "%s.%s names a card, not a property: a property of the card is written after it (%s.%s.%s)", ps.Target, ps.Prop, ps.Target, ps.Prop, example)
	}
	if !ok {
		return bad("unknown-property", "unknown %s property %q%s", kind, ps.Prop, diag.DidYouMeanOr(ps.Prop, rs.PropNames(kind), kind+" properties"))
	}
	if d.Type == model.TCard {
		// another placed card, by its place: p1.units[0]
		ref, ok := ps.Value.(string)
		if !ok || !strings.Contains(ref, "[") {
			if ok && (ref == "none" || ref == "") || ps.Value == nil {
				pp.Prop, pp.Decl, pp.Value = i, d, -1
				return pp, nil
			}
			return plannedProp{}, &setupError{"bad-value", fmt.Sprintf("%s holds a card: name a card the setup places by its place, as p1.hand[0], or none", ps.Prop), true}
		}
		k, seat, idx, err := cardAddress(rs, ref, players, placed)
		if err != nil {
			err.inValue = true
			return plannedProp{}, err
		}
		pp.Prop, pp.Decl, pp.Ref = i, d, &CardAddr{Zone: k, Seat: seat, Index: idx}
		return pp, nil
	}
	v, err := setupValue(rs, d, ps.Value, players)
	if err != nil {
		return plannedProp{}, &setupError{"bad-value", err.Error(), true}
	}
	if d.Type == model.TInt && (d.Min != nil && v < *d.Min || d.Max != nil && v > *d.Max) {
		// the engine would hold it within its bounds: the position would
		// not be the one written
		return plannedProp{}, &setupError{"bad-value", fmt.Sprintf("%s is %s, not %d", ps.Prop, boundsText(d), v), true}
	}
	pp.Prop, pp.Decl, pp.Value = i, d, v
	return pp, nil
}

// cardAddress reads the place of a card the setup places: p1.<zone>[i],
// or game.<zone>[i] in a shared zone.
func cardAddress(rs *model.Ruleset, target string, players int, placed map[[2]int]int) (int, int, int, *setupError) {
	bad := func(code, format string, args ...any) (int, int, int, *setupError) {
		return 0, 0, 0, &setupError{code: code, msg: fmt.Sprintf(format, args...)}
	}
	owner, rest, _ := strings.Cut(target, ".")
	seat := -1
	if owner != "game" {
		p, err := ParseSeat(owner, players)
		if err != nil {
			return bad("bad-value", "%q names neither a seat (p1 to p%d) nor the game", owner, players)
		}
		seat = p
	}
	open := strings.IndexByte(rest, '[')
	idx, err := strconv.Atoi(strings.TrimSuffix(rest[max(open, 0)+1:], "]"))
	if open <= 0 || !strings.HasSuffix(rest, "]") || err != nil {
		return bad("bad-value", "cannot read %q as a card's place: write %s.<zone>[<index>]", target, owner)
	}
	var zerr *setupError
	fail := func(_ diag.Pos, code, format string, args ...any) {
		zerr = &setupError{code: code, msg: fmt.Sprintf(format, args...)}
	}
	zoneName := rest[:open]
	if owner == "game" {
		zoneName = "game." + zoneName
	}
	k, seat, ok := setupZone(rs, zoneName, seat, players, diag.Pos{}, fail)
	if !ok {
		return 0, 0, 0, zerr
	}
	n := placed[[2]int{k, seat}]
	if idx < 0 || idx >= n {
		// in a positional zone the index counts the cards placed, which
		// empty positions do not hold
		positional := ""
		if rs.Zones[k].Slots > 0 {
			positional = " (in a positional zone the index counts the cards placed, not the positions: empty ones are not counted)"
		}
		switch n {
		case 0:
			return bad("out-of-range", "%s has no card %d: the setup places no card there", target, idx)
		case 1:
			return bad("out-of-range", "%s has no card %d: the setup places one card there, index 0%s", target, idx, positional)
		}
		return bad("out-of-range", "%s has no card %d: the setup places %d cards there, indexes 0 to %d%s", target, idx, n, n-1, positional)
	}
	return k, seat, idx, nil
}

// boundsText says what values an int property with bounds takes.
func boundsText(d *model.PropDecl) string {
	switch {
	case d.Min != nil && d.Max != nil:
		return fmt.Sprintf("%d to %d", *d.Min, *d.Max)
	case d.Min != nil:
		return fmt.Sprintf("at least %d", *d.Min)
	}
	return fmt.Sprintf("at most %d", *d.Max)
}

// findFace finds a card of several faces by the name of one of its faces
// after the first (a card already turned, or played as one of its parts):
// the card is placed showing that face.
func findFace(rs *model.Ruleset, name string) (*model.CardDef, int) {
	for _, d := range rs.Cards {
		for i := 1; i < len(d.Faces); i++ {
			if model.SameName(d.Faces[i].Name, name) {
				return d, i
			}
		}
	}
	return nil, 0
}

// findCard finds a card by its id as written, by its name, or by its id in
// other letters: a name before an id, and the name of a later face (see
// findFace) before an id too: a part named Scout is that part, not the
// whole card whose id is scout.
func findCard(rs *model.Ruleset, name string) *model.CardDef {
	if i, ok := rs.CardIx[name]; ok {
		return rs.Cards[i]
	}
	for _, d := range rs.Cards {
		if model.SameName(d.Name, name) {
			return d
		}
	}
	return nil
}

// findCardByID finds a card by its id in any letters.
func findCardByID(rs *model.Ruleset, name string) *model.CardDef {
	for _, d := range rs.Cards {
		if model.SameName(d.ID, name) {
			return d
		}
	}
	return nil
}

// generatedHint reminds how generated cards are named, when the ruleset has
// any: a name that is not a card's may be meant as one of theirs.
func generatedHint(rs *model.Ruleset) string {
	readers, unreadable := rs.NameReaders()
	var names []string
	for _, r := range readers {
		names = append(names, fmt.Sprintf("%q", r.Def.Name))
	}
	hint := ""
	if len(names) > 0 {
		hint = fmt.Sprintf(" (cards named %s are placed by the names they get from their properties)", strings.Join(names, ", "))
	}
	if len(unreadable) > 0 {
		hint += fmt.Sprintf(" (cards named %q cannot be placed by name: a part of it is not a card property; place one by id and set its properties)", strings.Join(unreadable, ", "))
	}
	return hint
}

// unnamedMadeCards finds the cards a setup places by the id of a
// definition whose name is made from properties (cards named "{card.color}
// {card.value}") without the values of those properties that have no
// default: such a card is named with nothing for them, and is none of the
// cards the game makes. It is placed by the name it gets (red 3), or its
// properties are set under props.
func unnamedMadeCards(rs *model.Ruleset, plan *setupPlan) diag.Diagnostics {
	readers, _ := rs.NameReaders()
	reads := map[int][]int{}
	for _, r := range readers {
		reads[r.Def.Index] = r.Props()
	}
	set := map[CardAddr]map[int]bool{}
	for _, pp := range plan.Props {
		if pp.Zone >= 0 {
			a := CardAddr{Zone: pp.Zone, Seat: pp.Seat, Index: pp.Index}
			if set[a] == nil {
				set[a] = map[int]bool{}
			}
			set[a][pp.Prop] = true
		}
	}
	var out diag.Diagnostics
	index := map[[2]int]int{}
	for _, c := range plan.Cards {
		a := CardAddr{Zone: c.Zone, Seat: c.Seat, Index: index[[2]int{c.Zone, c.Seat}]}
		index[[2]int{c.Zone, c.Seat}]++
		if len(c.Props) > 0 {
			continue // placed by its made name
		}
		var missing []string
		for _, ix := range reads[c.Def] {
			if decl := &rs.CardProps[ix]; decl.Type == model.TString && decl.Default == 0 && !set[a][ix] {
				missing = append(missing, decl.Name)
			}
		}
		if len(missing) > 0 {
			d := rs.Cards[c.Def]
			out = append(out, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-card", Pos: c.at, Path: "setup",
				Message: fmt.Sprintf("%s is placed by its id, but its cards are named %q, and this one would have no %s: place it by the name it gets, or set its %s under props", d.ID, d.Name, strings.Join(missing, " and "), strings.Join(missing, " and "))})
		}
	}
	return out
}

// cardNames lists the names and ids of the cards, for suggestions.
func cardNames(rs *model.Ruleset) []string {
	var out []string
	for _, d := range rs.Cards {
		out = append(out, d.Name, d.ID)
	}
	return out
}

// setupValue reads a value written in a setup for a property (not clamped).
func setupValue(rs *model.Ruleset, d *model.PropDecl, x any, players int) (int64, error) {
	switch d.Type {
	case model.TString:
		s := fmt.Sprint(x)
		if !source.Contains(d.Values, s) {
			return 0, fmt.Errorf("%q is not a value of %s (%s)", s, d.Name, strings.Join(d.Values, ", "))
		}
		return int64(rs.SymbolIx[s]), nil
	case model.TBool:
		b, ok := x.(bool)
		if !ok {
			return 0, fmt.Errorf("%s takes true or false, not %v", d.Name, x)
		}
		if b {
			return 1, nil
		}
		return 0, nil
	case model.TInt:
		switch n := x.(type) {
		case int:
			return int64(n), nil
		case int64:
			// a setup kept in a save or a log, read back
			return n, nil
		case float64:
			// a setup kept in a save is read back from JSON, whose numbers
			// are floats
			if n == math.Trunc(n) && math.Abs(n) < 1<<53 {
				return int64(n), nil
			}
		}
		return 0, fmt.Errorf("%s takes a whole number, not %v", d.Name, x)
	case model.TPlayer:
		if x == nil || fmt.Sprint(x) == "none" {
			return -1, nil
		}
		p, err := ParseSeat(fmt.Sprint(x), players)
		if err != nil {
			return 0, fmt.Errorf("%s takes a seat: %v", d.Name, err)
		}
		return int64(p), nil
	}
	return 0, fmt.Errorf("%s (%s) cannot be set up: place the cards, and let the scenario's steps answer the action that sets it (an equip, an attack)", d.Name, d.Type)
}

// ParseSeat reads a seat name (p1, p2, ...) into its index.
func ParseSeat(s string, n int) (int, error) {
	var i int
	if _, err := fmt.Sscanf(s, "p%d", &i); err != nil || i < 1 || i > n || fmt.Sprintf("p%d", i) != s {
		return -1, fmt.Errorf("%q is not a seat; the seats are p1 to p%d", s, n)
	}
	return i - 1, nil
}
