package engine

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// ruleset loads one of the shipped rulesets.
func ruleset(t *testing.T, name string) *model.Ruleset {
	t.Helper()
	rs, diags := load.LoadFile("../../rulesets/"+name+".yaml", stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	return rs
}

// machineOf starts a game of rs and gives its machine.
func machineOf(t *testing.T, rs *model.Ruleset, o Options) *machine {
	t.Helper()
	g, err := New(rs, o)
	require.NoError(t, err)
	return g.m
}

// TestChecksSkipWhatOtherSeatsChanged: a state check that reads a zone only
// of the seat it is evaluated for is not evaluated again for a seat whose
// zones did not change, though a zone of that kind changed elsewhere; it is
// when the seat's own zone changed. Shown with VerifyChanges, which
// evaluates a skipped check anyway and stops the game if it holds: here the
// second seat's board is filled behind the checks' back, so the skip shows.
func TestChecksSkipWhatOtherSeatsChanged(t *testing.T) {
	rs := ruleset(t, "lands")
	board := rs.ZoneReads(rs.ZoneIx["board"])
	for _, ch := range rs.Checks {
		require.Equal(t, board, ch.OwnReads, "%s reads only its own seat's board", ch.Name)
	}
	for _, tt := range []struct {
		name      string
		untouched uint64 // the seats whose zones did not change
		skipped   bool
	}{
		{"only the first seat's board changed", 1 << 1, true},
		{"both seats' boards changed", 0, false},
		{"no seat followed (an older save)", 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := machineOf(t, rs, Options{Players: 2, Seed: 3, NoLog: true, VerifyChanges: true})
			require.False(t, m.S.Over)
			// five cards of the second seat on its board, without a word to
			// the checks: its checks now hold
			zi := m.ZoneInst(rs.ZoneIx["board"], 1)
			for c := range m.S.Cards {
				if m.S.Cards[c].Owner == 1 && len(m.S.Zones[zi].Cards) < 5 {
					m.S.Zones[zi].Cards = append(m.S.Zones[zi].Cards, c)
				}
			}
			m.S.Changed, m.S.Held, m.S.Untouched, m.S.Dirty = uint64(board), 0, tt.untouched, true
			frames := len(m.S.Frames)
			m.runChecks()
			if tt.skipped {
				require.True(t, m.S.Over)
				require.Contains(t, m.S.Error, "holds for", "VerifyChanges saw the skipped check hold")
				return
			}
			require.False(t, m.S.Over, "%s", m.S.Error)
			require.Greater(t, len(m.S.Frames), frames, "the second seat's check fired")
			require.Equal(t, state.Seat(1), m.S.Frames[len(m.S.Frames)-1].You)
		})
	}
}

// TestMovesAndPropertiesMarkTheirSeats: a move marks the seats of the zones
// it leaves and enters as changed, a player property its player, a change
// of a zone of the game every seat. (A check holds here: every change
// makes the checks due, and marks its seats; a change no check reads
// leaves them as they were.)
func TestMovesAndPropertiesMarkTheirSeats(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	m := machineOf(t, rs, Options{Players: 3, Seed: 5, NoLog: true})
	m.S.Held = 1
	all := uint64(1<<3 - 1)
	hand, grave := m.ZoneInst(rs.ZoneIx["hand"], 1), m.ZoneInst(rs.ZoneIx["graveyard"], 2)
	require.NotEmpty(t, m.S.Zones[hand].Cards)
	m.S.Untouched = all
	require.NoError(t, m.Move(m.S.Zones[hand].Cards[0], grave, state.MoveOpts{}))
	require.Equal(t, uint64(1<<0), m.S.Untouched, "seats 1 and 2 changed")

	m.S.Untouched = all
	m.SetPlayerProp(2, 0, 7)
	require.Equal(t, uint64(1<<0|1<<1), m.S.Untouched)

	m.S.Untouched, m.S.Dirty, m.S.Changed = all, false, 0
	m.SetPlayerProp(2, 0, 7)
	require.Equal(t, all, m.S.Untouched, "writing the value a property has is no change")
	require.False(t, m.S.Dirty)
	require.Zero(t, m.S.Changed)

	m.S.Untouched = all
	m.SetGameProp(0, 1)
	require.Equal(t, all, m.S.Untouched, "a game property is no seat's")

	// a property a move resets changes only if it was not at its default
	damage := rs.CardPropIx["damage"]
	c := m.S.Zones[hand].Cards[0]
	m.S.Changed = 0
	require.NoError(t, m.Move(c, m.ZoneInst(rs.ZoneIx["battlefield"], 1), state.MoveOpts{}))
	require.Zero(t, m.S.Changed&uint64(rs.CardPropReads(damage)), "its damage was 0")
	m.SetCardProp(c, damage, 2)
	m.S.Changed = 0
	require.NoError(t, m.Move(c, m.ZoneInst(rs.ZoneIx["graveyard"], 1), state.MoveOpts{}))
	require.NotZero(t, m.S.Changed&uint64(rs.CardPropReads(damage)), "its damage went back to 0")
	require.Zero(t, m.BaseCardProp(c, damage))

	// a move into a zone of the game marks the seat it leaves only
	stack := m.ZoneInst(rs.ZoneIx["stack"], 0)
	m.S.Untouched = all
	require.NoError(t, m.Move(m.S.Zones[hand].Cards[0], stack, state.MoveOpts{}))
	require.Equal(t, all&^(1<<1), m.S.Untouched)

	m.S.Untouched = all
	m.MarkDirty()
	require.Zero(t, m.S.Untouched, "a change of anything is every seat's")
	require.NotZero(t, rs.SeatParts&rs.ZoneReads(rs.ZoneIx["hand"]))
	require.Zero(t, rs.SeatParts&model.ReadsTurn)
}

// TestSeatVersionFollowsEachSeatsParts: what is kept for a seat from parts
// it reads only of itself (an action's legality, a memoized scan) is kept
// through changes of those parts of other seats and of its other parts,
// not through a change of its own; a change of a part that is no seat's
// counts for every seat.
func TestSeatVersionFollowsEachSeatsParts(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	m := machineOf(t, rs, Options{Players: 3, Seed: 5, NoLog: true})
	handPart := rs.ZoneReads(rs.ZoneIx["hand"])
	reads := handPart | model.ReadsTurn
	v := func(seat int) uint64 { return m.SeatVersion(reads, handPart, seat) }
	v0, v1 := v(0), v(1)

	hand1, grave1 := m.ZoneInst(rs.ZoneIx["hand"], 1), m.ZoneInst(rs.ZoneIx["graveyard"], 1)
	require.NoError(t, m.Move(m.S.Zones[hand1].Cards[0], grave1, state.MoveOpts{}))
	require.Equal(t, v0, v(0), "another seat's hand")
	require.NotEqual(t, v1, v(1), "the seat's own hand")

	v0, v1 = v(0), v(1)
	m.SetPlayerProp(0, rs.PlayerPropIx["ep"], m.BasePlayerProp(0, rs.PlayerPropIx["ep"])+3)
	require.Equal(t, v0, v(0), "a part of its own it does not read")

	m.changed(model.ReadsTurn)
	require.NotEqual(t, v0, v(0), "a part read of every seat")
	require.NotEqual(t, v1, v(1))

	v0 = v(0)
	m.MarkDirty()
	require.NotEqual(t, v0, v(0), "a change of anything")
	require.Equal(t, m.Version(reads), m.SeatVersion(reads, 0, 0), "nothing read of one seat: the plain version")
}

// TestActionPartsKeptApart: what an action's filter, timing and condition
// give is kept part by part, so that a change of the turn, which its timing
// reads, leaves what its condition gave standing; the parts the action
// reads only of the seat it is listed for are told apart.
func TestActionPartsKeptApart(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	cast, ok := rs.ActionByName("cast")
	require.True(t, ok)
	filter, timing, cond := cast.Legal[0], cast.Legal[1], cast.Legal[2]
	require.True(t, filter.Kept && timing.Kept && cond.Kept)
	require.NotZero(t, timing.Reads&model.ReadsTurn)
	require.Zero(t, cond.Reads&model.ReadsTurn)
	require.Zero(t, filter.Reads&model.ReadsTurn)
	require.Equal(t, [model.LegalParts]int{0, 2, 1}, cast.ListOrder, "listing tries the timing, which reads the turn, last")
	pitch, _ := rs.ActionByName("pitch")
	require.Equal(t, rs.ZoneReads(rs.ZoneIx["hand"]), pitch.Legal[2].Own, "len(you.hand) > 0")

	m := machineOf(t, rs, Options{Players: 3, Seed: 5, NoLog: true, VerifyChanges: true})
	hand := m.S.Zones[m.ZoneInst(rs.ZoneIx["hand"], 0)].Cards
	require.NotEmpty(t, hand)
	c := hand[0]
	memo := m.legalSlot(cast, 0, c)
	f := lazyFrame{g: m, player: 0, card: c}
	for i := range cast.LegalExprs() {
		_, err := m.legalPart(cast, i, 0, memo, &f)
		require.NoError(t, err)
	}
	m.ReleaseFrame()
	kept := append([]termMemo(nil), memo...)
	m.changed(model.ReadsTurn)
	version := func(p model.LegalPart) uint64 { return kept[p.Terms[0].Slot].version }
	require.Equal(t, version(cond), m.SeatVersion(cond.Reads, cond.Own, 0), "the condition is kept through a change of the turn")
	require.Equal(t, version(filter), m.SeatVersion(filter.Reads, filter.Own, 0))
	require.NotEqual(t, version(timing), m.SeatVersion(timing.Reads, timing.Own, 0), "the timing is not")
	_, err := m.whyNot(cast, 0, c)
	require.NoError(t, err)
	require.False(t, m.S.Over, "VerifyChanges found what was kept right: %s", m.S.Error)
}

// TestAShuffleIsAChange: a shuffle changes the order of a zone's cards and
// what players know of them; the state checks that read the zone run after
// it (a shuffle used to count only as a change of the values kept, not for
// the checks). A shuffle of a zone no check reads is recorded, and does
// not make the checks due.
func TestAShuffleIsAChange(t *testing.T) {
	rs := ruleset(t, "lands")
	m := machineOf(t, rs, Options{Players: 2, Seed: 3, NoLog: true})
	deck := m.ZoneInst(rs.ZoneIx["deck"], 1)
	m.S.Dirty, m.S.Changed, m.S.Untouched, m.S.Held = false, 0, 1<<2-1, 0
	m.Shuffle(deck)
	require.False(t, m.S.Dirty, "Lands' checks read the boards, not the decks")
	require.NotZero(t, m.S.Changed&uint64(rs.ZoneReads(rs.ZoneIx["deck"])))
	require.NotZero(t, m.S.Changed&uint64(model.ReadsKnowledge))
	require.Equal(t, uint64(1<<2-1), m.S.Untouched, "no check reads the second seat's deck")

	board := m.ZoneInst(rs.ZoneIx["board"], 0)
	m.Shuffle(board)
	require.True(t, m.S.Dirty, "the checks read the boards")
	require.NotZero(t, m.S.Changed&uint64(rs.ZoneReads(rs.ZoneIx["board"])))
	require.Equal(t, uint64(1<<1), m.S.Untouched, "the first seat's board")

	// a check that held is tried again at any change
	m.S.Dirty, m.S.Changed, m.S.Held, m.S.Untouched = false, 0, 1, 1<<2-1
	m.Shuffle(deck)
	require.True(t, m.S.Dirty, "a check held")
	require.Equal(t, uint64(1<<0), m.S.Untouched, "the second seat's deck")
}

// TestAKeptRefusalDecides: listing actions, a part of an action kept as
// refused decides without evaluating the parts before it (its timing):
// only WhyNot, which keeps nothing, gives the first that fails.
func TestAKeptRefusalDecides(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	offer, ok := rs.ActionByName("offer_alliance")
	require.True(t, ok)
	m := machineOf(t, rs, Options{Players: 3, Seed: 5, NoLog: true})
	require.NotEqual(t, "alliance", rs.Symbol(int64(m.S.Mode)), "a game without alliances")
	memo := m.legalSlot(offer, 1, -1)
	// the condition's first term (mode == alliance) kept as refused
	cond := offer.Legal[2].Terms[0]
	memo[cond.Slot] = termMemo{s: m.S, version: m.SeatVersion(cond.Reads, cond.Own, 1), player: 1, set: true}
	why, err := m.whyNot(offer, 1, -1)
	require.NoError(t, err)
	require.Equal(t, offer.Why, why, "the condition's reason, though the timing comes first")
	for _, term := range offer.Legal[1].Terms {
		require.False(t, memo[term.Slot].set, "the timing was not evaluated")
	}
	m.Explain = true
	why, err = m.whyNot(offer, 1, -1)
	m.Explain = false
	require.NoError(t, err)
	timingWhy := offer.TimingWhy
	if timingWhy == "" {
		timingWhy = "not now"
	}
	require.Equal(t, timingWhy, why, "WhyNot gives the first part that fails: the timing, at the game's start")
}

// TestATermKeepsItsRefusal: a timing that joins conditions by and is kept
// term by term: `you == active` refused for a seat whose turn it is not
// stays refused through the phases of the turn and changes of the stack,
// which the rest of the timing reads, and decides without evaluating
// anything; a new turn evaluates it again.
func TestATermKeepsItsRefusal(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	offer, ok := rs.ActionByName("offer_alliance")
	require.True(t, ok)
	timing := offer.Legal[1]
	require.Len(t, timing.Terms, 4, "%s", offer.Timing.Src)
	require.Equal(t, model.ReadsTurn, timing.Terms[1].Reads, "you == active")
	require.Equal(t, model.ReadsPhase, timing.Terms[2].Reads, "phase in [main1, main2]")
	require.Equal(t, model.ReadsStack, timing.Terms[3].Reads, "len(stack) == 0")
	require.Equal(t, model.ReadsTurn|model.ReadsPhase|model.ReadsStack, timing.Reads&^timing.Terms[0].Reads)

	m := machineOf(t, rs, Options{Players: 3, Seed: 5, Mode: "alliance", NoLog: true})
	other := (m.S.Active + 1) % 3
	memo := m.legalSlot(offer, other, -1)
	why, err := m.whyNot(offer, other, -1)
	require.NoError(t, err)
	require.NotEmpty(t, why)
	first := timing.Terms[1] // after mode == alliance, which holds
	kept := memo[first.Slot]
	require.True(t, kept.set && !kept.ok, "you == active was kept as refused")
	require.Equal(t, lastTerm(1, 1), memo[0].last, "and is tried first the next time")
	m.changed(model.ReadsPhase | model.ReadsStack)
	require.Equal(t, 1, m.keptRefusal(offer, memo, other), "the timing is refused by what was kept")
	_, err = m.whyNot(offer, other, -1)
	require.NoError(t, err)
	require.Equal(t, kept, memo[first.Slot], "nothing was evaluated again")
	m.changed(model.ReadsTurn)
	require.Equal(t, -1, m.keptRefusal(offer, memo, other), "a new turn: evaluated again")
}

// TestAFlipChangesItsCard: turning a card face down or up changes the
// cards' own fields and what players know, not every part of the state.
func TestAFlipChangesItsCard(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	m := machineOf(t, rs, Options{Players: 2, Seed: 5, NoLog: true})
	c := m.S.Zones[m.ZoneInst(rs.ZoneIx["hand"], 0)].Cards[0]
	require.NoError(t, m.Move(c, m.ZoneInst(rs.ZoneIx["traps"], 0), state.MoveOpts{}))
	m.S.Changed = 0
	m.Flip(c, !m.S.Cards[c].FaceDown, -1)
	require.Equal(t, uint64(model.ReadsCardFields|model.ReadsKnowledge), m.S.Changed)
}

// TestAResumedGameChecksEverything: the parts changed since the last
// checks are saved as bits whose meaning belongs to the engine that wrote
// them; a game resumed with checks due counts every part and seat as
// changed.
func TestAResumedGameChecksEverything(t *testing.T) {
	rs := ruleset(t, "lands")
	m := machineOf(t, rs, Options{Players: 2, Seed: 5, NoLog: true})
	st := m.S.Clone()
	st.Dirty, st.Changed, st.Untouched = true, uint64(model.ReadsStack), 1
	g, err := Resume(rs, nil, st)
	require.NoError(t, err)
	require.Zero(t, g.m.S.Changed)
	require.Zero(t, g.m.S.Untouched)
}

// TestAModifierEndsWithItsCard: a modifier that lasts while its card stays
// where it is ends when the card moves, which changes the property it
// modified, not every part of the state.
func TestAModifierEndsWithItsCard(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	m := machineOf(t, rs, Options{Players: 2, Seed: 5, NoLog: true, VerifyChanges: true})
	c := m.S.Zones[m.ZoneInst(rs.ZoneIx["hand"], 0)].Cards[0]
	power := rs.CardPropIx["power"]
	m.S.Modifiers = append(m.S.Modifiers, state.Modifier{Card: state.CardRef(c), Player: -1, Prop: int32(power), Amount: 2, Until: state.UntilLeave})
	m.S.Changed = 0
	epoch := m.Version(0)
	require.NoError(t, m.Move(c, m.ZoneInst(rs.ZoneIx["graveyard"], 0), state.MoveOpts{}))
	require.Empty(t, m.S.Modifiers)
	require.NotZero(t, m.S.Changed&uint64(rs.CardPropReads(power)), "the property it modified")
	require.Zero(t, m.S.Changed&uint64(model.ReadsAnything))
	require.Equal(t, epoch, m.Version(0), "what reads no part of the state stands")
}

// TestTheTurnsSkipIsKept: the turn's skip_if, tried at every phase, is
// evaluated again only when a part of the state it reads has changed.
func TestTheTurnsSkipIsKept(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	var skip *model.Expr
	for _, ph := range rs.Phases {
		if ph.TurnSkip != nil {
			skip = ph.TurnSkip
			break
		}
	}
	require.NotNil(t, skip)
	m := machineOf(t, rs, Options{Players: 2, Seed: 5, NoLog: true})
	slot := ruleSlot(rs, skip)
	require.Equal(t, skip.Index, slot, "its value can be kept, by its own index")
	p := m.S.Active
	got, err := m.ruleCond(skip, slot, p)
	require.NoError(t, err)
	require.False(t, got, "%s", skip.Src)
	m.ruleKept[skip.Index].ok = true // what is kept is what it gives
	m.changed(model.ReadsPhase | model.ReadsStack)
	got, err = m.ruleCond(skip, slot, p)
	require.NoError(t, err)
	require.True(t, got, "kept through a change of what it does not read")
	m.changed(model.ReadsTurn)
	got, err = m.ruleCond(skip, slot, p)
	require.NoError(t, err)
	require.False(t, got, "evaluated again after a change of the turn")
}

// TestCardPropertiesShareTheirBits: a ruleset with more parts than a read
// set has bits lets card properties share bits among themselves; every
// zone, player property and game property keeps a bit of its own.
func TestCardPropertiesShareTheirBits(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	var own []model.ReadSet
	for z := range rs.Zones {
		own = append(own, rs.ZoneReads(z))
	}
	for i := range rs.PlayerProps {
		own = append(own, rs.PlayerPropReads(i))
	}
	for i := range rs.GameProps {
		own = append(own, rs.GamePropReads(i))
	}
	var mine model.ReadSet
	for _, r := range own {
		require.Zero(t, mine&r, "a bit of its own")
		mine |= r
	}
	var cards model.ReadSet
	for i := range rs.CardProps {
		r := rs.CardPropReads(i)
		require.Zero(t, mine&r, "card property %s", rs.CardProps[i].Name)
		require.NotZero(t, r)
		cards |= r
	}
	require.Greater(t, len(own)+len(rs.CardProps), 56, "more parts than bits: some card properties share")
	require.Zero(t, (cards|mine)&(model.ReadsTurn|model.ReadsPhase|model.ReadsStack|model.ReadsAnything))
}

// TestTheSameOptionsShareTheirPlace: a list of options the same as the last
// one kept (pass, and nothing else, window after window) is not copied
// again; another list is.
func TestTheSameOptionsShareTheirPlace(t *testing.T) {
	m := machineOf(t, ruleset(t, "lands"), Options{Players: 2, Seed: 5, NoLog: true})
	pass := []state.Option{{ID: "pass", Label: "pass", Card: -1, Action: -1, Player: -1}}
	a := m.keepOptions(append([]state.Option(nil), pass...))
	b := m.keepOptions(append([]state.Option(nil), pass...))
	require.Same(t, &a[0], &b[0])
	other := m.keepOptions([]state.Option{{ID: "x", Card: 3, Action: 0, Player: -1}})
	require.NotSame(t, &a[0], &other[0])
	c := m.keepOptions(append([]state.Option(nil), pass...))
	require.NotSame(t, &a[0], &c[0], "only the last list kept is shared")
	require.Equal(t, pass, c)
}

// TestTheTopCardLeavesTheRoom: a card taken from the top of a zone leaves
// the zone its whole room, so that a game made in the same memory does
// not grow the zone again.
func TestTheTopCardLeavesTheRoom(t *testing.T) {
	rs := ruleset(t, "lands")
	m := machineOf(t, rs, Options{Players: 2, Seed: 5, NoLog: true})
	deck := m.ZoneInst(rs.ZoneIx["deck"], 0)
	z := &m.S.Zones[deck]
	require.Greater(t, len(z.Cards), 2)
	room, second := cap(z.Cards), z.Cards[1]
	m.removeFrom(z.Cards[0], deck)
	require.Equal(t, room, cap(z.Cards))
	require.Equal(t, second, z.Cards[0], "the rest moved up, in order")
}

// TestMemosGoStaleWithANewGame: a game made in the memory of the last one
// keeps each primitive's memo for its room, at an epoch no count reaches:
// nothing worked out in the last game holds in this one.
func TestMemosGoStaleWithANewGame(t *testing.T) {
	rs := ruleset(t, "lands")
	g, err := New(rs, Options{Players: 2, Seed: 5, NoLog: true})
	require.NoError(t, err)
	step := &model.Step{}
	memo := g.m.Memo(step)
	val := &struct{ n int }{7}
	*memo = model.Memo{Epoch: g.m.Epoch(), Key: [4]int64{1}, Val: val}
	require.True(t, memo.Holds(g.m.Epoch(), [4]int64{1}))
	g2, err := NewInto(g, rs, Options{Players: 2, Seed: 6, NoLog: true})
	require.NoError(t, err)
	again := g2.m.Memo(step)
	require.Same(t, memo, again, "the memo keeps its place")
	require.Same(t, val, again.Val, "and its value's room")
	require.False(t, again.Holds(g2.m.Epoch(), [4]int64{1}), "but nothing of it holds")
	require.Equal(t, model.StaleEpoch, again.Epoch)
}

// TestVariableListsKeepTheirRoom: the lists VarList cuts for variables
// share a block, but each has its own room: filling one, or growing it
// past its room, leaves the others as they were, and so does a new block
// when the old one is full. An empty list is empty, not nil.
func TestVariableListsKeepTheirRoom(t *testing.T) {
	m := machineOf(t, ruleset(t, "lands"), Options{Players: 2, Seed: 1, NoLog: true})
	empty := m.VarList(0)
	require.NotNil(t, empty)
	require.Empty(t, empty)

	a := append(m.VarList(2), 1, 2)
	b := append(m.VarList(3), 7, 8, 9)
	require.Equal(t, 2, cap(a))
	a = append(a, 3) // past its room: it moves, b stays
	require.Equal(t, []int{1, 2, 3}, a)
	require.Equal(t, []int{7, 8, 9}, b)

	// a list bigger than what is left of the block starts a new one
	big := append(m.VarList(varListBlock), make([]int, varListBlock)...)
	require.Len(t, big, varListBlock)
	require.Equal(t, []int{7, 8, 9}, b)
	c := append(m.VarList(1), 5)
	require.Equal(t, []int{5}, c)
	require.Equal(t, []int{7, 8, 9}, b)

	// many short lists, one allocation for a block of them
	allocs := testing.AllocsPerRun(100, func() { _ = m.VarList(2) })
	require.Less(t, allocs, 0.1)
}

// TestModeRulesActionsOut: in a Risk & Resource game that is not played in
// its alliance mode, the alliance actions are ruled out for each seat once
// their mode term has refused them (LegalTerm.Fixed), and ActionOptions
// does not try them again; in the alliance mode they are not.
func TestModeRulesActionsOut(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	for _, mode := range []string{"standard", "alliance"} {
		g := machineOf(t, rs, Options{Players: 4, Seed: 5, Mode: mode, NoLog: true})
		for i := 0; i < 200 && !g.S.Over; i++ {
			p := g.Pending()
			require.NoError(t, g.Answer(p[0].Player, state.Answer{Picks: []int{len(p[0].Options) - 1}}))
		}
		for _, name := range []string{"offer_alliance", "break_alliance"} {
			a, ok := rs.ActionByName(name)
			require.True(t, ok)
			for seat := 0; seat < 4; seat++ {
				require.Equal(t, mode != "alliance", g.isRuledOut(a, seat), "%s, %s, p%d", mode, name, seat+1)
			}
		}
		pitch, _ := rs.ActionByName("pitch")
		require.False(t, g.isRuledOut(pitch, 0), "an action whose terms read the state is never ruled out")
	}
}

// TestAlternativesKeptOnWhatDecided: a timing written as alternatives
// (card.type == instant or (you == active and phase in [...] and
// len(stack) == 0)) that refuses a card other than an instant to a player
// whose turn it is not is kept on what decided it, the card's type and
// whose turn it is: a change of the phase or of the stack leaves the
// refusal standing, a change of the turn does not.
func TestAlternativesKeptOnWhatDecided(t *testing.T) {
	rs := ruleset(t, "risk-resource")
	cast, _ := rs.ActionByName("cast")
	timing := cast.Legal[1]
	require.Len(t, timing.Terms, 1)
	term := &timing.Terms[0]
	require.Len(t, term.Leaves, 4, "card.type == instant; you == active, phase in [...], len(stack) == 0")
	require.NotZero(t, term.Reads&model.ReadsPhase)

	m := machineOf(t, rs, Options{Players: 3, Seed: 5, NoLog: true, VerifyChanges: true})
	seat := (m.S.Active + 1) % 3
	instant := rs.Intern("instant")
	c := -1
	for _, x := range m.S.Zones[m.ZoneInst(rs.ZoneIx["hand"], seat)].Cards {
		if m.CardProp(x, rs.CardPropIx["type"]) != instant {
			c = x
		}
	}
	require.GreaterOrEqual(t, c, 0, "a card that is not an instant")
	memo := m.legalSlot(cast, seat, c)
	f := lazyFrame{g: m, player: seat, card: c}
	ok, err := m.legalPart(cast, 1, seat, memo, &f)
	m.ReleaseFrame()
	require.NoError(t, err)
	require.False(t, ok)
	require.Equal(t, uint16(1<<0|1<<1), memo[term.Slot].decided, "the card's type and whose turn it is")
	require.True(t, m.keptFalse(term, memo, seat))
	m.changed(model.ReadsPhase | model.ReadsStack)
	require.True(t, m.keptFalse(term, memo, seat), "kept through a change of the phase and the stack")
	m.changed(model.ReadsTurn)
	require.False(t, m.keptFalse(term, memo, seat), "not through a change of the turn")
	_, err = m.whyNot(cast, seat, c)
	require.NoError(t, err)
	require.False(t, m.S.Over, "VerifyChanges found what was kept right: %s", m.S.Error)
}

// TestALogWithoutEndStopsTheGame: an effect that writes line after line
// stops the game at the step that wrote past the log's bound, with its
// position, instead of filling memory (here a bound of 64 KiB; the step
// budget, raised, would let it run longer).
func TestALogWithoutEndStopsTheGame(t *testing.T) {
	was := maxLogSize
	maxLogSize = 64 << 10
	defer func() { maxLogSize = was }()
	rs, diags := load.Load(load.Source{Name: "chatter.yaml", Data: []byte(chatterRules)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: word, name: Word}\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := New(rs, Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	d := g.Pending()[0]
	require.Equal(t, "chatter", d.Options[0].Label)
	require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
	require.True(t, g.m.S.Over)
	require.Contains(t, g.m.S.Error, "chatter.yaml:16:17: log:")
	require.Contains(t, g.m.S.Error, "log: the game's log holds more than")
	require.Less(t, g.m.S.LogSize, 2*maxLogSize)
}

// chatterRules is a game whose one action writes log lines without end and
// asks nothing: with the step budget raised, the log's bound stops it.
const chatterRules = `name: chatter
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner, doc: unused}
turn:
  phases:
    - name: main
      do: [{act: {actions: [chatter]}}]
actions:
  chatter:
    label: chatter
    doc: Talk and talk.
    effect:
      - repeat:
          while: "true"
          do: [{log: "{you} says a long sentence of many words, again and again, to nobody in particular, for ever."}]
limits: {steps: 1000000}
`
