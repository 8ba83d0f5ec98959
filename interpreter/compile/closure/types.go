package closure

import (
	"fmt"
	"maps"
	"reflect"
	"sort"
	"strconv"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/model/oracle"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/types"
)

// Fields documents the fields every card, player and event has.
func Fields() (card, player, event [][3]string) {
	for _, f := range model.CardFields {
		typ := f.Typ.String()
		switch f.Name {
		case "name", "id":
			// compared with a text in quotes (.id == 'shrine'), not with a
			// bare value as an enum property is
			typ = "text"
		case "zone":
			typ = "zone"
		}
		card = append(card, [3]string{f.Name, typ, f.Doc})
	}
	for _, f := range model.PlayerFields {
		player = append(player, [3]string{f.Name, f.Typ.String(), f.Doc})
	}
	for _, f := range model.EventFields {
		event = append(event, [3]string{f.Name, f.Typ.String(), f.Doc})
	}
	return
}

// GoType is the Go type expr checks a value of ruleset type t as.
func GoType(t model.Type) reflect.Type {
	switch t {
	case model.TInt:
		return reflect.TypeOf(0)
	case model.TBool:
		return reflect.TypeOf(true)
	case model.TString:
		return reflect.TypeOf("")
	}
	return reflect.TypeOf((*any)(nil)).Elem()
}

type exprType = types.Type

// CheckTree has expr parse and type-check src against cfg.
func CheckTree(src string, cfg *conf.Config) (*parser.Tree, error) {
	return checker.ParseCheck(src, cfg)
}

// BuiltinIdents are the names every expression may read.
var BuiltinIdents = map[string]model.IdentKind{
	"you": model.IdYou, "opponent": model.IdOpponent, "active": model.IdActive, "turn": model.IdTurn, "phase": model.IdPhase,
	"this": model.IdThis, "game": model.IdGame, "players": model.IdPlayers, "opponents": model.IdOpponents, "event": model.IdEvent,
	"stack": model.IdStack, "mode": model.IdMode, "everyone": model.IdAll, "stack_size": model.IdStackSize,
}

// sentinel keys mark the natures of game objects so the patcher can find member accesses.
const (
	SentCard   = "#card"
	SentPlayer = "#player"
	SentGame   = "#game"
	SentEvent  = "#event"
	SentAll    = "#all"
)

// TypeSystem holds the expr natures of a ruleset's game objects, built once.
type TypeSystem struct {
	card, player, game, event, cards, players, all nature.Nature
}

type cachedType struct{ n nature.Nature }

func (c cachedType) Nature() nature.Nature { return c.n }

func (c cachedType) Equal(t exprType) bool { return true }

func (c cachedType) String() string { return c.n.String() }

// MapNature is the type of a strict map whose fields are declared one by one.
func MapNature() nature.Nature {
	n := nature.NatureOf(map[string]any{})
	n.TypeData = &nature.TypeData{Fields: map[string]nature.Nature{}}
	n.Strict = true
	return n
}

func arrayNature(of *nature.Nature) nature.Nature {
	n := nature.NatureOf([]any{})
	n.TypeData = &nature.TypeData{Fields: map[string]nature.Nature{}}
	n.Ref = of
	return n
}

var (
	natInt    = nature.NatureOf(0)
	natBool   = nature.NatureOf(true)
	natString = nature.NatureOf("")
	// a names property: a list of names
	natStrings = nature.NatureOf([]string{})
)

// NatureOf is the type expr checks a value of ruleset type t as.
func (ts *TypeSystem) NatureOf(t model.Type) nature.Nature {
	switch t {
	case model.TInt:
		return natInt
	case model.TBool:
		return natBool
	case model.TString:
		return natString
	case model.TCard:
		return ts.card
	case model.TPlayer:
		return ts.player
	case model.TCards:
		return ts.cards
	case model.TPlayers:
		return ts.players
	case model.TStrings:
		return natStrings
	}
	return nature.Nature{}
}

// NewTypeSystem declares the fields of cards, players, the game and events
// from the ruleset's properties.
func NewTypeSystem(rs *model.Ruleset) *TypeSystem {
	ts := &TypeSystem{}
	ts.card, ts.player, ts.game, ts.event, ts.all = MapNature(), MapNature(), MapNature(), MapNature(), MapNature()
	ts.all.Fields[SentAll] = natInt
	ts.cards = arrayNature(&ts.card)
	ts.players = arrayNature(&ts.player)
	ts.card.Fields[SentCard] = natInt
	ts.player.Fields[SentPlayer] = natInt
	ts.game.Fields[SentGame] = natInt
	ts.event.Fields[SentEvent] = natInt
	for _, p := range rs.CardProps {
		ts.card.Fields[p.Name] = ts.NatureOf(p.Type)
	}
	for _, f := range model.CardFields {
		if _, taken := ts.card.Fields[f.Name]; !taken {
			ts.card.Fields[f.Name] = ts.NatureOf(f.Typ)
		}
	}
	for _, p := range rs.PlayerProps {
		ts.player.Fields[p.Name] = ts.NatureOf(p.Type)
	}
	for _, z := range rs.Zones {
		if z.PerPlayer {
			ts.player.Fields[z.Name] = ts.cards
			ts.all.Fields[z.Name] = ts.cards
		} else {
			ts.game.Fields[z.Name] = ts.cards
		}
	}
	for _, f := range model.PlayerFields {
		if _, taken := ts.player.Fields[f.Name]; !taken {
			ts.player.Fields[f.Name] = ts.NatureOf(f.Typ)
		}
	}
	for _, p := range rs.GameProps {
		ts.game.Fields[p.Name] = ts.NatureOf(p.Type)
	}
	for _, f := range model.EventFields {
		ts.event.Fields[f.Name] = ts.NatureOf(f.Typ)
	}
	return ts
}

// Scope is what an expression may name: built-in identifiers and bound variables.
type Scope struct {
	Vars map[string]varInfo
	// ended holds the variables a step bound for its own steps alone
	// (Param.Scoped), with where that step is: named after it, they are
	// told as such
	ended  map[string]diag.Pos
	Nvars  *int
	Card   bool // `card` names the candidate or source card
	Player bool // `player` names the player a rule is evaluated for
	Event  bool
	// Params are the parameters of the predicate whose body is compiled:
	// values of the call, not variables of an effect
	Params    []Local
	Predicate bool // the body of a predicate: only its parameters and the names every expression has
	// frozen: a view of the scope as it was (Frozen), whose variables are
	// those with a slot below limit
	frozen bool
	limit  int
}

type varInfo struct {
	Slot int
	Typ  model.Type
	pos  diag.Pos
	// broken: the expression that gives its value has an error of its own,
	// reported there; what the variable's uses cannot tell is not
	// reported again
	broken bool
}

// MarkBroken says that the value of a variable comes from an expression
// with an error (already reported): its type is unknown for that reason.
func (s *Scope) MarkBroken(name string) {
	if v, ok := s.Vars[name]; ok {
		v.broken = true
		s.Vars[name] = v
	}
}

// Broken reports whether a variable's value comes from an expression with
// an error.
func (s *Scope) Broken(name string) bool {
	v, ok := s.Vars[name]
	return ok && v.broken
}

// NewScope is the scope of an expression outside any card, player or event.
func NewScope() *Scope {
	n := 0
	return &Scope{Vars: map[string]varInfo{}, Nvars: &n}
}

// Bind declares a variable in the scope of a root effect and returns its slot.
func (s *Scope) Bind(name string, t model.Type, pos diag.Pos) (int, error) {
	if v, ok := s.Vars[name]; ok {
		if v.Typ != t && v.Typ != model.TAny && t != model.TAny {
			return 0, fmt.Errorf("variable %q was bound as %s at %s and cannot be rebound as %s", name, v.Typ, v.pos, t)
		}
		return v.Slot, nil
	}
	if Builtin(name) {
		return 0, fmt.Errorf("%q is a built-in name and cannot be used as a variable", name)
	}
	slot := *s.Nvars
	*s.Nvars++
	s.Vars[name] = varInfo{Slot: slot, Typ: t, pos: pos}
	return slot, nil
}

// End takes a variable out of the scope, after the step at pos that bound
// it for its own steps alone: a later expression that names it is told so.
func (s *Scope) End(name string, pos diag.Pos) {
	// a new map: a view taken before (Frozen), which the oracle compiles
	// with later, keeps the name
	s.Vars = maps.Clone(s.Vars)
	delete(s.Vars, name)
	if s.ended == nil {
		s.ended = map[string]diag.Pos{}
	}
	s.ended[name] = pos
}

// Names is the set of the variables bound in the scope now.
func (s *Scope) Names() map[string]bool {
	out := make(map[string]bool, len(s.Vars))
	for n := range s.Vars {
		if s.Has(n) {
			out[n] = true
		}
	}
	return out
}

// Ended is where the step is that bound a variable for its own steps
// alone, when name is one.
func (s *Scope) Ended(name string) (diag.Pos, bool) {
	if _, bound := s.Vars[name]; bound {
		return diag.Pos{}, false
	}
	p, ok := s.ended[name]
	return p, ok
}

// Body is the scope of the body of a procedure called where s is: the same
// built-in names (card, player, event as s has them) and the same effect's
// variable slots, but none of s's variables: a procedure sees its
// parameters, which Bind declares in it, and the variables its own steps
// bind.
func (s *Scope) Body() *Scope {
	return &Scope{Vars: map[string]varInfo{}, Nvars: s.Nvars, Card: s.Card, Player: s.Player, Event: s.Event}
}

// Builtin reports whether a name is one of the names every expression (or
// some places: card, player, event) reads: no variable, parameter or
// predicate may take it.
func Builtin(name string) bool {
	_, ok := BuiltinIdents[name]
	return ok || name == "card" || name == "player" || name == "none" || name == "nil"
}

// Frozen is the scope as it is now: variables bound in s later are not in
// it (Has). Slots are given in order, so the later ones are those from the
// count of slots now on.
func (s *Scope) Frozen() *Scope {
	c := *s
	if s.Nvars != nil {
		c.frozen, c.limit = true, *s.Nvars
	}
	return &c
}

// AppendKey appends to b what an expression compiled in s depends on of
// it: the names it binds (card, player, event), whether it is a view as
// of a moment (Frozen) and its variables, with their slots and types, in
// the order of their names. Two scopes with the same key compile the same
// text alike.
func (s *Scope) AppendKey(b []byte) []byte {
	b = strconv.AppendBool(b, s.Card)
	b = strconv.AppendBool(b, s.Player)
	b = strconv.AppendBool(b, s.Event)
	b = strconv.AppendBool(b, s.Predicate)
	if s.frozen {
		b = append(b, '<')
		b = strconv.AppendInt(b, int64(s.limit), 10)
	}
	names := make([]string, 0, len(s.Vars))
	for name := range s.Vars {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		v := s.Vars[name]
		b = append(b, ';')
		b = append(b, name...)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(v.Slot), 10)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(v.Typ), 10)
	}
	return b
}

// VarAt is where a variable of the scope was bound, and its type.
func (s *Scope) VarAt(name string) (diag.Pos, model.Type, bool) {
	if !s.Has(name) {
		return diag.Pos{}, model.TAny, false
	}
	v := s.Vars[name]
	return v.pos, v.Typ, true
}

// Has reports whether a variable of the scope has the name.
func (s *Scope) Has(name string) bool {
	v, ok := s.Vars[name]
	return ok && (!s.frozen || v.Slot < s.limit)
}

// With is the scope with card, player or event bound as well.
func (s *Scope) With(card, player, event bool) *Scope {
	c := *s
	c.Card, c.Player, c.Event = card || s.Card, player || s.Player, event || s.Event
	return &c
}

// EnvType is the environment expr checks an expression of the scope against.
func (s *Scope) EnvType(ts *TypeSystem) map[string]exprType {
	m := map[string]exprType{
		"you": cachedType{ts.player}, "opponent": cachedType{ts.player}, "active": cachedType{ts.player},
		"turn": cachedType{natInt}, "phase": cachedType{natString}, "this": cachedType{ts.card},
		"game": cachedType{ts.game}, "players": cachedType{ts.players}, "opponents": cachedType{ts.players},
		"stack": cachedType{ts.cards}, "mode": cachedType{natString}, "everyone": cachedType{ts.all},
		"stack_size": cachedType{natInt},
	}
	if s.Event {
		m["event"] = cachedType{ts.event}
	}
	if s.Card {
		m["card"] = cachedType{ts.card}
	}
	if s.Player {
		m["player"] = cachedType{ts.player}
	}
	for name, v := range s.Vars {
		m[name] = cachedType{ts.NatureOf(v.Typ)}
	}
	for _, p := range s.Params {
		m[p.Name] = cachedType{ts.NatureOf(p.T.TypeOf())}
	}
	return m
}

// ExprBuiltins are expr's own functions, for suggestions.
var ExprBuiltins = func() []string {
	var out []string
	for _, f := range builtin.Builtins {
		out = append(out, f.Name)
	}
	return out
}()

// RulesetBuiltins are the ones of expr's functions a ruleset may call (the
// others, text and dates, are refused), as they are spelt there: a name
// suggested for a misspelt function is one of these.
var RulesetBuiltins = []string{"len", "first", "last", "get", "take", "reverse", "uniq", "concat", "sort", "sort_by",
	"flatten", "filter", "map", "count", "any", "all", "none", "one", "find", "find_index", "find_last",
	"find_last_index", "sum", "min", "max", "abs", "int", "float", "ceil", "floor", "round"}

// host functions that read game objects by index; the patcher routes accesses here.
func HostFunctions() map[string]*funcSig {
	return map[string]*funcSig{
		"$cp": {N: 3, Fn: func(g *model.Evaluator, a []any) any { return oracle.CardProp(g, a[1], a[2].(int)) }},
		"$cf": {N: 3, Fn: func(g *model.Evaluator, a []any) any { return oracle.CardField(g, a[1], a[2].(int)) }},
		"$pp": {N: 3, Fn: func(g *model.Evaluator, a []any) any { return oracle.PlayerProp(g, a[1], a[2].(int)) }},
		"$pz": {N: 3, Fn: func(g *model.Evaluator, a []any) any { return oracle.PlayerZone(g, a[1], a[2].(int)) }},
		"$pf": {N: 3, Fn: func(g *model.Evaluator, a []any) any { return oracle.PlayerField(g, a[1], a[2].(int)) }},
		"$gp": {N: 2, Fn: func(g *model.Evaluator, a []any) any { return oracle.GameProp(g, a[1].(int)) }},
		"$gz": {N: 2, Fn: func(g *model.Evaluator, a []any) any { return oracle.GameZone(g, a[1].(int)) }},
		"$ef": {N: 2, Fn: func(g *model.Evaluator, a []any) any { return oracle.EventField(g, a[1].(int)) }},
		"$az": {N: 2, Fn: func(g *model.Evaluator, a []any) any { return g.AllZone(a[1].(int)) }},
	}
}

type funcSig struct {
	N  int
	Fn func(g *model.Evaluator, a []any) any
}
