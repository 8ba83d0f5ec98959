package interpreter

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

var actionKeys = []string{"label", "doc", "from", "filter", "timing", "condition", "targets", "cost", "effect", "stack", "recheck", "fizzle", "why", "timing_why", "filter_why"}

func (c *compiler) actions(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "actions")
	if !ok {
		return
	}
	// register names first so windows can list actions declared later
	for _, f := range fs {
		c.rs.actionIx[f.Key] = len(c.rs.Actions)
		c.rs.Actions = append(c.rs.Actions, &Action{Name: f.Key, Index: len(c.rs.Actions), Source: -1, Label: f.Key, Pos: c.r.pos(f.KeyN)})
		c.rs.intern(f.Key)
	}
	for _, f := range fs {
		a := c.rs.Actions[c.rs.actionIx[f.Key]]
		path := "actions." + f.Key
		af, ok := c.r.mapping(f.Value, path, actionKeys...)
		if !ok {
			continue
		}
		sc := newScope()
		var labelNode *yaml.Node
		if v := get(af, "label"); v != nil {
			a.Label, _ = c.r.str(v, path+".label")
			labelNode = v
		}
		if v := get(af, "doc"); v != nil {
			a.Doc, _ = c.r.str(v, path+".doc")
		}
		if v := get(af, "from"); v != nil {
			a.Source = c.zoneRef(v, path+".from")
			sc = sc.with(true, false, false)
		}
		if labelNode != nil && strings.ContainsAny(strings.ReplaceAll(a.Label, "{card}", ""), "{}") {
			// more than the source card's name: a template like any other text
			a.LabelTmpl = &Arg{Set: true, Text: a.Label, Pos: c.r.pos(labelNode)}
			c.template(a.LabelTmpl, labelNode, path+".label", sc.with(a.Source >= 0, false, false))
		}
		if v := get(af, "filter"); v != nil {
			if a.Source < 0 {
				c.r.errorf(v, "missing-field", path+".filter", "a filter needs `from`, the zone whose cards it filters")
			}
			a.Filter = c.compileExpr(v, path+".filter", sc.with(true, false, false), TBool)
		}
		if v := get(af, "timing"); v != nil {
			a.Timing = c.compileExpr(v, path+".timing", sc, TBool)
		}
		if v := get(af, "condition"); v != nil {
			a.Condition = c.compileExpr(v, path+".condition", sc, TBool)
		}
		if v := get(af, "why"); v != nil {
			a.Why, _ = c.r.str(v, path+".why")
			if a.Condition == nil {
				c.r.errorf(v, "missing-field", path+".why", "`why` explains a `condition`, and this action has none")
			}
		}
		if v := get(af, "timing_why"); v != nil {
			a.TimingWhy, _ = c.r.str(v, path+".timing_why")
			if a.Timing == nil {
				c.r.errorf(v, "missing-field", path+".timing_why", "`timing_why` explains a `timing`, and this action has none")
			}
		}
		if v := get(af, "filter_why"); v != nil {
			a.FilterWhy, _ = c.r.str(v, path+".filter_why")
			if a.Filter == nil {
				c.r.errorf(v, "missing-field", path+".filter_why", "`filter_why` explains a `filter`, and this action has none")
			}
		}
		if v := get(af, "stack"); v != nil {
			a.UseStack, _ = c.r.boolean(v, path+".stack")
		}
		root := c.newRoot(path, c.r.pos(f.KeyN))
		a.CostProg = root
		c.rs.Programs[root].Announces = a.UseStack
		if v := get(af, "targets"); v != nil {
			c.fillProgram(root, v, path+".targets", sc)
		}
		if v := get(af, "cost"); v != nil {
			items, _ := c.r.seq(v, path+".cost")
			for i, item := range items {
				st := c.compileStep(item, fmt.Sprintf("%s.cost[%d]", path, i), sc, root)
				if st == nil {
					continue
				}
				if st.Prim.CanPay == nil {
					c.r.errorf(item, "not-a-cost", fmt.Sprintf("%s.cost[%d]", path, i), "%q cannot be used as a cost; costs are primitives that can say whether they can be paid", st.Prim.Name)
					continue
				}
				a.Costs = append(a.Costs, st)
				c.rs.Programs[root].Steps = append(c.rs.Programs[root].Steps, st)
			}
		}
		if v := get(af, "effect"); v != nil {
			a.Effect = c.subProgram(v, path+".effect", sc, root)
		} else {
			a.Effect = c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, path+".effect", sc, root)
		}
		if v := get(af, "recheck"); v != nil {
			if !a.UseStack {
				c.r.errorf(v, "bad-value", path+".recheck", "recheck applies to actions that use the stack (stack: true)")
			}
			a.Recheck = c.compileExpr(v, path+".recheck", sc, TBool)
		}
		if v := get(af, "fizzle"); v != nil {
			a.Fizzle = c.subProgram(v, path+".fizzle", sc, root)
		} else {
			a.Fizzle = -1
		}
		word := ""
		if a.UseStack {
			word = "stack"
		}
		c.rs.Programs[root].Steps = append(c.rs.Programs[root].Steps, &Step{Prim: continuePrim, Pos: a.Pos, Args: []Arg{{Set: true, Prog: a.Effect, Word: word, Slot: a.Index}}})
		c.rs.Programs[root].NVars = *sc.nvars
	}
}

func (c *compiler) turn(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "turn", "phases", "next", "drain_stack")
	if v := get(fs, "next"); v != nil {
		c.rs.NextTurn = c.compileExpr(v, "turn.next", newScope(), TPlayer)
	}
	if v := get(fs, "drain_stack"); v != nil {
		c.rs.DrainStack = c.rootSteps(v, "turn.drain_stack", newScope(), "turn drain_stack")
	}
	if !ok {
		return
	}
	if !c.r.require(n, "turn", fs, "phases") {
		return
	}
	items, _ := c.r.seq(get(fs, "phases"), "turn.phases")
	seen := map[string]bool{}
	for i, item := range items {
		path := fmt.Sprintf("turn.phases[%d]", i)
		pf, ok := c.r.mapping(item, path, "name", "doc", "skip_if", "do")
		if !ok {
			continue
		}
		c.r.require(item, path, pf, "name")
		ph := &Phase{Pos: c.r.pos(item)}
		if v := get(pf, "name"); v != nil {
			ph.Name, _ = c.r.str(v, path+".name")
			if seen[ph.Name] {
				c.r.errorf(v, "duplicate-phase", path+".name", "phase %q is declared twice", ph.Name)
			}
			seen[ph.Name] = true
			c.rs.intern(ph.Name)
		}
		if v := get(pf, "doc"); v != nil {
			ph.Doc, _ = c.r.str(v, path+".doc")
		}
		if v := get(pf, "skip_if"); v != nil {
			ph.Skip = c.compileExpr(v, path+".skip_if", newScope(), TBool)
		}
		if v := get(pf, "do"); v != nil {
			ph.Body = c.rootSteps(v, path+".do", newScope(), "phase "+ph.Name)
		} else {
			ph.Body = c.emptyProgram("phase " + ph.Name)
		}
		c.rs.Phases = append(c.rs.Phases, ph)
	}
	if len(c.rs.Phases) == 0 {
		c.r.errorf(n, "missing-field", "turn.phases", "a turn needs at least one phase")
	}
}

func (c *compiler) checks(n *yaml.Node) {
	items, ok := c.r.seq(n, "checks")
	if !ok {
		return
	}
	for i, item := range items {
		path := fmt.Sprintf("checks[%d]", i)
		cf, ok := c.r.mapping(item, path, "name", "if", "do")
		if !ok {
			continue
		}
		c.r.require(item, path, cf, "if", "do")
		ch := &Check{Pos: c.r.pos(item), Name: path}
		if v := get(cf, "name"); v != nil {
			ch.Name, _ = c.r.str(v, path+".name")
		}
		sc := newScope().with(false, true, false)
		if v := get(cf, "if"); v != nil {
			ch.Cond = c.compileExpr(v, path+".if", sc, TBool)
		}
		if v := get(cf, "do"); v != nil {
			ch.Effect = c.rootSteps(v, path+".do", sc, path)
		}
		c.rs.Checks = append(c.rs.Checks, ch)
	}
}

// view compiles what boards show beside a card, a player and the game.
func (c *compiler) view(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "view", "card", "player", "game")
	if !ok {
		return
	}
	for _, f := range fs {
		path := "view." + f.Key
		switch f.Key {
		case "card":
			c.rs.View.Card = c.viewPartsOf(f.Value, path, newScope().with(true, false, false))
		case "player":
			c.rs.View.Player = c.viewPartsOf(f.Value, path, newScope().with(false, true, false))
		case "game":
			c.rs.View.Game = c.viewPartsOf(f.Value, path, newScope())
		}
	}
}

// viewParts reads a list whose items are a text (always shown) or
// {if, show}; the texts may hold {expression}s.
func (c *compiler) viewPartsOf(n *yaml.Node, path string, sc *scope) []ViewPart {
	items, ok := c.r.seq(n, path)
	if !ok {
		return nil
	}
	out := []ViewPart{}
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		var vp ViewPart
		show := item
		if rn := resolveAlias(item); rn != nil && rn.Kind == yaml.MappingNode {
			vf, ok := c.r.mapping(item, p, "if", "show")
			if !ok || !c.r.require(item, p, vf, "show") {
				continue
			}
			if v := get(vf, "if"); v != nil {
				vp.If = c.compileExpr(v, p+".if", sc, TBool)
			}
			show, p = get(vf, "show"), p+".show"
		}
		text, ok := c.r.str(show, p)
		if !ok {
			continue
		}
		vp.Show = &Arg{Text: text}
		c.template(vp.Show, show, p, sc)
		out = append(out, vp)
	}
	return out
}
