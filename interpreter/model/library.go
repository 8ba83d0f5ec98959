package model

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// ParamKind says how a primitive's argument is written and compiled.
type ParamKind uint8

const (
	PExpr     ParamKind = iota // an expression of Param.Type
	PZone                      // a zone name
	PSteps                     // a nested list of effect steps
	PBind                      // a variable name the step binds, of Param.Type
	PText                      // plain text
	PWord                      // one of Param.Words
	PChoices                   // a list of {label, if, do}
	PAction                    // a list of action names
	PExprList                  // a list of expressions of Param.Type
	PTemplate                  // text with {expression} parts, rendered when the step runs
	PPhase                     // the name of a phase of the turn, checked at load
)

func (k ParamKind) String() string {
	return [...]string{"expression", "zone", "steps", "variable", "text", "word", "choices", "actions", "expressions", "template", "phase"}[k]
}

// Param declares one argument of an effect primitive.
type Param struct {
	Name     string
	Kind     ParamKind
	Type     Type
	Required bool
	Default  string // for expressions and words: the source used when absent
	Words    []string
	Doc      string
	// Card lets the expression read `card`, which the primitive binds as it
	// evaluates it (once per item, say).
	Card bool
	// Late compiles the expression after the step's own bindings, so it can
	// read the variables the step binds as it evaluates it.
	Late bool
	// Decides marks the condition that chooses between the step's branches:
	// written as a constant, one branch never runs, which load reports.
	Decides bool
	// TypedBy, on a variable of no fixed type, names the parameter whose
	// expression gives the variable its type (let's as, typed by value).
	TypedBy string
	// TypeWord, on such a variable, names a word parameter that declares its
	// type instead (let's type: a variable that starts as none, set later).
	TypeWord string
	// Offers marks an expression whose value is what the step's chooser is
	// offered (the candidate cards), and Chooser the parameter that names
	// the chooser (default: you): what the chooser is offered must not tell
	// them what cards they cannot see are, which load warns about.
	Offers, Chooser bool
	// Branch marks a list of steps that runs or not as the step decides: test
	// coverage counts it as a way the step can go.
	Branch bool
	// RebindsYou marks a list of steps run with `you` bound to another
	// player (each player of a loop, in turn): a step in it whose player
	// defaults to the active player rather than to you most likely means
	// you, which load warns about.
	RebindsYou bool
	// Scoped, on a parameter, makes the variables the step binds, and
	// those bound in its steps, the step's own when the parameter is
	// given: they hold one value per run of its steps (each chooser's
	// answer), and are no names after the step, where they would hold
	// only the last run's.
	Scoped bool
	// Was lists the names the parameter had in the language's first
	// edition: a file that still writes one is told the new name
	// (renamed-argument), and is read as if it had written it.
	Was []string
}

// Status tells the machine what to do after a step ran.
type Status uint8

const (
	Next    Status = iota // go on with the next step
	Stay                  // run this step again (after a child frame or an answer)
	Suspend               // wait for the pending decisions
)

// Primitive is one effect step kind. Its Exec is given the game, the frame that
// runs it and the compiled step; it returns what the machine does next.
type Primitive struct {
	Name      string
	Doc       string
	Example   string
	Params    []Param
	Shorthand string // the parameter a scalar value fills: `draw: 2`
	// Assigns, for a primitive that changes a property (with the parameters
	// cards, player and prop), names the parameter its short form fills:
	// `set: {this.tapped: true}` is set with cards this, prop tapped and
	// value true; the target's type decides cards or player, and game (or
	// neither) means the game's property.
	Assigns    string
	StateSlots int // hidden variable slots the step keeps its progress in
	Exec       func(g Context, f *state.Frame, s *Step) (Status, error)
	// CanPay, when set, makes the primitive usable as a cost: it returns why the
	// cost cannot be paid now, or ""; an error (an expression of the cost
	// that cannot be worked out) stops the game, as one in a condition does.
	CanPay func(g Context, f *state.Frame, s *Step) (string, error)
	// Validate, when set, checks a compiled step against the ruleset at load time.
	Validate func(v Validator, s *Step)
	Family   string
	// EndsGame says the step ends the game: nothing after it in its list runs.
	EndsGame bool
	// EmitsEvent names the parameter holding the name of an event the step
	// emits, so load knows which events a ruleset can emit.
	EmitsEvent string
	// Args, when set, points to a struct of ArgIndex fields: registration
	// fills each with the index of the parameter it names (the field's name
	// in snake_case, IfEmpty for if_empty, or its `arg` tag), so the body
	// reads its arguments by index and never by name. A field that names no
	// parameter is a registration error. Primitives whose parameters come
	// in the same order may share one struct.
	Args any

	emits ArgIndex // EmitsEvent, resolved at registration (-1: none)
}

// ArgIndex is the position of a parameter among a primitive's Params, and so
// of its argument among a compiled step's Args.
type ArgIndex int

// NoArg is the ArgIndex of no parameter.
const NoArg ArgIndex = -1

// ParamIndex finds a parameter by name (NoArg when there is none); for tools
// and load, never for a primitive's body.
func (p *Primitive) ParamIndex(name string) ArgIndex {
	for i := range p.Params {
		if p.Params[i].Name == name {
			return ArgIndex(i)
		}
	}
	return NoArg
}

// EmittedEvent is the argument naming the event the step emits, if its
// primitive emits one.
func (s *Step) EmittedEvent() (*Arg, bool) {
	if s.Prim.emits == NoArg {
		return nil, false
	}
	return &s.Args[s.Prim.emits], true
}

// Validator lets a primitive report load-time problems at its arguments'
// positions.
type Validator interface {
	// Ruleset is the ruleset being loaded.
	Ruleset() *Ruleset
	// Errorf reports a problem with the argument arg of the step.
	Errorf(arg ArgIndex, code, format string, args ...any)
	// Suggest returns "; did you mean X?" for the nearest of known, or "".
	Suggest(name string, known []string) string
	// InternName makes a name usable as a symbol.
	InternName(name string) int64
}

// EnumProp is the property of cards, players or the game (looked for in
// that order) called name that declares its values, an enum or a names
// property, or nil.
func (rs *Ruleset) EnumProp(name string) *PropDecl {
	for _, list := range [][]PropDecl{rs.CardProps, rs.PlayerProps, rs.GameProps} {
		for i := range list {
			if list[i].Name == name && (list[i].Type == TString || list[i].Type == TStrings) && len(list[i].Values) > 0 {
				return &list[i]
			}
		}
	}
	return nil
}

// EnumPropNames are the names of the enum and names properties of cards,
// players and the game.
func (rs *Ruleset) EnumPropNames() []string {
	var names []string
	for _, list := range [][]PropDecl{rs.CardProps, rs.PlayerProps, rs.GameProps} {
		for _, d := range list {
			if (d.Type == TString || d.Type == TStrings) && len(d.Values) > 0 {
				names = append(names, d.Name)
			}
		}
	}
	return names
}

// PropIndex finds a declared property by owner kind ("card", "player", "game").
func (rs *Ruleset) PropIndex(kind, name string) (int, *PropDecl, bool) {
	var ix map[string]int
	var list []PropDecl
	switch kind {
	case "card":
		ix, list = rs.CardPropIx, rs.CardProps
	case "player":
		ix, list = rs.PlayerPropIx, rs.PlayerProps
	default:
		ix, list = rs.GamePropIx, rs.GameProps
	}
	i, ok := ix[name]
	if !ok {
		return -1, nil, false
	}
	return i, &list[i], true
}

// ResolveProp finds a declared property as PropIndex does and keeps its
// index in the argument that names it (Arg.Ref), for PropAt to give back
// when the step runs.
func (rs *Ruleset) ResolveProp(a *Arg, kind string) (*PropDecl, bool) {
	i, d, ok := rs.PropIndex(kind, a.Text)
	if ok {
		a.Ref = i
	}
	return d, ok
}

// PropAt is the property an argument was resolved to at load
// (ResolveProp): its index and declaration.
func (rs *Ruleset) PropAt(a *Arg, kind string) (int, *PropDecl) {
	switch kind {
	case "card":
		return a.Ref, &rs.CardProps[a.Ref]
	case "player":
		return a.Ref, &rs.PlayerProps[a.Ref]
	}
	return a.Ref, &rs.GameProps[a.Ref]
}

// PropNames lists the property names of a kind, for suggestions.
func (rs *Ruleset) PropNames(kind string) []string {
	var list []PropDecl
	switch kind {
	case "card":
		list = rs.CardProps
	case "player":
		list = rs.PlayerProps
	default:
		list = rs.GameProps
	}
	out := make([]string, len(list))
	for i, p := range list {
		out[i] = p.Name
	}
	return out
}

// SymbolPropIndex finds a card property by the symbol of its name (-1 if none).
func (rs *Ruleset) SymbolPropIndex(sym int64) int {
	return symbolIndex(rs, rs.symbolProps, rs.CardPropIx, sym)
}

// SymbolPlayerPropIndex finds a player property by the symbol of its name
// (-1 if none).
func (rs *Ruleset) SymbolPlayerPropIndex(sym int64) int {
	return symbolIndex(rs, rs.symbolPlayerProps, rs.PlayerPropIx, sym)
}

// symbolIndex is what a symbol names in table (IndexSymbols), or, for a
// symbol interned since, in the map by its text; -1 if nothing.
func symbolIndex(rs *Ruleset, table []int32, ix map[string]int, sym int64) int {
	if sym < 0 || int(sym) >= len(rs.symbols) {
		return -1
	}
	if int(sym) < len(table) {
		return int(table[sym])
	}
	if i, ok := ix[rs.symbols[sym]]; ok {
		return i
	}
	return -1
}

// KeywordIndex finds a declared keyword.
func (rs *Ruleset) KeywordIndex(name string) (int, bool) { i, ok := rs.KeywordIx[name]; return i, ok }

// SymbolIndex returns the symbol of a declared name, or -1.
func (rs *Ruleset) SymbolIndex(name string) int64 {
	if i, ok := rs.SymbolIx[name]; ok {
		return int64(i)
	}
	return -1
}

// Func is a function callable from expressions. It is pure: it reads the state
// through the evaluation context and changes nothing.
type Func struct {
	Name    string
	Doc     string
	Example string
	Params  []Type
	Names   []string
	Result  Type
	Family  string
	// PropArgs are the argument positions that name a card property; a literal
	// name there is checked at load time.
	PropArgs []int
	// IntProps: the function adds up the properties its PropArgs name, so a
	// literal name there must be of an int property.
	IntProps bool
	// EnumArgs are the argument positions that name an enum or names
	// property of cards, players or the game (its declared values matter, not a card's
	// value of it); a literal name there is checked at load time.
	EnumArgs []int
	// KeywordArgs are the argument positions that name a keyword.
	KeywordArgs []int
	// ZoneArgs are the argument positions that name a zone; a literal name
	// there is checked at load time.
	ZoneArgs []int
	// ValueArgs maps an argument position that holds a value of an enum
	// property to the position of the argument naming that property; a
	// literal value there that the enum does not declare is a load error.
	ValueArgs map[int]int
	// Reads is what the function reads of the state beyond its arguments;
	// the zero value, anything, is always safe.
	Reads FuncReads
	// Fn is the function's one body. It receives its arguments as values of
	// the declared Params (a name argument as an interned name) and must not
	// keep the slice.
	Fn func(g *Evaluator, args []Datum) Datum
	// CardsProp, when set, is the function as a whole number of a list of
	// cards and a card property's index, for a function of those two
	// arguments (the size of the largest group, a sum): a call that names
	// the property by a literal calls it, with the index found at load,
	// instead of Fn with its arguments as values. It gives what Fn gives.
	CardsProp func(g *Evaluator, cards []int, prop int) int64
}

// Library is the set of primitives and functions a ruleset is compiled against.
type Library struct {
	bound map[uintptr]string // the Args structs filled so far, by the primitive that filled them
	prims map[string]*Primitive
	funcs map[string]*Func
	keys  []RulesetKey
}

// RulesetKey documents one key of ruleset and card files, for `arbiter doc`.
type RulesetKey struct {
	Path    string
	Doc     string
	Example string
}

// NewLibrary returns an empty library.
func NewLibrary() *Library {
	return &Library{prims: map[string]*Primitive{}, funcs: map[string]*Func{}}
}

// AddPrimitive registers an effect primitive. It resolves the names its
// body reads (Args, EmitsEvent) to indexes once, here: a name that is no
// parameter of the primitive, or a second primitive of the same name, is an
// error of registration, never of a running game.
func (l *Library) AddPrimitive(p *Primitive) error {
	if _, dup := l.prims[p.Name]; dup {
		return fmt.Errorf("primitive %s is registered twice", p.Name)
	}
	p.emits = NoArg
	if p.EmitsEvent != "" {
		if p.emits = p.ParamIndex(p.EmitsEvent); p.emits == NoArg {
			return fmt.Errorf("primitive %s: EmitsEvent names %q, which is no parameter of it", p.Name, p.EmitsEvent)
		}
	}
	if p.Args != nil {
		if err := l.bindArgs(p); err != nil {
			return fmt.Errorf("primitive %s: %v", p.Name, err)
		}
	}
	l.prims[p.Name] = p
	return nil
}

// bindArgs fills the primitive's Args struct with parameter indexes.
func (l *Library) bindArgs(p *Primitive) error {
	v := reflect.ValueOf(p.Args)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("its Args must point to a struct of ArgIndex fields, not %T", p.Args)
	}
	v = v.Elem()
	t := v.Type()
	key := v.Addr().Pointer()
	prev, shared := l.bound[key]
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type != reflect.TypeFor[ArgIndex]() {
			return fmt.Errorf("its Args field %s is a %s, not an ArgIndex", f.Name, f.Type)
		}
		name := f.Tag.Get("arg")
		if name == "" {
			name = snakeCase(f.Name)
		}
		ix := p.ParamIndex(name)
		if ix == NoArg {
			return fmt.Errorf("its Args field %s names %q, which is no parameter of it%s", f.Name, name, diag.DidYouMean(name, paramNames(p)))
		}
		if shared && ArgIndex(v.Field(i).Int()) != ix {
			return fmt.Errorf("its Args is shared with %s, whose parameter %q is at another place", prev, name)
		}
		v.Field(i).SetInt(int64(ix))
	}
	if l.bound == nil {
		l.bound = map[uintptr]string{}
	}
	if !shared {
		l.bound[key] = p.Name
	}
	return nil
}

func paramNames(p *Primitive) []string {
	out := make([]string, len(p.Params))
	for i := range p.Params {
		out[i] = p.Params[i].Name
	}
	return out
}

// snakeCase turns a Go field name into a parameter name: IfEmpty → if_empty.
func snakeCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// AddFunc registers an expression function.
func (l *Library) AddFunc(f *Func) {
	if _, dup := l.funcs[f.Name]; dup {
		panic("duplicate function " + f.Name)
	}
	l.funcs[f.Name] = f
}

// AddKey documents a ruleset key.
func (l *Library) AddKey(k RulesetKey) { l.keys = append(l.keys, k) }

// Primitives lists the primitives by name.
func (l *Library) Primitives() []*Primitive {
	out := make([]*Primitive, 0, len(l.prims))
	for _, p := range l.prims {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Funcs lists the functions by name.
func (l *Library) Funcs() []*Func {
	out := make([]*Func, 0, len(l.funcs))
	for _, f := range l.funcs {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Keys lists the documented ruleset keys in registration order.
func (l *Library) Keys() []RulesetKey { return l.keys }

// Primitive returns a primitive by name.
func (l *Library) Primitive(name string) (*Primitive, bool) { p, ok := l.prims[name]; return p, ok }

// Func returns a function by name.
func (l *Library) Func(name string) (*Func, bool) { f, ok := l.funcs[name]; return f, ok }

// Context is what an effect primitive sees of the game that runs it, as a
// builtin of starlark sees its thread: the reading side (evaluate its
// arguments, read cards, zones and players) and the operations of the
// machine (change the state, ask a seat, run nested steps, write the log).
// It is not the engine: a primitive cannot answer a decision, save, clone or
// rewind the game. The engine's machine implements it.
type Context interface {
	// The ruleset and the seats.
	Ruleset() *Ruleset
	Players() int
	LivePlayers() int
	NextLive(p int) int
	Active() int
	Lost(p int) bool
	DeckOf(p int) *Deck

	// Evaluating the step's expressions for a frame.
	EvalDatum(e *Expr, f *state.Frame) (Datum, error)
	EvalVal(e *Expr, f *state.Frame, t Type) (state.Val, error)
	EvalBool(e *Expr, f *state.Frame) (bool, error)
	EvalInt(e *Expr, f *state.Frame) (int, error)
	EvalWhole(e *Expr, f *state.Frame) (v int64, ok bool, err error)
	EvalCard(e *Expr, f *state.Frame) (int, error)
	EvalCards(e *Expr, f *state.Frame) ([]int, error)
	// EvalCardsView is EvalCards without a copy: good until the state
	// changes, never written
	EvalCardsView(e *Expr, f *state.Frame) ([]int, error)
	// EvalCardsInto is EvalCards appending the cards to dst
	EvalCardsInto(e *Expr, f *state.Frame, dst []int) ([]int, error)
	// EvalInts is a list's elements appended to dst (a list literal's
	// written there without a list of its own)
	EvalInts(e *Expr, f *state.Frame, dst []int) ([]int, error)
	// CardScratch is an empty list with room, the machine's own, for a
	// step to copy the cards (or players) it works on into
	// (EvalCardsInto, EvalInts): good until
	// the next call, so only for a step that runs no other step while it
	// holds the list (expressions never use it)
	CardScratch() []int
	EvalPlayer(e *Expr, f *state.Frame) (int, error)
	// EvalPlayers is a list of players, which may be shared: never to be
	// written
	EvalPlayers(e *Expr, f *state.Frame) ([]int, error)
	PropVal(x Datum, d *PropDecl) (state.Val, error)
	NameDatum(s string) Datum
	Text(d Datum) string
	RenderText(a *Template, f *state.Frame, seat int) string
	ChoiceLabel(ch *Choice, f *state.Frame, seat int) string
	TempFrame(f state.Frame) *state.Frame
	ReleaseFrame()
	Explaining() bool

	// Reading cards, zones and properties.
	Card(c int) *state.CardInstance
	CardDefOf(c int) *CardDef
	CardName(c int) string
	// CardTotal is how many card instances the game has made.
	CardTotal() int
	// ZoneLabel names a zone instance for players: "p1's hand", "the pile".
	ZoneLabel(zi int) string
	CardLabel(c, seat int) string
	CardAt(zi, slot int) int
	SlotOf(c int) int64
	CardZoneKind(c int) int
	SlotName(kind, slot int) string
	PlaceName(c int) string
	NextTo(zi, si, zj, sj int) bool
	CardProp(c, idx int) int64
	BaseCardProp(c, idx int) int64
	PlainProp(idx int) (vals []int64, stride int, ok bool)
	PlayerProp(p, idx int) int64
	BasePlayerProp(p, idx int) int64
	GameProp(idx int) int64
	HasKeywordSym(c int, sym int64) bool
	Knows(seat, c int) bool
	ZoneInst(kind, owner int) int
	ZoneCards(zi int) []int
	StackLen() int
	Interchangeable(a, b, seat int) bool

	// The step's variables and the randomness of the game.
	Var(f *state.Frame, slot int) state.Val
	SetVar(f *state.Frame, slot int, v state.Val)
	Rand(n int) int
	// Roll is a die roll from 1 to sides: the game's generator's, or the
	// next result a scenario fixed (engine Options.Rolls), which must fit
	// the die.
	Roll(sides int) (int, error)

	// Changing the state.
	SetCardProp(c, idx int, v int64)
	SetPlayerProp(p, idx int, v int64)
	SetGameProp(idx int, v int64)
	AddModifier(m state.Modifier)
	EndEffectsOf(p int) []state.Modifier
	EndPhaseEffects(ph int) int
	// TriggerHolds judges a trigger again for the frame of its effect: its
	// condition, and for a card's, the card's zone, face and facing
	TriggerHolds(t *Trigger, f *state.Frame) (bool, error)
	// EndEffectsUntil ends now the modifiers of a duration (until the end
	// of the turn, or of the phase) and returns how many ended
	EndEffectsUntil(u state.Until) int
	GrantKeyword(c int, kw string, on bool) error
	GrantKeywordFor(c int, kw string, on bool, m state.Modifier) error
	Move(c, zi int, o state.MoveOpts) error
	MoveTogether(cards, to []int, o state.MoveOpts, give bool) error
	Draw(p, fromKind, toKind int, quiet bool) (bool, error)
	Shuffle(zi int)
	Reveal(cards []int, mask uint64, by int, quiet bool)
	Look(cards []int, p int)
	Flip(c int, faceDown bool, face int)
	SetController(c, p int)
	CreateCard(def, owner, zi int) int
	CreateCards(def, owner, zi, n int) int // n of one definition, numbered from the one it gives
	Created(cards []int, zi, source int, logged bool)
	EmitFrom(name string, card, player, amount, source int)
	// EmitSym is EmitFrom with the event's name given by its symbol, as a
	// step resolved it at load (Arg.Ref)
	EmitSym(sym int64, card, player, amount, source int)
	AddExtraTurn(p int)
	SetFirstPlayer(p int) error
	MarkDirty()

	// Ending the game.
	WinWith(p int, with []int, why string)
	// Lose's winWhy, when not empty, is why the one player this loss
	// leaves in the game wins (else: last player standing)
	Lose(p int, why, winWhy string)
	DrawGame(why string)

	// Decisions, nested steps, actions and the stack.
	Ask(f *state.Frame, d state.Decision) Status
	// AnswerAtOnce counts a decision that has a single way to be answered
	// (state.ForcedAnswer) and is not sealed as asked, as Ask does, and
	// gives that answer: the step goes on as it would once asked and
	// answered, without suspending. For any other decision it counts
	// nothing and reports false, and the step asks it with Ask.
	AnswerAtOnce(d state.Decision) (state.Answer, bool)
	// CountAtOnce counts, as AnswerAtOnce does, a decision of player p
	// among actions with one option and one pick, unsealed, which the
	// step takes without making the decision (its answer is that option,
	// labelled label when it has a label).
	CountAtOnce(p int, label string, card int)
	// NoteTaken notes, without counting a decision, that a step took for
	// player p the one card it could choose (labelled label) with no
	// question, as every card there was: a scenario's step that names it
	// reads as that answer, as it reads a question answered at once.
	NoteTaken(p int, label string, card int)
	// Answered's lists are good until its next call.
	Answered(f *state.Frame) ([]state.Decision, []*state.Answer)
	Call(f *state.Frame, prog int)
	CallAs(f *state.Frame, prog, p int)
	CallTogether(f *state.Frame, prog int)
	ChecksFirst() bool
	// ActionOptions lists the legal options of actions for a player in
	// the machine's scratch list, good until the next call
	ActionOptions(player int, actions []int) ([]state.Option, error)
	// OptionScratch is an empty list with room, the machine's own, to
	// build the options of one decision in just before Ask, which copies
	// them; good until the next call, so not for decisions built together
	// and asked after (sealed ones)
	OptionScratch() []state.Option
	// VarList is an empty list with room for n cards, for a variable to
	// hold: cut from the machine's memory for such lists, one allocation
	// for many. Its room is its own (an append past it moves the list),
	// and no other list is ever cut from it.
	VarList(n int) []int
	PushAction(f *state.Frame, prog, action int)
	StartAction(player int, o state.Option)
	ResolveTop()
	RemoveStackItems(cards []int, p int) []int
	CoverBranch(s *Step, branch string)
	// CoverChoice records, when coverage is kept, that the option of a
	// choose step with this label was taken (quoted, unlike a branch name)
	CoverChoice(s *Step, choice int)

	// Memos. Epoch counts the changes of the state (effects' variables
	// aside): while it stays the same, so does everything an expression
	// reads. Memo is the game's memo for step s, where a primitive keeps
	// what it worked out to reuse it while the epoch has not moved (the
	// sources a cost may be paid with, for every card an action window
	// lists). A memo is scratch space, not state: a clone starts without.
	// A machine that starts another game in its memory (NewInto), or is
	// made a copy of another game, keeps each memo's value for its room
	// but with an epoch no count reaches (StaleEpoch), so that Holds is
	// false until the primitive writes it again: what a primitive keeps in
	// its memo outside what Holds guards must be the same in every game of
	// the ruleset (a step's patterns, its plain prompts).
	Epoch() uint64
	// Version counts the changes of the parts of the state r names: what
	// was worked out from those parts holds while it stays the same (finer
	// than Epoch, which moves with any change)
	Version(r ReadSet) uint64
	Memo(s *Step) *Memo

	// The log. Logging reports whether the game keeps one: a step can
	// skip working out what only its log would say.
	Logging() bool
	Logf(kind string, player int, format string, args ...any)
	LogCards(kind string, player int, cards []int, format string, args ...any)
	// LogChosen writes a "choose" line naming the controller of each card
	// named marks and the place where gives (as the options named them)
	LogChosen(player int, cards []int, named []bool, where []string, format string, args ...any)
	// LogTemplate writes a template's line; to is -1 for every seat, else
	// the one seat that sees it (a word to one player)
	LogTemplate(kind string, to int, f *state.Frame, t *Template) error
	// LogTemplateIn writes a line of format, whose one %s is the
	// template's text ("p2 chooses: %s."), the player's line: its parts
	// read from cards a seat does not know are ? to that seat
	LogTemplateIn(kind string, player int, f *state.Frame, t *Template, format string) error
}

// Memo is what a primitive worked out at one epoch of a game, with the key
// it was worked out for.
type Memo struct {
	Epoch uint64
	Key   [4]int64
	Val   any
}

// StaleEpoch is the epoch of a memo kept from another game: no count of
// changes reaches it.
const StaleEpoch = ^uint64(0)

// Holds reports whether the memo was worked out for key at epoch.
func (m *Memo) Holds(epoch uint64, key [4]int64) bool {
	return m.Val != nil && m.Epoch == epoch && m.Key == key
}

// PrimitiveNames lists the names of the primitives, for suggestions.
func (l *Library) PrimitiveNames() []string {
	out := make([]string, 0, len(l.prims))
	for name := range l.prims {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// Fingerprint describes the library's shape: every primitive with its
// parameters and hidden slots, every function with its signature. A ruleset's
// hash includes it, so a game saved under another shape is refused rather
// than read wrong.
func (l *Library) Fingerprint() string {
	var b strings.Builder
	for _, p := range l.Primitives() {
		fmt.Fprintf(&b, "%s/%d(", p.Name, p.StateSlots)
		for _, pa := range p.Params {
			fmt.Fprintf(&b, "%s:%d:%d,", pa.Name, pa.Kind, pa.Type)
		}
		b.WriteString(")\n")
	}
	for _, f := range l.Funcs() {
		fmt.Fprintf(&b, "%s%v%d\n", f.Name, f.Params, f.Result)
	}
	return b.String()
}

// KeyReader is what a CardKey reads: the evaluator, or a step's Context.
type KeyReader interface {
	EvalDatum(e *Expr, f *state.Frame) (Datum, error)
	EvalWhole(e *Expr, f *state.Frame) (v int64, ok bool, err error)
	CardProp(c, idx int) int64
}

// Eval is the value the key compares with, evaluated once in f; ok is
// false when it is none, or not of the key's kind (a text never interned):
// the condition is then evaluated card by card as written.
func (k *CardKey) Eval(g KeyReader, f *state.Frame) (v int64, ok bool, err error) {
	if c := k.Value.Const; c != nil {
		return c.N, c.K == DSym == k.Sym && (c.K == DSym || c.K == DInt), nil
	}
	if k.Value.Int != nil {
		// the value is of the key's kind (load compared them), so the
		// number alone will do: no value is made
		return g.EvalWhole(k.Value, f)
	}
	d, err := g.EvalDatum(k.Value, f)
	if err != nil {
		return 0, false, err
	}
	if k.Sym && d.K != DSym || !k.Sym && d.K != DInt {
		return 0, false, nil
	}
	return d.N, true, nil
}

// Holds reports whether card c meets the key's condition, given the value
// Eval gave.
func (k *CardKey) Holds(g KeyReader, c int, v int64) bool {
	return (g.CardProp(c, k.Prop) == v) != k.Not
}

// ErrNobodyToAsk is the error of a choice whose chooser is nobody (none):
// the machine leaves such a step out, with the rest of its effect, as it
// leaves out a choice of a player who has left the game.
var ErrNobodyToAsk = errors.New("the chooser is nobody (none)")
