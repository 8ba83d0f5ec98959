package model

import (
	"github.com/arbiter-games/arbiter/interpreter/state"
	"slices"
)

// Evaluator reads a game's state against its ruleset: it is what every
// compiled expression runs on. It holds the ruleset, the state, the
// evaluation stack, the values statics derive and the scratch frames of
// short evaluations; it changes nothing in the state.
type Evaluator struct {
	Rs     *Ruleset
	S      *state.State
	Nseats int
	Cur    *state.Frame  // the frame the expression VM (the test oracle) evaluates for
	evals  []*Evaluation // the evaluation stack: one entry per evaluation under way
	depth  int
	// Spent is the work of the evaluations since the machine last set it
	// to 0 (at each question): one for each evaluation and one for each
	// element its built-ins went through. WorkLimit bounds one expression;
	// the machine bounds this sum (many expressions of statics, of loops
	// that run each a second's worth: each legal, together hours).
	Spent   int
	Der     derivedLayer // card properties as static effects make them
	epoch   uint64       // changes of the state so far (Epoch)
	changes [64]uint64   // changes of each part of the state so far (version)
	// changes of each part that is a seat's (Ruleset.SeatParts) so far,
	// seat by seat, for the first seats (SeatVersion)
	seatChanges [keptSeats][64]uint64
	memo        []scanMemo     // the memoized scans' values (Evaluation.Memoized)
	Explain     bool           // WhyNot is asking: cost checks give their full reason
	scratch     []*state.Frame // frames for evaluations outside running effects, reused to spare the heap
	nscr        int
	ZoneAt      []int // first zone instance of each zone kind
	// zoneSpans is ZoneAt with whether each kind is every player's, in one
	// small element: ZoneInst reads it at every move and zone read
	zoneSpans []zoneSpan
	Seats     []int // every seat, in order: the value of `players`
	// the lists AllZone and OpponentsOf made last, given again while what
	// they are made of has not changed: a bot evaluates them over and over
	allZones  []zoneList
	stack     zoneList // the cards on the stack (StackCards)
	opponents []seatList
	// ident[i] is i: the one-card lists EvalCardsView gives are views of it
	ident []int
	// Coverage, when set, counts the rule parts (actions, triggers, checks,
	// keywords) that ran or were read.
	Coverage map[string]int
	// reading, while a template part is rendered for seats that may not
	// know every card, gathers the cards whose printed parts (a property
	// that is no reset_on_move state, the name, the id, the keywords, the
	// face) the part reads: see NoteRead. Nil the rest of the time, so a
	// copy of the evaluator never shares it.
	reading *[]int

	SymLost                                                                                                                         int64
	SymEnter, SymLeave, SymDraw, SymShuffle, SymTurnStart, SymTurnEnd, SymPhaseStart, SymPhaseEnd, SymReveal, SymAction, SymResolve int64
}

// Init readies an evaluator for games of rs with the given number of seats;
// its state is set apart (S).
func (g *Evaluator) Init(rs *Ruleset, seats int) {
	g.Rs, g.Nseats = rs, seats
	g.ZoneAt = make([]int, len(rs.Zones))
	g.zoneSpans = make([]zoneSpan, len(rs.Zones))
	at := 0
	for k, z := range rs.Zones {
		g.ZoneAt[k] = at
		g.zoneSpans[k] = zoneSpan{at: int32(at), perPlayer: z.PerPlayer}
		if z.PerPlayer {
			at += seats
		} else {
			at++
		}
	}
	g.Seats = make([]int, seats)
	for i := range g.Seats {
		g.Seats[i] = i
	}
	sym := func(s string) int64 {
		if i, ok := rs.SymbolIx[s]; ok {
			return int64(i)
		}
		return -2
	}
	g.SymEnter, g.SymLeave, g.SymDraw, g.SymShuffle = sym("enter"), sym("leave"), sym("draw"), sym("shuffle")
	g.SymTurnStart, g.SymTurnEnd, g.SymPhaseStart, g.SymPhaseEnd = sym("turn_start"), sym("turn_end"), sym("phase_start"), sym("phase_end")
	g.SymReveal, g.SymAction, g.SymResolve = sym("reveal"), sym("action"), sym("resolve")
	g.SymLost = sym("lost")
}

// InitLike readies an evaluator for the same ruleset and seats as o, sharing
// its read-only tables (a clone of a game).
func (g *Evaluator) InitLike(o *Evaluator) {
	*g = Evaluator{Rs: o.Rs, Nseats: o.Nseats, ZoneAt: o.ZoneAt, zoneSpans: o.zoneSpans, Seats: o.Seats, Coverage: o.Coverage,
		SymLost: o.SymLost, SymEnter: o.SymEnter, SymLeave: o.SymLeave, SymDraw: o.SymDraw, SymShuffle: o.SymShuffle,
		SymTurnStart: o.SymTurnStart, SymTurnEnd: o.SymTurnEnd, SymPhaseStart: o.SymPhaseStart, SymPhaseEnd: o.SymPhaseEnd,
		SymReveal: o.SymReveal, SymAction: o.SymAction, SymResolve: o.SymResolve}
}

// ReuseLike readies an evaluator that served another game for the same
// ruleset and seats as o, as InitLike does, keeping the memory it had
// (evaluation stack, scratch frames, derived values, memos) but nothing it
// knew of its old game. Its state is then copied in (state.CloneInto).
func (g *Evaluator) ReuseLike(o *Evaluator) {
	evals, scratch, vals, cands, memo, epoch := g.evals, g.scratch, g.Der.vals, g.Der.cands, g.memo, g.epoch
	s, allZones, stack, opponents, ident := g.S, g.allZones, g.stack, g.opponents, g.ident
	g.InitLike(o)
	g.evals, g.scratch, g.S = evals, scratch, s
	g.Der.vals, g.Der.cands = vals[:0], cands[:0]
	clear(memo)
	g.memo = memo
	// the opponents of a seat and the card numbers are the same in every
	// game of these seats; the lists of zones were of the old game: no
	// longer current, they keep their memory for the new game's
	for i := range allZones {
		allZones[i].s = nil
	}
	stack.s = nil
	g.allZones, g.stack, g.opponents, g.ident = allZones, stack, opponents, ident
	g.epoch = epoch + 1 // nothing kept from the old game holds
	g.Der.Verify = o.Der.Verify
}

// AddCard appends a new card of definition def, owned and controlled by
// owner, to the state as lying in zone instance zi (face down as the zone
// says), with its definition's properties; it does not put it in the zone's
// list of cards. The engine makes cards with it; so does a lint that needs a
// scratch state.
func (g *Evaluator) AddCard(def, owner, zi int) int {
	return g.AddCards(def, owner, zi, 1)
}

// AddCards is AddCard for n cards of one definition at once (a deck's
// entry), numbered from the one it returns.
// CardTotal is how many card instances the game has made.
func (g *Evaluator) CardTotal() int { return len(g.S.Cards) }

func (g *Evaluator) AddCards(def, owner, zi, n int) int {
	g.Invalidate()
	d := g.Rs.Cards[def]
	first, st := len(g.S.Cards), g.Stride()
	if first+n > cap(g.S.Cards) {
		// a game's cards are made a few at a time at setup: room for many
		// at once rather than a new array every few
		room := max(2*first, 64, first+n)
		g.S.Cards = slices.Grow(g.S.Cards, room-first)
		g.S.CardProps = slices.Grow(g.S.CardProps, room*st-len(g.S.CardProps))
	}
	if n <= 0 {
		return first
	}
	ci := state.CardInstance{Def: int32(def), Owner: state.Seat(owner), Ctrl: state.Seat(owner), Zone: state.ZoneRef(zi),
		FaceDown: g.Rs.Zones[g.S.Zones[zi].Kind].FaceDown, Origin: state.Seat(owner)}
	if g.S.Zones[zi].Owner < 0 {
		ci.Origin = state.NoSeat
	}
	// the lists are lengthened once and written in place: a deck's entry
	// is a handful of cards, and an append for each costs more than the
	// card's few words
	cards := slices.Grow(g.S.Cards, n)[:first+n]
	for c := first; c < first+n; c++ {
		cards[c] = ci
	}
	g.S.Cards = cards
	// the first card's row of properties, then copies of it
	at := len(g.S.CardProps)
	props := slices.Grow(g.S.CardProps, n*st)[:at+n*st]
	row := props[at : at+st]
	copy(row, d.Props)
	row[st-1] = -1 // no position
	if len(d.Faces) > 0 {
		for k, v := range d.Faces[0].Props {
			row[k] = v
		}
	}
	for k := at + st; k < at+n*st; k += st {
		copy(props[k:k+st], row)
	}
	g.S.CardProps = props
	return first
}

// EmptyGame is an evaluator over a game of rs with its fewest players, its
// zones empty and every property at its default: for working out at load
// what reads the cards alone (a card's text, whether any action may take
// it), before any game exists.
func EmptyGame(rs *Ruleset) *Evaluator {
	g := &Evaluator{}
	g.Init(rs, rs.MinPlayers)
	g.S = &state.State{Players: make([]state.PlayerState, rs.MinPlayers), PlayerProp: make([]int64, rs.MinPlayers*len(rs.PlayerProps)), GameProps: make([]int64, len(rs.GameProps))}
	for k, z := range rs.Zones {
		n := 1
		if z.PerPlayer {
			n = rs.MinPlayers
		}
		for o := 0; o < n; o++ {
			g.S.Zones = append(g.S.Zones, state.ZoneInstance{Kind: state.ZoneKind(k), Owner: state.Seat(o)})
		}
	}
	return g
}

// NoteRead records that an expression read what card c is (a printed
// property, its name, id, keywords or face) while a template part is being
// rendered: the part then prints only for the seats that know the card. A
// library function that reads a card's definition itself calls it.
func (g *Evaluator) NoteRead(c int) {
	if g.reading != nil {
		*g.reading = append(*g.reading, c)
	}
}

// LostOrBeaten reports whether player p has lost: left the game, or is
// not among the winners of a game a win has ended.
func (g *Evaluator) LostOrBeaten(p int) bool {
	s := g.S
	if s.Players[p].Lost {
		return true
	}
	if !s.Over || s.Players[p].Won {
		return false
	}
	for i := range s.Players {
		if s.Players[i].Won {
			return true
		}
	}
	return false
}
