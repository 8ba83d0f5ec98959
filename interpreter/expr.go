package interpreter

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// exprCompiler compiles the expressions and templates of one ruleset against
// the type environment its declarations make.
type exprCompiler struct {
	rs       *Ruleset
	r        *reader
	ts       *typeSystem
	cfg      *conf.Config
	envCache map[string]nature.Nature
}

// Expr is one compiled expression with its source position.
type Expr struct {
	Src    string
	Pos    Pos
	Type   Type
	prog   *vm.Program
	idents []identUse
	Index  int
	nvars  int    // for queries: variable slots they need
	fn     evalFn // the expression as closures: how it runs
	lit    *string
}

// Literal is the name an expression is when it is a name in quotes alone
// ('water'), so a primitive can check it at load time.
func (e *Expr) Literal() (string, bool) {
	if e == nil || e.lit == nil {
		return "", false
	}
	return *e.lit, true
}

type identUse struct {
	name string
	kind identKind
	slot int
	typ  Type
}

type identKind uint8

const (
	idYou identKind = iota
	idOpponent
	idActive
	idTurn
	idPhase
	idThis
	idGame
	idPlayers
	idOpponents
	idEvent
	idVar
	idCard   // the source card of an action option or the candidate of a filter
	idPlayer // the player a per-player rule is evaluated for
	idStack
	idDecider
	idMode
	idAll
)

var builtinIdents = map[string]identKind{
	"you": idYou, "opponent": idOpponent, "active": idActive, "turn": idTurn, "phase": idPhase,
	"this": idThis, "game": idGame, "players": idPlayers, "opponents": idOpponents, "event": idEvent,
	"stack": idStack, "mode": idMode, "everyone": idAll,
}

// sentinel keys mark the natures of game objects so the patcher can find member accesses.
const (
	sentCard   = "#card"
	sentPlayer = "#player"
	sentGame   = "#game"
	sentEvent  = "#event"
	sentAll    = "#all"
)

// Card fields every card has, whatever the ruleset declares.
var cardFields = []struct {
	name string
	typ  Type
	doc  string
}{
	{"name", TString, "the name of the card (of its current face)"},
	{"id", TString, "the id of the card's definition"},
	{"owner", TPlayer, "the player who owns the card"},
	{"controller", TPlayer, "the player who controls the card (its owner unless changed)"},
	{"zone", TString, "the name of the zone the card is in"},
	{"face_down", TBool, "whether the card is face down"},
	{"face", TInt, "the index of the card's current face (0 for the first)"},
	{"slot", TInt, "the position of the card in a positional zone, or its index from the top"},
	{"adjacent", TCards, "the cards in the positions next to this one in the same zone"},
	{"keywords", TInt, "how many keywords the card has"},
}

var playerFields = []struct {
	name string
	typ  Type
	doc  string
}{
	{"seat", TString, "the seat name: p1, p2, ..."},
	{"index", TInt, "the seat number, from 0"},
	{"lost", TBool, "whether the player has lost or left the game"},
	{"next", TPlayer, "the next player in seat order who is still in the game"},
	{"prev", TPlayer, "the previous player in seat order who is still in the game"},
	{"opponents", TPlayers, "the other players still in the game"},
}

var eventFields = []struct {
	name string
	typ  Type
	doc  string
}{
	{"name", TString, "the event's name (enter, leave, draw, turn_start, ... or a custom one)"},
	{"card", TCard, "the card the event is about"},
	{"player", TPlayer, "the player the event is about"},
	{"from", TString, "the zone a moved card left ('' for a card just created)"},
	{"to", TString, "the zone a moved card entered"},
	{"amount", TInt, "a number carried by the event"},
	{"source", TCard, "the card that caused the event"},
}

// typeSystem holds the expr natures of a ruleset's game objects, built once.
type typeSystem struct {
	card, player, game, event, cards, players, all nature.Nature
}

type cachedType struct{ n nature.Nature }

func (c cachedType) Nature() nature.Nature { return c.n }
func (c cachedType) Equal(t exprType) bool { return true }
func (c cachedType) String() string        { return c.n.String() }

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
)

func (ts *typeSystem) natureOf(t Type) nature.Nature {
	switch t {
	case TInt:
		return natInt
	case TBool:
		return natBool
	case TString:
		return natString
	case TCard:
		return ts.card
	case TPlayer:
		return ts.player
	case TCards:
		return ts.cards
	case TPlayers:
		return ts.players
	}
	return nature.Nature{}
}

func newTypeSystem(rs *Ruleset) *typeSystem {
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
	for _, f := range cardFields {
		if _, taken := ts.card.Fields[f.name]; !taken {
			ts.card.Fields[f.name] = ts.natureOf(f.typ)
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
	for _, f := range playerFields {
		if _, taken := ts.player.Fields[f.name]; !taken {
			ts.player.Fields[f.name] = ts.natureOf(f.typ)
		}
	}
	for _, p := range rs.GameProps {
		ts.game.Fields[p.Name] = ts.natureOf(p.Type)
	}
	for _, f := range eventFields {
		ts.event.Fields[f.name] = ts.natureOf(f.typ)
	}
	return ts
}

// scope is what an expression may name: built-in identifiers and bound variables.
type scope struct {
	vars   map[string]varInfo
	nvars  *int
	card   bool // `card` names the candidate or source card
	player bool // `player` names the player a rule is evaluated for
	event  bool
}

type varInfo struct {
	slot int
	typ  Type
	pos  Pos
}

func newScope() *scope {
	n := 0
	return &scope{vars: map[string]varInfo{}, nvars: &n}
}

// bind declares a variable in the scope of a root effect and returns its slot.
func (s *scope) bind(name string, t Type, pos Pos) (int, error) {
	if v, ok := s.vars[name]; ok {
		if v.typ != t && v.typ != TAny && t != TAny {
			return 0, fmt.Errorf("variable %q was bound as %s at %s and cannot be rebound as %s", name, v.typ, v.pos, t)
		}
		return v.slot, nil
	}
	if _, ok := builtinIdents[name]; ok || name == "card" || name == "player" {
		return 0, fmt.Errorf("%q is a built-in name and cannot be used as a variable", name)
	}
	slot := *s.nvars
	*s.nvars++
	s.vars[name] = varInfo{slot: slot, typ: t, pos: pos}
	return slot, nil
}

func (s *scope) with(card, player, event bool) *scope {
	c := *s
	c.card, c.player, c.event = card || s.card, player || s.player, event || s.event
	return &c
}

func (s *scope) envType(ts *typeSystem) map[string]exprType {
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
	return m
}

// patchKind says what a member access becomes after patching.
type patchKind uint8

const (
	pCardProp patchKind = iota + 1
	pCardField
	pPlayerProp
	pPlayerZone
	pPlayerField
	pGameProp
	pGameZone
	pEventField
	pAllZone
)

type patchInfo struct {
	kind  patchKind
	index int
}

// patcher rewrites member accesses on game objects into calls of host functions
// that read the state by index, and calls of game functions so they receive the
// evaluation context. It runs after expr's type check, on the checked natures.
type patcher struct {
	elems   map[*ast.PointerNode]*nature.Nature
	rs      *Ruleset
	members map[*ast.MemberNode]patchInfo
	errs    []patchErr
}

type patchErr struct {
	node    ast.Node
	msg     string
	code    string // the diagnostic's code, when the message does not decide it
	untyped bool   // a variable with no known type: its binding was refused
}

func (p *patcher) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.MemberNode:
		info, ok := p.members[n]
		if !ok {
			return
		}
		env := &ast.IdentifierNode{Value: "$env"}
		args := []ast.Node{env}
		fn := ""
		switch info.kind {
		case pCardProp:
			fn = "$cp"
			args = append(args, n.Node)
		case pCardField:
			fn = "$cf"
			args = append(args, n.Node)
		case pPlayerProp:
			fn = "$pp"
			args = append(args, n.Node)
		case pPlayerZone:
			fn = "$pz"
			args = append(args, n.Node)
		case pPlayerField:
			fn = "$pf"
			args = append(args, n.Node)
		case pGameProp:
			fn = "$gp"
		case pGameZone:
			fn = "$gz"
		case pEventField:
			fn = "$ef"
		case pAllZone:
			fn = "$az"
		}
		args = append(args, &ast.IntegerNode{Value: info.index})
		call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: fn}, Arguments: args}
		ast.Patch(node, call)
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok {
			return
		}
		f, ok := p.rs.lib.funcs[id.Value]
		if !ok {
			return
		}
		args := append([]ast.Node{&ast.IdentifierNode{Value: "$env"}}, n.Arguments...)
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: "$" + f.Name}, Arguments: args})
	}
}

// plan walks the checked tree and records how each member access on a game object
// must be rewritten, before any node is replaced.
func (p *patcher) plan(root ast.Node) {
	// the elements # stands for, where the checker lost the list's type:
	// inner predicates come first in the walk, so each # is claimed by its own
	p.elems = map[*ast.PointerNode]*nature.Nature{}
	ast.Walk(&root, pointerScan{p})
	ast.Walk(&root, planner{p})
}

type pointerScan struct{ p *patcher }

func (ps pointerScan) Visit(node *ast.Node) {
	b, ok := (*node).(*ast.BuiltinNode)
	if !ok || len(b.Arguments) < 2 {
		return
	}
	pred, ok := b.Arguments[1].(*ast.PredicateNode)
	if !ok {
		return
	}
	var el *nature.Nature
	if l := ps.p.knownNature(b.Arguments[0]); l != nil && l.Ref != nil && l.Ref.Type != nil {
		el = l.Ref
	}
	ast.Walk(&pred.Node, pointerClaim{ps.p, el})
}

type pointerClaim struct {
	p  *patcher
	el *nature.Nature
}

func (pc pointerClaim) Visit(node *ast.Node) {
	if ptr, ok := (*node).(*ast.PointerNode); ok && ptr.Name == "" {
		if _, claimed := pc.p.elems[ptr]; !claimed {
			pc.p.elems[ptr] = pc.el
		}
	}
}

type planner struct{ p *patcher }

func (pl planner) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.CallNode:
		pl.checkCall(n)
		return
	case *ast.BinaryNode:
		pl.checkValues(n)
		return
	}
	m, ok := (*node).(*ast.MemberNode)
	if !ok {
		return
	}
	name, ok := m.Property.(*ast.StringNode)
	if !ok {
		return
	}
	base := pl.p.knownNature(m.Node)
	if base == nil {
		// an unknown value: at run time it is most likely a card or a player
		// whose type was lost (concat, flatten, a function returning any)
		pl.p.errs = append(pl.p.errs, patchErr{node: m.Property, msg: fmt.Sprintf("cannot tell what .%s is read from here: the value's type is unknown (a list built with flatten loses its type; use everyone.<zone> for the cards of every player)", name.Value)})
		return
	}
	if base.TypeData == nil || base.Fields == nil {
		return
	}
	rs := pl.p.rs
	f := base.Fields
	switch {
	case has(f, sentCard):
		if i, ok := rs.cardPropIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pCardProp, i}
		} else if i := fieldIndex(name.Value, len(cardFields), func(i int) string { return cardFields[i].name }); i >= 0 {
			pl.p.members[m] = patchInfo{pCardField, i}
		}
	case has(f, sentPlayer):
		if i, ok := rs.playerPropIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pPlayerProp, i}
		} else if i, ok := rs.zoneIx[name.Value]; ok && rs.Zones[i].PerPlayer {
			pl.p.members[m] = patchInfo{pPlayerZone, i}
		} else if i := fieldIndex(name.Value, len(playerFields), func(i int) string { return playerFields[i].name }); i >= 0 {
			pl.p.members[m] = patchInfo{pPlayerField, i}
		}
	case has(f, sentGame):
		if i, ok := rs.gamePropIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pGameProp, i}
		} else if i, ok := rs.zoneIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pGameZone, i}
		}
	case has(f, sentAll):
		if i, ok := rs.zoneIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pAllZone, i}
		}
	case has(f, sentEvent):
		if i := fieldIndex(name.Value, len(eventFields), func(i int) string { return eventFields[i].name }); i >= 0 {
			pl.p.members[m] = patchInfo{pEventField, i}
		}
	}
}

// checkCall checks literal property and keyword names given to game functions.
func (pl planner) checkCall(call *ast.CallNode) {
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return
	}
	f, ok := pl.p.rs.lib.funcs[id.Value]
	if !ok {
		return
	}
	rs := pl.p.rs
	for _, i := range f.PropArgs {
		if i < len(call.Arguments) {
			if sn, ok := call.Arguments[i].(*ast.StringNode); ok {
				if _, ok := rs.cardPropIx[sn.Value]; !ok {
					pl.p.errs = append(pl.p.errs, patchErr{node: sn, msg: fmt.Sprintf("%s: unknown card property %q%s", f.Name, sn.Value, didYouMean(sn.Value, keysOf(rs.cardPropIx)))})
				}
			}
		}
	}
	for at, of := range f.ValueArgs {
		if at < len(call.Arguments) && of < len(call.Arguments) {
			if prop, ok := call.Arguments[of].(*ast.StringNode); ok {
				if i, ok := rs.cardPropIx[prop.Value]; ok {
					pl.checkValue(&rs.CardProps[i], call.Arguments[at], f.Name+": ")
				}
			}
		}
	}
	for _, i := range f.KeywordArgs {
		if i < len(call.Arguments) {
			if sn, ok := call.Arguments[i].(*ast.StringNode); ok {
				if _, ok := rs.keywordIx[sn.Value]; !ok {
					pl.p.errs = append(pl.p.errs, patchErr{node: sn, msg: fmt.Sprintf("%s: unknown keyword %q%s", f.Name, sn.Value, didYouMean(sn.Value, rs.Keywords))})
				}
			}
		}
	}
}

// checkValues checks the names compared with an enum property (==, !=) or
// looked for among its values (in): a name the enum does not declare could
// never match, so it is a mistake, most likely a misspelling.
func (pl planner) checkValues(b *ast.BinaryNode) {
	switch b.Operator {
	case "==", "!=":
		if d := pl.enumRead(b.Left); d != nil {
			pl.checkValue(d, b.Right, "")
		}
		if d := pl.enumRead(b.Right); d != nil {
			pl.checkValue(d, b.Left, "")
		}
	case "in":
		if d := pl.enumRead(b.Left); d != nil {
			if list, ok := b.Right.(*ast.ArrayNode); ok {
				for _, e := range list.Nodes {
					pl.checkValue(d, e, "")
				}
			}
		}
		// a name among the values a map reads: 'x' in map(list, .prop)
		if m, ok := b.Right.(*ast.BuiltinNode); ok && m.Name == "map" && len(m.Arguments) == 2 {
			if pred, ok := m.Arguments[1].(*ast.PredicateNode); ok {
				if d := pl.enumRead(pred.Node); d != nil {
					pl.checkValue(d, b.Left, "")
				}
			}
		}
	}
}

// enumRead is the declaration of the enum property a node reads, or nil.
func (pl planner) enumRead(n ast.Node) *PropDecl {
	m, ok := n.(*ast.MemberNode)
	if !ok {
		return nil
	}
	info, ok := pl.p.members[m]
	if !ok {
		return nil
	}
	rs := pl.p.rs
	var d *PropDecl
	switch info.kind {
	case pCardProp:
		d = &rs.CardProps[info.index]
	case pPlayerProp:
		d = &rs.PlayerProps[info.index]
	case pGameProp:
		d = &rs.GameProps[info.index]
	default:
		return nil
	}
	if d.Type != TString || len(d.Values) == 0 {
		return nil
	}
	return d
}

// checkValue reports a literal name that is not one of an enum's values; the
// empty name (an enum property that was never set) is not a mistake.
func (pl planner) checkValue(d *PropDecl, n ast.Node, prefix string) {
	s, ok := n.(*ast.StringNode)
	if !ok || s.Value == "" || contains(d.Values, s.Value) {
		return
	}
	pl.p.errs = append(pl.p.errs, patchErr{node: s, code: "bad-value", msg: fmt.Sprintf("%s%q is not one of the values of %s (%s)%s",
		prefix, s.Value, d.Name, strings.Join(d.Values, ", "), didYouMean(s.Value, d.Values))})
}

// knownNature is the nature of a node as the checker found it or, where the
// checker lost it (nested filters), as the built-ins that keep or pick
// elements of a list pass it on.
func (p *patcher) knownNature(n ast.Node) *nature.Nature {
	if nt := n.Nature(); nt != nil && nt.Type != nil && nt.Kind != reflect.Interface &&
		(nt.Kind != reflect.Slice || (nt.Ref != nil && nt.Ref.Type != nil && nt.Ref.Kind != reflect.Interface)) {
		return nt
	}
	elem := func(l ast.Node) *nature.Nature {
		if nt := p.knownNature(l); nt != nil && nt.Ref != nil && nt.Ref.Type != nil {
			return nt.Ref
		}
		return nil
	}
	var name string
	var args []ast.Node
	switch x := n.(type) {
	case *ast.BuiltinNode:
		name, args = x.Name, x.Arguments
	case *ast.CallNode:
		if id, ok := x.Callee.(*ast.IdentifierNode); ok {
			name, args = id.Value, x.Arguments
		}
	}
	if len(args) > 0 {
		switch name {
		case "first", "last", "find", "findLast", "get":
			return elem(args[0])
		case "filter", "sortBy", "take", "reverse", "uniq", "concat":
			return p.knownNature(args[0])
		}
	}
	switch x := n.(type) {
	case *ast.PointerNode:
		return p.elems[x]
	case *ast.MemberNode:
		if _, named := x.Property.(*ast.StringNode); !named {
			return elem(x.Node)
		}
	case *ast.SliceNode:
		return p.knownNature(x.Node)
	case *ast.ChainNode:
		return p.knownNature(x.Node)
	case *ast.ConditionalNode:
		if nt := p.knownNature(x.Exp1); nt != nil {
			return nt
		}
		return p.knownNature(x.Exp2)
	}
	return nil
}

func has(m map[string]nature.Nature, k string) bool { _, ok := m[k]; return ok }

func fieldIndex(name string, n int, at func(int) string) int {
	for i := 0; i < n; i++ {
		if at(i) == name {
			return i
		}
	}
	return -1
}

// posMap maps rune offsets of an expression's text to positions in its file,
// for plain, quoted, literal (|) and folded (>) scalars alike.
type posMap struct {
	file  string
	lines []int // line of each rune
	cols  []int
}

func newPosMap(file string, srcLines []string, n *yamlNode) posMap {
	pm := posMap{file: file}
	val := []rune(n.Value)
	pm.lines = make([]int, len(val)+1)
	pm.cols = make([]int, len(val)+1)
	// walk the source from the scalar's start and match each rune of the value
	// to the source rune it came from: indentation, line breaks that fold into
	// spaces, quotes and escapes are skipped over
	line, col := n.Line, n.Column
	if n.Style == styleLiteral || n.Style == styleFolded {
		line, col = n.Line+1, 1
	} else if n.Style == styleDouble || n.Style == styleSingle {
		col++
	}
	src := func(l, c int) (rune, bool) {
		if l-1 >= len(srcLines) {
			return 0, false
		}
		r := []rune(srcLines[l-1])
		if c-1 >= len(r) {
			return '\n', true
		}
		return r[c-1], true
	}
	for i, want := range val {
		// skip layout until the rune matches (or a line break stands for it)
		for steps := 0; steps < 10000; steps++ {
			got, ok := src(line, col)
			if !ok {
				break
			}
			if got == want {
				break
			}
			if got == '\n' && (want == ' ' || want == '\n') {
				break
			}
			if got == '\\' && n.Style == styleDouble {
				// an escape: its source runs several runes for one value rune
				pm.lines[i], pm.cols[i] = line, col
				col += 2
				goto matched
			}
			if got == '\n' {
				line, col = line+1, 1
				continue
			}
			col++
		}
		pm.lines[i], pm.cols[i] = line, col
		if r, _ := src(line, col); r == '\n' {
			line, col = line+1, 1
			// the next line's indentation is layout
			for {
				r, ok := src(line, col)
				if !ok || (r != ' ' && r != '\t') {
					break
				}
				col++
			}
		} else {
			col++
			if n.Style == styleSingle {
				if r, _ := src(line, col-1); r == '\'' {
					col++ // '' stands for one quote
				}
			}
		}
		continue
	matched:
	}
	pm.lines[len(val)], pm.cols[len(val)] = line, col
	return pm
}

func (pm posMap) at(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset >= len(pm.lines) {
		offset = len(pm.lines) - 1
	}
	return Pos{File: pm.file, Line: pm.lines[offset], Column: pm.cols[offset]}
}

// compileExpr compiles one expression against a scope; want is the type the
// place of the expression needs (TAny accepts anything).
func (c *exprCompiler) compileExpr(n *yamlNode, path string, sc *scope, want Type) *Expr {
	n = resolveAlias(n)
	if n == nil || n.Kind != scalarKind {
		c.r.errorf(n, "type-mismatch", path, "%s must be an expression, found %s", describePath(path), kindName(n))
		return nil
	}
	src := n.Value
	if n.Tag == "!!bool" || n.Tag == "!!int" {
		src = strings.ToLower(src)
	}
	// positions inside the text are worked out only when there is an error to place
	var pmCache *posMap
	posOf := func() posMap {
		if pmCache == nil {
			pm := newPosMap(c.r.file, c.r.lines(), n)
			pmCache = &pm
		}
		return *pmCache
	}
	e := &Expr{Src: src, Pos: c.r.pos(n)}
	if n.Style == styleDouble || n.Style == styleSingle {
		e.Pos.Column++
	}
	envN := c.envNature(sc)
	p := &patcher{rs: c.rs, members: map[*ast.MemberNode]patchInfo{}}
	cfgOpt := func(cfg *conf.Config) {
		base := c.baseConfig()
		cfg.Env = envN
		cfg.EnvObject = nil
		cfg.Functions = base.Functions
		cfg.Strict = true
		cfg.Optimize = false
	}
	// First pass: parse and type-check against the declared types to report errors.
	tree, err := c.check(src, cfgOpt)
	if err != nil {
		c.exprError(err, posOf(), path, src, sc)
		return nil
	}
	p.plan(tree.Node)
	if len(p.errs) > 0 {
		for _, pe := range p.errs {
			code := pe.code
			if code == "" {
				code = "unknown-property"
				if strings.Contains(pe.msg, "keyword") {
					code = "unknown-keyword"
				}
			}
			c.r.diagAt(posOf().at(pe.node.Location().From), code, path, fmt.Sprintf("in expression %q: %s", src, pe.msg))
		}
		return nil
	}
	// Second pass: patch game-object accesses into indexed host calls on the
	// checked tree, check it again and compile it.
	prog, err := c.patchAndCompile(tree, cfgOpt, p)
	if err != nil {
		c.exprError(err, posOf(), path, src, sc)
		return nil
	}
	e.prog = prog
	e.idents = identsOf(tree.Node, sc)
	cc := &closureCompiler{rs: c.rs, sc: sc}
	fn, ct := cc.compile(tree.Node)
	if len(cc.errs) > 0 {
		// the first refusal only: the others mostly follow from it; a
		// variable whose own expression was refused is not reported again
		pe := cc.errs[0]
		if !(pe.untyped && c.r.diags.HasErrors()) {
			code := pe.code
			if code == "" {
				code = "unsupported-expression"
			}
			c.r.diagAt(posOf().at(pe.node.Location().From), code, path, fmt.Sprintf("in expression %q: %s", src, pe.msg))
		}
		return nil
	}
	got := ct.typeOf()
	if !assignable(got, want) {
		c.r.diagAt(e.Pos, "type-mismatch", path, fmt.Sprintf("expression %q gives %s where %s is needed", src, got, want))
		return nil
	}
	e.fn = fn
	e.Type = got
	if sn, ok := tree.Node.(*ast.StringNode); ok {
		v := sn.Value
		e.lit = &v
	}
	if e.Type == TAny || want == TCards || want == TPlayers {
		e.Type = want
	}
	e.Index = len(c.rs.Exprs)
	c.rs.Exprs = append(c.rs.Exprs, e)
	return e
}

// assignable reports whether a value of type got may stand where want is
// needed: a card for a list of cards, a fraction for a number (cut to its
// whole part), nothing (TAny: nil, an empty list) for anything.
func assignable(got, want Type) bool {
	switch {
	case want == TAny || got == TAny || got == want:
		return true
	case want == TCards && got == TCard, want == TPlayers && got == TPlayer:
		return true
	case want == TInt && got == TFloat:
		return true
	}
	return false
}

func (c *exprCompiler) patchAndCompile(tree *astTree, opt expr.Option, p *patcher) (prog *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be compiled: %v", r)
		}
	}()
	ast.Walk(&tree.Node, p)
	cfg := *c.baseConfig() // a shallow copy: the shared tables are only read
	opt(&cfg)
	if _, err := checker.Check(tree, &cfg); err != nil {
		return nil, err
	}
	return exprcompiler.Compile(tree, &cfg)
}

func (c *exprCompiler) check(src string, opt expr.Option) (tree *astTree, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be checked: %v", r)
		}
	}()
	cfg := *c.baseConfig()
	opt(&cfg)
	return checkTree(src, &cfg)
}

// envNature is the type environment of a scope, built once per distinct scope.
func (c *exprCompiler) envNature(sc *scope) nature.Nature {
	var key strings.Builder
	fmt.Fprintf(&key, "%v%v%v", sc.card, sc.player, sc.event)
	names := make([]string, 0, len(sc.vars))
	for k := range sc.vars {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(&key, ";%s:%d", k, sc.vars[k].typ)
	}
	if n, ok := c.envCache[key.String()]; ok {
		return n
	}
	envN := mapNature()
	for k, v := range sc.envType(c.ts) {
		envN.Fields[k] = v.Nature()
	}
	if c.envCache == nil {
		c.envCache = map[string]nature.Nature{}
	}
	c.envCache[key.String()] = envN
	return envN
}

func (c *exprCompiler) exprError(err error, pm posMap, path, src string, sc *scope) {
	var fe *file.Error
	msg := err.Error()
	pos := pm.at(0)
	from := 0
	if errors.As(err, &fe) {
		pos = pm.at(fe.From)
		from = fe.From
		msg = fe.Message
		if fe.Prev != nil && msg == "" {
			msg = fe.Prev.Error()
		}
	}
	// an unknown name right before "(" is a function
	if rest, ok := strings.CutPrefix(msg, "unknown name "); ok {
		name := strings.TrimSpace(rest)
		r := []rune(src)
		if end := from + len([]rune(name)); end < len(r) && strings.HasPrefix(strings.TrimLeft(string(r[end:]), " "), "(") {
			msg = "unknown func " + name
		}
	}
	msg = c.explain(msg, sc)
	if strings.Contains(msg, "mismatched types []interface {} and []interface {}") {
		msg = "lists cannot be added with +; to join lists of cards use concat(a, b), or everyone.<zone> for every player's cards"
	}
	if strings.Contains(msg, "unexpected token EOF") && c.r != nil && pos.Line >= 1 && pos.Line <= len(c.r.lines()) && strings.Contains(c.r.lines()[pos.Line-1], " #") {
		msg += " (a # after a space starts a YAML comment: put the expression in quotes)"
	}
	code := "bad-expression"
	switch {
	case strings.HasPrefix(msg, "unknown name"):
		code = "unknown-name"
	case strings.HasPrefix(msg, "unknown property"):
		code = "unknown-property"
	case strings.Contains(msg, "mismatched types") || strings.Contains(msg, "invalid operation") || strings.Contains(msg, "cannot use"):
		code = "type-mismatch"
	case strings.HasPrefix(msg, "unknown function"):
		code = "unknown-function"
	}
	c.r.diagAt(pos, code, path, fmt.Sprintf("in expression %q: %s", src, msg))
}

// explain rewrites expr's messages about unknown names into the designer's terms,
// with the nearest known name.
func (c *exprCompiler) explain(msg string, sc *scope) string {
	if rest, ok := strings.CutPrefix(msg, "unknown name "); ok {
		name := strings.TrimSpace(rest)
		known := []string{}
		for k := range sc.envType(c.ts) {
			known = append(known, k)
		}
		for k := range c.rs.lib.funcs {
			known = append(known, k)
		}
		sort.Strings(known)
		out := "unknown name " + name
		if s := suggest(name, known); s != "" {
			out += fmt.Sprintf("; did you mean %q?", s)
		}
		return out
	}
	if i := strings.Index(msg, "type map[string]interface {} has no field "); i >= 0 {
		name := strings.TrimSpace(msg[i+len("type map[string]interface {} has no field "):])
		known := []string{}
		for _, p := range c.rs.CardProps {
			known = append(known, p.Name)
		}
		for _, p := range c.rs.PlayerProps {
			known = append(known, p.Name)
		}
		for _, p := range c.rs.GameProps {
			known = append(known, p.Name)
		}
		for _, z := range c.rs.Zones {
			known = append(known, z.Name)
		}
		for _, f := range cardFields {
			known = append(known, f.name)
		}
		for _, f := range playerFields {
			known = append(known, f.name)
		}
		for _, f := range eventFields {
			known = append(known, f.name)
		}
		out := "unknown property " + name
		if s := suggest(name, known); s != "" {
			out += fmt.Sprintf("; did you mean %q?", s)
		}
		return out
	}
	if rest, ok := strings.CutPrefix(msg, "unknown func "); ok {
		name := strings.TrimSpace(rest)
		if i := strings.IndexAny(name, " ("); i >= 0 {
			name = name[:i]
		}
		known := append([]string(nil), exprBuiltins...)
		for k := range c.rs.lib.funcs {
			known = append(known, k)
		}
		sort.Strings(known)
		return "unknown function " + name + didYouMean(name, known)
	}
	if rest, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return c.explain("type map[string]interface {} has no field "+strings.TrimSpace(rest), sc)
	}
	return msg
}

// exprBuiltins are expr's own functions, for suggestions.
var exprBuiltins = func() []string {
	var out []string
	for _, f := range builtin.Builtins {
		out = append(out, f.Name)
	}
	return out
}()

func identsOf(root ast.Node, sc *scope) []identUse {
	seen := map[string]bool{}
	var out []identUse
	ast.Walk(&root, identCollector(func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		if k, ok := builtinIdents[name]; ok {
			out = append(out, identUse{name: name, kind: k})
			return
		}
		if name == "card" && sc.card {
			out = append(out, identUse{name: name, kind: idCard})
			return
		}
		if name == "player" && sc.player {
			out = append(out, identUse{name: name, kind: idPlayer})
			return
		}
		if v, ok := sc.vars[name]; ok {
			out = append(out, identUse{name: name, kind: idVar, slot: v.slot, typ: v.typ})
		}
	}))
	return out
}

type identCollector func(string)

func (f identCollector) Visit(node *ast.Node) {
	if id, ok := (*node).(*ast.IdentifierNode); ok {
		f(id.Value)
	}
}

// host functions that read game objects by index; the patcher routes accesses here.
func hostFunctions() map[string]*funcSig {
	return map[string]*funcSig{
		"$cp": {n: 3, fn: func(g *Game, a []any) any { return g.exprCardProp(a[1], a[2].(int)) }},
		"$cf": {n: 3, fn: func(g *Game, a []any) any { return g.exprCardField(a[1], a[2].(int)) }},
		"$pp": {n: 3, fn: func(g *Game, a []any) any { return g.exprPlayerProp(a[1], a[2].(int)) }},
		"$pz": {n: 3, fn: func(g *Game, a []any) any { return g.exprPlayerZone(a[1], a[2].(int)) }},
		"$pf": {n: 3, fn: func(g *Game, a []any) any { return g.exprPlayerField(a[1], a[2].(int)) }},
		"$gp": {n: 2, fn: func(g *Game, a []any) any { return g.exprGameProp(a[1].(int)) }},
		"$gz": {n: 2, fn: func(g *Game, a []any) any { return g.exprGameZone(a[1].(int)) }},
		"$ef": {n: 2, fn: func(g *Game, a []any) any { return g.exprEventField(a[1].(int)) }},
		"$az": {n: 2, fn: func(g *Game, a []any) any { return g.allZone(a[1].(int)) }},
	}
}

type funcSig struct {
	n  int
	fn func(g *Game, a []any) any
}

// SlotUse is a variable an expression reads: its slot from the frame's Base
// and its type. Tools that evaluate an expression outside its effect (a
// differential test, a debugger) bind these.
type SlotUse struct {
	Name string
	Slot int
	Type Type
}

// Slots lists the variables the expression reads.
func (e *Expr) Slots() []SlotUse {
	var out []SlotUse
	for _, id := range e.idents {
		if id.kind == idVar {
			out = append(out, SlotUse{Name: id.name, Slot: id.slot, Type: id.typ})
		}
	}
	return out
}
