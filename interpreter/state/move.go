package state

// Where a moved card goes in an ordered zone.
type Where uint8

// Facing says how a moved card lies in its new zone.
type Facing uint8

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
	// Unseen: a card that arrives face down is not looked at by its owner
	// (who knows it only if they knew it before)
	Unseen bool
	// Batch lists the cards moved with this one by one step (a hand moved
	// whole), one after another: those still to move leave with it, so a
	// seat that knew them all can tell where each went
	Batch []int
}

const (
	Top Where = iota
	Bottom
	Random
)

const (
	FacingZone Facing = iota // as the zone's cards lie (its face_down)
	FacingDown
	FacingUp
)
