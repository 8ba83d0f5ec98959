package interpreter

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Where a moved card goes in an ordered zone.
type Where uint8

const (
	Top Where = iota
	Bottom
	Random
)

// Until says when a modifier ends.
const (
	untilTurn uint8 = iota
	untilPhase
	untilLeave
	untilEver
)

// UntilNames are the durations a modifier may have.
var UntilNames = []string{"end_of_turn", "end_of_phase", "leaves", "permanent"}

func (g *Evaluator) allMask() uint64 { return (uint64(1) << g.nseats) - 1 }

// ZoneInst returns the zone instance of a zone kind for an owner.
func (g *Evaluator) ZoneInst(kind, owner int) int {
	if g.rs.Zones[kind].PerPlayer {
		if owner < 0 {
			owner = 0
		}
		return g.zoneAt[kind] + owner
	}
	return g.zoneAt[kind]
}

// ZoneCards returns the cards of a zone instance, top first. Do not modify it.
func (g *Evaluator) ZoneCards(zi int) []int { return g.S.Zones[zi].Cards }

// CardZoneKind returns the zone kind a card is in.
func (g *Evaluator) CardZoneKind(c int) int { return int(g.S.Zones[g.S.Cards[c].Zone].Kind) }

// Card returns a card instance.
func (g *Evaluator) Card(c int) *CardInstance { return &g.S.Cards[c] }

// CardDefOf returns the definition of a card instance.
func (g *Evaluator) CardDefOf(c int) *CardDef { return g.rs.Cards[g.S.Cards[c].Def] }

// CardName is the name of a card's current face; a name written with
// {expression} parts is worked out from the card's properties.
func (g *Evaluator) CardName(c int) string {
	ci := &g.S.Cards[c]
	d := g.rs.Cards[ci.Def]
	if ci.Face > 0 && int(ci.Face) < len(d.Faces) {
		return d.Faces[ci.Face].Name
	}
	if len(d.Faces) > 0 && d.Faces[0].Name != "" {
		return d.Faces[0].Name
	}
	if d.NameTmpl != nil {
		return g.renderName(c, d.NameTmpl)
	}
	return d.Name
}

func (g *Evaluator) renderName(c int, t *Arg) string {
	f := g.TempFrame(Frame{This: int32(c), Card: int32(c), You: g.S.Cards[c].Owner, Player: g.S.Cards[c].Owner, Event: Event{Card: -1, Source: -1}})
	defer g.ReleaseFrame()
	return g.renderText(t, f, -2)
}

// renderText fills a text's {expression} parts for a view or a generated
// name, where nothing prints as nothing at all.
func (g *Evaluator) renderText(t *Arg, f *Frame, seat int) string { return g.seatText(t, f, seat, "") }

// CardText is the rules text of a card's current face.
func (g *Evaluator) CardText(c int) string {
	ci := &g.S.Cards[c]
	d := g.rs.Cards[ci.Def]
	if int(ci.Face) < len(d.Faces) && d.Faces[ci.Face].Text != "" {
		return d.Faces[ci.Face].Text
	}
	return d.Text
}

// Keywords returns the keyword bits of a card: its definition's and granted
// ones, then its keyword modifiers in the order they were made.
func (g *Evaluator) Keywords(c int) uint64 {
	ci := &g.S.Cards[c]
	k := g.rs.Cards[ci.Def].Keywords | ci.Granted
	for i := range g.S.Modifiers {
		m := &g.S.Modifiers[i]
		if m.Keyword == 0 || int(m.Card) != c {
			continue
		}
		if m.Amount != 0 {
			k |= 1 << uint(m.Keyword-1)
		} else {
			k &^= 1 << uint(m.Keyword-1)
		}
	}
	return k
}

// GrantKeywordFor gives a card a keyword (or takes it away) through a
// modifier that lasts as m says (its Until, Phase and By); m's Card, Prop,
// Keyword and Amount are filled in here.
func (g *Game) GrantKeywordFor(c int, kw string, on bool, m Modifier) error {
	i, ok := g.rs.KeywordIndex(kw)
	if !ok {
		return fmt.Errorf("unknown keyword %q", kw)
	}
	m.Card, m.Prop, m.Keyword, m.Amount, m.Set = int32(c), -1, int8(i+1), 0, false
	if on {
		m.Amount = 1
	}
	g.AddModifier(m)
	return nil
}

// HasKeyword reports whether a card has a keyword by name.
func (g *Evaluator) HasKeyword(c int, kw string) bool {
	i, ok := g.rs.keywordIx[kw]
	if !ok || c < 0 {
		return false
	}
	has := g.Keywords(c)&(1<<i) != 0
	if has && g.Coverage != nil {
		g.Coverage["keyword "+kw]++
	}
	return has
}

// HasKeywordSym is HasKeyword with the keyword given by its symbol.
func (g *Evaluator) HasKeywordSym(c int, sym int64) bool {
	if sym < 0 || int(sym) >= len(g.rs.symbols) {
		return false
	}
	return g.HasKeyword(c, g.rs.symbols[sym])
}

// GrantKeyword gives a card a keyword (or takes it away).
func (g *Game) GrantKeyword(c int, kw string, on bool) error {
	i, ok := g.rs.keywordIx[kw]
	if !ok {
		return fmt.Errorf("unknown keyword %q", kw)
	}
	if on {
		g.S.Cards[c].Granted |= 1 << i
	} else {
		g.S.Cards[c].Granted &^= 1 << i
	}
	g.changed()
	return nil
}

// Slot is a card's position: its slot in a positional zone, else its index from the top.
func (g *Evaluator) Slot(c int) int {
	ci := &g.S.Cards[c]
	z := &g.S.Zones[ci.Zone]
	for i, x := range z.Cards {
		if x == c {
			if g.rs.Zones[z.Kind].Slots > 0 {
				return int(g.slotOf(c))
			}
			return i
		}
	}
	return -1
}

// slots of positional zones are kept as a card property-like value in Face's
// neighbour: we store them in the card's props area after the declared ones.
func (g *Evaluator) slotOf(c int) int64 {
	return g.S.CardProps[c*g.stride()+len(g.rs.CardProps)]
}

func (g *Game) setSlot(c int, s int64) {
	g.invalidate()
	g.S.CardProps[c*g.stride()+len(g.rs.CardProps)] = s
}

func (g *Evaluator) stride() int { return len(g.rs.CardProps) + 1 }

// Adjacent lists the cards in the positions next to a card in its zone.
func (g *Evaluator) Adjacent(c int) []int {
	ci := &g.S.Cards[c]
	z := &g.S.Zones[ci.Zone]
	var out []int
	if g.rs.Zones[z.Kind].Slots > 0 {
		s := g.slotOf(c)
		for _, x := range z.Cards {
			if d := g.slotOf(x) - s; d == 1 || d == -1 {
				out = append(out, x)
			}
		}
		return out
	}
	for i, x := range z.Cards {
		if x == c {
			if i > 0 {
				out = append(out, z.Cards[i-1])
			}
			if i+1 < len(z.Cards) {
				out = append(out, z.Cards[i+1])
			}
		}
	}
	return out
}

// FreeSlot returns the first empty position of a positional zone instance, or -1.
func (g *Evaluator) FreeSlot(zi int) int {
	n := g.rs.Zones[g.S.Zones[zi].Kind].Slots
	used := make([]bool, n)
	for _, c := range g.S.Zones[zi].Cards {
		if s := g.slotOf(c); s >= 0 && int(s) < n {
			used[s] = true
		}
	}
	for i, u := range used {
		if !u {
			return i
		}
	}
	return -1
}

// CardAt returns the card in a slot of a positional zone instance, or -1.
func (g *Evaluator) CardAt(zi, slot int) int {
	for _, c := range g.S.Zones[zi].Cards {
		if int(g.slotOf(c)) == slot {
			return c
		}
	}
	return -1
}

// CardProp returns a card property's value with its modifiers applied, then
// the static effects of the cards in play (see derived.go for the order).
func (g *Evaluator) CardProp(c, idx int) int64 {
	if k := g.rs.staticSlot[idx]; k >= 0 && !g.der.computing {
		if !g.der.fresh(g) {
			g.derive()
		}
		return g.der.vals[c*len(g.rs.staticProps)+k]
	}
	v := g.S.CardProps[c*g.stride()+idx]
	if len(g.S.Modifiers) > 0 {
		v = g.applyMods(int32(c), -1, int32(idx), v)
	}
	return v
}

// BaseCardProp returns a card property without modifiers.
func (g *Evaluator) BaseCardProp(c, idx int) int64 { return g.S.CardProps[c*g.stride()+idx] }

func (g *Game) clamp(d *PropDecl, v int64) int64 {
	if d.Type != TInt {
		return v
	}
	if d.Min != nil && v < *d.Min {
		v = *d.Min
	}
	if d.Max != nil && v > *d.Max {
		v = *d.Max
	}
	return v
}

// SetCardProp writes a card property's base value (clamped to its declared range).
func (g *Game) SetCardProp(c, idx int, v int64) {
	g.S.CardProps[c*g.stride()+idx] = g.clamp(&g.rs.CardProps[idx], v)
	g.changed()
}

// PlayerProp returns a player property with modifiers applied.
func (g *Evaluator) PlayerProp(p, idx int) int64 {
	v := g.S.PlayerProp[p*len(g.rs.PlayerProps)+idx]
	if len(g.S.Modifiers) > 0 {
		v = g.applyMods(-1, int8(p), int32(idx), v)
	}
	return v
}

// SetPlayerProp writes a player property (clamped to its declared range).
func (g *Game) SetPlayerProp(p, idx int, v int64) {
	g.S.PlayerProp[p*len(g.rs.PlayerProps)+idx] = g.clamp(&g.rs.PlayerProps[idx], v)
	g.changed()
}

// GameProp returns a game property.
func (g *Evaluator) GameProp(idx int) int64 { return g.S.GameProps[idx] }

// SetGameProp writes a game property (clamped to its declared range).
func (g *Game) SetGameProp(idx int, v int64) {
	g.S.GameProps[idx] = g.clamp(&g.rs.GameProps[idx], v)
	g.changed()
}

func (g *Evaluator) applyMods(card int32, player int8, prop int32, v int64) int64 {
	// sets first, in the order they were made; then additions
	for _, m := range g.S.Modifiers {
		if m.Set && m.Card == card && m.Prop == prop && (card >= 0 || m.Player == player) {
			v = m.Amount
		}
	}
	for _, m := range g.S.Modifiers {
		if !m.Set && m.Card == card && m.Prop == prop && (card >= 0 || m.Player == player) {
			v += m.Amount
		}
	}
	return v
}

// EndEffectsOf ends every modifier made by a player's effects (the player
// left the game) and returns how many ended.
func (g *Game) EndEffectsOf(p int) int {
	keep := g.S.Modifiers[:0]
	n := 0
	for _, m := range g.S.Modifiers {
		if int(m.By) == p {
			n++
			continue
		}
		keep = append(keep, m)
	}
	g.S.Modifiers = keep
	if n > 0 {
		g.changed()
	}
	return n
}

// AddModifier adds a modifier; its derived value is computed on every read.
func (g *Game) AddModifier(m Modifier) {
	m.Seq = int32(g.S.ModSeq)
	g.S.ModSeq++
	m.Turn = int32(g.S.Turn)
	g.S.Modifiers = append(g.S.Modifiers, m)
	g.changed()
}

// expirePhase ends the modifiers that last until the end of phase ph.
func (g *Game) expirePhase(ph int) {
	keep := g.S.Modifiers[:0]
	for _, m := range g.S.Modifiers {
		if int(m.Phase) != ph+1 {
			keep = append(keep, m)
		}
	}
	if len(keep) != len(g.S.Modifiers) {
		g.changed()
	}
	g.S.Modifiers = keep
}

// PhaseIndex finds a phase by name (-1 if none).
func (rs *Ruleset) PhaseIndex(name string) int {
	for i, ph := range rs.Phases {
		if ph.Name == name {
			return i
		}
	}
	return -1
}

// expire ends the modifiers of a duration. At the end of a turn, those that
// last until the end of a phase end too: the phase did not come again this
// turn (it was skipped or already over), and they never outlive the turn.
func (g *Game) expire(until uint8) {
	keep := g.S.Modifiers[:0]
	for _, m := range g.S.Modifiers {
		if until == untilTurn && m.Phase != 0 {
			continue
		}
		if m.Until != until || m.Phase != 0 {
			keep = append(keep, m)
		}
	}
	if len(keep) != len(g.S.Modifiers) {
		g.changed()
	}
	g.S.Modifiers = keep
}

func (g *Game) expireCard(c int) {
	g.invalidate()
	keep := g.S.Modifiers[:0]
	for _, m := range g.S.Modifiers {
		if !(m.Until == untilLeave && int(m.Card) == c) {
			keep = append(keep, m)
		}
	}
	g.S.Modifiers = keep
}

// CreateCard makes a new card instance of a definition in a zone instance.
func (g *Game) CreateCard(def, owner, zi int) int {
	g.invalidate()
	d := g.rs.Cards[def]
	c := len(g.S.Cards)
	g.S.Cards = append(g.S.Cards, CardInstance{Def: int32(def), Owner: int8(owner), Ctrl: int8(owner), Zone: int32(zi)})
	g.S.CardProps = append(g.S.CardProps, d.Props...)
	g.S.CardProps = append(g.S.CardProps, -1)
	if len(d.Faces) > 0 {
		for k, v := range d.Faces[0].Props {
			g.S.CardProps[c*g.stride()+k] = v
		}
	}
	zd := &g.rs.Zones[g.S.Zones[zi].Kind]
	g.S.Cards[c].FaceDown = zd.FaceDown
	g.learn(c, zi)
	if zd.Slots > 0 {
		g.setSlot(c, int64(g.FreeSlot(zi)))
	}
	g.S.Zones[zi].Cards = append(g.S.Zones[zi].Cards, c)
	return c
}

// Created announces new cards made in a zone instance by a source (-1:
// none): a log line (if logged), then an enter event for each, with no zone
// to come from.
func (g *Game) Created(cards []int, zi, source int, logged bool) {
	if len(cards) == 0 {
		return
	}
	if logged && !g.S.NoLog {
		n := "{cards} is"
		if len(cards) > 1 {
			n = "{cards} are"
		}
		down := ""
		if g.S.Cards[cards[0]].FaceDown {
			down = ", face down" // as a move into such a zone says
		}
		g.logCards(-1, "create", int(g.S.Cards[cards[0]].Owner), cards, "%s created in %s%s.", n, g.zoneLabel(zi), down)
	}
	toName := g.rs.symbolIx[g.rs.Zones[g.S.Zones[zi].Kind].Name]
	for _, c := range cards {
		g.emit(Event{Name: g.symEnter, Card: int32(c), Player: g.S.Cards[c].Owner, From: -1, To: int64(toName), Source: int32(source)})
	}
}

// learn updates who knows a card after it arrived in a zone instance.
func (g *Game) learn(c, zi int) {
	g.invalidate()
	ci := &g.S.Cards[c]
	zd := &g.rs.Zones[g.S.Zones[zi].Kind]
	owner := uint64(1) << uint(ci.Owner)
	switch {
	case zd.Visibility == Hidden:
	case ci.FaceDown:
		ci.Known |= owner // the owner may look at their own face-down cards
	case zd.Visibility == Public:
		ci.Known = g.allMask()
	case zd.Visibility == OwnerOnly:
		zo := g.S.Zones[zi].Owner
		if zo >= 0 {
			ci.Known |= uint64(1) << uint(zo)
		} else {
			ci.Known |= owner
		}
	}
}

// Facing says how a moved card lies in its new zone.
type Facing uint8

const (
	FacingZone Facing = iota // as the zone's cards lie (its face_down)
	FacingDown
	FacingUp
)

// MoveOpts say where and how a card is moved.
type MoveOpts struct {
	Where  Where
	Slot   int // for positional zones; -1 picks the first free slot
	Facing Facing
	Source int // the card that caused the move, or -1
	Quiet  bool
	// Controller, when Control is set, is the seat that controls the card in
	// its new zone; otherwise its owner does.
	Control    bool
	Controller int
}

// Move moves a card to a zone instance, updating knowledge, emitting leave and
// enter events and logging it.
func (g *Game) Move(c, zi int, o MoveOpts) error {
	ci := &g.S.Cards[c]
	from := int(ci.Zone)
	dst := &g.S.Zones[zi]
	zd := &g.rs.Zones[dst.Kind]
	if zd.Max > 0 && len(dst.Cards) >= zd.Max && from != zi {
		return fmt.Errorf("zone %s of %s is full (%d cards)", zd.Name, g.seatName(int(dst.Owner)), zd.Max)
	}
	slot := int64(-1)
	if zd.Slots > 0 {
		s := o.Slot
		if s < 0 {
			s = g.FreeSlot(zi)
		}
		if s < 0 || s >= zd.Slots {
			return fmt.Errorf("zone %s has no free position", zd.Name)
		}
		if other := g.CardAt(zi, s); other >= 0 && other != c {
			return fmt.Errorf("position %d of zone %s is taken by %s", s, zd.Name, g.CardName(other))
		}
		slot = int64(s)
	}
	g.removeFrom(c, from)
	knownBefore := ci.Known
	ci.Zone = int32(zi)
	switch o.Facing {
	case FacingDown:
		ci.FaceDown = true
	case FacingUp:
		ci.FaceDown = false
	default:
		ci.FaceDown = zd.FaceDown
	}
	if zd.Visibility == Hidden || ci.FaceDown {
		ci.Face = 0
	}
	if ci.Face == 0 && len(g.rs.Cards[ci.Def].Faces) > 0 {
		for k, v := range g.rs.Cards[ci.Def].Faces[0].Props {
			g.S.CardProps[c*g.stride()+k] = v
		}
	}
	g.setSlot(c, slot)
	if from != zi && g.rs.Zones[g.S.Zones[from].Kind].Visibility == Public && zd.Visibility != Public {
		// a card that leaves a public zone stays known to everyone who saw it
		ci.Known |= knownBefore
	}
	if from != zi {
		ci.Ctrl = ci.Owner
		if o.Control {
			ci.Ctrl = int8(o.Controller)
		}
	}
	switch o.Where {
	case Bottom:
		dst.Cards = append(dst.Cards, c)
	case Random:
		r := rand.New(&g.S.RNG)
		i := r.IntN(len(dst.Cards) + 1)
		dst.Cards = append(dst.Cards, 0)
		copy(dst.Cards[i+1:], dst.Cards[i:])
		dst.Cards[i] = c
	default:
		dst.Cards = append(dst.Cards, 0)
		copy(dst.Cards[1:], dst.Cards)
		dst.Cards[0] = c
	}
	g.learn(c, zi)
	// a move between two zones of one kind (a change of control between
	// players' zones) is not leaving: the card keeps its state and effects
	if g.S.Zones[from].Kind != dst.Kind {
		g.expireCard(c)
		for _, i := range g.rs.resetOnMove {
			g.S.CardProps[c*g.stride()+i] = g.rs.CardProps[i].Default
		}
	}
	g.changed()
	if !o.Quiet {
		g.logMove(c, from, zi, knownBefore, o.Where)
	}
	fromName := g.rs.symbolIx[g.rs.Zones[g.S.Zones[from].Kind].Name]
	toName := g.rs.symbolIx[zd.Name]
	g.emit(Event{Name: g.symLeave, Card: int32(c), Player: ci.Owner, From: int64(fromName), To: int64(toName), Source: int32(o.Source)})
	g.emit(Event{Name: g.symEnter, Card: int32(c), Player: ci.Owner, From: int64(fromName), To: int64(toName), Source: int32(o.Source)})
	return nil
}

func (g *Game) removeFrom(c, zi int) {
	z := &g.S.Zones[zi]
	for i, x := range z.Cards {
		if x == c {
			// copy, never shift in place: the slice may share its array with a clone
			n := make([]int, 0, len(z.Cards)-1+4)
			n = append(n, z.Cards[:i]...)
			z.Cards = append(n, z.Cards[i+1:]...)
			return
		}
	}
}

// Shuffle randomises a zone instance; nobody knows the order afterwards.
func (g *Game) Shuffle(zi int) {
	g.invalidate()
	z := &g.S.Zones[zi]
	cards := append([]int(nil), z.Cards...)
	r := rand.New(&g.S.RNG)
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	z.Cards = cards
	if g.rs.Zones[z.Kind].Visibility == Hidden {
		for _, c := range cards {
			g.S.Cards[c].Known = 0
		}
	}
	if z.Owner < 0 {
		g.logf(-1, "shuffle", -1, "The %s is shuffled.", g.rs.Zones[z.Kind].Name)
	} else {
		g.logf(-1, "shuffle", int(z.Owner), "%s shuffles %s.", g.seatName(int(z.Owner)), g.zoneLabel(zi))
	}
	g.emit(Event{Name: g.symShuffle, Card: -1, Player: z.Owner, To: int64(g.rs.symbolIx[g.rs.Zones[z.Kind].Name]), Source: -1})
}

// Draw moves the top card of a player's zone to another zone of theirs. When
// the source is empty and declares refill_from, that zone is shuffled in first.
// It reports whether a card moved.
func (g *Game) Draw(p, fromKind, toKind int) (bool, error) {
	zi := g.ZoneInst(fromKind, p)
	if len(g.S.Zones[zi].Cards) == 0 {
		if rf := g.rs.Zones[fromKind].RefillFrom; rf >= 0 {
			src := g.ZoneInst(rf, p)
			if n := len(g.S.Zones[src].Cards); n > 0 {
				what := fmt.Sprintf("%d cards of %s are", n, g.zoneLabel(src))
				if n == 1 {
					what = fmt.Sprintf("the one card of %s is", g.zoneLabel(src))
				}
				g.logf(-1, "refill", p, "%s's %s is empty: %s shuffled into it.", g.seatName(p), g.rs.Zones[fromKind].Name, what)
				for _, c := range append([]int(nil), g.S.Zones[src].Cards...) {
					if err := g.Move(c, zi, MoveOpts{Where: Bottom, Source: -1, Quiet: true}); err != nil {
						return false, err
					}
				}
				g.Shuffle(zi)
			}
		}
	}
	if len(g.S.Zones[zi].Cards) == 0 {
		return false, nil
	}
	c := g.S.Zones[zi].Cards[0]
	dst := g.ZoneInst(toKind, p)
	if err := g.Move(c, dst, MoveOpts{Where: Bottom, Source: -1, Quiet: true}); err != nil {
		return false, err
	}
	g.logCards(-1, "draw", p, []int{c}, "%s draws {cards}.", g.seatName(p))
	g.emit(Event{Name: g.symDraw, Card: int32(c), Player: int8(p), Source: -1, Amount: 1})
	return true, nil
}

// Reveal shows cards to the seats in mask.
func (g *Game) Reveal(cards []int, mask uint64, by int) {
	g.invalidate()
	for _, c := range cards {
		g.S.Cards[c].Known |= mask
	}
	if len(cards) == 0 {
		return
	}
	owner := int(g.S.Cards[cards[0]].Owner)
	if mask == g.allMask() {
		g.logCards(-1, "reveal", owner, cards, "%s reveals {cards}.", g.seatName(owner))
	} else {
		for p := 0; p < g.nseats; p++ {
			if mask&(1<<p) != 0 && p != owner {
				g.logCards(-1, "reveal", owner, cards, "%s reveals {cards} to %s.", g.seatName(owner), g.seatName(p))
			}
		}
	}
	for _, c := range cards {
		g.emit(Event{Name: g.symReveal, Card: int32(c), Player: int8(by), Source: -1})
	}
}

// Look lets a player see cards.
func (g *Game) Look(cards []int, p int) {
	g.invalidate()
	for _, c := range cards {
		g.S.Cards[c].Known |= 1 << p
	}
	if len(cards) > 0 {
		g.logCards(-1, "look", p, cards, "%s looks at {cards}.", g.seatName(p))
	}
}

// Flip turns a card face up or down, or to another face.
func (g *Game) Flip(c int, faceDown bool, face int) {
	ci := &g.S.Cards[c]
	d := g.rs.Cards[ci.Def]
	ci.FaceDown = faceDown
	if face >= 0 && face < len(d.Faces) {
		ci.Face = int8(face)
		for k, v := range d.Faces[face].Props {
			g.S.CardProps[c*g.stride()+k] = v
		}
	}
	g.learn(c, int(ci.Zone))
	g.changed()
}

func (g *Evaluator) zoneLabel(zi int) string {
	z := &g.S.Zones[zi]
	name := g.rs.Zones[z.Kind].Name
	if z.Owner < 0 {
		return "the " + name
	}
	return g.seatName(int(z.Owner)) + "'s " + name
}

// emit matches an event against ruleset and card triggers and queues those whose
// condition holds.
func (g *Game) emit(ev Event) {
	if ev.Name < 0 || g.S.Over {
		return
	}
	rs := g.rs
	you := int(ev.Player)
	if you < 0 {
		you = g.S.Active
	}
	for _, t := range rs.Triggers {
		if t.sym != ev.Name {
			continue
		}
		g.tryTrigger(t, you, int(ev.Card), ev)
	}
	if ev.Card >= 0 {
		c := int(ev.Card)
		ci := &g.S.Cards[c]
		d := rs.Cards[ci.Def]
		for _, t := range d.Triggers {
			if t.sym == ev.Name && len(t.Zones) == 0 {
				g.tryTrigger(t, int(ci.Ctrl), c, ev)
			}
		}
		if int(ci.Face) < len(d.Faces) {
			for _, t := range d.Faces[ci.Face].Triggers {
				if t.sym == ev.Name && len(t.Zones) == 0 {
					g.tryTrigger(t, int(ci.Ctrl), c, ev)
				}
			}
		}
	}
	for _, t := range rs.listeners {
		if t.sym != ev.Name {
			continue
		}
		for _, zk := range t.Zones {
			n := 1
			if rs.Zones[zk].PerPlayer {
				n = g.nseats
			}
			for o := 0; o < n; o++ {
				for _, c := range g.S.Zones[g.zoneAt[zk]+o].Cards {
					if int(g.S.Cards[c].Def) == t.Card && (t.FaceDown || !g.S.Cards[c].FaceDown) && (t.Face < 0 || int(g.S.Cards[c].Face) == t.Face) {
						g.tryTrigger(t, int(g.S.Cards[c].Ctrl), c, ev)
					}
				}
			}
		}
	}
}

func (g *Game) tryTrigger(t *Trigger, you, this int, ev Event) {
	f := g.TempFrame(Frame{You: int8(you), Player: int8(you), This: int32(this), Card: int32(this), Event: ev})
	ok, err := g.EvalBool(t.Cond, f)
	g.ReleaseFrame()
	if err != nil {
		g.fail(err)
		return
	}
	if !ok {
		return
	}
	g.S.Triggered = append(g.S.Triggered, Frame{Prog: int32(t.Effect), You: int8(you), This: int32(this), Event: ev})
	g.covered(t.Coverage)
}

// Emit raises a named event, for custom events of a ruleset.
func (g *Game) Emit(name string, card, player int, amount int) {
	g.EmitFrom(name, card, player, amount, -1)
}

// EmitFrom raises a named event caused by a source card.
func (g *Game) EmitFrom(name string, card, player, amount, source int) {
	sym, ok := g.rs.symbolIx[name]
	if !ok {
		return
	}
	g.emit(Event{Name: int64(sym), Card: int32(card), Player: int8(player), Amount: int64(amount), Source: int32(source), From: -1, To: -1})
}

// SetController gives control of a card to a player (until it changes zone).
func (g *Game) SetController(c, p int) {
	g.S.Cards[c].Ctrl = int8(p)
	g.changed()
}

func (g *Game) covered(name string) {
	if g.Coverage != nil {
		g.Coverage[name]++
	}
}

// listCards renders card names as "A, B and C" for a seat.
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
