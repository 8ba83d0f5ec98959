package state

import (
	"math/bits"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Clone copies the state; the log and the record of answers, which are
// only appended to, share their arrays, clipped so that neither copy can
// write into the other's elements.
//
// A copy is one allocation whatever the game: a block holding the State,
// the parts that hold pointers (zones, variables, decisions, answers, the
// stack) and one array for every part that holds none (cards,
// properties, the cards of every zone, frames, modifiers, the lists of
// variables), which the collector does not look into.
func (s *State) Clone() *State { return s.cloneInto(nil, 0, 0, 0) }

// Reset empties s for a new game, keeping the memory of its lists: every
// field is zero and every list empty, but for the log and the record of
// answers, which copies of s share (Clone) and which are dropped. The
// zones' lists keep their memory in Zones' array, past its length.
func (s *State) Reset() {
	*s = State{
		Players: s.Players[:0], Cards: s.Cards[:0], CardProps: s.CardProps[:0],
		PlayerProp: s.PlayerProp[:0], GameProps: s.GameProps[:0], Zones: s.Zones[:0],
		Vars: s.Vars[:0], Frames: s.Frames[:0], Stack: s.Stack[:0], Modifiers: s.Modifiers[:0],
		Pending: s.Pending[:0], Answers: s.Answers[:0], Triggered: s.Triggered[:0],
		Withdrawn: s.Withdrawn[:0], ExtraTurns: s.ExtraTurns[:0],
		Registers: Registers{Asked: s.Asked[:0], AnsweredIn: s.AnsweredIn[:0]},
		buf:       s.buf,
	}
}

// buffers are the memory a state copied into keeps for the next copy into
// it (CloneInto): a bot's lookahead copies a state for every answer it
// tries, and reusing one copy's memory spares the allocations and the
// collector's work. They are the copy's own: no other state shares them.
//
// A reused block is written over only as far as the new copy needs; what
// lies after that is the earlier copy's and is never read.
type buffers struct {
	flat  []uint64       // the parts without pointers, carved by carve
	ptr   unsafe.Pointer // the parts with pointers, laid out by shape
	shape *blockShape
}

// The parts carved from the flat block hold no pointers (a test checks
// it): the collector does not look into that block.

// wordsFor is how many 8-byte words n elements of T take in the flat block.
func wordsFor[T any](n int) int {
	var z T
	return (n*int(unsafe.Sizeof(z)) + 7) / 8
}

// carve takes n elements of T from the flat block at word *at (none, an
// empty list of no memory, for n 0); every
// element type carved has an alignment of at most 8, so each part starts
// where its type may.
func carve[T any](flat []uint64, at *int, n int) []T {
	if n == 0 {
		// nothing to take: an empty part may lie at the block's very end
		return []T{}
	}
	p := unsafe.Pointer(&flat[*at])
	*at += wordsFor[T](n)
	return unsafe.Slice((*T)(p), n)
}

// flatCopy is a copy of src carved from the flat block at word *at; an
// empty src is copied as like gives it.
func flatCopy[T any](flat []uint64, at *int, src []T) []T {
	if len(src) == 0 {
		return like(src)
	}
	c := carve[T](flat, at, len(src))
	copy(c, src)
	return c
}

// like is an empty src as src is empty: nil for nil, a list with no room
// otherwise, so that a copy is nil exactly where the original is.
func like[T any](src []T) []T {
	if src == nil {
		return nil
	}
	return src[:0:0]
}

// blockShape is the layout of a block of the parts that hold pointers
// (and, for a copy kept, of the State and the flat parts too): a struct
// type with one array per part, made with reflect so that the collector
// knows where the pointers are. Sizes are rounded up (to a power of two;
// the flat words by roundWords; the zones, fixed for a game, are exact),
// so a game meets few shapes; each is made once per process.
type blockShape struct {
	typ                                       reflect.Type
	key                                       shapeKey
	zones, vals, pending, stack               int
	offZones, offVals, offPending, offAnswers uintptr
	offAnswerVals, offStack, offFlat          uintptr
}

// shapeKey says what a block holds. A block made for a copy kept (Clone)
// also holds the State and the flat parts (words of them), so that the
// copy is one allocation; a block for CloneInto holds neither (words 0),
// as it is reused with flat blocks of other sizes.
type shapeKey struct {
	zones, vals, pending, stack, words int
	state                              bool
}

var shapes sync.Map // shapeKey → *blockShape

// roundUp is n rounded up to a power of two; 0 stays 0.
func roundUp(n int) int {
	if n <= 1 {
		return n
	}
	return 1 << bits.Len(uint(n-1))
}

// lastShape is the shape made or found last, one for blocks with the
// State and one for those without: copies of one game mostly have the
// same, found here without a look in the map.
var lastShape [2]atomic.Pointer[blockShape]

// roundWords is n rounded up to one of eight steps between two powers of
// two: copies of a game, whose flat parts grow and shrink a little as it
// goes, meet few sizes, and a block is at most an eighth too large.
func roundWords(n int) int {
	if n <= 8 {
		return n
	}
	step := 1 << (bits.Len(uint(n)) - 4)
	return (n + step - 1) &^ (step - 1)
}

func shapeFor(zones, vals, pending, stack, words int, withState bool) *blockShape {
	k := shapeKey{zones, roundUp(vals), roundUp(pending), roundUp(stack), roundWords(words), withState}
	last := &lastShape[0]
	if withState {
		last = &lastShape[1]
	}
	if sh := last.Load(); sh != nil && sh.key == k {
		return sh
	}
	if sh, ok := shapes.Load(k); ok {
		last.Store(sh.(*blockShape))
		return sh.(*blockShape)
	}
	// the State, when there, comes first: a pointer to the block is a
	// pointer to it
	var fields []reflect.StructField
	if k.state {
		fields = append(fields, reflect.StructField{Name: "State", Type: reflect.TypeFor[State]()})
	}
	fields = append(fields,
		reflect.StructField{Name: "Zones", Type: reflect.ArrayOf(k.zones, reflect.TypeFor[ZoneInstance]())},
		reflect.StructField{Name: "Vals", Type: reflect.ArrayOf(k.vals, reflect.TypeFor[Val]())},
		reflect.StructField{Name: "Pending", Type: reflect.ArrayOf(k.pending, reflect.TypeFor[Decision]())},
		reflect.StructField{Name: "Answers", Type: reflect.ArrayOf(k.pending, reflect.TypeFor[*Answer]())},
		reflect.StructField{Name: "AnswerVals", Type: reflect.ArrayOf(k.pending, reflect.TypeFor[Answer]())},
		reflect.StructField{Name: "Stack", Type: reflect.ArrayOf(k.stack, reflect.TypeFor[StackItem]())},
		reflect.StructField{Name: "Flat", Type: reflect.ArrayOf(k.words, reflect.TypeFor[uint64]())},
	)
	t := reflect.StructOf(fields)
	f := len(fields) - 7
	sh := &blockShape{typ: t, key: k, zones: k.zones, vals: k.vals, pending: k.pending, stack: k.stack,
		offZones: t.Field(f).Offset, offVals: t.Field(f + 1).Offset, offPending: t.Field(f + 2).Offset,
		offAnswers: t.Field(f + 3).Offset, offAnswerVals: t.Field(f + 4).Offset, offStack: t.Field(f + 5).Offset,
		offFlat: t.Field(f + 6).Offset}
	got, _ := shapes.LoadOrStore(k, sh)
	last.Store(got.(*blockShape))
	return got.(*blockShape)
}

func (sh *blockShape) fits(zones, vals, pending, stack int) bool {
	return sh != nil && !sh.key.state && sh.zones == zones && vals <= sh.vals && pending <= sh.pending && stack <= sh.stack
}

// part is n elements of T at offset off of a block; none is nil (an
// empty part may lie at the very end of the block, past its memory).
func part[T any](base unsafe.Pointer, off uintptr, n int) []T {
	if n == 0 {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Add(base, off)), n)
}

// zoneRoom is how many cards each zone of a copy to play on (CloneInto)
// can take before its list
// moves: the first moves into a zone do not allocate.
const zoneRoom = 4

// Room a copy to play on keeps after its frames and its variables: the
// effects it starts and the costs it tries push frames and variable slots
// there instead of moving those lists at the first push (a lookahead copy
// is played on at once; a copy kept, made by Clone, has no room).
const (
	frameRoom = 16
	varRoom   = 64
)

// CloneInto makes c a copy of s, as Clone does, reusing the memory of c's
// earlier contents: c must not be used for anything else meanwhile, and
// what it held is gone. The copy has room to play on (frameRoom, varRoom):
// the bots copy a state into the same memory for every answer they try,
// and play each copy on.
func (s *State) CloneInto(c *State) { s.cloneInto(c, zoneRoom, frameRoom, varRoom) }

// cloneInto is CloneInto with room for zr more cards in each zone, fr
// more frames and vr more variable slots before those lists move; for a nil c it makes the copy
// in one new block, as Clone does. It returns the copy.
func (s *State) cloneInto(c *State, zr, fr, vr int) *State {

	// the size of every part, first
	nc, np, ng := len(s.CardProps), len(s.PlayerProp), len(s.GameProps)
	nf, nt := len(s.Frames), len(s.Triggered)
	zoneCards := 0
	for _, z := range s.Zones {
		zoneCards += len(z.Cards) + zr
	}
	vals, lists := len(s.Vars)+vr, 0
	for _, v := range s.Vars {
		lists += len(v.L)
	}
	for _, it := range s.Stack {
		vals += len(it.Vars)
	}
	words := wordsFor[PlayerState](len(s.Players)) + wordsFor[CardInstance](len(s.Cards)) +
		wordsFor[int64](nc+np+ng) + wordsFor[int](zoneCards) + wordsFor[Frame](nf+fr+nt) +
		wordsFor[Modifier](len(s.Modifiers)) + wordsFor[int](len(s.Asked)+len(s.AnsweredIn)+lists) +
		wordsFor[int8](len(s.ExtraTurns)) + wordsFor[int32](len(s.Withdrawn))
	// decisions and answers go in pairs; a damaged state where they do
	// not still gets room for each
	pending := max(len(s.Pending), len(s.Answers))
	var (
		b    buffers
		sh   *blockShape
		base unsafe.Pointer
		flat []uint64
	)
	if c == nil {
		sh = shapeFor(len(s.Zones), vals, pending, len(s.Stack), words, true)
		base = reflect.New(sh.typ).UnsafePointer()
		c = (*State)(base)
		flat = unsafe.Slice((*uint64)(unsafe.Add(base, sh.offFlat)), words)
	} else {
		b = c.buf
		if cap(b.flat) < words {
			// a first copy gets what it needs; memory that proved too
			// small gets room to spare, for a state that grows
			room := 0
			if b.flat != nil {
				room = words / 4
			}
			b.flat = make([]uint64, words, words+room)
		}
		flat = b.flat[:words]
		if !b.shape.fits(len(s.Zones), vals, pending, len(s.Stack)) {
			b.shape = shapeFor(len(s.Zones), vals, pending, len(s.Stack), 0, false)
			b.ptr = reflect.New(b.shape.typ).UnsafePointer()
		}
		sh, base = b.shape, b.ptr
	}
	at := 0
	*c = *s

	// the parts without pointers
	c.Players = flatCopy(flat, &at, s.Players)
	c.Cards = flatCopy(flat, &at, s.Cards)
	// the three property tables lie side by side; each is clipped, so an
	// append (a new card) moves it out rather than over its neighbour
	c.CardProps, c.PlayerProp, c.GameProps = like(s.CardProps), like(s.PlayerProp), like(s.GameProps)
	if nc+np+ng > 0 {
		props := carve[int64](flat, &at, nc+np+ng)
		copy(props, s.CardProps)
		copy(props[nc:], s.PlayerProp)
		copy(props[nc+np:], s.GameProps)
		if nc > 0 {
			c.CardProps = props[:nc:nc]
		}
		if np > 0 {
			c.PlayerProp = props[nc : nc+np : nc+np]
		}
		if ng > 0 {
			c.GameProps = props[nc+np : nc+np+ng : nc+np+ng]
		}
	}
	c.Zones = like(s.Zones)
	if len(s.Zones) > 0 {
		cards := carve[int](flat, &at, zoneCards)
		c.Zones = part[ZoneInstance](base, sh.offZones, len(s.Zones))
		k := 0
		for i, z := range s.Zones {
			n := copy(cards[k:], z.Cards)
			c.Zones[i] = ZoneInstance{Kind: z.Kind, Owner: z.Owner, Cards: cards[k : k+n : k+n+zr]}
			k += n + zr
		}
	}
	c.Frames, c.Triggered = like(s.Frames), like(s.Triggered)
	if nf+fr+nt > 0 {
		frames := carve[Frame](flat, &at, nf+fr+nt)
		copy(frames, s.Frames)
		copy(frames[nf+fr:], s.Triggered)
		if nf+fr > 0 && s.Frames != nil {
			c.Frames = frames[: nf : nf+fr]
		}
		if nt > 0 {
			c.Triggered = frames[nf+fr : nf+fr+nt : nf+fr+nt]
		}
	}
	c.Modifiers = flatCopy(flat, &at, s.Modifiers)
	c.Asked = flatCopy(flat, &at, s.Asked)
	c.AnsweredIn = flatCopy(flat, &at, s.AnsweredIn)
	c.ExtraTurns = flatCopy(flat, &at, s.ExtraTurns)
	c.Withdrawn = flatCopy(flat, &at, s.Withdrawn)

	// the parts with pointers; a variable's list goes to the flat block
	allVals := part[Val](base, sh.offVals, vals)
	c.Vars = like(s.Vars)
	if len(s.Vars)+vr > 0 && s.Vars != nil {
		c.Vars = allVals[: len(s.Vars) : len(s.Vars)+vr]
		for i, v := range s.Vars {
			c.Vars[i] = Val{N: v.N, L: like(v.L)}
			if len(v.L) > 0 {
				c.Vars[i].L = carve[int](flat, &at, len(v.L))
				copy(c.Vars[i].L, v.L)
			}
		}
	}
	c.Stack = like(s.Stack)
	if len(s.Stack) > 0 {
		c.Stack = part[StackItem](base, sh.offStack, len(s.Stack))
		k := len(s.Vars) + vr
		for i, it := range s.Stack {
			// a waiting item's variables are copied; their lists are not
			// written while the item waits, and stay shared
			if len(it.Vars) > 0 {
				n := copy(allVals[k:], it.Vars)
				it.Vars = allVals[k : k+n : k+n]
				k += n
			} else {
				it.Vars = like(it.Vars)
			}
			c.Stack[i] = it
		}
	}
	c.Pending, c.Answers = like(s.Pending), like(s.Answers)
	if len(s.Pending) > 0 {
		c.Pending = part[Decision](base, sh.offPending, len(s.Pending))
		copy(c.Pending, s.Pending)
	}
	if len(s.Answers) > 0 {
		c.Answers = part[*Answer](base, sh.offAnswers, len(s.Answers))
		answers := part[Answer](base, sh.offAnswerVals, len(s.Answers))
		for i, a := range s.Answers {
			c.Answers[i] = nil
			if a != nil {
				answers[i] = *a
				c.Answers[i] = &answers[i]
			}
		}
	}
	c.Log = s.Log[:len(s.Log):len(s.Log)]
	c.History = s.History[:len(s.History):len(s.History)]
	c.buf = b
	return c
}
