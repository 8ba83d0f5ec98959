package load

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

func (c *compiler) newRoot(name string, pos diag.Pos) int {
	c.Rs.Programs = append(c.Rs.Programs, &model.Program{Name: name, Pos: pos})
	ix := len(c.Rs.Programs) - 1
	c.Rs.Programs[ix].Root = ix
	return ix
}

// rootSteps compiles a root effect: a step list with its own variable slots.
func (c *compiler) rootSteps(n *yaml.Node, path string, sc *closure.Scope, name string) int {
	root := c.newRoot(name, c.R.Pos(n))
	c.fillProgram(root, n, path, sc)
	c.Rs.Programs[root].NVars = *sc.Nvars
	return root
}

func (c *compiler) fillProgram(ix int, n *yaml.Node, path string, sc *closure.Scope) {
	items, ok := c.R.Seq(n, path)
	if !ok {
		return
	}
	root := c.Rs.Programs[ix].Root
	for i, item := range items {
		if st := c.compileStep(item, fmt.Sprintf("%s[%d]", path, i), sc, root); st != nil {
			c.Rs.Programs[ix].Steps = append(c.Rs.Programs[ix].Steps, st)
		}
	}
}

// subProgram compiles a nested step list sharing its root's variables.
func (c *compiler) subProgram(n *yaml.Node, path string, sc *closure.Scope, root int) int {
	c.Rs.Programs = append(c.Rs.Programs, &model.Program{Name: path, Root: root, Pos: c.R.Pos(n)})
	ix := len(c.Rs.Programs) - 1
	c.fillProgram(ix, n, path, sc)
	return ix
}

// maxSteps bounds the compiled steps of one ruleset; YAML aliases nested in
// aliases, or procedures calling procedures (each call compiles the steps
// it calls), can otherwise make a small file expand without end.
const maxSteps = 100000

func (c *compiler) compileStep(n *yaml.Node, path string, sc *closure.Scope, root int) *model.Step {
	c.steps++
	if c.steps > maxSteps {
		if !c.tooMany {
			c.tooMany = true
			c.R.Errorf(n, "too-many-steps", path, "the effects expand to more than %d steps (YAML aliases inside aliases, or procedures whose steps call others many times?); the rest is not compiled", maxSteps)
		}
		return nil
	}
	n = source.ResolveAlias(n)
	var name string
	var argN *yaml.Node
	var keyN *yaml.Node
	switch n.Kind {
	case yaml.ScalarNode:
		name, keyN = n.Value, n
	case yaml.MappingNode:
		if len(n.Content) != 2 {
			c.R.Errorf(n, "bad-step", path, "a step is one primitive name with its arguments, like `draw: {count: 1}`; found %d keys", len(n.Content)/2)
			return nil
		}
		keyN = n.Content[0]
		name, argN = keyN.Value, source.ResolveAlias(n.Content[1])
	default:
		c.R.Errorf(n, "bad-step", path, "a step must be a primitive name or a mapping, found %s", source.KindName(n))
		return nil
	}
	p, ok := c.Rs.Lib.Primitive(name)
	if !ok {
		if pr, ok := c.procs[name]; ok {
			return c.compileCall(pr, keyN, argN, path+"."+name, sc, root)
		}
		known := c.Rs.Lib.PrimitiveNames()
		for _, pr := range c.procList {
			known = append(known, pr.name)
		}
		what := "effect primitive"
		if len(c.procList) > 0 {
			what = "effect primitive or procedure"
		}
		c.R.Errorf(keyN, "unknown-primitive", path, "unknown %s %q%s", what, name, diag.DidYouMean(name, known))
		return nil
	}
	path = path + "." + name
	st := &model.Step{Prim: p, Args: make([]model.Arg, len(p.Params)), Pos: c.R.Pos(keyN)}
	for i := range st.Args {
		st.Args[i].Ref = model.NoRef
	}
	if p.StateSlots > 0 {
		st.State = *sc.Nvars
		*sc.Nvars += p.StateSlots
	}
	given := map[string]*yaml.Node{}
	if argN != nil && !(argN.Kind == yaml.ScalarNode && argN.Tag == "!!null") {
		// the short form {target.prop: value}, beside the step's other
		// arguments ({this.power: 3, until: end_of_turn}); the arguments
		// it stands for are not written again
		var assigned map[string]bool
		if argN.Kind == yaml.MappingNode && p.Assigns != "" && isAssignment(argN) {
			pair, rest := splitAssignment(argN)
			if !c.assignment(name, path, pair, sc, given, p.Assigns) {
				return nil
			}
			assigned = map[string]bool{"cards": true, "player": true, "prop": true, p.Assigns: true}
			argN = rest
		}
		if argN.Kind == yaml.MappingNode {
			var names []string
			renamed := map[string]string{}
			for _, pp := range p.Params {
				if assigned[pp.Name] {
					continue
				}
				names = append(names, pp.Name)
				for _, old := range pp.Was {
					renamed[old] = pp.Name
				}
			}
			allowed := names
			for old := range renamed {
				allowed = append(allowed, old)
			}
			fs, _ := c.R.Mapping(argN, path, allowed...)
			for _, f := range fs {
				if _, ok := renamed[f.Key]; !ok {
					given[f.Key] = f.Value
				}
			}
			for _, f := range fs {
				if now, ok := renamed[f.Key]; ok {
					if _, both := given[now]; both {
						// renaming it would write the key twice: no fix
						c.R.Errorf(f.KeyN, "renamed-argument", path+"."+f.Key, "%s's argument %s is now called %s, which is given too: remove %s: (it would be a second %s)", name, f.Key, now, f.Key, now)
						continue
					}
					c.R.Errorf(f.KeyN, "renamed-argument", path+"."+f.Key, "%s's argument %s is now called %s: write %s: instead of %s:", name, f.Key, now, now, f.Key)
					c.R.FixLast(f.KeyN, now)
					given[now] = f.Value // read as if written anew, so one mistake gives one message
				}
			}
		} else if p.Shorthand != "" {
			given[p.Shorthand] = argN
		} else {
			c.R.Errorf(argN, "bad-step", path, "%s takes a mapping of arguments", name)
			return nil
		}
	}
	// compile binding parameters last, so expressions of the step do not see its own result
	// arguments first, then the variables the step binds (its own arguments do
	// not see them), then nested steps (which do)
	order := make([]int, 0, len(p.Params))
	for _, pass := range []func(model.Param) bool{
		func(q model.Param) bool {
			return q.Kind != model.PBind && q.Kind != model.PSteps && q.Kind != model.PChoices && !q.Late
		},
		func(q model.Param) bool { return q.Kind == model.PBind },
		func(q model.Param) bool { return q.Late },
		func(q model.Param) bool { return q.Kind == model.PSteps || q.Kind == model.PChoices },
	} {
		for i, pp := range p.Params {
			if pass(pp) {
				order = append(order, i)
			}
		}
	}
	// the names before the step: with a Scoped parameter given, those the
	// step and its steps bind are its own, and end with it
	var before map[string]bool
	scoped := false
	for _, pp := range p.Params {
		if pp.Scoped && given[pp.Name] != nil {
			scoped = true
		}
	}
	if scoped {
		before = sc.Names()
	}
	for _, i := range order {
		pp := p.Params[i]
		v := given[pp.Name]
		if v == nil {
			if pp.Required {
				c.R.Errorf(keyN, "missing-field", path, "%s needs the argument %q", name, pp.Name)
				continue
			}
			if pp.Default == "" {
				continue
			}
			v = &yaml.Node{Kind: yaml.ScalarNode, Value: pp.Default, Line: keyN.Line, Column: keyN.Column}
			st.Args[i].Defaulted = true
		}
		ap := path + "." + pp.Name // only for an argument there is
		a := &st.Args[i]
		a.Set = true
		a.Type = pp.Type
		a.Pos = c.R.Pos(v)
		if vv := source.ResolveAlias(v); vv != nil && (vv.Style == yaml.DoubleQuotedStyle || vv.Style == yaml.SingleQuotedStyle) {
			a.Pos.Column++
		}
		switch pp.Kind {
		case model.PExpr:
			scp := sc
			if pp.Card {
				scp = sc.With(true, false, false)
			}
			if values := c.assignedValues(p, pp, given); values != nil {
				a.Expr = c.CompileAssigned(v, ap, scp, pp.Type, values)
			} else {
				a.Expr = c.CompileExpr(v, ap, scp, pp.Type)
			}
		case model.PZone:
			a.Zone = c.zoneRef(v, ap)
		case model.PSteps:
			a.Prog = c.subProgram(v, ap, sc, root)
		case model.PExprList:
			items := []*yaml.Node{v}
			if vv := source.ResolveAlias(v); vv.Kind == yaml.SequenceNode {
				items = vv.Content
			}
			// each on `card`: conditions keep their comparison of a card's
			// property apart, for a caller that tests many cards
			for j, item := range items {
				ip, isc := fmt.Sprintf("%s[%d]", ap, j), sc.With(true, false, false)
				if pp.Type == model.TBool {
					a.Exprs = append(a.Exprs, c.CompileCardTest(item, ip, isc))
				} else {
					a.Exprs = append(a.Exprs, c.CompileExpr(item, ip, isc, pp.Type))
				}
			}
		case model.PBind:
			s, _ := c.R.Str(v, ap)
			if !isIdent(s) {
				c.R.Errorf(v, "bad-variable", ap, "%q is not a variable name: use letters, digits and _ , starting with a letter", s)
			}
			bt, broken := pp.Type, false
			if bt == model.TAny && pp.TypedBy != "" {
				for j, q := range p.Params {
					if q.Name == pp.TypedBy {
						if st.Args[j].Expr != nil {
							bt = st.Args[j].Expr.Type
						} else {
							broken = st.Args[j].Set // written, and with an error
						}
					}
				}
				if t, ok := c.declaredType(p, st, pp.TypeWord); ok {
					if bt != model.TAny && bt != t && !broken {
						c.R.Errorf(v, "type-mismatch", ap, "%s is declared %s, but its value is of type %s", s, t, bt)
					}
					bt = t
				}
			}
			slot, err := sc.Bind(s, bt, c.R.Pos(v))
			if err != nil {
				c.R.Errorf(v, "bad-variable", ap, "%v", err)
			}
			if broken {
				sc.MarkBroken(s)
			}
			a.Var = model.Var{Slot: slot, Type: bt, Name: s}
		case model.PText, model.PPhase:
			a.Text, _ = c.R.Str(v, ap)
			c.PlainText(v, ap, a.Text)
		case model.PTemplate:
			text, _ := c.R.Str(v, ap)
			scp := sc
			if pp.Card {
				scp = sc.With(true, false, false)
			}
			a.Template = c.Template(text, v, ap, scp)
		case model.PWord:
			a.Word, _ = c.R.Str(v, ap)
			a.WordAt = slices.Index(pp.Words, a.Word)
			if a.WordAt < 0 {
				c.R.Errorf(v, "bad-value", ap, "%s is one of %s, not %q%s", pp.Name, strings.Join(pp.Words, ", "), a.Word, diag.DidYouMean(a.Word, pp.Words))
			}
		case model.PChoices:
			items, _ := c.R.Seq(v, ap)
			for j, item := range items {
				cp := fmt.Sprintf("%s[%d]", ap, j)
				cf, ok := c.R.Mapping(item, cp, "label", "if", "do")
				if !ok {
					continue
				}
				c.R.Require(item, cp, cf, "label")
				ch := model.Choice{Prog: -1, Pos: c.R.Pos(item)}
				if x := source.Get(cf, "label"); x != nil {
					ch.Label, _ = c.R.Str(x, cp+".label")
					if strings.ContainsAny(ch.Label, "{}") {
						ch.Tmpl = c.Template(ch.Label, x, cp+".label", sc)
					}
				}
				if x := source.Get(cf, "if"); x != nil {
					ch.If = c.CompileExpr(x, cp+".if", sc, model.TBool)
				}
				if x := source.Get(cf, "do"); x != nil {
					ch.Prog = c.subProgram(x, cp+".do", sc, root)
				} else {
					ch.Prog = c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, cp+".do", sc, root)
				}
				a.Choices = append(a.Choices, ch)
			}
		case model.PAction:
			names, _ := c.R.StrList(v, ap)
			for j, nm := range names {
				ix, ok := c.Rs.ActionIx[nm]
				if !ok {
					at := v
					if source.ResolveAlias(v).Kind == yaml.SequenceNode {
						at = source.ResolveAlias(v).Content[j]
					}
					c.R.Errorf(at, "unknown-action", ap, "unknown action %q%s", nm, diag.DidYouMean(nm, diag.KeysOf(c.Rs.ActionIx)))
					continue
				}
				a.Actions = append(a.Actions, ix)
			}
		}
	}
	if scoped {
		// bound for the step's own steps: no name after it
		for _, name := range slices.Sorted(maps.Keys(sc.Names())) {
			if !before[name] {
				sc.End(name, st.Pos)
			}
		}
	}
	if p.Validate != nil {
		p.Validate(&stepValidator{rs: c.Rs, c: c, step: st, path: path}, st)
	}
	return st
}

// isAssignment says whether the arguments of a step are its short form
// {target.prop: value}: a key with a dot in it.
func isAssignment(n *yaml.Node) bool {
	for i := 0; i < len(n.Content); i += 2 {
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && strings.Contains(k.Value, ".") {
			return true
		}
	}
	return false
}

// splitAssignment parts the arguments of a step in its short form: the keys
// with a dot (one, when it is right) and the others.
func splitAssignment(n *yaml.Node) (pair, rest *yaml.Node) {
	pair = &yaml.Node{Kind: yaml.MappingNode, Style: n.Style, Line: n.Line, Column: n.Column}
	rest = &yaml.Node{Kind: yaml.MappingNode, Style: n.Style, Line: n.Line, Column: n.Column}
	for i := 0; i+1 < len(n.Content); i += 2 {
		into := rest
		if k := n.Content[i]; k.Kind == yaml.ScalarNode && strings.Contains(k.Value, ".") {
			into = pair
		}
		into.Content = append(into.Content, n.Content[i], n.Content[i+1])
	}
	return pair, rest
}

// assignment reads the short form {target.prop: value} of a step that
// changes a property into its arguments: target (whose type decides cards,
// player or, written game, the game) and prop come from the key, at their
// columns, and the value fills the parameter named by value.
// It says whether the form is right; when not, it has said why.
func (c *compiler) assignment(name, path string, n *yaml.Node, sc *closure.Scope, given map[string]*yaml.Node, value string) bool {
	if len(n.Content) != 2 {
		c.R.Errorf(n, "bad-step", path, "the short form of %s changes one property: {target.property: value}; write one step for each", name)
		return false
	}
	k, v := n.Content[0], n.Content[1]
	dot := strings.LastIndex(k.Value, ".")
	target, prop := strings.TrimSpace(k.Value[:dot]), k.Value[dot+1:]
	col := k.Column
	if k.Style == yaml.DoubleQuotedStyle || k.Style == yaml.SingleQuotedStyle {
		col++
	}
	if target == "" || !isIdent(prop) {
		c.R.Errorf(k, "bad-step", path, "the short form of %s is {target.property: value}, as in {this.tapped: true}; %q is not", name, k.Value)
		return false
	}
	given["prop"] = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: prop, Line: k.Line, Column: col + len([]rune(k.Value[:dot])) + 1}
	given[value] = v
	if target == "game" {
		return true
	}
	tn := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k.Value[:dot], Line: k.Line, Column: col}
	switch t, ok := c.TypeOf(tn, sc); {
	case !ok:
		c.CompileExpr(tn, path, sc, model.TAny) // says why
		return false
	case t == model.TCard || t == model.TCards:
		given["cards"] = tn
	case t == model.TPlayer:
		given["player"] = tn
	default:
		c.R.DiagAt(c.R.Pos(tn), "type-mismatch", path, fmt.Sprintf("the target of %s's short form, %s, gives %s: it is a card, a list of cards, a player or game", name, target, t))
		return false
	}
	return true
}

// assignedValues are the values of the enum property that the argument pp
// of a step assigns (set's value, in either form), or nil: there, a bare
// value reads as that value.
func (c *compiler) assignedValues(p *model.Primitive, pp model.Param, given map[string]*yaml.Node) []string {
	prop := given["prop"]
	if p.Assigns == "" || pp.Name != p.Assigns || prop == nil || prop.Kind != yaml.ScalarNode {
		return nil
	}
	kind := "game"
	switch {
	case given["cards"] != nil:
		kind = "card"
	case given["player"] != nil:
		kind = "player"
	}
	if _, d, ok := c.Rs.PropIndex(kind, prop.Value); ok && d.Type == model.TString && len(d.Values) > 0 {
		return d.Values
	}
	return nil
}

// template compiles the {expression} parts of a text: the text keeps {0},
// {1}, ... in their place and Exprs holds them.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// stepValidator is the Validator of one step being loaded.
type stepValidator struct {
	rs   *model.Ruleset
	c    *compiler
	step *model.Step
	path string
}

// Ruleset is the ruleset being loaded.
func (v *stepValidator) Ruleset() *model.Ruleset { return v.rs }

// Errorf reports a problem with an argument of the step.
func (v *stepValidator) Errorf(arg model.ArgIndex, code, format string, args ...any) {
	pos := v.step.Pos
	if a := v.step.At(arg); a.Set && a.Pos.Line > 0 {
		pos = a.Pos
	}
	v.c.R.DiagAt(pos, code, v.path+"."+v.step.Prim.Params[arg].Name, fmt.Sprintf(format, args...))
}

// Suggest returns "; did you mean X?" for the nearest of known, or "".
func (v *stepValidator) Suggest(name string, known []string) string {
	return diag.DidYouMean(name, known)
}

// InternName makes a name usable as a symbol; only during load (Validate).
func (v *stepValidator) InternName(name string) int64 { return v.rs.Intern(name) }

// declaredType reads the type a step's word parameter (named word) declares
// for a variable: false when there is none, or when the word is wrong (told
// where the word is read).
func (c *compiler) declaredType(p *model.Primitive, st *model.Step, word string) (model.Type, bool) {
	if word == "" {
		return model.TAny, false
	}
	for j, q := range p.Params {
		if q.Name == word && st.Args[j].Set && st.Args[j].WordAt >= 0 {
			for t := model.TAny + 1; t <= model.TStrings; t++ {
				if t.String() == st.Args[j].Word {
					return t, true
				}
			}
		}
	}
	return model.TAny, false
}
