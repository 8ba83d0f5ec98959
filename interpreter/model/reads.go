package model

import "math/bits"

// ReadSet is the parts of a game's state an expression may read, one bit a
// part: each zone kind, each property, the cards' own fields, where the
// cards are, who is still in the game. The compiler works it out for every
// expression (Expr.Reads); the engine keeps the parts changed since the state
// checks last ran and evaluates a check again only when a part it reads has
// changed.
//
// A large ruleset has more parts than a set has bits, so parts share bits: a
// set may name more than the expression reads, never less.
type ReadSet uint64

const (
	// ReadsCardFields is the cards' own fields: faces, owners and
	// controllers, keywords, their names.
	ReadsCardFields ReadSet = 1 << iota
	// ReadsPlaces is where each card is: its zone, its position in a
	// positional zone, its neighbours.
	ReadsPlaces
	// ReadsSeats is who is still in the game (a player's opponents, the
	// next player).
	ReadsSeats
	// ReadsTurn is the turn: its number and whose it is.
	ReadsTurn
	// ReadsPhase is the phase of the turn, which changes several times a
	// turn: apart from the turn, so that what reads whose turn it is
	// (you == active) holds through the turn's phases.
	ReadsPhase
	// ReadsStack is what waits on the stack.
	ReadsStack
	// ReadsKnowledge is what each player knows of each card.
	ReadsKnowledge
	firstPart

	// ReadsAnything is a read the compiler does not bound (an effect's
	// variables, a library function that declares no reads): the expression
	// is evaluated again after every change.
	ReadsAnything ReadSet = 1 << 63
)

// firstBit is firstPart's bit: the parts numbered in a ruleset take the
// bits from it to the one before ReadsAnything's, in turn.
var firstBit = uint(bits.TrailingZeros64(uint64(firstPart)))

// partBits is how many bits the parts a ruleset numbers share.
var partBits = 63 - int(firstBit)

// part is the bit of the i-th part counted from firstPart. The zones and
// the player and game properties come first and have a bit each; the
// card properties come last, and when there are more parts than bits,
// those past the last bit share the bits of the card properties: two card
// properties may share one, never a card property and a zone, whose
// changes are told apart by seat (SeatParts).
func (rs *Ruleset) part(i int) ReadSet {
	if i < partBits {
		return firstPart << uint(i)
	}
	cards := len(rs.Zones) + len(rs.PlayerProps) + len(rs.GameProps)
	if cards >= partBits {
		return firstPart << uint(i%partBits)
	}
	return firstPart << uint(cards+(i-partBits)%(partBits-cards))
}

// ZoneReads is the part that is a zone kind's contents, for every owner.
func (rs *Ruleset) ZoneReads(kind int) ReadSet { return rs.part(kind) }

// PlayerPropReads is the part that is one player property.
func (rs *Ruleset) PlayerPropReads(idx int) ReadSet { return rs.part(len(rs.Zones) + idx) }

// GamePropReads is the part that is one game property.
func (rs *Ruleset) GamePropReads(idx int) ReadSet {
	return rs.part(len(rs.Zones) + len(rs.PlayerProps) + idx)
}

// CardPropReads is the part that is one card property, on every card.
func (rs *Ruleset) CardPropReads(idx int) ReadSet {
	return rs.part(len(rs.Zones) + len(rs.PlayerProps) + len(rs.GameProps) + idx)
}

// Touches reports whether an expression that reads r may read something
// different after the changes in changed.
func (r ReadSet) Touches(changed ReadSet) bool {
	if changed == 0 {
		return false
	}
	return r&changed != 0 || (r|changed)&ReadsAnything != 0
}

// StaticReads is what the values statics derive read: the base values of
// the properties they change and the modifiers on them, the statics'
// expressions, their sources' zones and faces. It is 0 without statics.
func (rs *Ruleset) StaticReads() ReadSet {
	if len(rs.Statics) == 0 {
		return 0
	}
	// the sources: the zones they apply from, and whether they are face down
	reads := ReadsCardFields
	for _, idx := range rs.StaticProps {
		reads |= rs.CardPropReads(idx)
	}
	for _, st := range rs.Statics {
		if st.Applies == nil || st.Add == nil && st.Set == nil {
			reads |= ReadsAnything // not compiled: the ruleset has an error
		}
		for _, e := range []*Expr{st.Applies, st.Add, st.Set} {
			if e != nil {
				reads |= e.Reads
			}
		}
		for _, z := range st.Zones {
			reads |= rs.ZoneReads(z)
		}
	}
	return reads
}

// SeatReads is the parts that are the contents of the zones each player has
// and the player properties: the parts a change of which can be said to be
// of some seats only (Evaluator.TouchSeats).
func (rs *Ruleset) SeatReads() ReadSet {
	var r ReadSet
	for k, z := range rs.Zones {
		if z.PerPlayer {
			r |= rs.ZoneReads(k)
		}
	}
	for i := range rs.PlayerProps {
		r |= rs.PlayerPropReads(i)
	}
	return r
}

// Derived widens a set by what the values statics derive read: a card
// property a static changes, read after the statics, reads whatever the
// statics read.
func (rs *Ruleset) Derived(r ReadSet) ReadSet {
	if r&rs.StaticParts == 0 {
		return r
	}
	return r | rs.StaticDeps
}

// StaticPropReads is the parts that are the card properties statics change.
func (rs *Ruleset) StaticPropReads() ReadSet {
	var r ReadSet
	for _, idx := range rs.StaticProps {
		r |= rs.CardPropReads(idx)
	}
	return r
}

// FuncReads is what a library function reads of the state beyond the values
// of its arguments.
type FuncReads uint8

const (
	// FuncReadsUnknown is the default: the function may read anything, and
	// an expression that calls it is evaluated again after every change.
	FuncReadsUnknown FuncReads = iota
	// FuncReadsNothing: the function reads only its arguments and the ruleset.
	FuncReadsNothing
	// FuncReadsProps: the card properties its PropArgs name; a name that is
	// not written out (a variable) counts as any.
	FuncReadsProps
	// FuncReadsCardFields: the cards' own fields (ReadsCardFields).
	FuncReadsCardFields
	// FuncReadsPlaces: where the cards are (ReadsPlaces) and the zones.
	FuncReadsPlaces
	// FuncReadsKnowledge: what players know of cards (ReadsKnowledge).
	FuncReadsKnowledge
)
