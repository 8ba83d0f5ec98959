package model

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/arbiter-games/arbiter/interpreter/diag"
)

// MaxGameCards bounds the cards of a game (those its decks deal and its
// steps make): far more than any game needs, few enough to fit in memory.
const MaxGameCards = 1_000_000

// Type is the declared type of a property, a variable or an expression result.
type Type uint8

const (
	TAny Type = iota
	TInt
	TBool
	TString // an enumerated name; the declaration lists the values
	TCard
	TPlayer
	TCards
	TPlayers
	// the types below are those of expressions and variables only, but
	// TStrings, which a card property of type names holds (a set of its
	// declared values)
	TFloat   // a fraction (what / gives)
	TInts    // a list of numbers
	TStrings // a list of names
)

var TypeNames = map[string]Type{"int": TInt, "bool": TBool, "enum": TString, "names": TStrings, "card": TCard, "player": TPlayer, "cards": TCards, "players": TPlayers}

func (t Type) String() string {
	switch t {
	case TInt:
		return "int"
	case TBool:
		return "bool"
	case TString:
		return "enum"
	case TCard:
		return "card"
	case TPlayer:
		return "player"
	case TCards:
		return "cards"
	case TPlayers:
		return "players"
	case TFloat:
		return "float"
	case TInts:
		return "ints"
	case TStrings:
		return "names"
	}
	return "any"
}

// Noun is how the log names an amount of the property: its label, else its
// name.
func (d *PropDecl) Noun() string {
	if d.Label != "" {
		return d.Label
	}
	return d.Name
}

// Amount says n of the property as the log does: "2 EP", "1 coin" where the
// property names one of it apart.
func (d *PropDecl) Amount(n int64) string {
	if n == 1 && d.LabelOne != "" {
		return "1 " + d.LabelOne
	}
	return strconv.FormatInt(n, 10) + " " + d.Noun()
}

// PropDecl declares one typed property of cards, players or the game.
type PropDecl struct {
	Name    string
	Index   int
	Type    Type
	Values  []string // enum values, in declaration order
	Default int64
	Min     *int64
	Max     *int64
	Doc     string
	Label   string // how the log names an amount of it ("EP"); the name when empty
	// LabelOne: how the log names exactly one of it ("coin" beside "coins");
	// Label when empty
	LabelOne string
	// ResetOnMove: the value belongs to the card's stay in a kind of zone
	// (damage, tapping) and goes back to the default when it moves to another
	// (not of its area)
	ResetOnMove bool
	// Internal: bookkeeping of the rules (a flag an effect sets and reads)
	// rather than something players follow; boards leave it out
	Internal bool
	Pos      diag.Pos
	Valid    map[int64]bool // enum: the symbols of Values
	Syms     []int64        // names: the symbols of Values, in order (bit i of a value holds Values[i])
	// Lists, for a names property of a few values, is the list of names of
	// every value (IndexNames): a read makes no list of its own
	Lists [][]int
}

// namesListed is the most values of a names property whose every list of
// names is made at load (2^namesListed lists).
const namesListed = 6

// IndexNames makes the lists of names of every value of a names property
// of a few values (PropDecl.Lists), once its symbols are known.
func (d *PropDecl) IndexNames() {
	d.Lists = nil
	if d.Type != TStrings || len(d.Syms) > namesListed {
		return
	}
	d.Lists = make([][]int, 1<<len(d.Syms))
	for v := range d.Lists {
		d.Lists[v] = d.namesOf(int64(v))
	}
}

// Visibility says who may know the cards of a zone.
type Visibility uint8

const (
	Hidden Visibility = iota // nobody, not even the owner
	OwnerOnly
	Public
	// Others: every seat but the zone's owner, as a hand held facing out
	Others
)

func (v Visibility) String() string {
	return [...]string{"hidden", "owner", "public", "others"}[v]
}

// ZoneDecl declares a zone kind; a per-player zone exists once per seat.
type ZoneDecl struct {
	Name       string
	Index      int
	PerPlayer  bool
	Visibility Visibility
	FaceDown   bool // cards enter face down unless a move says otherwise
	Slots      int  // >0: a positional zone with that many positions, each holding at most one card
	Max        int  // >0: the most cards the zone may hold
	RefillFrom int  // -1, or the zone whose cards are shuffled in when a draw finds this one empty
	// NotShown (shown: false): a helper zone of the rules, left out of what
	// players look at (boards, final states, arbiter rules)
	NotShown bool
	// FirstFace: a card here shows its first face (a hand of two-part
	// cards, a discard pile): one that enters turns to it
	FirstFace bool
	// KeepsOwner: a shared zone whose cards stay their owners' when they
	// leave it for a player's zone (a stack a spell passes through on its
	// way to its caster's board); from any other shared zone, whoever
	// takes a card owns it from then on
	KeepsOwner bool
	// Beside lists the positional zones (of the same owner) whose position n
	// is adjacent to this zone's position n, both ways (rows of a grid)
	Beside []int
	// Area numbers the area the zone belongs to, from 1 (0: none). A card
	// that moves between two zones of one area has not left: it keeps its
	// modifiers and its reset_on_move properties, as when it changes hands.
	Area int
	// Blind: a face-down card here is unknown to everyone, its owner too
	Blind bool
	// SlotNames names the positions for players ("" where there is none)
	SlotNames []string
	Doc       string
	Pos       diag.Pos
}

// SamePlace reports whether a card moving from zone kind a to zone kind b
// stays where it was for the rules: the same kind, or one area.
func (rs *Ruleset) SamePlace(a, b int) bool {
	return a == b || (rs.Zones[a].Area != 0 && rs.Zones[a].Area == rs.Zones[b].Area)
}

// Face is one side of a card definition with its own name, text and properties.
type Face struct {
	Name     string
	Text     string
	TextPos  diag.Pos // where Text is written
	Lines    []string // the lines card_text generates for the face
	Props    map[int]int64
	Triggers []*Trigger
	// Shown is, for each property some face of the card sets
	// (CardDef.FaceProps), the value this face shows: its own, or the
	// card's when it does not set it (IndexFaces)
	Shown []int64
}

// CardDef is the read-only definition of a card, shared by all its instances.
type CardDef struct {
	Index    int
	ID       string
	Name     string
	Text     string   // the text as written: the rules text proper
	TextPos  diag.Pos // where Text is written
	Lines    []string // the lines card_text generates from its properties and keywords, shown before Text
	Props    []int64  // declared card properties, defaults filled in
	Written  []int    // the properties the card's own props set (the rest are defaults)
	Keywords uint64   // bit i = ruleset keyword i
	Listed   []int    // its keywords in the order the card lists them
	Faces    []Face   // empty for a one-faced card
	// FaceProps is the card properties some face sets, in order, and
	// FaceReads the parts of the state they are (IndexFaces; nil before):
	// what a turn of the card to another face writes and changes
	FaceProps []int
	FaceReads ReadSet
	Triggers  []*Trigger
	Statics   []*Static
	NameTmpl  *Template // a name with {expression} parts, on `card`: cards generated from one definition
	Pos       diag.Pos
}

// Deck is a named list of card definitions with counts.
type Deck struct {
	Name    string
	Entries []DeckEntry
	Pos     diag.Pos
	// Game: a step names this deck to put it into play (a market's stock,
	// dealt by create_deck with deck:), so it is the game's and no player
	// plays it: it is neither a seat's default nor offered to choose
	Game bool
}

// PlayerDeck reports whether deck i is one a player may play: a deck of the
// ruleset that no step names as the game's.
func (rs *Ruleset) PlayerDeck(i int) bool {
	return i >= 0 && i < len(rs.Decks) && !rs.Decks[i].Game
}

// DefaultDeck is the deck a seat plays unless told otherwise: the first
// deck a player may play, or -1 when there is none.
func (rs *Ruleset) DefaultDeck() int {
	for i := range rs.Decks {
		if rs.PlayerDeck(i) {
			return i
		}
	}
	return -1
}

// PlayerDeckNames lists the decks a player may play, in declaration order.
func (rs *Ruleset) PlayerDeckNames() []string {
	var out []string
	for i, d := range rs.Decks {
		if rs.PlayerDeck(i) {
			out = append(out, d.Name)
		}
	}
	return out
}

type DeckEntry struct {
	Def   int
	Count int
	Zone  int // the zone this entry goes to when the deck is split by zone; -1 for a plain list
}

// DeckRules are the deck-building limits of a ruleset, checked on every deck.
type DeckRules struct {
	Sizes  map[int][2]int // per zone (-1: a plain deck): the least and most cards
	Copies int            // the most copies of one card id in a deck, all zones together; 0: no limit
	// Only, per zone (-1: a plain deck), are the printed properties every
	// card of that part of a deck must have (a vault of lands alone)
	Only map[int][]DeckMatch
	Pos  diag.Pos
}

// DeckMatch is one property a part of a deck asks of its cards: its value
// is one of Values.
type DeckMatch struct {
	Prop   int
	Values []int64
	Text   string // as written: a value, or the values of a list
}

// Action is something a player may choose to do when a window offers it.
// Timing, condition, costs and effect are separate so the engine can say which failed.
type Action struct {
	Name      string
	Index     int
	Label     string    // shown to players; "{card}" is replaced by the source card's name
	LabelTmpl *Template // a label with other {expression} parts, compiled as a template
	Doc       string
	Source    int   // -1: no source card; else the zone whose cards each make an option
	Filter    *Expr // on each source card, bound as `card`
	Timing    *Expr
	Condition *Expr
	Why       string    // what a player is told when Condition fails
	WhyTmpl   *Template // Why, when it has {expression} parts (worked out only to be told)
	TimingWhy string    // ... when Timing fails
	FilterWhy string    // ... when Filter fails
	// TimingWhyTmpl and FilterWhyTmpl are TimingWhy and FilterWhy when they
	// have {expression} parts ("you must follow {game.led}")
	TimingWhyTmpl *Template
	FilterWhyTmpl *Template
	Costs         []*Step
	Effect        int  // program index of the effect (a child of CostProg)
	CostProg      int  // root program: the costs, then the effect or the move to the stack
	UseStack      bool // the effect waits on the stack instead of resolving at once
	// Reveal: the source card is shown to every player as the action is
	// announced (a card played from a hand), so its line names it to all;
	// RevealSet says the ruleset wrote reveal, either way
	Reveal, RevealSet bool
	Recheck           *Expr
	// RecheckWhy says why the effect does not happen when Recheck fails
	// ("its targets are no longer legal" when nil)
	RecheckWhy *Template
	Fizzle     int // program run instead of the effect when Recheck fails, or -1
	Pos        diag.Pos
	// Legal is what Filter, Timing and Condition each read, in that
	// order: what one gives may be kept while the parts it reads are as
	// they were (set by IndexActions)
	Legal [LegalParts]LegalPart
	// ListOrder is the order in which listing the actions a player may
	// take tries the parts of Legal: those that read neither the turn nor
	// the stack first, as what they give is kept longest
	ListOrder [LegalParts]int
	// KeptTerms is how many terms its parts have together (LegalTerm.Slot)
	KeptTerms int
}

// LegalParts is how many expressions say whether an action may be taken:
// its filter, timing and condition.
const LegalParts = 3

// LegalPart is what one of an action's filter, timing and condition reads:
// the parts of the state (statics' sources included), those it reads only
// of the seat it is evaluated for (Expr.OwnReads), and whether what it
// gives may be kept at all (it reads no effect's variables, no event, and
// nothing the compiler does not bound). Terms are the same for each of
// the conditions it joins by and (Expr.Terms), or for the expression alone.
type LegalPart struct {
	Reads, Own ReadSet
	Kept       bool
	// CardFree: it reads nothing of the card (Expr.CardFree), and holds
	// for every card of the action's zone or for none
	CardFree bool
	Terms    []LegalTerm
}

// LegalTerm is one of the conditions an action's filter, timing or
// condition joins by and: what it reads, and its place among the values an
// action keeps for a seat or a card (Action.KeptTerms). A false one makes
// the whole false: it may be kept while the parts it reads stay as they
// were, whatever the others read.
type LegalTerm struct {
	Expr       *Expr
	Reads, Own ReadSet
	Kept       bool
	Slot       int
	// Fixed is a kept term that reads no part of the state a game changes
	// (mode == solo): what it gives a seat holds for the whole game, so
	// an action it refuses a seat without a card is not tried again
	Fixed bool
	// Leaves are the conditions of a term written as alternatives
	// (Expr.Alts), in order, each with the alternative it is in: what the
	// term gives is kept on the leaves that decided it (ReadsOf), not on
	// all it reads
	Leaves []LegalLeaf
}

// LegalLeaf is one condition of a term written as alternatives: what it
// reads, and the alternative it is in (from 0).
type LegalLeaf struct {
	Expr       *Expr
	Reads, Own ReadSet
	Alt        int
}

// MaxLeaves is the most conditions a term written as alternatives has
// (Expr.Alts): the leaves that decided it are a set of 16 bits.
const MaxLeaves = 16

// ReadsOf is what the term reads through the leaves in decided (bit i:
// Leaves[i]), with the part of it read only of the frame's own seat: a part
// own to one leaf and not to another is not own to the set.
func (t *LegalTerm) ReadsOf(decided uint16) (r, own ReadSet) {
	var shared ReadSet
	for b := decided; b != 0; b &= b - 1 {
		l := &t.Leaves[bits.TrailingZeros16(b)]
		r |= l.Reads
		own |= l.Own
		shared |= l.Reads &^ l.Own
	}
	return r, own &^ shared
}

// legalTerm is what e reads, as a term of an action's legality.
func (rs *Ruleset) legalTerm(e *Expr, slot int) LegalTerm {
	t := LegalTerm{Expr: e, Reads: rs.Derived(e.Reads), Own: e.OwnReads, Kept: !e.ReadsFrame(), Slot: slot}
	if t.Reads != e.Reads {
		t.Own &^= rs.StaticDeps // what the statics read, of every seat
	}
	t.Fixed = t.Kept && t.Reads == 0
	if t.Kept && len(e.Alts) > 0 {
		for k, alt := range e.Alts {
			for _, x := range alt {
				l := rs.legalTerm(x, -1)
				t.Leaves = append(t.Leaves, LegalLeaf{Expr: x, Reads: l.Reads, Own: l.Own, Alt: k})
			}
		}
		if len(t.Leaves) > MaxLeaves {
			t.Leaves = nil
		}
	}
	return t
}

// IndexFaces works out, for each card with faces, the properties its
// faces set and the values each face shows (CardDef.FaceProps, Face.Shown),
// so that turning a card writes them from lists made at load.
func (rs *Ruleset) IndexFaces() {
	for _, d := range rs.Cards {
		d.FaceProps, d.FaceReads = []int{}, 0 // not nil: indexed
		for _, f := range d.Faces {
			for k := range f.Props {
				if !slices.Contains(d.FaceProps, k) {
					d.FaceProps = append(d.FaceProps, k)
				}
			}
		}
		slices.Sort(d.FaceProps)
		for _, k := range d.FaceProps {
			d.FaceReads |= rs.CardPropReads(k)
		}
		for i := range d.Faces {
			f := &d.Faces[i]
			f.Shown = make([]int64, len(d.FaceProps))
			for j, k := range d.FaceProps {
				v, ok := f.Props[k]
				if !ok {
					v = d.Props[k]
				}
				f.Shown[j] = v
			}
		}
	}
}

// IndexActions works out what each action's filter, timing and condition
// read (Action.Legal), once the ruleset's statics are known.
func (rs *Ruleset) IndexActions() {
	for _, a := range rs.Actions {
		a.KeptTerms = 0
		for i, e := range a.LegalExprs() {
			a.Legal[i] = LegalPart{}
			if e == nil {
				continue
			}
			whole := rs.legalTerm(e, -1)
			p := LegalPart{Reads: whole.Reads, Own: whole.Own, Kept: whole.Kept, CardFree: e.CardFree()}
			terms := e.Terms
			if len(terms) == 0 {
				terms = []*Expr{e}
			}
			for _, t := range terms {
				p.Terms = append(p.Terms, rs.legalTerm(t, a.KeptTerms))
				a.KeptTerms++
			}
			a.Legal[i] = p
		}
		n := 0
		for _, volatile := range [...]bool{false, true} {
			for i := range a.Legal {
				if (a.Legal[i].Reads&(ReadsTurn|ReadsPhase|ReadsStack|ReadsAnything) != 0) == volatile {
					a.ListOrder[n] = i
					n++
				}
			}
		}
	}
}

// LegalExprs is the action's filter, timing and condition, in that order
// (nil where it has none).
func (a *Action) LegalExprs() [LegalParts]*Expr {
	return [LegalParts]*Expr{a.Filter, a.Timing, a.Condition}
}

// Unbound reports whether an action asks nothing of its player, its
// moment or its card: no filter, timing, condition or cost. One from a zone
// may be taken with any card there.
func (a *Action) Unbound() bool {
	return a.Filter == nil && a.Timing == nil && a.Condition == nil && len(a.Costs) == 0
}

// NewMemoSlot gives a scan the compiler memoizes its place in every game's
// memos (Evaluation.Memoized). Queries compiled while games run take slots
// too, hence the atomic count.
func (rs *Ruleset) NewMemoSlot() int { return int(rs.memoSlots.Add(1)) - 1 }

// CardFree reports whether an expression reads nothing of the card it is
// evaluated for (neither card nor this, nor an effect's variables): an
// action's timing or condition that is card free holds for every card of
// its zone or for none.
func (e *Expr) CardFree() bool {
	return e == nil || !e.ReadsFrame(IdThis, IdCard)
}

// ReadsFrame reports whether an expression may read, of the frame it is
// evaluated for, one of the names of the given kinds, an event or an
// effect's variables (or something the compiler does not bound).
func (e *Expr) ReadsFrame(kinds ...IdentKind) bool {
	if e.Reads&ReadsAnything != 0 {
		return true
	}
	for _, id := range e.Idents {
		if id.Kind == IdVar || id.Kind == IdEvent || slices.Contains(kinds, id.Kind) {
			return true
		}
	}
	return false
}

// Trigger runs an effect when an event happens and its condition holds.
type Trigger struct {
	Event    string
	EventPos diag.Pos // where the event is named (on:)
	Cond     *Expr
	Effect   int
	Zones    []int // card triggers: the zones in which the card listens; empty = only events about itself
	Card     int   // -1 for ruleset triggers
	Face     int   // for a face's trigger: the face that must be up; -1 otherwise
	FaceDown bool  // a listener that also hears while its card is face down (a hidden card lying in wait)
	UseStack bool  // its effect goes on the stack when it triggers
	Pos      diag.Pos
	Coverage string
	Sym      int64
	// ToZones and FromZones are the zone kinds an event's to and from must
	// name for Cond to hold, worked out from it at load
	// (compile.CompileTrigger); nil: any
	ToZones, FromZones []int
	// ByZones is whether Cond is those zone tests and nothing else: an
	// event the zones admit meets it without evaluating it
	ByZones bool
}

// Admits reports whether Cond may hold for an event, by the zones it must
// name (ToZones, FromZones); when not, Cond is not tried.
func (t *Trigger) Admits(rs *Ruleset, to, from int64) bool {
	return namesOne(rs, t.ToZones, to) && namesOne(rs, t.FromZones, from)
}

func namesOne(rs *Ruleset, zones []int, sym int64) bool {
	if zones == nil {
		return true
	}
	for _, z := range zones {
		if rs.ZoneSyms[z] == sym {
			return true
		}
	}
	return false
}

// Static is a continuous effect of a card: while the card is face up in one of
// its zones, every card for which Applies holds reads a property changed.
// Nothing is written: the value is derived on every read, after modifiers.
type Static struct {
	Card    int
	Zones   []int
	Applies *Expr // on `card` (the affected card), with `this` the source
	// the only cards Applies can hold for, worked out from it at load
	// (compile.StaticCandidates): those in these zone kinds (nil: any) and
	// in this list (nil: any)
	OnZones []int
	OnList  *Expr
	Prop    int
	Add     *Expr
	Set     *Expr
	Pos     diag.Pos
}

// Check is a state-based action: evaluated for each player between effects,
// when the state changed.
type Check struct {
	Name string
	Cond *Expr
	// Reads is what Cond reads, values derived by statics included: the
	// check is evaluated again only after a change of one of these parts.
	Reads ReadSet
	// OwnReads is the part of Reads the check reads only of the seat it is
	// evaluated for: a change of those parts in other seats' zones and
	// properties alone does not evaluate it again for this one.
	OwnReads ReadSet
	Effect   int
	Pos      diag.Pos
}

// Phase is one named part of a turn.
type Phase struct {
	Name  string
	Label string // how players read its name (Main phase 1 for main1), or ""
	Doc   string // what happens in it, in words
	// Announce is the line logged as the phase begins, before anything its
	// start triggers (nil: none): a log step in the body would come after
	// the triggers' own lines
	Announce *Template
	Skip     *Expr // its own skip_if
	// TurnSkip is the turn's skip_if when it applies to this phase (the
	// phase is skipped when either holds); nil when the turn has none or the
	// phase opts out with turn_skip_if: false
	TurnSkip *Expr
	Body     int
	Pos      diag.Pos
}

// Ruleset is a compiled game: read-only after Load and safe to share between games.
type Ruleset struct {
	Name    string
	Version string
	Hash    string // of what the ruleset's files say of the game (not comments, doc or goal): the rules a game was played by
	// LibraryHash is of the library's shape (Library.Fingerprint): a saved
	// state is read as it was written only under the same shape.
	LibraryHash string
	Doc         string
	Goal        string // how a game is won (and lost), in words
	MinPlayers  int
	MaxPlayers  int
	PlayersPos  diag.Pos // where players is written (for the lint of one player)
	// Together marks a game the players play together against the game:
	// a win is everyone's, and a loss of any one of them is everyone's.
	Together    bool
	CardProps   []PropDecl
	PlayerProps []PropDecl
	GameProps   []PropDecl
	Zones       []ZoneDecl
	Keywords    []string
	KeywordDocs []string
	// Predicates are the ruleset's predicates with their docs (a short one
	// without a doc with its expression), as a reader calls them (power(c
	// card)), in the order written: what an expression (a scenario's
	// expect) may read that the rules work out.
	Predicates []PredicateDoc
	Modes      []string // game modes chosen at start (--mode); empty: none
	ModeDocs   []string
	Cards      []*CardDef
	Decks      []*Deck
	DeckRules  *DeckRules
	Actions    []*Action
	Triggers   []*Trigger
	Checks     []*Check
	Phases     []*Phase
	Setup      int
	Programs   []*Program
	Exprs      []*Expr
	TurnLimit  int
	CardsFrom  string // where LoadFile read the card files from, in words
	StepBudget int    // limits.steps; 0: a budget that grows with the game (Game.StepBudget)
	NextTurn   *Expr  // who plays next, with `you` as the player whose turn ends; nil: the next seat still in the game
	DrainStack int    // program run when a phase's steps end with items on the stack; -1: resolve them one by one
	Concede    *Expr  // nil: players may not concede
	ConcedeWhy string // when players may concede, in words
	Value      *Expr  // a heuristic value of the position for `you`, for bots
	View       ViewDecl
	CardText   *CardTextDecl // nil: card texts are written whole

	CardPropIx   map[string]int
	PlayerPropIx map[string]int
	GamePropIx   map[string]int
	ZoneIx       map[string]int
	CardIx       map[string]int
	DeckIx       map[string]int
	ActionIx     map[string]int
	KeywordIx    map[string]int
	symbols      []string
	symbolProps  []int32 // the card property each symbol names, or -1 (IndexSymbols)
	// the player property and the keyword each symbol names, or -1
	symbolPlayerProps, symbolKeywords []int32
	SymbolIx                          map[string]int
	boxedSyms                         []any
	Lib                               *Library
	Listeners                         []*Trigger // card triggers that listen while their card is in given zones
	// the ruleset's triggers and the listeners by the symbol of the event
	// they wait for, each list in their order (IndexTriggers): read at
	// every event
	triggersOn, listenersOn [][]*Trigger
	// by the same symbol, where its listeners wait (ListenedIn), and
	// whether any trigger waits for it at all (Heard)
	listenedIn  []listened
	heard       []bool
	heardMoving [][]bool // by event symbol: from*len(Zones)+to, the moves heard (HeardMoving)
	ResetOnMove []int    // the card properties declared reset_on_move
	Statics     []*Static
	StaticProps []int        // the card properties some static changes
	StaticSlot  []int        // per card property: its place in staticProps, or -1
	StaticDeps  ReadSet      // what the values statics derive read (StaticReads)
	SeatParts   ReadSet      // the parts that are some seat's zones or properties (SeatReads)
	StaticParts ReadSet      // the properties statics change (StaticPropReads)
	memoSlots   atomic.Int32 // scans the compiler memoized (NewMemoSlot)
	PhaseSyms   []int64
	ZoneSyms    []int64
	ActionSyms  []int64 // each action's name as a symbol
	// ExprEnv is the expression compiler's type environment, kept so that
	// queries compiled later (scenario expectations, tools) see the same
	// types; model does not know its type.
	ExprEnv any
}

// Zone returns the index of a zone kind by name.
func (rs *Ruleset) Zone(name string) (int, bool) { i, ok := rs.ZoneIx[name]; return i, ok }

// CardByID returns a card definition by id.
func (rs *Ruleset) CardByID(id string) (*CardDef, bool) {
	i, ok := rs.CardIx[id]
	if !ok {
		return nil, false
	}
	return rs.Cards[i], true
}

// Deck returns a deck by name.
func (rs *Ruleset) DeckByName(name string) (*Deck, bool) {
	i, ok := rs.DeckIx[name]
	if !ok {
		return nil, false
	}
	return rs.Decks[i], true
}

// Symbol returns the text of an interned enum value.
func (rs *Ruleset) Symbol(i int64) string {
	if i < 0 || int(i) >= len(rs.symbols) {
		return ""
	}
	return rs.symbols[i]
}

func (rs *Ruleset) Intern(s string) int64 {
	if i, ok := rs.SymbolIx[s]; ok {
		return int64(i)
	}
	rs.symbols = append(rs.symbols, s)
	rs.boxedSyms = append(rs.boxedSyms, any(s))
	rs.SymbolIx[s] = len(rs.symbols) - 1
	return int64(len(rs.symbols) - 1)
}

// IndexSymbols records, once the load has interned every symbol, the card
// property each one names, so that a library function given a property by
// name (max_group(cards, 'color')) finds it without looking up its text.
func (rs *Ruleset) IndexSymbols() {
	index := func(ix map[string]int) []int32 {
		out := make([]int32, len(rs.symbols))
		for i, s := range rs.symbols {
			out[i] = -1
			if k, ok := ix[s]; ok {
				out[i] = int32(k)
			}
		}
		return out
	}
	rs.symbolProps, rs.symbolPlayerProps, rs.symbolKeywords = index(rs.CardPropIx), index(rs.PlayerPropIx), index(rs.KeywordIx)
}

// Library returns the primitives and functions the ruleset was compiled with.
func (rs *Ruleset) Library() *Library { return rs.Lib }

// ActionByName returns an action by name.
func (rs *Ruleset) ActionByName(name string) (*Action, bool) {
	i, ok := rs.ActionIx[name]
	if !ok {
		return nil, false
	}
	return rs.Actions[i], true
}

// ViewDecl says what boards show beside each card, player and the game: the
// parts whose condition holds, in order. A nil list keeps the default (every
// property of players and the game; the name alone for cards).
type ViewDecl struct {
	Card, Player, Game []ViewPart
	// Layout draws positional zones as one grid, a row per zone of a seat,
	// a column per position (see view.layout)
	Layout []LayoutRow
}

// LayoutRow is one row of the board's grid: a positional zone of the seat
// Seat places after the viewer in seat order (0: the viewer, or p1 in a view
// of the whole game).
type LayoutRow struct {
	Zone int
	Seat int
}

// ViewPart is one piece of a view: a text with {expression} parts, shown
// when If (nil: always) holds.
type ViewPart struct {
	If   *Expr
	Show *Template
}

// CardTextDecl says how the lines of a card's text that follow from its
// properties and keywords are written (card_text). They are generated once,
// at load, from each card's definition, and shown before its written text.
type CardTextDecl struct {
	Lines []ViewPart // over `card`, in order, each when its condition holds
	// Names: how a name (an enum value) prints in the lines; a name not
	// listed prints as itself
	Names map[string]string
	// Keywords: the card's keywords are written after the lines, one line
	// each, in the order the card lists them
	Keywords bool
	// KeywordLines: how a keyword is written (nil: its name as words, with a
	// capital and a period)
	KeywordLines []*Template
	// Reads: the card properties the lines and keyword lines read
	Reads map[int]bool
	Pos   diag.Pos
}

// FullText is a card's text as players read it: the generated lines, then
// the text as written.
func (d *CardDef) FullText() string { return joinText(d.Lines, d.Text) }

// FullText is a face's text as players read it: the generated lines, then
// the text as written.
func (f *Face) FullText() string { return joinText(f.Lines, f.Text) }

func joinText(lines []string, text string) string {
	if len(lines) == 0 {
		return text
	}
	out := strings.Join(lines, " ")
	if text != "" {
		out += " " + text
	}
	return out
}

// Symbols is the number of interned names; Symbol(i) gives each.
func (rs *Ruleset) Symbols() int { return len(rs.symbols) }

// PhaseIndex finds a phase by name (-1 if none).
func (rs *Ruleset) PhaseIndex(name string) int {
	for i, ph := range rs.Phases {
		if ph.Name == name {
			return i
		}
	}
	return -1
}

// IndexTriggers files the ruleset's triggers and the listeners by the
// event they wait for, once their events are interned (Trigger.Sym): an
// event then tries only the triggers that wait for it.
func (rs *Ruleset) IndexTriggers() {
	rs.triggersOn, rs.listenersOn = bySym(rs.Triggers), bySym(rs.Listeners)
	rs.listenedIn = make([]listened, len(rs.listenersOn))
	for sym, ls := range rs.listenersOn {
		rs.listenedIn[sym] = listenedBy(ls, len(rs.Cards))
	}
	// every trigger there is: the ruleset's, the listeners, and each card's
	// own and its faces'
	all := append(slices.Clone(rs.Triggers), rs.Listeners...)
	for _, d := range rs.Cards {
		all = append(all, d.Triggers...)
		for _, f := range d.Faces {
			all = append(all, f.Triggers...)
		}
	}
	heard := bySym(all)
	rs.heard = make([]bool, len(heard))
	n := len(rs.Zones)
	rs.heardMoving = make([][]bool, len(heard))
	for sym, ts := range heard {
		rs.heard[sym] = len(ts) > 0
		if len(ts) == 0 {
			continue
		}
		// the moves, from one kind of zone to another, that one of them
		// may hear: those its zone tests admit (Trigger.Admits)
		m := make([]bool, n*n)
		for _, t := range ts {
			for from := range n {
				if !kindNamed(t.FromZones, from) {
					continue
				}
				for to := range n {
					m[from*n+to] = m[from*n+to] || kindNamed(t.ToZones, to)
				}
			}
		}
		rs.heardMoving[sym] = m
	}
}

// kindNamed reports whether zone kind k is among zones, as Admits reads
// them: nil names every kind.
func kindNamed(zones []int, k int) bool {
	return zones == nil || slices.Contains(zones, k)
}

// HeardMoving is Heard for an event of a card's move from a zone of kind
// from to one of kind to: whether a trigger waiting for sym may hear it,
// its zone tests admitting those zones. A move between two zones that no
// trigger's tests name (a draw, where only a card entering play is
// heard) is looked at no further.
func (rs *Ruleset) HeardMoving(sym int64, from, to int) bool {
	if !rs.Heard(sym) {
		return false
	}
	n := len(rs.Zones)
	if uint64(sym) >= uint64(len(rs.heardMoving)) || uint(from) >= uint(n) || uint(to) >= uint(n) {
		return true
	}
	m := rs.heardMoving[sym]
	return m == nil || m[from*n+to]
}

// Heard reports whether any trigger waits for event sym: the ruleset's, a
// card's own or its face's, or a listener. An event nothing waits for
// triggers nothing, and is not looked at further.
func (rs *Ruleset) Heard(sym int64) bool {
	if rs.heard == nil {
		return true // not indexed: every event is looked at
	}
	// one comparison: a negative symbol is a very large unsigned one
	return uint64(sym) < uint64(len(rs.heard)) && rs.heard[sym]
}

// listened is where the listeners for one event wait: the zone kinds, and
// the card definitions that have one of them.
type listened struct {
	kinds []int
	defs  []bool // by definition index
}

func listenedBy(ls []*Trigger, ndefs int) listened {
	var l listened
	if len(ls) == 0 {
		return l
	}
	l.defs = make([]bool, ndefs)
	for _, t := range ls {
		if t.Card >= 0 && t.Card < ndefs {
			l.defs[t.Card] = true
		}
		for _, k := range t.Zones {
			if !slices.Contains(l.kinds, k) {
				l.kinds = append(l.kinds, k)
			}
		}
	}
	return l
}

// ListenedIn is where the listeners for event sym wait: the zone kinds
// their cards must be in, and whether a card definition (by index) has
// one of them. An event walks those zones once for all its listeners.
func (rs *Ruleset) ListenedIn(sym int64) (kinds []int, defs []bool) {
	if rs.listenedIn == nil {
		l := listenedBy(rs.ListenersOn(sym), len(rs.Cards))
		return l.kinds, l.defs
	}
	if sym < 0 || sym >= int64(len(rs.listenedIn)) {
		return nil, nil
	}
	l := &rs.listenedIn[sym]
	return l.kinds, l.defs
}

// bySym lists triggers by the symbol of their event, each list in the
// order of ts; never nil, so that an indexed ruleset is told apart.
func bySym(ts []*Trigger) [][]*Trigger {
	n := int64(0)
	for _, t := range ts {
		n = max(n, t.Sym+1)
	}
	out := make([][]*Trigger, n, max(n, 1))
	for _, t := range ts {
		if t.Sym >= 0 {
			out[t.Sym] = append(out[t.Sym], t)
		}
	}
	return out
}

// TriggersOn lists the ruleset's own triggers that wait for event sym, in
// the order they are declared.
func (rs *Ruleset) TriggersOn(sym int64) []*Trigger {
	if rs.triggersOn == nil {
		return filterSym(rs.Triggers, sym)
	}
	if sym < 0 || sym >= int64(len(rs.triggersOn)) {
		return nil
	}
	return rs.triggersOn[sym]
}

// ListenersOn lists the card triggers that listen in zones for event sym,
// in the order of Listeners.
func (rs *Ruleset) ListenersOn(sym int64) []*Trigger {
	if rs.listenersOn == nil {
		return filterSym(rs.Listeners, sym)
	}
	if sym < 0 || sym >= int64(len(rs.listenersOn)) {
		return nil
	}
	return rs.listenersOn[sym]
}

// filterSym is the triggers of ts that wait for event sym (a ruleset put
// together without IndexTriggers).
func filterSym(ts []*Trigger, sym int64) []*Trigger {
	var out []*Trigger
	for _, t := range ts {
		if t.Sym == sym {
			out = append(out, t)
		}
	}
	return out
}

// PlayerCount says how many players the game is for, in words: "2" or
// "2 to 4".
func (rs *Ruleset) PlayerCount() string {
	if rs.MinPlayers == rs.MaxPlayers {
		return fmt.Sprint(rs.MinPlayers)
	}
	return fmt.Sprintf("%d to %d", rs.MinPlayers, rs.MaxPlayers)
}

// PredicateDoc is a predicate of the ruleset as its doc says it.
type PredicateDoc struct {
	Call string // its name and parameters: power(c card)
	Doc  string // its doc, or "= " and its expression
}
