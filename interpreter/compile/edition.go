package compile

import (
	"regexp"
	"slices"
	"unicode"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/expr-lang/expr/ast"
)

// The second edition of the expression language differs from expr's own
// spelling in two ways, which are rewritten before expr parses a text:
//
//   - none is the value of nothing (a card or player expression when there is
//     none); expr's nil is refused (write-none). The function none(list,
//     predicate), "no item matches", keeps its name: only a none not followed
//     by "(" is the value.
//   - expr's built-in functions are spelled snake_case, like the library's
//     (sort_by, find_index, find_last, find_last_index); the camelCase
//     spelling is refused (snake-case-function).
//
// The rewrite keeps the text's length rune for rune (none becomes "nil ",
// sort_by becomes "sortBy "), so every position expr reports, and every
// column of a diagnostic, is the column of the text as written; and since
// both the closures and expr's own program are compiled from the rewritten
// tree, the two agree on it.

// spelling is a first-edition spelling found in an expression: the rune
// offset where it starts, what is written and what to write instead.
type spelling struct {
	from     int
	old, now string
	code     string
}

// rewriteEdition turns an expression as written into the text expr parses,
// of the same length in runes, and lists the first-edition spellings it holds.
func rewriteEdition(src string) (string, []spelling) {
	r := []rune(src)
	var found []spelling
	changed := false
	for i := 0; i < len(r); {
		c := r[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i++
			for i < len(r) && r[i] != c {
				if r[i] == '\\' && c != '`' {
					i++
				}
				i++
			}
			i++
			continue
		case isIdentStart(c):
			j := i
			for j < len(r) && isIdentRune(r[j]) {
				j++
			}
			member := false
			for k := i - 1; k >= 0; k-- {
				if r[k] == ' ' || r[k] == '\t' || r[k] == '\n' {
					continue
				}
				member = r[k] == '.' || r[k] == '#' || r[k] == '$'
				break
			}
			call := false
			for k := j; k < len(r); k++ {
				if r[k] == ' ' || r[k] == '\t' || r[k] == '\n' {
					continue
				}
				call = r[k] == '('
				break
			}
			// the word is made only where it may be one to rewrite: a
			// call, or a name as long as none and nil
			if !member && (call || j-i == 3 || j-i == 4) {
				word := string(r[i:j])
				switch {
				case word == "none" && !call:
					copy(r[i:j], []rune("nil "))
					changed = true
				case word == "nil" && !call:
					found = append(found, spelling{from: i, old: word, now: "none", code: "write-none"})
				case call && closure.CamelOf[word] != "":
					camel := []rune(closure.CamelOf[word])
					copy(r[i:j], camel)
					for k := i + len(camel); k < j; k++ {
						r[k] = ' '
					}
					changed = true
				case call && closure.SnakeOf[word] != "":
					found = append(found, spelling{from: i, old: word, now: closure.SnakeOf[word], code: "snake-case-function"})
				}
			}
			i = j
			continue
		case unicode.IsDigit(c):
			for i < len(r) && (isIdentRune(r[i]) || r[i] == '.' && i+1 < len(r) && unicode.IsDigit(r[i+1])) {
				i++
			}
			continue
		}
		i++
	}
	if !changed {
		return src, found
	}
	return string(r), found
}

func isIdentStart(r rune) bool { return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// bareKeywords lets a keyword be written without quotes where a function
// takes one (has(a, haste) as has(a, 'haste')): an identifier given as a
// keyword argument of a library function, naming nothing bound where it is
// written, becomes the keyword's name. It runs on
// the parsed tree before the type check, so closures and expr's program see
// the same text node.
type bareKeywords struct {
	rs     *model.Ruleset
	phases []string
	// assigned are the values of the enum property the expression's value
	// is assigned to: a bare one of them anywhere is that value
	assigned []string
	sc       *closure.Scope
	// bound are the names a let of the expression binds: those stay names
	bound map[string]bool
}

var letRE = regexp.MustCompile(`\blet\s+([A-Za-z_][A-Za-z0-9_]*)\s*=`)

// newBareKeywords is the visitor for one expression's text.
func newBareKeywords(rs *model.Ruleset, phases, assigned []string, sc *closure.Scope, src string) *bareKeywords {
	v := &bareKeywords{rs: rs, phases: phases, assigned: assigned, sc: sc, bound: map[string]bool{}}
	for _, m := range letRE.FindAllStringSubmatch(src, -1) {
		v.bound[m[1]] = true
	}
	return v
}

func (v *bareKeywords) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if slices.Contains(v.assigned, n.Value) && !v.isLocal(n.Value) && n.Value != "none" && !v.isFunction(n.Value) {
			s := &ast.StringNode{Value: n.Value}
			s.SetLocation(n.Location())
			*node = s
		}
	case *ast.BinaryNode:
		switch n.Operator {
		case "==", "!=":
			v.bareValue(&n.Left, n.Right)
			v.bareValue(&n.Right, n.Left)
		case "in", "not in":
			// .zone in [hand, deck]: each bare name of the list
			if list, ok := n.Right.(*ast.ArrayNode); ok {
				for i := range list.Nodes {
					v.bareValue(&list.Nodes[i], n.Left)
				}
			} else {
				// circle in card.marks: a value of a property holding several
				v.bareValue(&n.Left, n.Right)
			}
		}
	case *ast.CallNode:
		id, ok := n.Callee.(*ast.IdentifierNode)
		if !ok {
			return
		}
		f, ok := v.rs.Lib.Func(id.Value)
		if !ok {
			return
		}
		names := append(append(append(append([]int(nil), f.KeywordArgs...), f.PropArgs...), f.ZoneArgs...), f.EnumArgs...)
		for i := range f.ValueArgs {
			names = append(names, i)
		}
		for _, i := range names {
			if i >= len(n.Arguments) {
				continue
			}
			arg, ok := n.Arguments[i].(*ast.IdentifierNode)
			if !ok || v.isBound(arg.Value) {
				continue
			}
			// a name bound nowhere is a keyword, a property or a value: one
			// the ruleset does not declare is reported as such, with a
			// suggestion
			s := &ast.StringNode{Value: arg.Value}
			s.SetLocation(arg.Location())
			n.Arguments[i] = s
		}
	}
}

// bareValue turns a bare name compared with what it can be a value of into
// that value's name: a value of an enum property compared with that property
// (.color == red), a zone compared with a card's zone or an event's (.zone
// == hand, event.to == discard), a phase with phase or an event's
// (event.to == draw), a mode with mode. A
// name the expression binds (let, a variable, a parameter) stays a name. So
// may a name every expression reads that is not text (player, opponent,
// stack, event): compared with a text it could only be a type error, so
// there it is the value. none and the texts phase and mode always stay what
// they are.
func (v *bareKeywords) bareValue(side *ast.Node, other ast.Node) {
	id, ok := (*side).(*ast.IdentifierNode)
	if !ok || v.isLocal(id.Value) {
		return
	}
	switch id.Value {
	case "none", "nil", "phase", "mode":
		return
	}
	if v.names(other)(id.Value) {
		s := &ast.StringNode{Value: id.Value}
		s.SetLocation(id.Location())
		*side = s
	}
}

// names says which bare names stand for values of what other reads: the
// values of an enum property, the zones, the phases or the modes.
func (v *bareKeywords) names(other ast.Node) func(string) bool {
	none := func(string) bool { return false }
	zone := func(name string) bool {
		for _, z := range v.rs.Zones {
			if z.Name == name {
				return true
			}
		}
		return false
	}
	switch o := other.(type) {
	case *ast.IdentifierNode:
		switch {
		case v.isLocal(o.Value):
			return none
		case o.Value == "phase":
			return func(name string) bool { return slices.Contains(v.phases, name) }
		case o.Value == "mode":
			return func(name string) bool { return slices.Contains(v.rs.Modes, name) }
		}
	case *ast.MemberNode:
		prop, ok := o.Property.(*ast.StringNode)
		if !ok {
			return none
		}
		if ev, ok := o.Node.(*ast.IdentifierNode); ok && ev.Value == "event" && !v.isLocal("event") && (prop.Value == "to" || prop.Value == "from") {
			// a card's move names zones, a phase's start or end the phase
			return func(name string) bool { return zone(name) || slices.Contains(v.phases, name) }
		}
		if prop.Value == "zone" {
			return zone
		}
		return func(name string) bool {
			for _, decls := range [][]model.PropDecl{v.rs.CardProps, v.rs.PlayerProps, v.rs.GameProps} {
				for i := range decls {
					if decls[i].Name == prop.Value && (decls[i].Type == model.TString || decls[i].Type == model.TStrings) && slices.Contains(decls[i].Values, name) {
						return true
					}
				}
			}
			return false
		}
	}
	return none
}

func (v *bareKeywords) isBound(name string) bool {
	return closure.Builtin(name) || name == "event" || v.isLocal(name)
}

// isFunction reports whether name is a function an expression may call (a
// value of the same name could not be told from the callee of a call).
func (v *bareKeywords) isFunction(name string) bool {
	if _, ok := v.rs.Lib.Func(name); ok {
		return true
	}
	return slices.Contains(closure.ExprBuiltins, name)
}

// isLocal reports whether name is bound by the expression or its scope: a
// let, a variable of the step list, a parameter.
func (v *bareKeywords) isLocal(name string) bool {
	if v.bound[name] {
		return true
	}
	if v.sc.Has(name) {
		return true
	}
	for _, p := range v.sc.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}
