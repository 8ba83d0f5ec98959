package compile

import (
	"fmt"
	"reflect"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/types"
	"go.yaml.in/yaml/v3"
)

// Fields documents the fields every card, player and event has.
func Fields() (card, player, event [][3]string) {
	for _, f := range model.CardFields {
		card = append(card, [3]string{f.Name, f.Typ.String(), f.Doc})
	}
	for _, f := range model.PlayerFields {
		player = append(player, [3]string{f.Name, f.Typ.String(), f.Doc})
	}
	for _, f := range model.EventFields {
		event = append(event, [3]string{f.Name, f.Typ.String(), f.Doc})
	}
	return
}

func goType(t model.Type) reflect.Type {
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

// baseConfig builds the expr configuration shared by every expression of a
// ruleset: game functions with typed signatures, and the host functions the
// patcher calls.
func (c *ExprCompiler) baseConfig() *conf.Config {
	if c.cfg != nil {
		return c.cfg
	}
	cfg := conf.CreateNew()
	anyT := goType(model.TAny)
	wrap := func(f func(g *model.Evaluator, a []any) any) func(params ...any) (any, error) {
		return func(params ...any) (any, error) {
			g := params[0].(map[string]any)["$c"].(*model.Evaluator)
			return f(g, params), nil
		}
	}
	var opts []expr.Option
	for name, h := range hostFunctions() {
		in := make([]reflect.Type, h.n)
		for i := range in {
			in[i] = anyT
		}
		in[len(in)-1] = reflect.TypeOf(0)
		ft := reflect.FuncOf(in, []reflect.Type{anyT}, false)
		opts = append(opts, expr.Function(name, wrap(h.fn), reflect.New(ft).Interface()))
	}
	for _, f := range c.Rs.Lib.Funcs() {
		in := make([]reflect.Type, len(f.Params))
		for i, p := range f.Params {
			in[i] = goType(p)
		}
		out := []reflect.Type{goType(f.Result)}
		user := reflect.FuncOf(in, out, false)
		opts = append(opts, expr.Function(f.Name, func(params ...any) (any, error) {
			return nil, fmt.Errorf("%s called without a game", f.Name)
		}, reflect.New(user).Interface()))
		inner := reflect.FuncOf(append([]reflect.Type{anyT}, in...), out, false)
		fn := f
		opts = append(opts, expr.Function("$"+f.Name, func(params ...any) (any, error) {
			g := params[0].(map[string]any)["$c"].(*model.Evaluator)
			return g.OracleCall(fn, params[1:])
		}, reflect.New(inner).Interface()))
	}
	for _, o := range opts {
		o(cfg)
	}
	c.cfg = cfg
	return cfg
}

type (
	yamlNode = yaml.Node
	astTree  = parser.Tree
	exprType = types.Type
)

const (
	scalarKind   = yaml.ScalarNode
	styleLiteral = yaml.LiteralStyle
	styleFolded  = yaml.FoldedStyle
	StyleDouble  = yaml.DoubleQuotedStyle
	StyleSingle  = yaml.SingleQuotedStyle
)

func checkTree(src string, cfg *conf.Config) (*parser.Tree, error) {
	return checker.ParseCheck(src, cfg)
}

var builtinIdents = map[string]model.IdentKind{
	"you": model.IdYou, "opponent": model.IdOpponent, "active": model.IdActive, "turn": model.IdTurn, "phase": model.IdPhase,
	"this": model.IdThis, "game": model.IdGame, "players": model.IdPlayers, "opponents": model.IdOpponents, "event": model.IdEvent,
	"stack": model.IdStack, "mode": model.IdMode, "everyone": model.IdAll,
}

// sentinel keys mark the natures of game objects so the patcher can find member accesses.
const (
	sentCard   = "#card"
	sentPlayer = "#player"
	sentGame   = "#game"
	sentEvent  = "#event"
	sentAll    = "#all"
)

// typeSystem holds the expr natures of a ruleset's game objects, built once.
type typeSystem struct {
	card, player, game, event, cards, players, all nature.Nature
}

type cachedType struct{ n nature.Nature }

func (c cachedType) Nature() nature.Nature { return c.n }

func (c cachedType) Equal(t exprType) bool { return true }

func (c cachedType) String() string { return c.n.String() }

func mapNature() nature.Nature {
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

func (ts *typeSystem) natureOf(t model.Type) nature.Nature {
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

func NewTypeSystem(rs *model.Ruleset) *typeSystem {
	ts := &typeSystem{}
	ts.card, ts.player, ts.game, ts.event, ts.all = mapNature(), mapNature(), mapNature(), mapNature(), mapNature()
	ts.all.Fields[sentAll] = natInt
	ts.cards = arrayNature(&ts.card)
	ts.players = arrayNature(&ts.player)
	ts.card.Fields[sentCard] = natInt
	ts.player.Fields[sentPlayer] = natInt
	ts.game.Fields[sentGame] = natInt
	ts.event.Fields[sentEvent] = natInt
	for _, p := range rs.CardProps {
		ts.card.Fields[p.Name] = ts.natureOf(p.Type)
	}
	for _, f := range model.CardFields {
		if _, taken := ts.card.Fields[f.Name]; !taken {
			ts.card.Fields[f.Name] = ts.natureOf(f.Typ)
		}
	}
	for _, p := range rs.PlayerProps {
		ts.player.Fields[p.Name] = ts.natureOf(p.Type)
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
			ts.player.Fields[f.Name] = ts.natureOf(f.Typ)
		}
	}
	for _, p := range rs.GameProps {
		ts.game.Fields[p.Name] = ts.natureOf(p.Type)
	}
	for _, f := range model.EventFields {
		ts.event.Fields[f.Name] = ts.natureOf(f.Typ)
	}
	return ts
}

// Scope is what an expression may name: built-in identifiers and bound variables.
type Scope struct {
	vars   map[string]varInfo
	Nvars  *int
	card   bool // `card` names the candidate or source card
	player bool // `player` names the player a rule is evaluated for
	event  bool
	// params are the parameters of the predicate whose body is compiled:
	// values of the call, not variables of an effect
	params    []local
	predicate bool // the body of a predicate: only its parameters and the names every expression has
}

type varInfo struct {
	slot int
	typ  model.Type
	pos  diag.Pos
}

func NewScope() *Scope {
	n := 0
	return &Scope{vars: map[string]varInfo{}, Nvars: &n}
}

// Bind declares a variable in the scope of a root effect and returns its slot.
func (s *Scope) Bind(name string, t model.Type, pos diag.Pos) (int, error) {
	if v, ok := s.vars[name]; ok {
		if v.typ != t && v.typ != model.TAny && t != model.TAny {
			return 0, fmt.Errorf("variable %q was bound as %s at %s and cannot be rebound as %s", name, v.typ, v.pos, t)
		}
		return v.slot, nil
	}
	if Builtin(name) {
		return 0, fmt.Errorf("%q is a built-in name and cannot be used as a variable", name)
	}
	slot := *s.Nvars
	*s.Nvars++
	s.vars[name] = varInfo{slot: slot, typ: t, pos: pos}
	return slot, nil
}

// Body is the scope of the body of a procedure called where s is: the same
// built-in names (card, player, event as s has them) and the same effect's
// variable slots, but none of s's variables: a procedure sees its
// parameters, which Bind declares in it, and the variables its own steps
// bind.
func (s *Scope) Body() *Scope {
	return &Scope{vars: map[string]varInfo{}, Nvars: s.Nvars, card: s.card, player: s.player, event: s.event}
}

// Builtin reports whether a name is one of the names every expression (or
// some places: card, player, event) reads: no variable, parameter or
// predicate may take it.
func Builtin(name string) bool {
	_, ok := builtinIdents[name]
	return ok || name == "card" || name == "player" || name == "none" || name == "nil"
}

func (s *Scope) With(card, player, event bool) *Scope {
	c := *s
	c.card, c.player, c.event = card || s.card, player || s.player, event || s.event
	return &c
}

func (s *Scope) envType(ts *typeSystem) map[string]exprType {
	m := map[string]exprType{
		"you": cachedType{ts.player}, "opponent": cachedType{ts.player}, "active": cachedType{ts.player},
		"turn": cachedType{natInt}, "phase": cachedType{natString}, "this": cachedType{ts.card},
		"game": cachedType{ts.game}, "players": cachedType{ts.players}, "opponents": cachedType{ts.players},
		"stack": cachedType{ts.cards}, "mode": cachedType{natString}, "everyone": cachedType{ts.all},
	}
	if s.event {
		m["event"] = cachedType{ts.event}
	}
	if s.card {
		m["card"] = cachedType{ts.card}
	}
	if s.player {
		m["player"] = cachedType{ts.player}
	}
	for name, v := range s.vars {
		m[name] = cachedType{ts.natureOf(v.typ)}
	}
	for _, p := range s.params {
		m[p.name] = cachedType{ts.natureOf(p.t.typeOf())}
	}
	return m
}

// exprBuiltins are expr's own functions, for suggestions.
var exprBuiltins = func() []string {
	var out []string
	for _, f := range builtin.Builtins {
		out = append(out, f.Name)
	}
	return out
}()

// host functions that read game objects by index; the patcher routes accesses here.
func hostFunctions() map[string]*funcSig {
	return map[string]*funcSig{
		"$cp": {n: 3, fn: func(g *model.Evaluator, a []any) any { return g.ExprCardProp(a[1], a[2].(int)) }},
		"$cf": {n: 3, fn: func(g *model.Evaluator, a []any) any { return g.ExprCardField(a[1], a[2].(int)) }},
		"$pp": {n: 3, fn: func(g *model.Evaluator, a []any) any { return g.ExprPlayerProp(a[1], a[2].(int)) }},
		"$pz": {n: 3, fn: func(g *model.Evaluator, a []any) any { return g.ExprPlayerZone(a[1], a[2].(int)) }},
		"$pf": {n: 3, fn: func(g *model.Evaluator, a []any) any { return g.ExprPlayerField(a[1], a[2].(int)) }},
		"$gp": {n: 2, fn: func(g *model.Evaluator, a []any) any { return g.ExprGameProp(a[1].(int)) }},
		"$gz": {n: 2, fn: func(g *model.Evaluator, a []any) any { return g.ExprGameZone(a[1].(int)) }},
		"$ef": {n: 2, fn: func(g *model.Evaluator, a []any) any { return g.ExprEventField(a[1].(int)) }},
		"$az": {n: 2, fn: func(g *model.Evaluator, a []any) any { return g.AllZone(a[1].(int)) }},
	}
}

type funcSig struct {
	n  int
	fn func(g *model.Evaluator, a []any) any
}
