package state

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
)

// Val is the value of an effect variable: a scalar (int, bool, enum symbol,
// card index, player index; -1 is "none" for cards and players) or a list.
type Val struct {
	N int64 `json:"n,omitempty"`
	L []int `json:"l,omitempty"`
}

// Seat is a player's place at the table, from 0.
type Seat int8

// NoSeat is nobody: the owner of a shared zone, the player of an event
// that has none.
const NoSeat Seat = -1

// CardRef is a card instance of a game: its index in State.Cards.
type CardRef int32

// NoCard is no card.
const NoCard CardRef = -1

// ZoneKind is a zone the ruleset declares: its index in the ruleset's zones.
type ZoneKind int32

// ZoneRef is a zone instance of a game (a zone kind for one owner, or
// shared): its index in State.Zones.
type ZoneRef int32

// SeatSet is a set of seats, seat p at bit p: a game has 8 seats at most
// (players.max), so a card's knowledge of who has seen it takes one byte.
type SeatSet uint8

// CardInstance is one physical card in a game.
type CardInstance struct {
	Def      int32   `json:"def"`
	Owner    Seat    `json:"owner"`
	Ctrl     Seat    `json:"ctrl"`
	Face     int8    `json:"face,omitempty"`
	FaceDown bool    `json:"down,omitempty"`
	Zone     ZoneRef `json:"zone"`
	// Origin is the seat whose cards the card was made among: its owner
	// when made in a player's zone (their deck), NoSeat when made in a
	// shared zone (a common pile). Who owns it may change (a card taken
	// from a shared pile); where it came from does not, and everyone
	// knows it, as a card's back tells whose deck it is from. A save
	// written before it was kept reads 0 for every card.
	Origin  Seat    `json:"origin,omitempty"`
	Known   SeatSet `json:"known"`
	Granted uint64  `json:"granted,omitempty"` // keywords granted on top of the definition's
}

// ZoneInstance is a zone kind for one owner (or shared); index 0 is the top.
type ZoneInstance struct {
	Kind  ZoneKind `json:"kind"`
	Owner Seat     `json:"owner"` // NoSeat for shared zones
	Cards []int    `json:"cards"`
}

// PlayerState is one seat.
type PlayerState struct {
	Lost bool `json:"lost,omitempty"`
	Won  bool `json:"won,omitempty"`
}

// Event is something that happened, matched against triggers.
type Event struct {
	Name   int64   `json:"name"` // symbol
	Card   CardRef `json:"card"`
	Player Seat    `json:"player"`
	From   int64   `json:"from"` // zone name symbol, or -1
	To     int64   `json:"to"`
	Amount int64   `json:"amount"`
	Source CardRef `json:"source"`
}

// Modifier changes a derived property value until it expires; the base value
// is never written.
type Modifier struct {
	Card   CardRef `json:"card"`   // NoCard: a player modifier
	Player Seat    `json:"player"` // for player modifiers
	Prop   int32   `json:"prop"`
	Set    bool    `json:"set,omitempty"` // set rather than add
	// Overrides, with Set, makes the modifiers made before this one on the
	// same property count no more: the value reads Amount, and only the
	// modifiers made after it change it. A set without it is applied
	// before every addition, earlier or later.
	Overrides bool `json:"overrides,omitempty"`
	// Locks, with Set, makes the property read Amount while the modifier
	// lasts, whatever the modifiers made before or after it and the
	// static effects say; of several, the last made counts.
	Locks  bool  `json:"locks,omitempty"`
	Amount int64 `json:"amount"`
	Until  Until `json:"until"`
	Phase  int32 `json:"phase,omitempty"` // ends with this phase (index+1); 0: by Until
	Turn   int32 `json:"turn"`
	Seq    int32 `json:"seq"`
	// By is the player whose effect made it: when a player leaves the game,
	// the effects they control can end with them.
	By Seat `json:"by"`
	// Keyword, when not 0, makes this a keyword modifier (Prop is -1): it
	// grants keyword Keyword-1 (Amount 1) or takes it away (Amount 0).
	Keyword int8 `json:"keyword,omitempty"`
}

// Frame is one running effect: a program, the next step, and its context.
type Frame struct {
	Prog  int32 `json:"prog"`
	PC    int32 `json:"pc"`
	Base  int32 `json:"base"` // first variable slot of the root effect
	Root  bool  `json:"root,omitempty"`
	Check bool  `json:"check,omitempty"` // the effect of a state-based check
	// Together marks steps that happen at once (at_once): the state-based
	// checks wait until the frame is done, the effects it set off included
	Together bool `json:"together,omitempty"`
	// Begun: the frame's step has started frames of its own (a loop's
	// first round), so a root frame whose first step is under way is not an
	// effect about to start, where the state checks would run
	Begun  bool    `json:"begun,omitempty"`
	You    Seat    `json:"you"`
	This   CardRef `json:"this"`
	Card   CardRef `json:"card"`
	Player Seat    `json:"player"`
	Event  Event   `json:"event"`
}

// StackItem is an action or ability waiting on the stack.
type StackItem struct {
	Card   CardRef `json:"card"`
	Prog   int32   `json:"prog"`
	You    Seat    `json:"you"`
	Action int32   `json:"action"`
	Vars   []Val   `json:"vars,omitempty"`
	NVars  int32   `json:"nvars"`
	// Trigger marks a triggered ability; Event is the event that triggered
	// it, which its effect reads as `event` when it resolves.
	Trigger bool   `json:"trigger,omitempty"`
	Event   *Event `json:"event,omitempty"`
	// Moved: announcing the action took its card out of the zone it was
	// chosen from, so the card waits with the item (a card played onto the stack), where an
	// ability's card stays where it is, and may go on to leave it
	Moved bool `json:"moved,omitempty"`
}

// LogEntry is one event of the game log, as data; Known says per card mention
// which seats knew the card when it happened.
type LogEntry struct {
	Seq    int      `json:"seq"`
	Turn   int      `json:"turn"`
	Kind   string   `json:"kind"`
	Player int      `json:"player"`
	Cards  []int    `json:"cards,omitempty"`
	Known  []uint64 `json:"known,omitempty"`
	Names  []int32  `json:"names,omitempty"` // card definitions at the time (face included), for rendering
	Faces  []int8   `json:"faces,omitempty"`
	Shown  []string `json:"shown,omitempty"` // names worked out from properties, for cards whose name is a template
	// Whose, when set, gives per card mention its controller's seat + 1 for
	// a card named as theirs ("p2's Knight"): a card in play whose name
	// another player's card in play shares; 0 for the others
	Whose []int8 `json:"whose,omitempty"`
	// Where, when set, gives per card mention the place a choice named it
	// by ("row 3"), for two cards of one name in different places
	Where []string `json:"where,omitempty"`
	// Parts are values a template printed from cards some seats did not
	// know (a hand card's cost, say), written {p0}, {p1} in Text: each is
	// shown only to the seats that knew them, "?" to the others
	Parts  []LogPart `json:"parts,omitempty"`
	Text   string    `json:"text,omitempty"`
	To     int       `json:"to"` // -1: everyone sees the entry; else only this seat
	Amount int       `json:"amount,omitempty"`
}

// LogPart is a value of a log line that only some seats may read.
type LogPart struct {
	Text  string `json:"text"`
	Known uint64 `json:"known"` // bit p: seat p knew every card it was read from
}

// State is all mutable data of a game: plain values, cheap to clone, saved as JSON.
type State struct {
	Seed       uint64         `json:"seed"`
	RNG        RNG            `json:"rng"`
	Players    []PlayerState  `json:"players"`
	Cards      []CardInstance `json:"cards"`
	CardProps  []int64        `json:"card_props"`
	PlayerProp []int64        `json:"player_props"`
	GameProps  []int64        `json:"game_props"`
	Zones      []ZoneInstance `json:"zones"`
	Vars       []Val          `json:"vars"`
	Frames     []Frame        `json:"frames"`
	Stack      []StackItem    `json:"stack,omitempty"`
	Modifiers  []Modifier     `json:"modifiers,omitempty"`
	Pending    []Decision     `json:"pending,omitempty"`
	Answers    []*Answer      `json:"answers,omitempty"`
	Triggered  []Frame        `json:"triggered,omitempty"`
	// Withdrawn is a register of the machine kept here, where saves have
	// always written it: the frame indexes of stack actions being announced
	// whose item was taken off the stack before it got there (a spell
	// countered as it is cast); they end without going on the stack.
	Withdrawn  []int32    `json:"withdrawn,omitempty"`
	ExtraTurns []int8     `json:"extra_turns,omitempty"`
	Log        []LogEntry `json:"log"`
	// LogSize is about how many bytes the log holds, its texts and the
	// cards its lines name: a game whose effects write without end stops
	// at a bound instead of filling memory
	LogSize int      `json:"-"`
	History []Record `json:"history,omitempty"`
	Mode    int64    `json:"mode,omitempty"` // the game mode's symbol; 0 is none
	Turn    int      `json:"turn"`
	Phase   Stage    `json:"phase"`
	Active  int      `json:"active"`
	First   int      `json:"first"`
	Over    bool     `json:"over,omitempty"`
	Outcome string   `json:"outcome,omitempty"`
	Error   string   `json:"error,omitempty"`
	// The machine's registers come last (in a save they are written in
	// the same place as before they were grouped).
	Registers

	buf buffers // memory kept for the next copy into this state (CloneInto)
}

// Registers are the effect machine's own marks, kept with the state so that
// a saved or cloned game goes on exactly where it was: sequence numbers,
// whether state checks are due, the step counter of the runaway budget, and
// the run's settings. They are not facts of the game: no expression reads
// them and no view shows them.
type Registers struct {
	DecSeq int `json:"dec_seq"` // the number the next decision gets
	// TurnDecSeq is DecSeq when the turn began: a turn that asks too many
	// questions without ending loops for ever (maxTurnDecisions)
	TurnDecSeq int `json:"turn_dec_seq,omitempty"`
	ModSeq     int `json:"mod_seq"` // the number the next modifier gets
	// Dirty says the state checks are due: some part of the state one of
	// them reads changed since they last ran (or every change counts, as
	// while one holds). A change no check reads leaves it as it is.
	Dirty bool `json:"dirty,omitempty"`
	// Changed is the parts of the state (a model.ReadSet) changed since the
	// last state checks; 0 with Dirty set is a state saved before parts
	// were followed, where every part counts as changed.
	Changed uint64 `json:"changed,omitempty"`
	// Held marks the state checks (check i for seat p at bit i*seats+p)
	// that held when they were last evaluated: they are evaluated again
	// whatever changed.
	Held uint64 `json:"held,omitempty"`
	// Untouched marks the seats (bit p) none of whose zones and player
	// properties changed since the last state checks: a check that reads
	// those parts only of its own seat is not evaluated again for them. 0,
	// as in a state saved before seats were followed, marks none.
	Untouched  uint64 `json:"untouched,omitempty"`
	Eliminated bool   `json:"eliminated,omitempty"` // a player lost since the last checks
	// WinWhy is why the one player left wins, as a loss since the last
	// checks said it (lose's win_reason): "" is last player standing
	WinWhy string `json:"win_why,omitempty"`
	// LossWhy is the reason of the last loss: with no win_reason, the one
	// left wins as the last player standing, and this tells why the last
	// of the others left
	LossWhy   string `json:"loss_why,omitempty"`
	NoLog     bool   `json:"nolog,omitempty"`    // no text log: simulations and bot lookahead
	NoRecord  bool   `json:"norecord,omitempty"` // no record of answers (History): simulations and bot lookahead
	Steps     int    `json:"steps"`              // steps since the last decision
	Decisions int    `json:"decisions"`          // decisions answered so far
	Asked     []int  `json:"asked,omitempty"`    // per seat: decisions asked, forced ones included
	// AnsweredIn is, per seat, the turn of its last answer plus one (0:
	// none yet): a turn in which a seat answered a question did not pass
	// it by, and gives it no moment to resign at (a resign point)
	AnsweredIn []int `json:"answered_in,omitempty"`
	Draining   bool  `json:"draining,omitempty"` // the turn's drain_stack steps run for this phase
}

// Stage is where a turn is: the index of one of the ruleset's phases, or one
// of the stages outside them. A stage equal to the number of phases means the
// turn's phases are over and the turn is ending.
type Stage int

// InPhase reports whether the stage is one of n phases.
func (st Stage) InPhase(n int) bool { return st >= 0 && int(st) < n }

const (
	StageSetup   Stage = -2 // the ruleset's setup runs, before the first turn
	StageBetween Stage = -1 // between two turns: the next one starts
)

// Visible reports whether a seat sees a log entry; seat -1 is the omniscient observer.
func (e *LogEntry) Visible(seat int) bool {
	return e.To < 0 || seat < 0 || e.To == seat
}

// Record is one answer given in a game, for replays.
type Record struct {
	Seq    int    `json:"seq"`
	Player int    `json:"player"`
	Answer Answer `json:"answer"`
}

// Until says when a modifier ends.
type Until uint8

// When modifiers end; a modifier with a Phase ends with that phase instead.
const (
	UntilTurn  Until = iota // at the end of the turn
	UntilPhase              // at the end of the phase
	UntilLeave              // when its card leaves play
	UntilEver               // never
)

// UntilNames are the names of the durations, as rulesets write them, in
// the order of the constants.
var UntilNames = []string{"end_of_turn", "end_of_phase", "leaves", "permanent"}

// RNG is the game's random generator. It is part of the state (a clone
// draws what the original would) and is saved as its position.
type RNG struct{ rand.PCG }

// MarshalJSON saves the generator's position.
func (r RNG) MarshalJSON() ([]byte, error) {
	b, err := r.PCG.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(b)
}

// UnmarshalJSON restores a saved position; a damaged one is an error, never
// a generator silently reset.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var b []byte
	if err := json.Unmarshal(data, &b); err != nil {
		return fmt.Errorf("the random generator's state: %v", err)
	}
	if err := r.PCG.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("the random generator's state is damaged: %v", err)
	}
	return nil
}
