package model

import (
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

func (g *Evaluator) AllMask() uint64 { return (uint64(1) << g.Nseats) - 1 }

// zoneSpan is where the instances of a zone kind begin, and whether there
// is one per seat.
type zoneSpan struct {
	at        int32
	perPlayer bool
}

// ZoneInst returns the zone instance of a zone kind for an owner.
func (g *Evaluator) ZoneInst(kind, owner int) int {
	z := g.zoneSpans[kind]
	if z.perPlayer {
		return int(z.at) + max(owner, 0)
	}
	return int(z.at)
}

// ZoneInstances gives the zone instances of a kind as a range [first,
// end): one per seat for a zone every player has, else the shared one.
func (g *Evaluator) ZoneInstances(kind int) (first, end int) {
	first = g.ZoneAt[kind]
	if g.Rs.Zones[kind].PerPlayer {
		return first, first + g.Nseats
	}
	return first, first + 1
}

// ZoneCards returns the cards of a zone instance, top first. Do not modify
// it, and copy it to keep it past a change of the state: moves shift a
// zone's cards in place.
func (g *Evaluator) ZoneCards(zi int) []int { return g.S.Zones[zi].Cards }

// CardZoneKind returns the zone kind a card is in.
func (g *Evaluator) CardZoneKind(c int) int { return int(g.S.Zones[g.S.Cards[c].Zone].Kind) }

// Card returns a card instance.
func (g *Evaluator) Card(c int) *state.CardInstance { return &g.S.Cards[c] }

// CardDefOf returns the definition of a card instance.
func (g *Evaluator) CardDefOf(c int) *CardDef { return g.Rs.Cards[g.S.Cards[c].Def] }

// CardName is the name of a card's current face; a name written with
// {expression} parts is worked out from the card's properties, on every face
// that has no name of its own.
func (g *Evaluator) CardName(c int) string {
	g.NoteRead(c)
	ci := &g.S.Cards[c]
	d := g.Rs.Cards[ci.Def]
	name := d.Name
	if ci.Face > 0 && int(ci.Face) < len(d.Faces) {
		name = d.Faces[ci.Face].Name
	} else if len(d.Faces) > 0 && d.Faces[0].Name != "" {
		name = d.Faces[0].Name
	}
	if d.NameTmpl != nil && name == d.Name {
		return g.renderName(c, d.NameTmpl)
	}
	return name
}

func (g *Evaluator) renderName(c int, t *Template) string {
	f := g.TempFrame(state.Frame{This: state.CardRef(c), Card: state.CardRef(c), You: g.S.Cards[c].Owner, Player: g.S.Cards[c].Owner, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
	defer g.ReleaseFrame()
	return g.TemplateText(t, f, -2)
}

// renderText fills a text's {expression} parts for a view or a generated
// name, where nothing prints as nothing at all.
func (g *Evaluator) TemplateText(t *Template, f *state.Frame, seat int) string {
	return g.seatText(t, f, seat, "")
}

// CardText is the text of a card's current face: the lines card_text
// generates, then the text as written.
func (g *Evaluator) CardText(c int) string {
	ci := &g.S.Cards[c]
	d := g.Rs.Cards[ci.Def]
	if int(ci.Face) < len(d.Faces) {
		if f := &d.Faces[ci.Face]; f.Text != "" || len(f.Lines) > 0 {
			return f.FullText()
		}
	}
	return d.FullText()
}

// Keywords returns the keyword bits of a card: its definition's and granted
// ones, then its keyword modifiers in the order they were made.
func (g *Evaluator) Keywords(c int) uint64 {
	g.NoteRead(c)
	ci := &g.S.Cards[c]
	k := g.Rs.Cards[ci.Def].Keywords | ci.Granted
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

// HasKeyword reports whether a card has a keyword by name.
func (g *Evaluator) HasKeyword(c int, kw string) bool {
	i, ok := g.Rs.KeywordIx[kw]
	if !ok {
		return false
	}
	return g.hasKeywordAt(c, i, kw)
}

// hasKeywordAt is HasKeyword for the keyword at index i, named kw.
func (g *Evaluator) hasKeywordAt(c, i int, kw string) bool {
	if c < 0 || i < 0 {
		return false
	}
	has := g.Keywords(c)&(1<<i) != 0
	if has && g.Coverage != nil {
		g.Coverage["keyword "+kw]++
	}
	return has
}

// HasKeywordSym is HasKeyword with the keyword given by its symbol, found
// in a table made at load rather than by its text.
func (g *Evaluator) HasKeywordSym(c int, sym int64) bool {
	i := symbolIndex(g.Rs, g.Rs.symbolKeywords, g.Rs.KeywordIx, sym)
	if i < 0 {
		return false
	}
	return g.hasKeywordAt(c, i, g.Rs.symbols[sym])
}

// Slot is a card's position: its slot in a positional zone, else its index from the top.
func (g *Evaluator) Slot(c int) int {
	ci := &g.S.Cards[c]
	z := &g.S.Zones[ci.Zone]
	for i, x := range z.Cards {
		if x == c {
			if g.Rs.Zones[z.Kind].Slots > 0 {
				return int(g.SlotOf(c))
			}
			return i
		}
	}
	return -1
}

// slots of positional zones are kept as a card property-like value in Face's
// neighbour: we store them in the card's props area after the declared ones.
func (g *Evaluator) SlotOf(c int) int64 {
	return g.S.CardProps[c*g.Stride()+len(g.Rs.CardProps)]
}

func (g *Evaluator) Stride() int { return len(g.Rs.CardProps) + 1 }

// Adjacent lists the cards in the positions next to a card in its zone.
func (g *Evaluator) Adjacent(c int) []int {
	ci := &g.S.Cards[c]
	z := &g.S.Zones[ci.Zone]
	var out []int
	if zd := &g.Rs.Zones[z.Kind]; zd.Slots > 0 {
		s := g.SlotOf(c)
		for _, x := range z.Cards {
			if d := g.SlotOf(x) - s; d == 1 || d == -1 {
				out = append(out, x)
			}
		}
		for _, k := range zd.Beside {
			if x := g.CardAt(g.ZoneInst(k, int(z.Owner)), int(s)); x >= 0 {
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

// Position is a place in a positional zone instance.
type Position struct{ Zone, Slot int }

// AdjacentPositions appends to dst the positions next to a position of a
// positional zone instance: the neighbouring numbers in the same zone, then
// the same number in each zone declared beside it (of the same owner). A
// caller that passes room on its stack makes no list.
func (g *Evaluator) AdjacentPositions(dst []Position, zi, slot int) []Position {
	z := &g.S.Zones[zi]
	zd := &g.Rs.Zones[z.Kind]
	if zd.Slots == 0 {
		return dst
	}
	out := dst
	for _, s := range [...]int{slot - 1, slot + 1} {
		if s >= 0 && s < zd.Slots {
			out = append(out, Position{zi, s})
		}
	}
	for _, k := range zd.Beside {
		out = append(out, Position{g.ZoneInst(k, int(z.Owner)), slot})
	}
	return out
}

// NextTo reports whether position (zj, sj) is next to position (zi, si)
// of a positional zone instance: one of those AdjacentPositions lists. It
// makes no list, for a caller that only asks about a few positions.
func (g *Evaluator) NextTo(zi, si, zj, sj int) bool {
	z := &g.S.Zones[zi]
	zd := &g.Rs.Zones[z.Kind]
	if zd.Slots == 0 {
		return false
	}
	if zj == zi {
		return (sj == si-1 || sj == si+1) && sj >= 0 && sj < zd.Slots
	}
	if sj != si {
		return false
	}
	for _, k := range zd.Beside {
		if g.ZoneInst(k, int(z.Owner)) == zj {
			return true
		}
	}
	return false
}

// PlaceName is where a card in a positional zone lies, as players read it
// ("row 3"), what a card waiting on the stack targets, or "" for a card
// in any other zone: what tells apart two cards of one name in different
// places.
func (g *Evaluator) PlaceName(c int) string {
	kind := g.CardZoneKind(c)
	if g.Rs.Zones[kind].Slots == 0 {
		return g.stackPlace(c)
	}
	return g.Rs.Zones[kind].Name + " " + g.SlotName(kind, int(g.SlotOf(c)))
}

// SlotName is how players read a position of a positional zone kind: its
// declared name, else its number.
func (g *Evaluator) SlotName(kind, slot int) string {
	if n := g.Rs.Zones[kind].SlotNames; slot >= 0 && slot < len(n) {
		return n[slot]
	}
	return strconv.Itoa(slot)
}

// FreeSlot returns the first empty position of a positional zone instance, or -1.
func (g *Evaluator) FreeSlot(zi int) int {
	n := g.Rs.Zones[g.S.Zones[zi].Kind].Slots
	used := make([]bool, n)
	for _, c := range g.S.Zones[zi].Cards {
		if s := g.SlotOf(c); s >= 0 && int(s) < n {
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
		if int(g.SlotOf(c)) == slot {
			return c
		}
	}
	return -1
}

// CardProp returns a card property's value with its modifiers applied, then
// the static effects of the cards in play (see derived.go for the order).
func (g *Evaluator) CardProp(c, idx int) int64 {
	if g.reading != nil && !g.Der.computing && !g.Rs.CardProps[idx].ResetOnMove {
		g.NoteRead(c)
	}
	if k := g.Rs.StaticSlot[idx]; k >= 0 && !g.Der.computing {
		if !g.Der.fresh(g) {
			g.derive()
		}
		if !g.Der.plain {
			return g.Der.vals[c*g.Stride()+idx]
		}
		return g.S.CardProps[c*g.Stride()+idx]
	}
	v := g.S.CardProps[c*g.Stride()+idx]
	if len(g.S.Modifiers) > 0 {
		v = g.applyMods(state.CardRef(c), state.NoSeat, int32(idx), v)
	}
	return v
}

// PlainProp reports whether card property idx is, for every card, the value
// the state holds (no static effect derives it, no modifier is in force),
// and if so gives the state's table of card properties and its stride: card
// c's value is vals[c*stride+idx]. A function that reads one property of
// many cards reads it there, without a call per card.
func (g *Evaluator) PlainProp(idx int) (vals []int64, stride int, ok bool) {
	if idx < 0 || g.Rs.StaticSlot[idx] >= 0 || len(g.S.Modifiers) > 0 || g.reading != nil {
		// while a template part notes the cards it reads, each is read
		// through CardProp
		return nil, 0, false
	}
	return g.S.CardProps, g.Stride(), true
}

// BaseCardProp returns a card property without modifiers.
func (g *Evaluator) BaseCardProp(c, idx int) int64 { return g.S.CardProps[c*g.Stride()+idx] }

// PlayerProp returns a player property with modifiers applied.
func (g *Evaluator) PlayerProp(p, idx int) int64 {
	v := g.S.PlayerProp[p*len(g.Rs.PlayerProps)+idx]
	if len(g.S.Modifiers) > 0 {
		v = g.applyMods(state.NoCard, state.Seat(p), int32(idx), v)
	}
	return v
}

// GameProp returns a game property.
func (g *Evaluator) GameProp(idx int) int64 { return g.S.GameProps[idx] }

func (g *Evaluator) applyMods(card state.CardRef, player state.Seat, prop int32, v int64) int64 {
	mods := g.S.Modifiers
	// one pass from the last: a modifier that locks the property decides
	// alone (the last one made); else the last that overrides the ones
	// before it cuts them off
	cut := -1
	for i := len(mods) - 1; i >= 0; i-- {
		m := &mods[i]
		if m.Card != card || m.Prop != prop || (card < 0 && m.Player != player) {
			continue
		}
		if m.Locks {
			return m.Amount
		}
		if m.Overrides && cut < 0 {
			cut = i
		}
	}
	if cut >= 0 {
		v, mods = mods[cut].Amount, mods[cut+1:]
	}
	// sets first, in the order they were made; then additions
	for _, m := range mods {
		if m.Set && m.Card == card && m.Prop == prop && (card >= 0 || m.Player == player) {
			v = m.Amount
		}
	}
	for _, m := range mods {
		if !m.Set && m.Card == card && m.Prop == prop && (card >= 0 || m.Player == player) {
			v += m.Amount
		}
	}
	return v
}

// ZoneWords is a zone kind's name as a line of the log writes it: words
// joined by underscores as words, as a keyword's are (goal_pile: goal pile).
func (rs *Ruleset) ZoneWords(kind int) string {
	return strings.ReplaceAll(rs.Zones[kind].Name, "_", " ")
}

func (g *Evaluator) ZoneLabel(zi int) string {
	z := &g.S.Zones[zi]
	name := g.Rs.ZoneWords(int(z.Kind))
	if z.Owner < 0 {
		return "the " + name
	}
	return g.SeatName(int(z.Owner)) + "'s " + name
}

// Ruleset returns the game's ruleset.
func (g *Evaluator) Ruleset() *Ruleset { return g.Rs }

// Players returns the number of seats.
func (g *Evaluator) Players() int { return g.Nseats }

func (g *Evaluator) SeatName(p int) string {
	if p < 0 {
		return "nobody"
	}
	return state.SeatName(p)
}

// Explaining reports whether a cost check should say why it fails; during
// plain legality checks a short reason is enough and cheaper.
func (g *Evaluator) Explaining() bool { return g.Explain }

// nextLive returns the next seat after p in turn order that has not lost.
func (g *Evaluator) NextLive(p int) int {
	for i := 1; i <= g.Nseats; i++ {
		q := (p + i) % g.Nseats
		if !g.S.Players[q].Lost {
			return q
		}
	}
	return p
}

// PrevLive returns the previous seat before p in turn order that has not lost.
func (g *Evaluator) PrevLive(p int) int {
	for i := 1; i <= g.Nseats; i++ {
		q := (p - i + g.Nseats) % g.Nseats
		if !g.S.Players[q].Lost {
			return q
		}
	}
	return p
}

// NextLive is the next seat after p in turn order still in the game.

// LivePlayers counts the seats still in the game.
func (g *Evaluator) LivePlayers() int {
	n := 0
	for _, p := range g.S.Players {
		if !p.Lost {
			n++
		}
	}
	return n
}

// TempFrame returns a scratch frame for a short evaluation, set to f. Release
// it with ReleaseFrame, innermost first. Reusing frames keeps evaluations from
// allocating: a frame handed to a compiled expression would otherwise escape.
func (g *Evaluator) TempFrame(f state.Frame) *state.Frame {
	fr := g.ScratchFrame()
	*fr = f
	return fr
}

// ScratchFrame is TempFrame for a caller that writes the whole frame
// itself: it holds what an earlier evaluation left. Written in place, a
// frame is not built first and then copied.
func (g *Evaluator) ScratchFrame() *state.Frame {
	if g.nscr == len(g.scratch) {
		g.scratch = append(g.scratch, new(state.Frame))
	}
	fr := g.scratch[g.nscr]
	g.nscr++
	return fr
}

// ReleaseFrame gives back the last scratch frame.
func (g *Evaluator) ReleaseFrame() { g.nscr-- }

// Mode is the game mode the game was started with ("" for none).
func (g *Evaluator) Mode() string { return g.Rs.Symbol(g.S.Mode) }

func (g *Evaluator) Knows(seat, c int) bool {
	return seat < 0 || uint64(g.S.Cards[c].Known)&(1<<uint(seat)) != 0
}

// Knows reports whether a seat knows which card a card instance is.

// Active is the seat whose turn it is.
func (g *Evaluator) Active() int { return g.S.Active }

// Lost reports whether a seat has lost (and is out of the game).
func (g *Evaluator) Lost(p int) bool { return g.S.Players[p].Lost }

// BasePlayerProp is a player property as set, without modifiers.
func (g *Evaluator) BasePlayerProp(p, idx int) int64 {
	return g.S.PlayerProp[p*len(g.Rs.PlayerProps)+idx]
}

// PlaceLabels tells apart options of one label whose cards lie in
// different places of positional zones, by adding each card's place
// ("attack with Knight (row 3)"). Options whose label is not
// repeated, or whose card is in no positional zone, are left as they are.
func PlaceLabels(opts []state.Option, place func(c int) string) {
	for i := range opts {
		o := &opts[i]
		if o.Card < 0 || o.Label == "" {
			continue
		}
		repeated := false
		for j := range opts {
			if j != i && opts[j].Label == o.Label && opts[j].Card >= 0 && opts[j].Card != o.Card {
				repeated = true
				break
			}
		}
		if !repeated {
			continue
		}
		// every option of the label is named at once, from the labels as
		// they were: the first one changed must not hide the others
		label := o.Label
		for j := i; j < len(opts); j++ {
			if p := &opts[j]; p.Label == label && p.Card >= 0 {
				if where := place(p.Card); where != "" {
					p.Label = label + " (" + where + ")"
				}
			}
		}
	}
}
