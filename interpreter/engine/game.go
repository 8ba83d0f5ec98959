package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Options configure a new game.
type Options struct {
	Players int
	Seed    uint64
	Decks   []string // per seat; empty entries use the ruleset's first deck
	Mode    string   // a game mode the ruleset declares, or ""
	// NoLog keeps no text log (simulations, bots' lookahead); replays and
	// views of the log need one. Without a log, the options of an action
	// decision carry no id and no label either: they are answered by
	// position (Answer.Picks). Nor do decisions carry a prompt: nobody
	// reads one there.
	NoLog bool
	// NoRecord keeps no record of the answers (State.History): a game
	// nobody will save, replay or take back, as a simulation's. Such a
	// game cannot be saved.
	NoRecord bool
	// Setup, when set, places the game in a chosen position instead of
	// running the ruleset's setup (scenario tests, puzzles).
	Setup *setup.Setup
	// Coverage, when set, counts every action, trigger and check that runs
	// under its name (arbiter test --coverage).
	Coverage map[string]int
	// VerifyChanges, a test of the engine itself, evaluates again what
	// the engine does not because no part of the state it reads changed
	// (the state checks, the values statics derive) and stops the game with
	// an error if a check skipped holds or a value differs. It makes games
	// slower.
	VerifyChanges bool
	// WatchResign lists seats whose first moment to resign is kept from
	// the start of the game's first run (Game.WatchResign): a scenario
	// whose first step resigns a seat the engine plays on without asking.
	WatchResign []int
	// Rolls fixes the results of the game's first die rolls (the roll
	// step), in order, instead of the generator's: a scenario that tests
	// what a roll gives. Shuffles and other draws stay the seed's.
	Rolls []int
	// KeepForced keeps the questions the engine answers itself, those with
	// one way to be answered, with their answers (Game.Forced): a
	// scenario whose steps answer such a question too is matched with it.
	KeepForced bool
}

// Forced is a question the engine answered itself because it had one way
// to be answered: a window where all a seat may do is pass, a choice
// among one card.
type Forced struct {
	Seq    int    // the question's number (Decision.Seq)
	Player int    // the seat it was asked
	Label  string // the answer, as its option is labelled ("" when it has none)
	Card   int    // the card of the answer's option, or -1
}

// Game is one game in progress, as a program that embeds the engine sees
// it: create it with New (or save.Restore), list what it waits for with
// Pending, give answers with Answer, read it through Evaluator (views in
// package view, saves in package save). A Game is not safe for concurrent
// use; clone it for another goroutine. Its methods are listed in api.go.
type Game struct {
	m *machine
}

// machine is the effect machine that runs a game: the evaluator (the
// read-only ruleset, the mutable state, and scratch space for evaluating
// expressions) and the machine's own registers. It is the model.Context that
// primitives are given.
type machine struct {
	model.Evaluator
	Decks  []int
	watch  stepWatch                   // the step budget of the steps running now
	memos  map[*model.Step]*model.Memo // Memo
	sample samples                     // Determinize's buffers
	seen   []int                       // ActionOptions' list of the cards it offered, kept for its next call
	// the lists Answered returns, kept for its next call
	answeredD []state.Decision
	answeredV []state.Answer // Answered's copies of the answers
	answeredA []*state.Answer
	answers   []state.Answer        // keepAnswer's slab
	options   []state.Option        // keepOptions' slab
	lastKept  []state.Option        // the list keepOptions kept last
	events    []state.Event         // keepEvent's slab
	outcomes  map[outcomeKey]string // outcomeText's texts, kept across games
	// lent is set once a copy of the state (Clone, a copy into another
	// machine, Checkpoint) shares what the slabs hold (the options and
	// events kept, the lists cut by VarList): they are then never written
	// again, and the next game (NewInto) cuts new ones (reuseSlabs)
	lent atomic.Bool
	// checkParts is what the state checks read (every part when runChecks
	// tries them all, more checks and seats than its bits): a change of
	// another part alone does not make them due (checksDue)
	checkParts model.ReadSet
	// moveHeard is which events of a move between two zone kinds (from
	// kind × kinds + to kind) something may hear (indexMoves)
	moveHeard []uint8
	// logFull is set when the log passes maxLogSize: the step that wrote
	// the line stops the game
	logFull error
	// skipSlots is, by phase, where ruleCond keeps its skip_ifs' values
	skipSlots []ruleSlots
	// turnHeard is which events of the turn structure something may hear
	// (hearsTurn): asked at every phase, answered from one byte
	turnHeard turnEvents
	optBuf    []state.Option // ActionOptions' list, kept for its next call
	trigSpare []state.Frame  // the list of triggered abilities not in use (run)
	together  []int          // the cards of the MoveTogether under way: they leave and arrive at once
	choiceBuf []state.Option // OptionScratch's list
	cardBuf   []int          // CardScratch's list
	refillBuf []int          // Draw's copy of the pile it refills from
	varLists  []int          // VarList's block: only its tail past len is free
	stackVals []state.Val    // stackVars's block, the same way
	heard     []heard        // tryListeners' list, kept for its next call
	legal     [][]termMemo   // whyNot's memory, per action and seat or card (legalPart)
	ruleKept  []termMemo     // ruleCond's memory, per expression of the ruleset
	// ruledOut is, per action and seat, whether a fixed term refused the
	// action to the seat without a card: for the rest of the game
	// (LegalTerm.Fixed)
	ruledOut []bool
	// resignPoints are the seats watched for their first moment to
	// resign, and the moments kept (WatchResign)
	resignPoints []resignPoint
	// rolls are the results of the next die rolls, fixed by a scenario
	// (Options.Rolls); the generator rolls once they are used
	rolls []int
	// forced lists the questions answered at once, when kept
	// (Options.KeepForced)
	forced     []Forced
	keepForced bool
	// start is how the game began, when not as the ruleset deals it: a
	// save keeps it, so that the game can be played again from its seed
	start gameStart
}

// gameStart is a game's position placed by a Setup and its die rolls fixed
// by Options.Rolls; never changed once the game began, so copies share it.
type gameStart struct {
	setup *setup.Setup
	rolls []int
}

var errGameOver = errors.New("the game is over")

// New starts a game: it picks the first player, runs the setup and plays until
// the first decision.
func New(rs *model.Ruleset, o Options) (*Game, error) {
	var m *machine
	var err error
	if o.Setup != nil {
		m, err = newFromSetup(rs, o, *o.Setup)
	} else {
		m, err = newDealt(rs, o)
	}
	if err != nil {
		return nil, err
	}
	return &Game{m: m}, nil
}

// Resume makes a game of a state put together elsewhere (a save read back),
// with the deck each seat plays by name ("" for none). The state's structure
// is checked; the caller checks anything else it promised.
func Resume(rs *model.Ruleset, decks []string, st *state.State) (*Game, error) {
	n := len(st.Players)
	if n < rs.MinPlayers || n > rs.MaxPlayers {
		return nil, fmt.Errorf("the state has %d players; %s takes %d to %d", n, rs.Name, rs.MinPlayers, rs.MaxPlayers)
	}
	m := newMachine(rs, n)
	for i := range m.Decks {
		m.Decks[i] = -1
		if i < len(decks) && decks[i] != "" {
			ix, ok := rs.DeckIx[decks[i]]
			if !ok {
				return nil, fmt.Errorf("unknown deck %q", decks[i])
			}
			m.Decks[i] = ix
		}
	}
	m.S = st
	if err := rs.CheckStructure(st); err != nil {
		return nil, err
	}
	st.LogSize = logSize(st.Log) // not saved: the log's bound is the game's, not the session's
	if st.Dirty {
		// which parts changed since the last state checks is written in
		// bits whose meaning is the engine's, and another version may have
		// written it: every part and seat counts as changed, which
		// evaluates a check once more than needed at worst
		st.Changed, st.Untouched = 0, 0
	}
	return &Game{m: m}, nil
}

// Evaluator reads the game: its ruleset, its state and every derived value,
// as views, saves, bots and tools need. Nothing read through it changes the
// game; changing the state it returns is not allowed.
func (g *Game) Evaluator() *model.Evaluator { return &g.m.Evaluator }

// Start is how a game began, besides its seed: with the answers given
// they play the game again (a save keeps them).
type Start struct {
	Decks []string     // the deck each seat plays by name ("" where the ruleset has none)
	Setup *setup.Setup // the position a Setup placed; nil when the game was dealt
	Rolls []int        // the die rolls Options.Rolls fixed
}

// Start says how the game began. Its Setup and Rolls are the game's own
// and may not be changed.
func (g *Game) Start() Start {
	out := make([]string, len(g.m.Decks))
	for i, d := range g.m.Decks {
		if d >= 0 && d < len(g.m.Rs.Decks) {
			out[i] = g.m.Rs.Decks[d].Name
		}
	}
	return Start{Decks: out, Setup: g.m.start.setup, Rolls: g.m.start.rolls}
}

// NewInto starts a game as New does, in the memory of prev: a game of the
// same ruleset and number of players that nobody uses any more, as a
// simulation's last game. Its state's lists and the machine's scratch are
// reused, so that a run of many games does not make them anew for each;
// prev, and whatever was read from it, is given up (a save or a copy made
// of it stays as it was). It returns prev, started anew; with a nil prev,
// one of another ruleset or another number of players, or a Setup, it is
// New. The game is the game New would start.
func NewInto(prev *Game, rs *model.Ruleset, o Options) (*Game, error) {
	players := o.Players
	if players == 0 {
		players = rs.MinPlayers
	}
	if prev == nil || prev.m == nil || o.Setup != nil || prev.m.Rs != rs || prev.m.Nseats != players {
		return New(rs, o)
	}
	m, err := deal(prev.m, rs, o)
	if err != nil {
		return nil, err
	}
	prev.m = m
	return prev, nil
}

// newDealt starts a game the way the ruleset sets it up.
func newDealt(rs *model.Ruleset, o Options) (*machine, error) { return deal(nil, rs, o) }

// deal starts a game with the ruleset's setup, in the memory of machine g
// (nil: a new machine).
func deal(g *machine, rs *model.Ruleset, o Options) (*machine, error) {
	if o.Players == 0 {
		o.Players = rs.MinPlayers
	}
	if err := CheckOptions(rs, o); err != nil {
		return nil, err
	}
	// everything that can be refused first: the machine is not touched
	var room [8]int // on the stack for up to eight seats
	decks := room[:0]
	for range o.Players {
		decks = append(decks, 0)
	}
	for i := range decks {
		d := rs.DefaultDeck()
		if i < len(o.Decks) && o.Decks[i] != "" {
			ix, err := playerDeck(rs, o.Decks[i])
			if err != nil {
				return nil, err
			}
			d = ix
		}
		decks[i] = d
	}
	if _, err := modeSymbol(rs, o.Mode); err != nil {
		return nil, err
	}
	var old *state.State
	if g == nil {
		g = newMachine(rs, o.Players)
		copy(g.Decks, decks)
	} else {
		g.renew()
		old = g.S
		if !slices.Equal(g.Decks, decks) {
			// a list of its own: a copy of a game shares its decks' list
			g.Decks = slices.Clone(decks)
		}
	}
	g.Coverage = o.Coverage
	g.Der.Verify = o.VerifyChanges
	g.keepForced, g.forced = o.KeepForced, g.forced[:0]
	s, err := newState(rs, o, old)
	if err != nil {
		return nil, err
	}
	g.S = s
	s.Phase = state.StageBetween
	s.First = g.rand(o.Players)
	s.Active = s.First
	if !s.NoLog && !setupPicksFirst(rs) {
		// a setup that decides who takes the first turn (a toss) says so
		// itself: this line would name a player who may not start
		g.logf(-1, "start", s.First, "%s starts.", g.SeatName(s.First))
	}
	g.pushRoot(rs.Setup, s.First, -1, state.Event{Card: state.NoCard, Player: state.Seat(s.First)})
	s.Turn = 0
	s.Phase = state.StageSetup
	g.WatchResign(o.WatchResign...)
	g.rolls = slices.Clone(o.Rolls)
	g.start = gameStart{rolls: slices.Clone(o.Rolls)}
	g.run()
	return g, nil
}

// renew readies a machine that ran a game for a new game of the same
// ruleset and seats (NewInto): nothing of the old game is kept but memory.
func (g *machine) renew() {
	g.ReuseLike(&g.Evaluator)
	g.watch = stepWatch{}
	g.staleMemos()
	g.forgetLegal()
	g.seen = g.seen[:0]
	g.answeredD, g.answeredV, g.answeredA = g.answeredD[:0], g.answeredV[:0], g.answeredA[:0]
	g.answers = g.answers[:0]
	g.stackVals = g.stackVals[:0] // a copy of the state copies its variables
	g.reuseSlabs()
}

// reuseSlabs starts the slabs of kept options and events, and of lists,
// again from their first element when no copy of the state shares them,
// and drops them when one does: a copy made of a game stays as it was
// when the game's memory serves the next.
func (g *machine) reuseSlabs() {
	if g.lent.Load() {
		g.options, g.varLists, g.events = nil, nil, nil
		g.lent.Store(false)
	} else {
		g.options, g.varLists, g.events = g.options[:0], g.varLists[:0], g.events[:0]
	}
	g.lastKept = nil
	g.logFull = nil // of the last game, set by a line no step wrote
}

// staleMemos readies the primitives' memos for another game: each keeps
// its value, for its room, at an epoch no count reaches (Context.Memo).
func (g *machine) staleMemos() {
	for _, m := range g.memos {
		m.Epoch, m.Key = model.StaleEpoch, [4]int64{}
	}
}

// forgetLegal drops what whyNot kept: the evaluator counts versions again
// from zero.
func (g *machine) forgetLegal() {
	for _, row := range g.legal {
		clear(row)
	}
	clear(g.ruleKept)
	clear(g.ruledOut)
}

func newMachine(rs *model.Ruleset, n int) *machine {
	g := &machine{Decks: make([]int, n)}
	g.Init(rs, n)
	for _, ch := range rs.Checks {
		g.checkParts |= ch.Reads
	}
	if len(rs.Checks)*n > 64 || g.checkParts&model.ReadsAnything != 0 {
		g.checkParts = ^model.ReadSet(0)
	}
	g.indexMoves()
	g.indexTurnEvents()
	g.skipSlots = make([]ruleSlots, len(rs.Phases))
	for i, ph := range rs.Phases {
		g.skipSlots[i] = ruleSlots{turn: ruleSlot(rs, ph.TurnSkip), own: ruleSlot(rs, ph.Skip)}
	}
	return g
}

// Clone returns an independent copy of the game.
func (g *machine) Clone() *machine {
	g.lent.Store(true)
	c := newMachineShallow(g)
	c.S = g.S.Clone()
	return c
}

// cloneInto makes dst a copy of the game, reusing dst's memory (a copy
// made by Clone or cloneInto that is not used any more, nor the decisions
// it gave); nil makes a new copy. The options dst kept are written over:
// the copy's pending decisions are g's, whose options lie in g's slab.
func (g *machine) cloneInto(dst *machine) *machine {
	if dst == nil || dst.S == nil {
		return g.Clone()
	}
	g.lent.Store(true)
	dst.ReuseLike(&g.Evaluator)
	dst.Decks = g.Decks
	dst.start = g.start
	dst.reuseSlabs()
	dst.watch = stepWatch{}
	dst.staleMemos()
	dst.forgetLegal()
	g.S.CloneInto(dst.S)
	return dst
}

func newMachineShallow(g *machine) *machine {
	c := &machine{Decks: g.Decks, start: g.start, checkParts: g.checkParts, moveHeard: g.moveHeard, skipSlots: g.skipSlots, turnHeard: g.turnHeard}
	c.InitLike(&g.Evaluator)
	c.Der.Verify = g.Der.Verify
	return c
}

// Over reports whether the game has ended.
func (g *machine) Over() bool { return g.S.Over }

// Winners lists the seats that won.
func (g *machine) Winners() []int {
	var out []int
	for i, p := range g.S.Players {
		if p.Won {
			out = append(out, i)
		}
	}
	return out
}

// Outcome describes how the game ended ("" while it runs).
func (g *machine) Outcome() string { return g.S.Outcome }

// Err returns the runtime error that stopped the game, if any. A game that is
// neither over nor waiting for an answer can never go on: that is an error
// too, named by the step the game is at (the engine stops such a game with
// that error itself; a state put together by hand can still be in it).
func (g *machine) Err() error {
	if g.S.Error != "" {
		return errors.New(g.S.Error)
	}
	if !g.S.Over && !g.waiting() {
		return g.stalled()
	}
	return nil
}

// stalled names the step a game that asks nobody anything is at.
func (g *machine) stalled() error {
	if n := len(g.S.Frames); n > 0 {
		f := g.S.Frames[n-1]
		if prog := g.Rs.Programs[f.Prog]; int(f.PC) < len(prog.Steps) {
			st := prog.Steps[f.PC]
			return fmt.Errorf("%s: %s: %s", st.Pos, st.Prim.Name, errStalled)
		}
	}
	return fmt.Errorf("turn %d: %s", g.S.Turn, errStalled)
}

// errStalled says why a game that is not over stopped with no decision pending.
const errStalled = "the game stopped without being over and without asking anyone anything"

// Pending returns the decisions waiting for an answer.
func (g *machine) Pending() []state.Decision {
	var out []state.Decision
	for i, d := range g.S.Pending {
		if g.S.Answers[i] == nil {
			out = append(out, d)
		}
	}
	return out
}

// Next returns the first open decision.
func (g *machine) Next() (state.Decision, bool) {
	for i := range g.S.Pending {
		if g.S.Answers[i] == nil {
			return g.S.Pending[i], true
		}
	}
	return state.Decision{}, false
}

// PendingFor returns the open decision of a seat, if any.
func (g *machine) PendingFor(player int) (*state.Decision, bool) {
	for i := range g.S.Pending {
		if g.S.Pending[i].Player == player && g.S.Answers[i] == nil {
			return &g.S.Pending[i], true
		}
	}
	return nil, false
}

func (g *machine) rand(n int) int {
	if n <= 1 {
		return 0
	}
	r := rand.New(&g.S.RNG)
	return r.IntN(n)
}

// Roll is a die roll from 1 to sides: the next result fixed by
// Options.Rolls, or the generator's.
func (g *machine) Roll(sides int) (int, error) {
	if len(g.rolls) > 0 {
		r := g.rolls[0]
		g.rolls = g.rolls[1:]
		if r < 1 || r > sides {
			return 0, fmt.Errorf("the fixed roll %d does not fit a die of %d sides", r, sides)
		}
		return r, nil
	}
	return 1 + g.rand(max(sides, 1)), nil
}

// Rand draws a number in [0, n) from the game's generator; effect steps use it.
func (g *machine) Rand(n int) int { return g.rand(n) }

// CheckOptions reports why a game of the ruleset cannot be started with
// these options (the number of players, a deck, the mode), or nil. Players
// 0 stands for the ruleset's minimum.
func CheckOptions(rs *model.Ruleset, o Options) error {
	n := o.Players
	if n == 0 {
		n = rs.MinPlayers
	}
	if n < rs.MinPlayers || n > rs.MaxPlayers {
		return fmt.Errorf("%s is played by %s players, not %d", rs.Name, rs.PlayerCount(), n)
	}
	for _, d := range o.Decks {
		if d == "" {
			continue
		}
		if _, err := playerDeck(rs, d); err != nil {
			return err
		}
	}
	_, err := modeSymbol(rs, o.Mode)
	return err
}

// playerDeck is the index of a deck a player may play, by name.
func playerDeck(rs *model.Ruleset, name string) (int, error) {
	ix, ok := rs.DeckIx[name]
	if !ok {
		return -1, fmt.Errorf("%s has no deck %q", rs.Name, name)
	}
	if !rs.PlayerDeck(ix) {
		return -1, fmt.Errorf("%s's deck %q is the game's (a create_deck step puts it into play), not one a player plays", rs.Name, name)
	}
	return ix, nil
}

// newState makes the empty state of a game: players, properties at their
// defaults, empty zones, the generator seeded. With old, a state nobody
// uses any more, it is made in old's memory (state.Reset).
func newState(rs *model.Ruleset, o Options, old *state.State) (*state.State, error) {
	mode, err := modeSymbol(rs, o.Mode)
	if err != nil {
		return nil, err
	}
	var oldZones []state.ZoneInstance
	s := old
	if s == nil {
		s = &state.State{}
	} else {
		oldZones = s.Zones // read zone by zone before the new one is written over it
		s.Reset()
	}
	s.Seed, s.RNG = o.Seed, state.RNG{PCG: *rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15)}
	s.NoLog, s.NoRecord, s.Changed = o.NoLog, o.NoRecord, uint64(model.ReadsAnything)
	s.Mode = mode
	s.Players = sized(s.Players, o.Players)
	// a place per seat from the start: copies played on (the bots') do
	// not grow it
	s.AnsweredIn = sized(s.AnsweredIn, o.Players)
	s.PlayerProp = sized(s.PlayerProp, o.Players*len(rs.PlayerProps))
	for p := 0; p < o.Players; p++ {
		for i, d := range rs.PlayerProps {
			s.PlayerProp[p*len(rs.PlayerProps)+i] = d.Default
		}
	}
	s.GameProps = sized(s.GameProps, len(rs.GameProps))
	for i, d := range rs.GameProps {
		s.GameProps[i] = d.Default
	}
	n := 0
	for _, z := range rs.Zones {
		n++
		if z.PerPlayer {
			n += o.Players - 1
		}
	}
	if cap(s.Zones) < n {
		s.Zones = make([]state.ZoneInstance, 0, n)
	}
	// every zone starts with room of its own in one array, so that the
	// first cards made or moved into it do not each grow it; a zone of the
	// old game keeps its list's memory
	var room []int
	add := func(k int, owner state.Seat) {
		i := len(s.Zones)
		var cards []int
		if i < len(oldZones) && oldZones[i].Cards != nil {
			cards = oldZones[i].Cards[:0]
		} else {
			if room == nil {
				room = make([]int, n*zoneStartRoom)
			}
			at := i * zoneStartRoom
			cards = room[at : at : at+zoneStartRoom]
		}
		s.Zones = append(s.Zones, state.ZoneInstance{Kind: state.ZoneKind(k), Owner: owner, Cards: cards})
	}
	for k, z := range rs.Zones {
		if z.PerPlayer {
			for p := 0; p < o.Players; p++ {
				add(k, state.Seat(p))
			}
		} else {
			add(k, state.NoSeat)
		}
	}
	return s, nil
}

// sized is l with n zero elements, in l's memory when it has room.
func sized[T any](l []T, n int) []T {
	if cap(l) < n {
		return make([]T, n)
	}
	l = l[:n]
	clear(l)
	return l
}

// modeSymbol checks a mode name against the ruleset's modes.
func modeSymbol(rs *model.Ruleset, mode string) (int64, error) {
	if mode == "" {
		return 0, nil
	}
	if !source.Contains(rs.Modes, mode) {
		if len(rs.Modes) == 0 {
			return 0, fmt.Errorf("%s has no game modes", rs.Name)
		}
		return 0, fmt.Errorf("%s has no mode %q; its modes are %s%s", rs.Name, mode, diag.JoinNames(rs.Modes), diag.DidYouMean(mode, rs.Modes))
	}
	return int64(rs.SymbolIx[mode]), nil
}

// DeckOf returns the deck a seat plays, or nil when the ruleset has none.
func (g *machine) DeckOf(p int) *model.Deck {
	if p < 0 || p >= len(g.Decks) || g.Decks[p] < 0 || g.Decks[p] >= len(g.Rs.Decks) {
		return nil
	}
	return g.Rs.Decks[g.Decks[p]]
}

// OutcomeKind sums up how the game ended: "" (still running), "win",
// "draw", "loss" (the players of a game played together lost) or "error".
func (g *machine) OutcomeKind() string {
	switch {
	case !g.S.Over:
		return ""
	case g.S.Error != "":
		return "error"
	case len(g.Winners()) > 0:
		return "win"
	case g.Rs.Together && strings.HasPrefix(g.S.Outcome, "loss"):
		return "loss"
	}
	return "draw"
}

// OutcomeReason is why the game ended, as the win or the draw said it ("" when
// it gave no reason, and while the game runs); for a game stopped by an
// error, the error. The seats who won are not part of it.
func (g *machine) OutcomeReason() string {
	switch g.OutcomeKind() {
	case "error":
		return g.S.Error
	case "win", "draw", "loss":
		// "p1 and p3 win: why", "draw: why", "loss: why": seat names hold
		// no colon
		if _, why, ok := strings.Cut(g.S.Outcome, ": "); ok {
			return why
		}
	}
	return ""
}

// setupPicksFirst reports whether a ruleset's setup has a first_turn step,
// which decides who takes the first turn.
func setupPicksFirst(rs *model.Ruleset) bool {
	for _, p := range rs.Programs {
		if p.Root != rs.Setup {
			continue
		}
		for _, st := range p.Steps {
			if st.Prim != nil && st.Prim.Name == "first_turn" {
				return true
			}
		}
	}
	return false
}
