package state

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatPartsHoldNoPointers: the collector does not look into the flat
// block of a copy, so a pointer put there would not keep what it points
// to alive. Every type carved from it must stay without pointers.
func TestFlatPartsHoldNoPointers(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[PlayerState](), reflect.TypeFor[CardInstance](), reflect.TypeFor[int64](),
		reflect.TypeFor[int](), reflect.TypeFor[Frame](), reflect.TypeFor[Modifier](),
		reflect.TypeFor[int8](), reflect.TypeFor[int32](),
	} {
		assert.False(t, holdsPointers(typ), "%s holds a pointer and cannot be carved from the flat block", typ)
		assert.LessOrEqual(t, typ.Align(), 8, typ.String())
	}
}

func holdsPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return holdsPointers(t.Elem())
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	}
	return true
}

// fullState has something in every part a copy carves; size scales the
// lists, so that copies of two sizes can go into the same memory.
func fullState(size int) *State {
	s := &State{Seed: 7, Turn: 3, Active: 1}
	for i := range size + 2 {
		s.Cards = append(s.Cards, CardInstance{Def: int32(i), Owner: Seat(i % 2), Zone: ZoneRef(i % 3), Known: SeatSet(i)})
		s.CardProps = append(s.CardProps, int64(i), int64(-i))
	}
	s.Players = []PlayerState{{}, {Won: true}}
	s.PlayerProp = []int64{1, 2, 3, 4}
	s.GameProps = []int64{9}
	s.Zones = []ZoneInstance{{Kind: 0, Owner: 0}, {Kind: 1, Owner: 1}, {Kind: 2, Owner: NoSeat}}
	for i := range s.Cards {
		s.Zones[i%3].Cards = append(s.Zones[i%3].Cards, i)
	}
	s.Vars = []Val{{N: 1}, {N: -1, L: []int{1, 2, 3}[:size%3+1]}, {L: []int{}}}
	s.Frames = []Frame{{Prog: 1, PC: 2}, {Prog: 3, Event: Event{Name: 4, Card: 1}}}
	s.Triggered = []Frame{{Prog: 5, This: 2}}
	ev := &Event{Name: 8}
	s.Stack = []StackItem{{Card: 1, Prog: 2, Vars: []Val{{N: 4}, {L: []int{5}}}}, {Card: 2, Trigger: true, Event: ev, Vars: []Val{{N: 7}}}}
	s.Modifiers = []Modifier{{Card: 1, Prop: 1, Amount: 2, Seq: int32(size)}}
	s.Pending = []Decision{{Seq: 1, Player: 0, Options: []Option{{Card: 1}}}, {Seq: 2, Player: 1}}
	s.Answers = []*Answer{{Picks: []int{0}, Number: size}, nil}
	s.Asked = []int{4, 5}
	s.ExtraTurns = []int8{1}
	s.Withdrawn = []int32{2}
	s.Log = []LogEntry{{Seq: 1, Kind: "x"}}
	s.History = []Record{{Seq: 1, Answer: Answer{Number: 1}}}
	return s
}

// same fails unless copy c holds the game of s, nil and empty alike, but
// for a zone's list: a copy's zones are lists with room, even empty ones.
func same(t *testing.T, s, c *State) {
	t.Helper()
	x, y := *s, *c
	x.buf, y.buf = buffers{}, buffers{}
	x.Zones = append([]ZoneInstance(nil), x.Zones...)
	for i, z := range x.Zones {
		require.NotNil(t, y.Zones[i].Cards, "zone %d of the copy", i)
		if z.Cards == nil {
			x.Zones[i].Cards = y.Zones[i].Cards[:0]
		}
	}
	v := reflect.ValueOf(x)
	for i := range v.NumField() {
		if v.Type().Field(i).IsExported() {
			require.True(t, reflect.DeepEqual(v.Field(i).Interface(), reflect.ValueOf(y).Field(i).Interface()),
				"%s of the copy differs from the original", v.Type().Field(i).Name)
		}
	}
}

func saved(t *testing.T, s *State) string {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	return string(data)
}

// readBack is a state read from a save, with the empty zone lists a copy
// has.
func readBack(t *testing.T, data string) *State {
	t.Helper()
	var s State
	require.NoError(t, json.Unmarshal([]byte(data), &s))
	for i := range s.Zones {
		if s.Zones[i].Cards == nil {
			s.Zones[i].Cards = []int{}
		}
	}
	return &s
}

// scribble writes over every part of s, in place and by appending.
func scribble(s *State) {
	s.Players[0].Lost = true
	s.Cards[0].Def = 99
	s.Cards = append(s.Cards, CardInstance{Def: 100})
	s.CardProps[0] = 99
	s.CardProps = append(s.CardProps, 1, 2)
	s.PlayerProp[0] = 99
	s.GameProps[0] = 99
	s.Zones[0].Cards[0] = 99
	for i := range 6 {
		s.Zones[1].Cards = append(s.Zones[1].Cards, 50+i)
	}
	s.Vars[0].N = 99
	s.Vars[1].L[0] = 99
	s.Vars = append(s.Vars, Val{N: 5})
	s.Frames[0].PC = 99
	s.Frames = append(s.Frames, Frame{Prog: 9})
	s.Triggered[0].PC = 99
	s.Stack[0].Vars[0].N = 99
	s.Stack[0].Vars = append(s.Stack[0].Vars, Val{N: 6})
	s.Stack = append(s.Stack, StackItem{Card: 5})
	s.Modifiers[0].Amount = 99
	s.Pending[1].Min = 99
	s.Answers[0].Number = 99
	s.Answers[1] = &Answer{Number: 7}
	s.Asked[0] = 99
	s.ExtraTurns[0] = 99
	s.Withdrawn[0] = 99
	s.Log = append(s.Log, LogEntry{Seq: 2})
	s.History = append(s.History, Record{Seq: 2})
}

func TestCloneIsAnIndependentCopy(t *testing.T) {
	s := fullState(4)
	before := saved(t, s)
	c := s.Clone()
	same(t, s, c)
	assert.Equal(t, before, saved(t, c))

	// the copy's parts do not reach into each other either: written over,
	// it is what a state read back from a save becomes when written over
	ref := readBack(t, before)
	scribble(ref)
	scribble(c)
	assert.Equal(t, saved(t, ref), saved(t, c))
	assert.Equal(t, before, saved(t, s), "writing the copy changed the original")

	c = s.Clone()
	scribble(s)
	assert.Equal(t, before, saved(t, c), "writing the original changed the copy")
}

// TestCloneIntoReusesMemorySafely copies states of other sizes into the
// same memory, in turn: each copy is exact, and none reaches into another.
func TestCloneIntoReusesMemorySafely(t *testing.T) {
	var c State
	var kept []*State
	var want []string
	for _, size := range []int{4, 30, 1, 0, 30, 64, 2} {
		s := fullState(size)
		s.CloneInto(&c)
		same(t, s, &c)
		snap := c.Clone()
		kept = append(kept, snap)
		want = append(want, saved(t, snap))
		ref := readBack(t, saved(t, s))
		scribble(ref)
		scribble(&c)
		assert.Equal(t, saved(t, ref), saved(t, &c), "size %d", size)
	}
	for i, k := range kept {
		assert.Equal(t, want[i], saved(t, k), "copy %d changed", i)
	}
}

// TestCloneKeepsNilApart: a part that is nil stays nil in the copy, and
// an empty one stays empty, so that a copy saves as its original does.
func TestCloneKeepsNilApart(t *testing.T) {
	s := &State{Frames: []Frame{}, Zones: []ZoneInstance{{Cards: []int{}}, {Cards: []int{1}}}, Pending: []Decision{}, Answers: []*Answer{}}
	c := s.Clone()
	same(t, s, c)
	assert.Equal(t, saved(t, s), saved(t, c))
	var zero State
	same(t, &zero, zero.Clone())
}

// TestCloneIntoHasRoomToPlayOn: a copy made into reused memory keeps room
// after its frames and variables, so that the effects a lookahead starts
// push there without moving those lists (no allocation), and what it
// pushes reaches neither the stack's variables, the triggered frames nor
// the original. A copy made to keep (Clone) has no room.
func TestCloneIntoHasRoomToPlayOn(t *testing.T) {
	s := fullState(4)
	before := saved(t, s)
	var c State
	s.CloneInto(&c)
	stack, triggered := saved(t, &State{Stack: c.Stack}), saved(t, &State{Triggered: c.Triggered})
	vars, frames := len(c.Vars), len(c.Frames)
	allocs := testing.AllocsPerRun(1, func() {
		c.Vars, c.Frames = c.Vars[:vars], c.Frames[:frames]
		for i := range varRoom {
			c.Vars = append(c.Vars, Val{N: int64(100 + i)})
		}
		for i := range frameRoom {
			c.Frames = append(c.Frames, Frame{Prog: int32(100 + i)})
		}
	})
	assert.Zero(t, allocs, "pushing into the room moved a list")
	assert.Equal(t, stack, saved(t, &State{Stack: c.Stack}), "the stack's variables were written over")
	assert.Equal(t, triggered, saved(t, &State{Triggered: c.Triggered}), "the triggered frames were written over")
	assert.Equal(t, before, saved(t, s), "the original changed")

	k := s.Clone()
	assert.Equal(t, len(k.Vars), cap(k.Vars), "a kept copy's variables have no room")
	assert.Equal(t, len(k.Frames), cap(k.Frames), "a kept copy's frames have no room")
	for i, z := range k.Zones {
		assert.Equal(t, len(z.Cards), cap(z.Cards), "a kept copy's zone %d has room", i)
	}
}

// TestCloneIsOneAllocation: a copy kept is one block, whatever the size
// of the state, and a state so made may then be copied into (CloneInto)
// as any other: the memory it gets for that is its own, apart from the
// block it lives in.
func TestCloneIsOneAllocation(t *testing.T) {
	for _, size := range []int{0, 1, 4, 30} {
		s := fullState(size)
		var c *State
		allocs := testing.AllocsPerRun(10, func() { c = s.Clone() })
		assert.Equal(t, 1.0, allocs, "size %d", size)
		same(t, s, c)

		other := fullState(size + 3)
		want := saved(t, other)
		other.CloneInto(c)
		same(t, other, c)
		scribble(c)
		assert.Equal(t, want, saved(t, other), "size %d: writing the copy changed the original", size)
	}
}

// TestCloneOfEmptyZones: a state whose zones hold no card (a game of no
// cards, a damaged save) is copied, kept or into memory: a kept copy
// gives its zones no room, and an empty part at the block's end was
// taken past it.
func TestCloneOfEmptyZones(t *testing.T) {
	for _, s := range []*State{
		{Zones: []ZoneInstance{{}}},
		{Players: []PlayerState{{}, {}}, Zones: []ZoneInstance{{}, {Cards: []int{}}, {Owner: 1}}},
		{Zones: []ZoneInstance{{}}, Vars: []Val{{L: []int{}}}},
	} {
		c := s.Clone()
		same(t, s, c)
		c.Zones[0].Cards = append(c.Zones[0].Cards, 7)
		assert.Empty(t, s.Zones[0].Cards, "the copy's card went into the original")
		var into State
		s.CloneInto(&into)
		same(t, s, &into)
	}
}
