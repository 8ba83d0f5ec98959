package model

import (
	"errors"
	"sync"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/expr-lang/expr/vm"
)

// Expr is one compiled expression with its source position.
type Expr struct {
	Src    string
	Pos    diag.Pos
	Type   Type
	prog   *lazyProgram
	Idents []IdentUse
	Index  int
	Nvars  int    // for queries: variable slots they need
	Fn     EvalFn // the expression as closures: how it runs
	// Cond is the expression as a condition, when the compiler has one for
	// its form (logical operators, comparisons): EvalBool runs it instead
	// of Fn
	Cond CondFn
	// Int is the expression as a whole number, when it is one and the
	// compiler has a closure for its form (a property read, arithmetic):
	// EvalInt runs it instead of Fn
	Int IntFn
	// Fill is the expression as a list written into the caller's memory,
	// when it is a list literal: EvalInts runs it instead of Fn
	Fill  FillFn
	Reads ReadSet // the parts of the state it may read
	// OwnReads is the part of Reads it reads only of the frame's own seat
	// (you, player): in a frame where you and player are one seat (a
	// state check's), a change of those parts in another seat's zones
	// and properties leaves its value as it was
	OwnReads ReadSet
	// Const is the value of an expression that is a literal (true, 2,
	// 'red'), which evaluating returns at once
	Const *Datum
	Lit   *string
	// Terms are the conditions a condition joins by and (a and b and c),
	// each compiled on its own, when it was compiled for them
	// (compile.CompileCondition): each reads less than the whole, and a
	// false one decides, so a caller that keeps what a condition gives can
	// keep a refusal while the parts that term reads are unchanged. They
	// take the whole's text and position, and are not among the ruleset's
	// expressions.
	Terms []*Expr
	// Alts is a condition, or a term of one, written as alternatives
	// joined by or, each the conditions it joins by and ((a and b) or c:
	// [[a, b], [c]]), each compiled on its own (compile.CompileCondition):
	// what a false one gives depends only on the first false condition of
	// each alternative, what a true one gives on the alternative that
	// holds, so it may be kept on those alone (LegalTerm.Leaves). At most
	// MaxLeaves conditions in all.
	Alts [][]*Expr
	// Seat is the seat the expression is when it only names one of the
	// frame's or the turn's (you, player, active, opponent): read without
	// evaluating anything, as steps' player arguments mostly are
	Seat SeatName
	// Zone is the zone the expression is when it only names one (you.hand,
	// opponent.pending, a shared zone): its cards read without evaluating
	// anything, as steps' card arguments and payments' cards often are
	Zone *ZoneRead
	// Ref is the card or cards the expression is when it only names the
	// frame's card, this, or a variable that holds cards: read without
	// evaluating anything, as steps' card arguments often are (move: card)
	Ref *FrameRef
	// Key is the condition as a card property compared with a value that
	// does not depend on the card (card.color == red, card.cost ==
	// this.cost), when it was compiled for it (compile.CompileCardTest): a
	// caller that tests many cards evaluates the value once (CardKey)
	Key *CardKey
	// Same is, for an expression compiled the same as one listed before it
	// (the same text in the same scope: compile.ExprCompiler's cache), that
	// first one: what the two give is the same, so a value kept for one
	// serves the other (a phase's skip_if written at two phases)
	Same *Expr
}

// CardKey is a condition on the card `card` that compares one of its
// properties, as read with its modifiers, with a value the card does not
// change: card.P == V, V == card.P, or the same with !=.
type CardKey struct {
	Prop  int   // the card property
	Value *Expr // V: reads no card of the frame; its text and position are the whole's
	Sym   bool  // V is a name, compared by its symbol; a whole number otherwise
	Not   bool  // the condition is !=
}

// ZoneRead is a zone an expression names and does nothing else with: the
// zone of kind Kind of the seat Seat names, or the shared zone of that
// kind when Seat is NotASeat.
type ZoneRead struct {
	Seat SeatName
	Kind int
}

// FrameRef is a card or list of cards an expression names and does nothing
// else with: the frame's card or this, or an effect's variable.
type FrameRef struct {
	Of   RefOf
	Slot int // the variable's slot, for RefCardVar and RefCardsVar
}

// RefOf is what a FrameRef reads.
type RefOf uint8

const (
	RefCard     RefOf = iota + 1 // card, in a scope that has one
	RefThis                      // this
	RefCardVar                   // a variable that holds one card
	RefCardsVar                  // a variable that holds a list of cards
)

// SeatName is the seat an expression that only names one names.
type SeatName uint8

const (
	NotASeat     SeatName = iota
	SeatYou               // you
	SeatPlayer            // player, in a per-player rule
	SeatActive            // active
	SeatOpponent          // opponent: the next seat after you still in the game
)

// lazyProgram is an expression's program for expr's VM, compiled when it is
// first asked for.
type lazyProgram struct {
	once    sync.Once
	compile func() (*vm.Program, error)
	prog    *vm.Program
	err     error
}

// SetProgram gives the expression the way to compile its program for
// expr's VM (Program).
func (e *Expr) SetProgram(compile func() (*vm.Program, error)) {
	e.prog = &lazyProgram{compile: compile}
}

// Program is the expression as a program of expr's VM, which the test
// oracle runs beside the evaluator. Games never run it, so it is compiled
// when it is first asked for rather than at load.
func (e *Expr) Program() (*vm.Program, error) {
	if e == nil || e.prog == nil {
		return nil, errors.New("the expression has no program for the VM")
	}
	lp := e.prog
	lp.once.Do(func() {
		lp.prog, lp.err = lp.compile()
		lp.compile = nil
	})
	return lp.prog, lp.err
}

// Literal is the name an expression is when it is a name in quotes alone
// ('red'), so a primitive can check it at load time.
func (e *Expr) Literal() (string, bool) {
	if e == nil || e.Lit == nil {
		return "", false
	}
	return *e.Lit, true
}

type IdentUse struct {
	Name string
	Kind IdentKind
	Slot int
	Typ  Type
}

type IdentKind uint8

const (
	IdYou IdentKind = iota
	IdOpponent
	IdActive
	IdTurn
	IdPhase
	IdThis
	IdGame
	IdPlayers
	IdOpponents
	IdEvent
	IdVar
	IdCard   // the source card of an action option or the candidate of a filter
	IdPlayer // the player a per-player rule is evaluated for
	IdStack
	idDecider
	IdMode
	IdAll
	IdStackSize // how many items wait on the stack, abilities included
)

// Card fields every card has, whatever the ruleset declares.
var CardFields = []struct {
	Name string
	Typ  Type
	Doc  string
}{
	{"name", TString, "the name of the card (of its current face), a text: .name == 'Old Knight' (a name in quotes that no card or face has is refused at load, unless names are worked out from properties)"},
	{"id", TString, "the id of the card's definition, a text: .id == 'old_knight' (an id in quotes that no card has is refused at load)"},
	{"owner", TPlayer, "the player who owns the card"},
	{"controller", TPlayer, "the player who controls the card (its owner unless changed)"},
	{"zone", TString, "the zone the card is in, written bare: .zone == hand"},
	{"face_down", TBool, "whether the card is face down"},
	{"face", TInt, "the index of the card's current face (0 for the first)"},
	{"slot", TInt, "the position of the card in a positional zone, or its index from the top"},
	{"adjacent", TCards, "the cards in the positions adjacent to this one: the neighbouring positions of its zone and the same position of the zones declared beside it"},
	{"keywords", TInt, "how many keywords the card has"},
}

var PlayerFields = []struct {
	Name string
	Typ  Type
	Doc  string
}{
	{"seat", TString, "the seat name: p1, p2, ..."},
	{"index", TInt, "the seat number, from 0"},
	{"lost", TBool, "whether the player has lost or left the game: every player who did not win, once a win ends it"},
	{"won", TBool, "whether the player has won the game (each of the winners when allies win together)"},
	{"next", TPlayer, "the next player in seat order who is still in the game"},
	{"prev", TPlayer, "the previous player in seat order who is still in the game"},
	{"opponents", TPlayers, "the other players still in the game, in seat order (p1 first)"},
	{"turn_order", TPlayers, "the players still in the game in seat order from this one, itself first: active.turn_order is the order of the turn, from the active player (flatten(map(active.turn_order, .pick)) lists every player's cards in that order)"},
}

var EventFields = []struct {
	Name string
	Typ  Type
	Doc  string
}{
	{"name", TString, "the event's name (enter, leave, draw, turn_start, ... or a custom one)"},
	{"card", TCard, "the card the event is about"},
	{"player", TPlayer, "the player the event is about"},
	{"from", TString, "the zone a moved card left ('' for a card just created)"},
	{"to", TString, "the zone a moved card entered"},
	{"amount", TInt, "a number carried by the event"},
	{"source", TCard, "the card that caused the event"},
}

// BuiltinEvent is an event the engine raises itself, with what its fields
// hold (the others are none, ” or 0).
type BuiltinEvent struct {
	Name, Doc string
	Fields    [][2]string // field, what it holds
}

// BuiltinEvents are the events the engine raises itself, in the order a
// reader meets them.
var BuiltinEvents = []BuiltinEvent{
	{"enter", "a card entered a zone (moved, drawn, created, played)", [][2]string{{"card", "the card"}, {"player", "its owner"}, {"from", "the zone it left ('' for a card just created)"}, {"to", "the zone it entered"}, {"source", "the card whose effect moved it, or none"}}},
	{"leave", "a card left a zone, before it entered the next", [][2]string{{"card", "the card"}, {"player", "its owner"}, {"from", "the zone it left"}, {"to", "the zone it goes to"}, {"source", "the card whose effect moved it, or none"}}},
	{"draw", "a player drew a card (each card drawn, after the card moved)", [][2]string{{"card", "the card"}, {"player", "who drew it"}, {"amount", "1"}}},
	{"shuffle", "a zone was shuffled", [][2]string{{"player", "the zone's owner (none for a shared zone)"}, {"to", "the zone"}}},
	{"reveal", "a card was revealed (to every player, or to those a step names)", [][2]string{{"card", "the card"}, {"player", "who revealed it"}}},
	{"turn_start", "a turn began", [][2]string{{"player", "the active player"}}},
	{"turn_end", "a turn ended", [][2]string{{"player", "the active player"}}},
	{"phase_start", "a phase began", [][2]string{{"player", "the active player"}, {"to", "the phase"}}},
	{"phase_end", "a phase ended", [][2]string{{"player", "the active player"}, {"from", "the phase"}}},
	{"action", "a player took an action", [][2]string{{"card", "the action's card, or none"}, {"player", "who took it"}, {"from", "the action's name"}}},
	{"resolve", "something waiting on the stack resolves", [][2]string{{"card", "its card, or none for an ability of no card"}, {"player", "whose it is"}}},
	{"lost", "a player left the game (lost, resigned, or lost with their side) and the game goes on without them; a loss that ends the game (the last but one player out, a together game lost) raises none, as nothing runs once the game is over: a score to tell at the end is logged before the lose step", [][2]string{{"player", "the player"}}},
}

// SlotUse is a variable an expression reads: its slot from the frame's Base
// and its type. Tools that evaluate an expression outside its effect (a
// differential test, a debugger) bind these.
type SlotUse struct {
	Name string
	Slot int
	Type Type
}

// ReadsCardAlone reports whether the expression reads nothing but the card
// it is about (card, this): a filter that says what kind of card an action
// is for, rather than what the game allows of it now.
func (e *Expr) ReadsCardAlone() bool {
	_, beyond := e.ReadBeyondCard()
	return !beyond
}

// ReadBeyondCard is the first name the expression reads that is not the
// card it is about (card, this), if it reads one.
func (e *Expr) ReadBeyondCard() (string, bool) {
	for _, id := range e.Idents {
		if id.Kind != IdCard && id.Kind != IdThis {
			return id.Name, true
		}
	}
	return "", false
}

// Slots lists the variables the expression reads.
func (e *Expr) Slots() []SlotUse {
	var out []SlotUse
	for _, id := range e.Idents {
		if id.Kind == IdVar {
			out = append(out, SlotUse{Name: id.Name, Slot: id.Slot, Type: id.Typ})
		}
	}
	return out
}
