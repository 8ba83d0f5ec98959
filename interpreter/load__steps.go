package interpreter

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

func (c *compiler) newRoot(name string, pos Pos) int {
	c.rs.Programs = append(c.rs.Programs, &Program{Name: name, Pos: pos})
	ix := len(c.rs.Programs) - 1
	c.rs.Programs[ix].Root = ix
	return ix
}

// rootSteps compiles a root effect: a step list with its own variable slots.
func (c *compiler) rootSteps(n *yaml.Node, path string, sc *scope, name string) int {
	root := c.newRoot(name, c.r.pos(n))
	c.fillProgram(root, n, path, sc)
	c.rs.Programs[root].NVars = *sc.nvars
	return root
}

func (c *compiler) fillProgram(ix int, n *yaml.Node, path string, sc *scope) {
	items, ok := c.r.seq(n, path)
	if !ok {
		return
	}
	root := c.rs.Programs[ix].Root
	for i, item := range items {
		if st := c.compileStep(item, fmt.Sprintf("%s[%d]", path, i), sc, root); st != nil {
			c.rs.Programs[ix].Steps = append(c.rs.Programs[ix].Steps, st)
		}
	}
}

// subProgram compiles a nested step list sharing its root's variables.
func (c *compiler) subProgram(n *yaml.Node, path string, sc *scope, root int) int {
	c.rs.Programs = append(c.rs.Programs, &Program{Name: path, Root: root, Pos: c.r.pos(n)})
	ix := len(c.rs.Programs) - 1
	c.fillProgram(ix, n, path, sc)
	return ix
}

// maxSteps bounds the compiled steps of one ruleset; YAML aliases nested in
// aliases can otherwise make a small file expand without end.
const maxSteps = 100000

func (c *compiler) compileStep(n *yaml.Node, path string, sc *scope, root int) *Step {
	c.steps++
	if c.steps > maxSteps {
		if !c.tooMany {
			c.tooMany = true
			c.r.errorf(n, "too-many-steps", path, "the effects expand to more than %d steps (YAML aliases inside aliases?); the rest is not compiled", maxSteps)
		}
		return nil
	}
	n = resolveAlias(n)
	var name string
	var argN *yaml.Node
	var keyN *yaml.Node
	switch n.Kind {
	case yaml.ScalarNode:
		name, keyN = n.Value, n
	case yaml.MappingNode:
		if len(n.Content) != 2 {
			c.r.errorf(n, "bad-step", path, "a step is one primitive name with its arguments, like `draw: {count: 1}`; found %d keys", len(n.Content)/2)
			return nil
		}
		keyN = n.Content[0]
		name, argN = keyN.Value, resolveAlias(n.Content[1])
	default:
		c.r.errorf(n, "bad-step", path, "a step must be a primitive name or a mapping, found %s", kindName(n))
		return nil
	}
	p, ok := c.rs.lib.Primitive(name)
	if !ok {
		c.r.errorf(keyN, "unknown-primitive", path, "unknown effect primitive %q%s", name, didYouMean(name, c.rs.lib.PrimitiveNames()))
		return nil
	}
	path = path + "." + name
	st := &Step{Prim: p, Args: make([]Arg, len(p.Params)), Pos: c.r.pos(keyN)}
	if p.StateSlots > 0 {
		st.State = *sc.nvars
		*sc.nvars += p.StateSlots
	}
	given := map[string]*yaml.Node{}
	if argN != nil && !(argN.Kind == yaml.ScalarNode && argN.Tag == "!!null") {
		if argN.Kind == yaml.MappingNode {
			names := make([]string, len(p.Params))
			for i, pp := range p.Params {
				names[i] = pp.Name
			}
			fs, _ := c.r.mapping(argN, path, names...)
			for _, f := range fs {
				given[f.Key] = f.Value
			}
		} else if p.Shorthand != "" {
			given[p.Shorthand] = argN
		} else {
			c.r.errorf(argN, "bad-step", path, "%s takes a mapping of arguments", name)
			return nil
		}
	}
	// compile binding parameters last, so expressions of the step do not see its own result
	// arguments first, then the variables the step binds (its own arguments do
	// not see them), then nested steps (which do)
	order := make([]int, 0, len(p.Params))
	for _, pass := range []func(Param) bool{
		func(q Param) bool { return q.Kind != PBind && q.Kind != PSteps && q.Kind != PChoices && !q.Late },
		func(q Param) bool { return q.Kind == PBind },
		func(q Param) bool { return q.Late },
		func(q Param) bool { return q.Kind == PSteps || q.Kind == PChoices },
	} {
		for i, pp := range p.Params {
			if pass(pp) {
				order = append(order, i)
			}
		}
	}
	for _, i := range order {
		pp := p.Params[i]
		v := given[pp.Name]
		ap := path + "." + pp.Name
		if v == nil {
			if pp.Required {
				c.r.errorf(keyN, "missing-field", path, "%s needs the argument %q", name, pp.Name)
				continue
			}
			if pp.Default == "" {
				continue
			}
			v = &yaml.Node{Kind: yaml.ScalarNode, Value: pp.Default, Line: keyN.Line, Column: keyN.Column}
		}
		a := &st.Args[i]
		a.Set = true
		a.Type = pp.Type
		a.Pos = c.r.pos(v)
		if vv := resolveAlias(v); vv != nil && (vv.Style == styleDouble || vv.Style == styleSingle) {
			a.Pos.Column++
		}
		switch pp.Kind {
		case PExpr:
			scp := sc
			if pp.Card {
				scp = sc.with(true, false, false)
			}
			a.Expr = c.compileExpr(v, ap, scp, pp.Type)
		case PZone:
			a.Zone = c.zoneRef(v, ap)
		case PSteps:
			a.Prog = c.subProgram(v, ap, sc, root)
		case PExprList:
			items := []*yaml.Node{v}
			if vv := resolveAlias(v); vv.Kind == yaml.SequenceNode {
				items = vv.Content
			}
			for j, item := range items {
				a.Exprs = append(a.Exprs, c.compileExpr(item, fmt.Sprintf("%s[%d]", ap, j), sc.with(true, false, false), pp.Type))
			}
		case PBind:
			s, _ := c.r.str(v, ap)
			if !isIdent(s) {
				c.r.errorf(v, "bad-variable", ap, "%q is not a variable name: use letters, digits and _ , starting with a letter", s)
			}
			bt := pp.Type
			if bt == TAny && pp.TypedBy != "" {
				for j, q := range p.Params {
					if q.Name == pp.TypedBy && st.Args[j].Expr != nil {
						bt = st.Args[j].Expr.Type
					}
				}
			}
			a.Type = bt
			slot, err := sc.bind(s, bt, c.r.pos(v))
			if err != nil {
				c.r.errorf(v, "bad-variable", ap, "%v", err)
			}
			a.Slot = slot
			a.Text = s
		case PText, PPhase:
			a.Text, _ = c.r.str(v, ap)
			c.plainText(v, ap, a.Text)
		case PTemplate:
			a.Text, _ = c.r.str(v, ap)
			c.template(a, v, ap, sc)
		case PWord:
			a.Word, _ = c.r.str(v, ap)
			if !contains(pp.Words, a.Word) {
				c.r.errorf(v, "bad-value", ap, "%s is one of %s, not %q%s", pp.Name, strings.Join(pp.Words, ", "), a.Word, didYouMean(a.Word, pp.Words))
			}
		case PChoices:
			items, _ := c.r.seq(v, ap)
			for j, item := range items {
				cp := fmt.Sprintf("%s[%d]", ap, j)
				cf, ok := c.r.mapping(item, cp, "label", "if", "do")
				if !ok {
					continue
				}
				c.r.require(item, cp, cf, "label")
				ch := Choice{Prog: -1}
				if x := get(cf, "label"); x != nil {
					ch.Label, _ = c.r.str(x, cp+".label")
					if strings.ContainsAny(ch.Label, "{}") {
						ch.Tmpl = &Arg{Set: true, Text: ch.Label, Pos: c.r.pos(x)}
						c.template(ch.Tmpl, x, cp+".label", sc)
					}
				}
				if x := get(cf, "if"); x != nil {
					ch.If = c.compileExpr(x, cp+".if", sc, TBool)
				}
				if x := get(cf, "do"); x != nil {
					ch.Prog = c.subProgram(x, cp+".do", sc, root)
				} else {
					ch.Prog = c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, cp+".do", sc, root)
				}
				a.Choices = append(a.Choices, ch)
			}
		case PAction:
			names, _ := c.r.strList(v, ap)
			for j, nm := range names {
				ix, ok := c.rs.actionIx[nm]
				if !ok {
					at := v
					if resolveAlias(v).Kind == yaml.SequenceNode {
						at = resolveAlias(v).Content[j]
					}
					c.r.errorf(at, "unknown-action", ap, "unknown action %q%s", nm, didYouMean(nm, keysOf(c.rs.actionIx)))
					continue
				}
				a.Actions = append(a.Actions, ix)
			}
		}
	}
	if p.Validate != nil {
		p.Validate(&stepValidator{rs: c.rs, c: c, step: st, path: path}, st)
	}
	return st
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
	rs   *Ruleset
	c    *compiler
	step *Step
	path string
}

// Ruleset is the ruleset being loaded.
func (v *stepValidator) Ruleset() *Ruleset { return v.rs }

// Errorf reports a problem with an argument of the step.
func (v *stepValidator) Errorf(arg, code, format string, args ...any) {
	pos := v.step.Pos
	if a := v.step.Arg(arg); a.Set && a.Pos.Line > 0 {
		pos = a.Pos
	}
	v.c.r.diagAt(pos, code, v.path+"."+arg, fmt.Sprintf(format, args...))
}

// Suggest returns "; did you mean X?" for the nearest of known, or "".
func (v *stepValidator) Suggest(name string, known []string) string { return didYouMean(name, known) }

// InternName makes a name usable as a symbol; only during load (Validate).
func (v *stepValidator) InternName(name string) int64 { return v.rs.intern(name) }
