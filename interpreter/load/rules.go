package load

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

var actionKeys = []string{"label", "doc", "from", "filter", "timing", "condition", "targets", "cost", "effect", "stack", "reveal", "recheck", "recheck_why", "fizzle", "why", "timing_why", "filter_why"}

func (c *compiler) actions(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "actions")
	if !ok {
		return
	}
	// register names first so windows can list actions declared later
	for _, f := range fs {
		c.Rs.ActionIx[f.Key] = len(c.Rs.Actions)
		c.Rs.Actions = append(c.Rs.Actions, &model.Action{Name: f.Key, Index: len(c.Rs.Actions), Source: -1, Label: f.Key, Pos: c.R.Pos(f.KeyN)})
		c.Rs.Intern(f.Key)
	}
	for _, f := range fs {
		a := c.Rs.Actions[c.Rs.ActionIx[f.Key]]
		path := "actions." + f.Key
		af, ok := c.R.Mapping(f.Value, path, actionKeys...)
		if !ok {
			continue
		}
		sc := closure.NewScope()
		var labelNode *yaml.Node
		if v := source.Get(af, "label"); v != nil {
			a.Label, _ = c.R.Str(v, path+".label")
			labelNode = v
		}
		if v := source.Get(af, "doc"); v != nil {
			a.Doc, _ = c.R.Str(v, path+".doc")
		}
		if v := source.Get(af, "from"); v != nil {
			a.Source = c.zoneRef(v, path+".from")
			sc = sc.With(true, false, false)
		}
		if labelNode != nil && strings.ContainsAny(strings.ReplaceAll(a.Label, "{card}", ""), "{}") {
			// more than the source card's name: a template like any other text
			a.LabelTmpl = c.Template(a.Label, labelNode, path+".label", sc.With(a.Source >= 0, false, false))
		}
		if v := source.Get(af, "filter"); v != nil {
			if a.Source < 0 {
				c.R.Errorf(v, "missing-field", path+".filter", "a filter needs `from`, the zone whose cards it filters")
			}
			a.Filter = c.CompileCondition(v, path+".filter", sc.With(true, false, false))
		}
		if v := source.Get(af, "timing"); v != nil {
			a.Timing = c.CompileCondition(v, path+".timing", sc)
		}
		if v := source.Get(af, "condition"); v != nil {
			a.Condition = c.CompileCondition(v, path+".condition", sc)
		}
		if v := source.Get(af, "why"); v != nil {
			a.Why, _ = c.R.Str(v, path+".why")
			if source.Get(af, "condition") == nil {
				c.R.Errorf(v, "missing-field", path+".why", "`why` explains a `condition`, and this action has none")
			} else if a.Condition != nil && strings.ContainsAny(a.Why, "{}") {
				// which of the condition's reasons holds: a template
				a.WhyTmpl = c.Template(a.Why, v, path+".why", sc)
			}
		}
		if v := source.Get(af, "timing_why"); v != nil {
			a.TimingWhy, _ = c.R.Str(v, path+".timing_why")
			if source.Get(af, "timing") == nil {
				c.R.Errorf(v, "missing-field", path+".timing_why", "`timing_why` explains a `timing`, and this action has none")
			} else if strings.ContainsAny(a.TimingWhy, "{}") {
				a.TimingWhyTmpl = c.Template(a.TimingWhy, v, path+".timing_why", sc)
			}
		}
		if v := source.Get(af, "filter_why"); v != nil {
			a.FilterWhy, _ = c.R.Str(v, path+".filter_why")
			if source.Get(af, "filter") == nil {
				c.R.Errorf(v, "missing-field", path+".filter_why", "`filter_why` explains a `filter`, and this action has none")
			} else if strings.ContainsAny(a.FilterWhy, "{}") {
				a.FilterWhyTmpl = c.Template(a.FilterWhy, v, path+".filter_why", sc)
			}
		}
		if v := source.Get(af, "stack"); v != nil {
			a.UseStack, _ = c.R.Boolean(v, path+".stack")
		}
		if v := source.Get(af, "reveal"); v != nil {
			a.Reveal, _ = c.R.Boolean(v, path+".reveal")
			a.RevealSet = true
			if a.Reveal && source.Get(af, "from") == nil {
				c.R.Errorf(v, "missing-field", path+".reveal", "`reveal` shows the action's source card, and this action has no `from`")
			}
		}
		root := c.newRoot(path, c.R.Pos(f.KeyN))
		a.CostProg = root
		c.Rs.Programs[root].Announces = a.UseStack
		if v := source.Get(af, "targets"); v != nil {
			c.fillProgram(root, v, path+".targets", sc)
		}
		if v := source.Get(af, "cost"); v != nil {
			items, _ := c.R.Seq(v, path+".cost")
			for i, item := range items {
				st := c.compileStep(item, fmt.Sprintf("%s.cost[%d]", path, i), sc, root)
				if st == nil {
					continue
				}
				if st.Prim.CanPay == nil {
					c.R.Errorf(item, "not-a-cost", fmt.Sprintf("%s.cost[%d]", path, i), "%q cannot be used as a cost; costs are primitives that can say whether they can be paid", st.Prim.Name)
					continue
				}
				if prev := sameCost(a.Costs, st); prev != nil {
					// each is judged before any is paid: together they would
					// be offered to a player who can pay only one
					c.R.Errorf(item, "cost-twice", fmt.Sprintf("%s.cost[%d]", path, i), "a second %s of the same property in one cost (the first at line %d): costs are judged one by one before any is paid, so the action would be offered to a player who can pay only one of them; write one %s of their sum", st.Prim.Name, prev.Pos.Line, st.Prim.Name)
					continue
				}
				st.Cost = true
				a.Costs = append(a.Costs, st)
				c.Rs.Programs[root].Steps = append(c.Rs.Programs[root].Steps, st)
			}
		}
		if v := source.Get(af, "effect"); v != nil {
			a.Effect = c.subProgram(v, path+".effect", sc, root)
		} else {
			a.Effect = c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, path+".effect", sc, root)
		}
		if v := source.Get(af, "recheck"); v != nil {
			if !a.UseStack {
				c.R.Errorf(v, "bad-value", path+".recheck", "recheck applies to actions that use the stack (stack: true)")
			}
			a.Recheck = c.CompileExpr(v, path+".recheck", sc, model.TBool)
		}
		if v := source.Get(af, "recheck_why"); v != nil {
			text, _ := c.R.Str(v, path+".recheck_why")
			if source.Get(af, "recheck") == nil {
				c.R.Errorf(v, "missing-field", path+".recheck_why", "`recheck_why` explains a `recheck`, and this action has none")
			} else if a.Recheck != nil {
				a.RecheckWhy = c.Template(text, v, path+".recheck_why", sc)
			}
		}
		if v := source.Get(af, "fizzle"); v != nil {
			a.Fizzle = c.subProgram(v, path+".fizzle", sc, root)
		} else {
			a.Fizzle = -1
		}
		c.Rs.Programs[root].Steps = append(c.Rs.Programs[root].Steps, model.ContinueStep(a))
		c.Rs.Programs[root].NVars = *sc.Nvars
	}
}

func (c *compiler) turn(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "turn", turnKeys...)
	var turnSkip *model.Expr
	if v := source.Get(fs, "skip_if"); v != nil {
		turnSkip = c.CompileExpr(v, "turn.skip_if", closure.NewScope(), model.TBool)
	}
	if v := source.Get(fs, "next"); v != nil {
		c.Rs.NextTurn = c.CompileExpr(v, "turn.next", closure.NewScope(), model.TPlayer)
	}
	if v := source.Get(fs, "drain_stack"); v != nil {
		c.Rs.DrainStack = c.rootSteps(v, "turn.drain_stack", closure.NewScope(), "turn drain_stack")
	}
	if !ok {
		return
	}
	if !c.R.Require(n, "turn", fs, "phases") {
		return
	}
	items, _ := c.R.Seq(source.Get(fs, "phases"), "turn.phases")
	seen := map[string]bool{}
	for i, item := range items {
		path := fmt.Sprintf("turn.phases[%d]", i)
		pf, ok := c.R.Mapping(item, path, phaseKeys...)
		if !ok {
			continue
		}
		c.R.Require(item, path, pf, "name")
		ph := &model.Phase{Pos: c.R.Pos(item), TurnSkip: turnSkip}
		if v := source.Get(pf, "turn_skip_if"); v != nil {
			use, ok := c.R.Boolean(v, path+".turn_skip_if")
			if !use {
				ph.TurnSkip = nil
			}
			if ok && source.Get(fs, "skip_if") == nil {
				c.R.Errorf(v, "missing-field", path+".turn_skip_if", "`turn_skip_if` says whether the turn's skip_if applies to this phase, and the turn has none")
			}
		}
		if v := source.Get(pf, "name"); v != nil {
			ph.Name, _ = c.R.Str(v, path+".name")
			c.checkWord(v, path+".name", ph.Name, "a phase")
			if seen[ph.Name] {
				c.R.Errorf(v, "duplicate-phase", path+".name", "phase %q is declared twice", ph.Name)
			}
			seen[ph.Name] = true
			c.Rs.Intern(ph.Name)
		}
		if v := source.Get(pf, "doc"); v != nil {
			ph.Doc, _ = c.R.Str(v, path+".doc")
		}
		if v := source.Get(pf, "label"); v != nil {
			ph.Label, _ = c.R.Str(v, path+".label")
			c.PlainText(v, path+".label", ph.Label)
		}
		if v := source.Get(pf, "announce"); v != nil {
			if text, ok := c.R.Str(v, path+".announce"); ok {
				ph.Announce = c.Template(text, v, path+".announce", closure.NewScope())
			}
		}
		if v := source.Get(pf, "skip_if"); v != nil {
			ph.Skip = c.CompileExpr(v, path+".skip_if", closure.NewScope(), model.TBool)
		}
		if v := source.Get(pf, "do"); v != nil {
			ph.Body = c.rootSteps(v, path+".do", closure.NewScope(), "phase "+ph.Name)
		} else {
			ph.Body = c.emptyProgram("phase " + ph.Name)
		}
		c.Rs.Phases = append(c.Rs.Phases, ph)
	}
	if len(c.Rs.Phases) == 0 {
		c.R.Errorf(n, "missing-field", "turn.phases", "a turn needs at least one phase")
	}
}

func (c *compiler) checks(n *yaml.Node) {
	items, ok := c.R.Seq(n, "checks")
	if !ok {
		return
	}
	for i, item := range items {
		path := fmt.Sprintf("checks[%d]", i)
		cf, ok := c.R.Mapping(item, path, checkKeys...)
		if !ok {
			continue
		}
		c.R.Require(item, path, cf, "if", "do")
		ch := &model.Check{Pos: c.R.Pos(item), Name: path}
		if v := source.Get(cf, "name"); v != nil {
			ch.Name, _ = c.R.Str(v, path+".name")
		}
		sc := closure.NewScope().With(false, true, false)
		if v := source.Get(cf, "if"); v != nil {
			ch.Cond = c.CompileExpr(v, path+".if", sc, model.TBool)
		}
		if v := source.Get(cf, "do"); v != nil {
			ch.Effect = c.rootSteps(v, path+".do", sc, path)
		}
		c.Rs.Checks = append(c.Rs.Checks, ch)
	}
}

// view compiles what boards show beside a card, a player and the game.
func (c *compiler) view(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "view", viewKeys...)
	if !ok {
		return
	}
	for _, f := range fs {
		path := "view." + f.Key
		switch f.Key {
		case "card":
			c.Rs.View.Card = c.viewPartsOf(f.Value, path, closure.NewScope().With(true, false, false))
		case "player":
			c.Rs.View.Player = c.viewPartsOf(f.Value, path, closure.NewScope().With(false, true, false))
		case "game":
			c.Rs.View.Game = c.viewPartsOf(f.Value, path, closure.NewScope())
		case "layout":
			c.Rs.View.Layout = c.layoutOf(f.Value, path)
		}
	}
}

// layoutOf reads view.layout: rows of {zone, seat}, each a positional zone
// of the seat that many places after the viewer; every row has as many
// positions as the first.
func (c *compiler) layoutOf(n *yaml.Node, path string) []model.LayoutRow {
	items, ok := c.R.Seq(n, path)
	if !ok {
		return nil
	}
	out := []model.LayoutRow{}
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		lf, ok := c.R.Mapping(item, p, layoutRowKeys...)
		if !ok || !c.R.Require(item, p, lf, "zone") {
			continue
		}
		zn := source.Get(lf, "zone")
		row := model.LayoutRow{Zone: c.zoneRef(zn, p+".zone")}
		if v := source.Get(lf, "seat"); v != nil {
			row.Seat, _ = c.R.Integer(v, p+".seat")
			if row.Seat < 0 || row.Seat >= c.Rs.MaxPlayers {
				c.R.Errorf(v, "out-of-range", p+".seat", "seat counts the players after the viewer, from 0 to %d, not %d", c.Rs.MaxPlayers-1, row.Seat)
			}
		}
		if row.Zone < 0 {
			continue
		}
		z := &c.Rs.Zones[row.Zone]
		switch {
		case z.Slots == 0 || !z.PerPlayer:
			c.R.Errorf(zn, "bad-value", p+".zone", "a row of the layout is a positional zone of each player: %s is not", z.Name)
			continue
		case len(out) > 0 && c.Rs.Zones[out[0].Zone].Slots != z.Slots:
			c.R.Errorf(zn, "bad-value", p+".zone", "every row of the layout has as many positions as the first (%d): %s has %d", c.Rs.Zones[out[0].Zone].Slots, z.Name, z.Slots)
			continue
		}
		out = append(out, row)
	}
	return out
}

// viewParts reads a list whose items are a text (always shown) or
// {if, show}; the texts may hold {expression}s.
func (c *compiler) viewPartsOf(n *yaml.Node, path string, sc *closure.Scope) []model.ViewPart {
	items, ok := c.R.Seq(n, path)
	if !ok {
		return nil
	}
	out := []model.ViewPart{}
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		var vp model.ViewPart
		show := item
		if rn := source.ResolveAlias(item); rn != nil && rn.Kind == yaml.MappingNode {
			vf, ok := c.R.Mapping(item, p, viewPartKeys...)
			if !ok || !c.R.Require(item, p, vf, "show") {
				continue
			}
			if v := source.Get(vf, "if"); v != nil {
				vp.If = c.CompileExpr(v, p+".if", sc, model.TBool)
			}
			show, p = source.Get(vf, "show"), p+".show"
		}
		text, ok := c.R.Str(show, p)
		if !ok {
			continue
		}
		vp.Show = c.Template(text, show, p, sc)
		out = append(out, vp)
	}
	return out
}

// sameCost is the cost step among costs that takes from the same property
// of the same player as st, written the same way, when st takes from a
// player's property (arguments named prop and player); nil otherwise.
func sameCost(costs []*model.Step, st *model.Step) *model.Step {
	prop, who := costArgs(st)
	if prop == "" {
		return nil
	}
	for _, c := range costs {
		if c.Prim == st.Prim {
			if p, w := costArgs(c); p == prop && w == who {
				return c
			}
		}
	}
	return nil
}

// costArgs is the text of a cost step's prop argument and the source of
// its player argument ("" for you, the default).
func costArgs(st *model.Step) (prop, who string) {
	// a cost that takes from a player's property names the player; one of
	// a card's (mark) may name another card each time
	if !slices.ContainsFunc(st.Prim.Params, func(p model.Param) bool { return p.Name == "player" }) {
		return "", ""
	}
	for i, p := range st.Prim.Params {
		if i >= len(st.Args) {
			break
		}
		switch {
		case p.Name == "prop" && p.Kind == model.PText:
			prop = st.Args[i].Text
		case p.Name == "player" && st.Args[i].Set && !st.Args[i].Defaulted && st.Args[i].Expr != nil:
			who = st.Args[i].Expr.Src
		}
	}
	return prop, who
}
