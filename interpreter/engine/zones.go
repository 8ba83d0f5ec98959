package engine

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

func (g *machine) setSlot(c int, s int64) {
	g.place(c, s)
	g.Touch(model.ReadsPlaces)
}

// place sets a card's position without recording the change: a move
// records it with the rest of what it changed.
func (g *machine) place(c int, s int64) {
	g.S.CardProps[c*g.Stride()+len(g.Rs.CardProps)] = s
}

// CreateCard makes a new card instance of a definition in a zone instance.
func (g *machine) CreateCard(def, owner, zi int) int {
	return g.CreateCards(def, owner, zi, 1)
}

// CreateCards makes n new card instances of a definition in a zone
// instance, as n calls of CreateCard would, and gives the first; the
// others are numbered after it.
func (g *machine) CreateCards(def, owner, zi, n int) int {
	first := g.AddCards(def, owner, zi, n)
	if n <= 0 {
		return first
	}
	z := &g.S.Zones[zi]
	zd := &g.Rs.Zones[z.Kind]
	if zd.Slots > 0 {
		// one at a time: each takes the free position the last left
		learnt := false
		for c := first; c < first+n; c++ {
			learnt = g.know(c, zi) || learnt
			g.setSlot(c, int64(g.FreeSlot(zi)))
			z.Cards = append(g.roomFor(z.Cards), c)
		}
		if learnt {
			g.Touch(model.ReadsKnowledge)
		}
		return first
	}
	// the cards are alike but for their number: who knows the first knows
	// them all
	learnt := g.knowIn(&g.S.Cards[first], z, zd)
	for c := first + 1; c < first+n; c++ {
		g.S.Cards[c].Known = g.S.Cards[first].Known
	}
	if len(z.Cards)+n > cap(z.Cards) {
		grown := make([]int, len(z.Cards), max(2*len(z.Cards), zoneStartRoom, len(z.Cards)+n))
		copy(grown, z.Cards)
		z.Cards = grown
	}
	for c := first; c < first+n; c++ {
		z.Cards = append(z.Cards, c)
	}
	if learnt {
		g.Touch(model.ReadsKnowledge)
	}
	return first
}

// zoneStartRoom is how many cards each zone of a new game has room for
// before its list grows.
const zoneStartRoom = 16

// roomFor gives a zone's list room for one more card: its own, or a new
// array of at least zoneStartRoom, so that a zone filled one card at a
// time does not grow again and again.
func (g *machine) roomFor(cards []int) []int {
	if len(cards) < cap(cards) {
		return cards
	}
	n := make([]int, len(cards), max(2*len(cards), zoneStartRoom))
	copy(n, cards)
	return n
}

// Created announces new cards made in a zone instance by a source (-1:
// none): a log line (if logged), then an enter event for each, with no zone
// to come from.
func (g *machine) Created(cards []int, zi, source int, logged bool) {
	if len(cards) == 0 {
		return
	}
	if logged && !g.S.NoLog {
		// "goes to", as a move says: "created in p1's table" read wrong,
		// and a zone does not say whether things are in it or on it
		n := "{cards} is created and goes"
		if len(cards) > 1 {
			n = "{cards} are created and go"
		}
		down := ""
		if g.S.Cards[cards[0]].FaceDown {
			down = ", face down" // as a move into such a zone says
		}
		g.logCards(-1, "create", int(g.S.Cards[cards[0]].Owner), cards, "%s to %s%s.", n, g.ZoneLabel(zi), down)
	}
	toName := g.Rs.ZoneSyms[g.S.Zones[zi].Kind]
	for _, c := range cards {
		if g.hears(g.SymEnter) {
			g.emit(&state.Event{Name: g.SymEnter, Card: state.CardRef(c), Player: g.S.Cards[c].Owner, From: -1, To: int64(toName), Source: state.CardRef(source)})
		}
	}
}

// learn updates who knows a card after it arrived in a zone instance, and
// records a change of knowledge (the caller records the move itself).
func (g *machine) learn(c, zi int) {
	if g.know(c, zi) {
		g.Touch(model.ReadsKnowledge)
	}
}

// know is learn without recording the change; it reports whether who
// knows the card changed.
func (g *machine) know(c, zi int) bool {
	return g.knowIn(&g.S.Cards[c], &g.S.Zones[zi], &g.Rs.Zones[g.S.Zones[zi].Kind])
}

// knowIn is know for a card ci in zone instance z of kind zd, which a
// move has at hand.
func (g *machine) knowIn(ci *state.CardInstance, z *state.ZoneInstance, zd *model.ZoneDecl) bool {
	known := uint64(ci.Known) | g.shownIn(ci, z, zd)
	if known == uint64(ci.Known) {
		return false
	}
	ci.Known = state.SeatSet(known)
	return true
}

// shownIn is the seats that see card ci in zone instance z: everyone in a
// public zone, its owner in their own zone or face down, everyone else in
// a zone its owner holds facing out, nobody in a hidden zone or face down
// where nobody may look.
func (g *machine) shownIn(ci *state.CardInstance, z *state.ZoneInstance, zd *model.ZoneDecl) uint64 {
	owner := uint64(1) << uint(ci.Owner)
	switch {
	case zd.Visibility == model.Hidden:
	case ci.FaceDown && zd.Blind: // nobody may look, the owner included
	case ci.FaceDown && zd.Visibility == model.Others:
		// held facing out, and turned down: its owner may not look at it
		// either
	case ci.FaceDown:
		return owner // the owner may look at their own face-down cards
	case zd.Visibility == model.Public:
		return g.AllMask()
	case zd.Visibility == model.OwnerOnly:
		if z.Owner >= 0 {
			return uint64(1) << uint(z.Owner)
		}
		return owner
	case zd.Visibility == model.Others:
		if z.Owner >= 0 {
			return g.AllMask() &^ (uint64(1) << uint(z.Owner))
		}
		return g.AllMask() &^ owner
	}
	return 0
}

// Move moves a card to a zone instance, updating knowledge, emitting leave and
// enter events and logging it.
func (g *machine) Move(c, zi int, o state.MoveOpts) error {
	return g.move(c, zi, o, -1, true)
}

// move is Move; at >= 0 puts the card at that index of an ordered zone
// instead of where o says, and limit says whether the zone's max is checked
// (MoveTogether checks it for the whole move).
func (g *machine) move(c, zi int, o state.MoveOpts, at int, limit bool) error {
	ci := &g.S.Cards[c]
	from := int(ci.Zone)
	dst := &g.S.Zones[zi]
	zd := &g.Rs.Zones[dst.Kind]
	if limit && zd.Max > 0 && len(dst.Cards) >= zd.Max && from != zi {
		return fmt.Errorf("zone %s of %s is full (%d cards)", zd.Name, g.SeatName(int(dst.Owner)), zd.Max)
	}
	slot := int64(-1)
	if zd.Slots > 0 {
		s := o.Slot
		if s < 0 {
			s = g.FreeSlot(zi)
		}
		if s < 0 && o.Slot < 0 {
			return fmt.Errorf("zone %s has no free position", zd.Name)
		}
		if s < 0 || s >= zd.Slots {
			return fmt.Errorf("zone %s has positions 0 to %d, not %d", zd.Name, zd.Slots-1, s)
		}
		if other := g.CardAt(zi, s); other >= 0 && other != c {
			return fmt.Errorf("position %d of zone %s is taken by %s", s, zd.Name, g.CardName(other))
		}
		slot = int64(s)
	}
	before := *ci
	// the zone the card leaves and its definition, read once
	fromKind := g.S.Zones[from].Kind
	fzd := &g.Rs.Zones[fromKind]
	def := g.Rs.Cards[ci.Def]
	fromSlot := int64(-1) // for the log: where in a positional zone it was
	if fzd.Slots > 0 {
		fromSlot = g.SlotOf(c)
	}
	g.removeFrom(c, from)
	if from != zi && g.S.Zones[from].Owner < 0 {
		g.claim(c, from, zi) // from a zone of the game
	}
	knownBefore := uint64(ci.Known)
	ci.Zone = state.ZoneRef(zi)
	switch o.Facing {
	case state.FacingDown:
		ci.FaceDown = true
	case state.FacingUp:
		ci.FaceDown = false
	default:
		ci.FaceDown = zd.FaceDown
	}
	if zd.Visibility == model.Hidden || ci.FaceDown || zd.FirstFace {
		ci.Face = 0
	}
	if ci.Face == 0 && len(def.Faces) > 0 {
		g.showFace(c, 0)
	}
	g.place(c, slot)
	if from != zi && (fzd.Visibility == model.Public || fzd.Visibility == model.Others) && zd.Visibility != model.Public {
		// a card that leaves a zone others see stays known to everyone who saw it
		ci.Known |= state.SeatSet(knownBefore)
	}
	if from != zi {
		ci.Ctrl = ci.Owner
		if o.Control {
			ci.Ctrl = state.Seat(o.Controller)
		}
	}
	dst.Cards = g.roomFor(dst.Cards)
	switch {
	case at >= 0:
		at = min(at, len(dst.Cards))
		dst.Cards = append(dst.Cards, 0)
		copy(dst.Cards[at+1:], dst.Cards[at:])
		dst.Cards[at] = c
	case o.Where == state.Bottom:
		dst.Cards = append(dst.Cards, c)
	case o.Where == state.Random:
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
	g.knowIn(ci, dst, zd)  // recorded below with the rest, when it changed
	lostTrack := uint64(0) // seats that no longer know which card left: the log names it not to them
	if from != zi && fzd.Visibility == model.OwnerOnly {
		shown := g.shownIn(ci, dst, zd)
		if o.Unseen && ci.FaceDown {
			// placed unseen: its owner does not look at it either, and
			// knows it only if it could tell it left (unseen below)
			shown &^= seatBit(int(ci.Owner))
		}
		lostTrack = g.leftUnknown(c, from, knownBefore, shown, o.Batch)
	}
	if o.Unseen {
		g.unseen(c, knownBefore)
	}
	// a move between two zones of one kind (a change of control between
	// players' zones) or of one area is not leaving: the card keeps its
	// state and effects
	parts := g.Rs.ZoneReads(int(fromKind)) | g.Rs.ZoneReads(int(dst.Kind)) | model.ReadsPlaces
	if ci.Known != before.Known {
		parts |= model.ReadsKnowledge
	}
	if ci.Ctrl != before.Ctrl || ci.FaceDown != before.FaceDown || ci.Face != before.Face {
		parts |= model.ReadsCardFields
	}
	if len(def.Faces) > 0 {
		// turned to its first face: the properties faces set were written
		parts |= model.ReadsCardFields | g.faceParts(def)
	}
	if !g.Rs.SamePlace(int(fromKind), int(dst.Kind)) {
		if len(g.S.Modifiers) > 0 {
			parts |= g.expireCard(c)
		}
		for _, i := range g.Rs.ResetOnMove {
			// a property at its default already is not changed
			if at := &g.S.CardProps[c*g.Stride()+i]; *at != g.Rs.CardProps[i].Default {
				*at = g.Rs.CardProps[i].Default
				parts |= g.Rs.CardPropReads(i)
			}
		}
	}
	g.changedSeats(parts, g.zoneSeat(from)|g.zoneSeat(zi))
	if !o.Quiet && !g.S.NoLog {
		g.logMove(c, from, zi, fromSlot, knownBefore&^lostTrack, o.Where)
	}
	// the events of the move, when a trigger's zones may admit it
	fk, tk := int(fromKind), int(dst.Kind)
	heard := g.movesHeard(fk, tk)
	if heard == 0 {
		return nil
	}
	if heard&heardLeave != 0 {
		n := len(g.S.Triggered)
		g.emit(&state.Event{Name: g.SymLeave, Card: state.CardRef(c), Player: ci.Owner, From: int64(g.Rs.ZoneSyms[fk]), To: int64(g.Rs.ZoneSyms[tk]), Source: state.CardRef(o.Source)})
		g.checkMoving(g.SymLeave, fk, tk, n)
	}
	// the game may have ended while the first was heard
	if heard&heardEnter != 0 && !g.S.Over {
		n := len(g.S.Triggered)
		g.emit(&state.Event{Name: g.SymEnter, Card: state.CardRef(c), Player: ci.Owner, From: int64(g.Rs.ZoneSyms[fk]), To: int64(g.Rs.ZoneSyms[tk]), Source: state.CardRef(o.Source)})
		g.checkMoving(g.SymEnter, fk, tk, n)
	}
	return nil
}

// MoveTogether moves cards at once, cards[i] to zone instance to[i], each as
// Move does (events, knowledge, a log line unless o.Quiet). It is one move:
// a zone's max counts the cards that leave it in the same move, and cards
// that go to one zone keep their order there, on its top or bottom as o
// says (at random: each at its own place). With give, each card becomes the
// card of its new zone's owner (in a shared zone it keeps its owner), so
// the receiver controls it and later moves take it to the receiver's zones.
func (g *machine) MoveTogether(cards, to []int, o state.MoveOpts, give bool) error {
	if len(cards) != len(to) {
		return fmt.Errorf("%d cards and %d zones to move them to", len(cards), len(to))
	}
	size := map[int]int{}
	seen := map[int]bool{}
	for i, c := range cards {
		if seen[c] {
			return fmt.Errorf("%s would move twice in one move", g.CardName(c))
		}
		seen[c] = true
		from := int(g.S.Cards[c].Zone)
		if from == to[i] {
			continue
		}
		if _, ok := size[from]; !ok {
			size[from] = len(g.S.Zones[from].Cards)
		}
		if _, ok := size[to[i]]; !ok {
			size[to[i]] = len(g.S.Zones[to[i]].Cards)
		}
		size[from]--
		size[to[i]]++
	}
	zones := make([]int, 0, len(size))
	for zi := range size {
		zones = append(zones, zi)
	}
	sort.Ints(zones) // the same zone is named whatever the map's order
	for _, zi := range zones {
		zd, n := &g.Rs.Zones[g.S.Zones[zi].Kind], size[zi]
		if zd.Max > 0 && n > zd.Max {
			return fmt.Errorf("zone %s of %s would hold %d cards, more than its %d", zd.Name, g.SeatName(int(g.S.Zones[zi].Owner)), n, zd.Max)
		}
	}
	placed := map[int]int{} // cards put on top of each zone so far
	g.together = cards
	defer func() { g.together = nil }()
	for i, c := range cards {
		if give {
			if p := g.S.Zones[to[i]].Owner; p >= 0 && p != g.S.Cards[c].Owner {
				g.S.Cards[c].Owner = p
				g.Touch(model.ReadsCardFields)
			}
		}
		at := -1
		if o.Where == state.Top {
			at = placed[to[i]]
			placed[to[i]]++
		}
		if err := g.move(c, to[i], o, at, false); err != nil {
			return err
		}
	}
	return nil
}

func (g *machine) removeFrom(c, zi int) {
	z := &g.S.Zones[zi]
	// in place: no copy of a state shares a zone's array (CloneInto gives
	// each its own), and whoever keeps a list of a zone's cards past a
	// change has copied it (EvalCards, variables), as ZoneCards asks
	// The rest moves up, the top card's place included: cutting the list
	// from the front would lose its room for good, and the next game made
	// in this memory (NewInto) would grow the zone again
	for i, x := range z.Cards {
		if x == c {
			z.Cards = append(z.Cards[:i], z.Cards[i+1:]...)
			return
		}
	}
}

// Shuffle randomises a zone instance; nobody knows the order afterwards.
func (g *machine) Shuffle(zi int) {
	z := &g.S.Zones[zi]
	// the order of the zone's cards and who knows them: a check that reads
	// its top card is evaluated again
	g.changedSeats(g.Rs.ZoneReads(int(z.Kind))|model.ReadsPlaces|model.ReadsKnowledge, g.zoneSeat(zi))
	// in place: no copy of a state shares a zone's list (Clone copies it)
	cards := z.Cards
	r := rand.New(&g.S.RNG)
	r.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	if zd := &g.Rs.Zones[z.Kind]; zd.Visibility == model.Hidden || zd.Blind {
		for _, c := range cards {
			// in a blind zone nobody can tell its face-down cards apart
			if zd.Visibility == model.Hidden || g.S.Cards[c].FaceDown {
				g.S.Cards[c].Known = 0
			}
		}
	} else if zd.Visibility == model.Others && z.Owner >= 0 {
		// held facing out: the others still see each card where it is
		// now, its owner no longer knows which is where
		for _, c := range cards {
			g.S.Cards[c].Known &^= state.SeatSet(seatBit(int(z.Owner)))
		}
	}
	if !g.Logging() {
		// no line to write: the names are not put together
	} else if z.Owner < 0 {
		name := g.Rs.ZoneWords(int(z.Kind))
		g.logf(-1, "shuffle", -1, "The %s %s shuffled.", name, isOrAre(name))
	} else {
		g.logf(-1, "shuffle", int(z.Owner), "%s shuffles their %s.", g.SeatName(int(z.Owner)), g.Rs.ZoneWords(int(z.Kind)))
	}
	if g.hears(g.SymShuffle) {
		g.emit(&state.Event{Name: g.SymShuffle, Card: state.NoCard, Player: z.Owner, To: g.Rs.ZoneSyms[z.Kind], Source: state.NoCard})
	}
}

// logRefill writes that the n cards of zone src are shuffled into the
// empty zone zi (of kind fromKind) that p draws from.
func (g *machine) logRefill(p, zi, src, fromKind, n int) {
	what := fmt.Sprintf("%d cards of %s are", n, g.ZoneLabel(src))
	if n == 1 {
		what = fmt.Sprintf("the one card of %s is", g.ZoneLabel(src))
	}
	if g.S.Zones[zi].Owner < 0 {
		g.logf(-1, "refill", p, "The %s is empty: %s shuffled into it.", g.Rs.Zones[fromKind].Name, what)
	} else {
		g.logf(-1, "refill", p, "%s's %s is empty: %s shuffled into it.", g.SeatName(p), g.Rs.Zones[fromKind].Name, what)
	}
}

// Draw moves the top card of a player's zone to another zone of theirs. When
// the source is empty and declares refill_from, that zone is shuffled in first.
// It reports whether a card moved. A quiet draw writes no "draws" line (the
// refill still says so); who knows the card is updated as for any draw.
func (g *machine) Draw(p, fromKind, toKind int, quiet bool) (bool, error) {
	zi := g.ZoneInst(fromKind, p)
	if len(g.S.Zones[zi].Cards) == 0 {
		if rf := g.Rs.Zones[fromKind].RefillFrom; rf >= 0 {
			src := g.ZoneInst(rf, p)
			if n := len(g.S.Zones[src].Cards); n > 0 {
				if g.Logging() {
					g.logRefill(p, zi, src, fromKind, n)
				}
				// moving the cards changes the pile's list: go through a copy,
				// the machine's unless a move comes back here
				cards := append(g.refillBuf[:0], g.S.Zones[src].Cards...)
				g.refillBuf = nil
				for _, c := range cards {
					if err := g.Move(c, zi, state.MoveOpts{Where: state.Bottom, Source: -1, Slot: -1, Quiet: true}); err != nil {
						return false, err
					}
				}
				g.refillBuf = cards[:0]
				g.Shuffle(zi)
			}
		}
	}
	if len(g.S.Zones[zi].Cards) == 0 {
		return false, nil
	}
	c := g.S.Zones[zi].Cards[0]
	dst := g.ZoneInst(toKind, p)
	if err := g.Move(c, dst, state.MoveOpts{Where: state.Bottom, Source: -1, Slot: -1, Quiet: true}); err != nil {
		return false, err
	}
	if !quiet && !g.S.NoLog {
		if g.S.Zones[dst].Owner == state.NoSeat {
			// dealt into a zone nobody owns (a market row): nobody drew it
			g.logCards(-1, "draw", p, []int{c}, "{cards} goes from %s to %s.", g.ZoneLabel(zi), g.ZoneLabel(dst))
		} else {
			g.logCards(-1, "draw", p, []int{c}, "%s draws {cards}.", g.SeatName(p))
		}
	}
	if g.hears(g.SymDraw) {
		g.emit(&state.Event{Name: g.SymDraw, Card: state.CardRef(c), Player: state.Seat(p), Source: state.NoCard, Amount: 1})
	}
	return true, nil
}

// SetController gives control of a card to a player (until it changes zone).
func (g *machine) SetController(c, p int) {
	g.S.Cards[c].Ctrl = state.Seat(p)
	g.changed(model.ReadsCardFields)
}

// isOrAre is the verb for a zone's name as a noun: a name that reads as a
// plural (threats, cards) takes are, another (deck, market) is.
func isOrAre(name string) string {
	if strings.HasSuffix(name, "s") && !strings.HasSuffix(name, "ss") {
		return "are"
	}
	return "is"
}
