package compile

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker/nature"
)

// patchKind says what a member access becomes after patching.
type patchKind uint8

type patchInfo struct {
	kind  patchKind
	index int
}

// patcher rewrites member accesses on game objects into calls of host functions
// that read the state by index, and calls of game functions so they receive the
// evaluation context. It runs after expr's type check, on the checked natures.
type patcher struct {
	elems   map[*ast.PointerNode]*nature.Nature
	rs      *model.Ruleset
	ts      *closure.TypeSystem
	preds   map[string]*closure.Predicate
	members map[*ast.MemberNode]patchInfo
	errs    []closure.Problem
	// broken reports a variable whose value has an error of its own
	broken func(name string) bool
	// ofBroken marks the # of a predicate over such a variable (map(best,
	// .coins)): what cannot be told of it is not reported again
	ofBroken map[*ast.PointerNode]bool
	// lets is the value each name bound with let in the expression is
	// given, nil for a name bound twice (which of them is read is not
	// told); reading marks a name whose nature is being worked out
	lets    map[string]ast.Node
	reading map[string]bool
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
		callee := ""
		if f, ok := p.rs.Lib.Func(id.Value); ok {
			callee = "$" + f.Name
		} else if pr, ok := p.preds[id.Value]; ok {
			callee = closure.PredPrefix + id.Value
			pr.Called = true
		} else {
			return
		}
		args := append([]ast.Node{&ast.IdentifierNode{Value: "$env"}}, n.Arguments...)
		ast.Patch(node, &ast.CallNode{Callee: &ast.IdentifierNode{Value: callee}, Arguments: args})
	}
}

// plan walks the checked tree and records how each member access on a game object
// must be rewritten, before any node is replaced.
func (p *patcher) plan(root ast.Node) {
	// the elements # stands for, where the checker lost the list's type:
	// inner predicates come first in the walk, so each # is claimed by its own
	p.elems = map[*ast.PointerNode]*nature.Nature{}
	p.lets, p.reading = map[string]ast.Node{}, map[string]bool{}
	ast.Walk(&root, visitFunc(func(node *ast.Node) {
		if v, ok := (*node).(*ast.VariableDeclaratorNode); ok {
			if _, twice := p.lets[v.Name]; twice {
				p.lets[v.Name] = nil
			} else {
				p.lets[v.Name] = v.Value
			}
		}
	}))
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
	if id, ok := b.Arguments[0].(*ast.IdentifierNode); ok && el == nil && ps.p.broken != nil && ps.p.broken(id.Value) {
		ast.Walk(&pred.Node, visitFunc(func(node *ast.Node) {
			if ptr, ok := (*node).(*ast.PointerNode); ok && ptr.Name == "" && ps.p.elems[ptr] == nil {
				if ps.p.ofBroken == nil {
					ps.p.ofBroken = map[*ast.PointerNode]bool{}
				}
				ps.p.ofBroken[ptr] = true
			}
		}))
	}
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
	if id, ok := m.Node.(*ast.IdentifierNode); ok && base == nil && pl.p.broken != nil && pl.p.broken(id.Value) {
		return // its value's error is reported where it is written
	}
	if ptr, ok := m.Node.(*ast.PointerNode); ok && base == nil && pl.p.ofBroken[ptr] {
		return // an element of such a value
	}
	if base == nil {
		// an unknown value: at run time it is most likely a card or a player
		// whose type was lost (concat, flatten, a function returning any)
		pl.p.errs = append(pl.p.errs, closure.Problem{Node: m.Property, Msg: fmt.Sprintf("cannot tell what .%s is read from here: the value's type is unknown (a list of values of different kinds, or one flatten builds, has no one type; use everyone.<zone> for the cards of every player, or bind the list with let in a step, typed there)", name.Value)})
		return
	}
	if base.TypeData == nil || base.Fields == nil {
		return
	}
	rs := pl.p.rs
	f := base.Fields
	switch {
	case has(f, closure.SentCard):
		if i, ok := rs.CardPropIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pCardProp, i}
		} else if i := FieldIndex(name.Value, len(model.CardFields), func(i int) string { return model.CardFields[i].Name }); i >= 0 {
			pl.p.members[m] = patchInfo{pCardField, i}
		}
	case has(f, closure.SentPlayer):
		if i, ok := rs.PlayerPropIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pPlayerProp, i}
		} else if i, ok := rs.ZoneIx[name.Value]; ok && rs.Zones[i].PerPlayer {
			pl.p.members[m] = patchInfo{pPlayerZone, i}
		} else if i := FieldIndex(name.Value, len(model.PlayerFields), func(i int) string { return model.PlayerFields[i].Name }); i >= 0 {
			pl.p.members[m] = patchInfo{pPlayerField, i}
		}
	case has(f, closure.SentGame):
		if i, ok := rs.GamePropIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pGameProp, i}
		} else if i, ok := rs.ZoneIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pGameZone, i}
		}
	case has(f, closure.SentAll):
		if i, ok := rs.ZoneIx[name.Value]; ok {
			pl.p.members[m] = patchInfo{pAllZone, i}
		}
	case has(f, closure.SentEvent):
		if i := FieldIndex(name.Value, len(model.EventFields), func(i int) string { return model.EventFields[i].Name }); i >= 0 {
			pl.p.members[m] = patchInfo{pEventField, i}
		}
	default:
		return
	}
	if _, ok := pl.p.members[m]; !ok {
		// a game object the checker did not see as one (a predicate's value)
		var known []string
		for k := range f {
			if !strings.HasPrefix(k, "#") {
				known = append(known, k)
			}
		}
		sort.Strings(known)
		msg := fmt.Sprintf("unknown property %s%s", name.Value, diag.DidYouMean(name.Value, known))
		if slices.Contains(known, name.Value) {
			// a name of another kind of object: say whose it is
			msg = fmt.Sprintf("unknown property %s here%s", name.Value, fieldOwner(name.Value))
		}
		pl.p.errs = append(pl.p.errs, closure.Problem{Node: m.Property, Code: "unknown-property", Msg: msg})
	}
}

// checkCall checks literal property and keyword names given to game functions.
func (pl planner) checkCall(call *ast.CallNode) {
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return
	}
	f, ok := pl.p.rs.Lib.Func(id.Value)
	if !ok {
		return
	}
	rs := pl.p.rs
	for _, i := range f.PropArgs {
		if i < len(call.Arguments) {
			if sn, ok := call.Arguments[i].(*ast.StringNode); ok {
				ix, ok := rs.CardPropIx[sn.Value]
				switch {
				case !ok:
					pl.p.errs = append(pl.p.errs, closure.Problem{Node: sn, Msg: fmt.Sprintf("%s: unknown card property %q%s", f.Name, sn.Value, diag.DidYouMean(sn.Value, diag.KeysOf(rs.CardPropIx)))})
				case f.IntProps && rs.CardProps[ix].Type != model.TInt:
					pl.p.errs = append(pl.p.errs, closure.Problem{Node: sn, Code: "type-mismatch", Msg: fmt.Sprintf("%s adds up numbers: card property %q is of type %s, not int", f.Name, sn.Value, rs.CardProps[ix].Type)})
				}
			}
		}
	}
	for _, i := range f.EnumArgs {
		if i < len(call.Arguments) {
			if sn, ok := call.Arguments[i].(*ast.StringNode); ok {
				if d := rs.EnumProp(sn.Value); d == nil {
					pl.p.errs = append(pl.p.errs, closure.Problem{Node: sn, Msg: fmt.Sprintf("%s: no enum or names property of cards, players or the game is called %q%s", f.Name, sn.Value, diag.DidYouMean(sn.Value, rs.EnumPropNames()))})
				}
			}
		}
	}
	for at, of := range f.ValueArgs {
		if at < len(call.Arguments) && of < len(call.Arguments) {
			if prop, ok := call.Arguments[of].(*ast.StringNode); ok {
				if i, ok := rs.CardPropIx[prop.Value]; ok {
					pl.checkValue(&rs.CardProps[i], call.Arguments[at], f.Name+": ")
				}
			}
		}
	}
	for _, i := range f.ZoneArgs {
		if i < len(call.Arguments) {
			if sn, ok := call.Arguments[i].(*ast.StringNode); ok {
				if _, ok := rs.Zone(sn.Value); !ok {
					var names []string
					for _, z := range rs.Zones {
						names = append(names, z.Name)
					}
					pl.p.errs = append(pl.p.errs, closure.Problem{Node: sn, Code: "unknown-zone", Msg: fmt.Sprintf("%s: unknown zone %q%s", f.Name, sn.Value, diag.DidYouMean(sn.Value, names))})
				}
			}
		}
	}
	for _, i := range f.KeywordArgs {
		if i < len(call.Arguments) {
			if sn, ok := call.Arguments[i].(*ast.StringNode); ok {
				if _, ok := rs.KeywordIx[sn.Value]; !ok {
					pl.p.errs = append(pl.p.errs, closure.Problem{Node: sn, Msg: fmt.Sprintf("%s: unknown keyword %q%s", f.Name, sn.Value, diag.DidYouMean(sn.Value, rs.Keywords))})
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
		ld, rd := pl.enumRead(b.Left), pl.enumRead(b.Right)
		if ld != nil {
			pl.checkValue(ld, b.Right, "")
		}
		if rd != nil {
			pl.checkValue(rd, b.Left, "")
		}
		pl.checkCardName(b.Left, b.Right, b.Operator)
		pl.checkCardName(b.Right, b.Left, b.Operator)
		if ld != nil && rd != nil && !shareValue(ld.Values, rd.Values) {
			// two enums with no value in common: never equal, a mistake
			// (one card property compared with an unrelated one)
			pl.p.errs = append(pl.p.errs, closure.Problem{Node: b, Code: "type-mismatch", Msg: fmt.Sprintf("%s and %s have no value in common (%s; %s): %s %s %s would always be %v",
				ld.Name, rd.Name, strings.Join(ld.Values, ", "), strings.Join(rd.Values, ", "), ld.Name, b.Operator, rd.Name, b.Operator == "!=")})
		}
	case "in":
		if list, ok := b.Right.(*ast.ArrayNode); ok {
			for _, e := range list.Nodes {
				pl.checkCardName(b.Left, e, "in")
			}
		}
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

// checkCardName reports a name in quotes compared with a card's id or name
// that no card of the ruleset has: the comparison could never hold, and a
// misspelt card ends games early while the ruleset loads clean.
func (pl planner) checkCardName(field, lit ast.Node, op string) {
	m, ok := field.(*ast.MemberNode)
	if !ok {
		return
	}
	info, ok := pl.p.members[m]
	if !ok || info.kind != pCardField {
		return
	}
	str, ok := lit.(*ast.StringNode)
	if !ok {
		return
	}
	rs := pl.p.rs
	if len(rs.Cards) == 0 {
		return // a ruleset read without its cards
	}
	what := model.CardFields[info.index].Name
	var known []string
	switch what {
	case "id":
		for _, d := range rs.Cards {
			known = append(known, d.ID)
		}
	case "name":
		for _, d := range rs.Cards {
			if d.NameTmpl != nil || strings.Contains(d.Name, "{") {
				// names worked out from properties (the template is compiled
				// after the ruleset's expressions): any text may be one
				return
			}
			known = append(known, d.Name)
			for _, f := range d.Faces {
				known = append(known, f.Name)
			}
		}
	default:
		return
	}
	if source.Contains(known, str.Value) {
		return
	}
	never := "the comparison would always be false"
	switch op {
	case "!=":
		never = "the comparison would always be true"
	case "in":
		// not in is not, of in: say what holds either way
		never = fmt.Sprintf("no card's %s is ever it", what)
	}
	pl.p.errs = append(pl.p.errs, closure.Problem{Node: lit, Code: "unknown-card", Msg: fmt.Sprintf("no card has the %s %q: %s%s", what, str.Value, never, diag.DidYouMean(str.Value, known))})
}

// shareValue reports whether two lists of values have one in common.
func shareValue(a, b []string) bool {
	for _, v := range a {
		if source.Contains(b, v) {
			return true
		}
	}
	return false
}

// enumRead is the declaration of the enum property a node reads, or nil.
func (pl planner) enumRead(n ast.Node) *model.PropDecl {
	m, ok := n.(*ast.MemberNode)
	if !ok {
		return nil
	}
	info, ok := pl.p.members[m]
	if !ok {
		return nil
	}
	rs := pl.p.rs
	var d *model.PropDecl
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
	if d.Type != model.TString || len(d.Values) == 0 {
		return nil
	}
	return d
}

// checkValue reports a literal name that is not one of an enum's values; the
// empty name (an enum property that was never set) is not a mistake.
func (pl planner) checkValue(d *model.PropDecl, n ast.Node, prefix string) {
	if _, isNone := n.(*ast.NilNode); isNone && source.Contains(d.Values, "none") {
		// the second edition's none is nothing, never the value named none
		pl.p.errs = append(pl.p.errs, closure.Problem{Node: n, Code: "bad-value", Msg: fmt.Sprintf("%snone here is nothing, not the value none of %s: write 'none' for the value", prefix, d.Name)})
		return
	}
	s, ok := n.(*ast.StringNode)
	if !ok || s.Value == "" || source.Contains(d.Values, s.Value) {
		return
	}
	pl.p.errs = append(pl.p.errs, closure.Problem{Node: s, Code: "bad-value", Msg: fmt.Sprintf("%s%q is not one of the values of %s (%s)%s",
		prefix, s.Value, d.Name, strings.Join(d.Values, ", "), diag.DidYouMean(s.Value, d.Values))})
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
			// a predicate's value has the type its body gives
			if pr, ok := p.preds[name]; ok && p.ts != nil {
				if nt := p.ts.NatureOf(pr.Result); nt.Type != nil {
					return &nt
				}
				return nil
			}
		}
	}
	if len(args) > 0 {
		switch name {
		case "first", "last", "find", "findLast", "get":
			return elem(args[0])
		case "filter", "sortBy", "take", "reverse", "uniq", "concat":
			return p.knownNature(args[0])
		case "flatten":
			// flatten(map(players, .hand)): the lists the map gives, of
			// cards or of players, make one of them
			if m, ok := args[0].(*ast.BuiltinNode); ok && m.Name == "map" && len(m.Arguments) == 2 {
				if pred, ok := m.Arguments[1].(*ast.PredicateNode); ok {
					if nt := p.knownNature(pred.Node); nt != nil && nt.Kind == reflect.Slice && nt.Ref != nil && nt.Ref.TypeData != nil {
						return nt
					}
				}
			}
		}
	}
	switch x := n.(type) {
	case *ast.IdentifierNode:
		// a name bound with let: the nature of its value, which expr's
		// checker lost when the value is a list it builds (concat, take)
		if v := p.lets[x.Value]; v != nil && !p.reading[x.Value] {
			p.reading[x.Value] = true
			defer delete(p.reading, x.Value)
			return p.knownNature(v)
		}
	case *ast.ArrayNode:
		// a list written out ([you, partner(you)]): expr's checker types
		// it as a list of anything when an element's type is one it cannot
		// see (a predicate's value); its elements, all cards or all
		// players, make it a list of them
		return p.listOfElements(x.Nodes)
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

// listOfElements is the nature of a list of the nodes when each is known to
// be a card, or each a player; nil otherwise.
func (p *patcher) listOfElements(nodes []ast.Node) *nature.Nature {
	if p.ts == nil || len(nodes) == 0 {
		return nil
	}
	// cards and players are both maps to expr: their sentinel fields tell
	// them apart
	for _, k := range [...]struct {
		sent string
		list model.Type
	}{{closure.SentCard, model.TCards}, {closure.SentPlayer, model.TPlayers}} {
		all := true
		for _, el := range nodes {
			if nt := p.knownNature(el); nt == nil || nt.TypeData == nil || !has(nt.Fields, k.sent) {
				all = false
				break
			}
		}
		if all {
			list := p.ts.NatureOf(k.list)
			return &list
		}
	}
	return nil
}

func has(m map[string]nature.Nature, k string) bool { _, ok := m[k]; return ok }

func FieldIndex(name string, n int, at func(int) string) int {
	for i := 0; i < n; i++ {
		if at(i) == name {
			return i
		}
	}
	return -1
}

func identsOf(root ast.Node, sc *closure.Scope) []model.IdentUse {
	seen := map[string]bool{}
	var out []model.IdentUse
	ast.Walk(&root, identCollector(func(name string) {
		if seen[name] {
			return
		}
		seen[name] = true
		if k, ok := closure.BuiltinIdents[name]; ok {
			out = append(out, model.IdentUse{Name: name, Kind: k})
			return
		}
		if name == "card" && sc.Card {
			out = append(out, model.IdentUse{Name: name, Kind: model.IdCard})
			return
		}
		if name == "player" && sc.Player {
			out = append(out, model.IdentUse{Name: name, Kind: model.IdPlayer})
			return
		}
		if v, ok := sc.Vars[name]; ok {
			out = append(out, model.IdentUse{Name: name, Kind: model.IdVar, Slot: v.Slot, Typ: v.Typ})
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

// fieldOwner says which kind of object has a field of this name (": it is
// a field of a player: you.turn_order"), or "".
func fieldOwner(name string) string {
	for _, f := range model.PlayerFields {
		if f.Name == name {
			return fmt.Sprintf(": it is a field of a player: you.%s", name)
		}
	}
	for _, f := range model.EventFields {
		if f.Name == name {
			return fmt.Sprintf(": it is a field of the event: event.%s", name)
		}
	}
	for _, f := range model.CardFields {
		if f.Name == name {
			return fmt.Sprintf(": it is a field of a card: card.%s", name)
		}
	}
	return ""
}
