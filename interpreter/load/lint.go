package load

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"go.yaml.in/yaml/v3"
)

// semantic runs checks that need the whole ruleset.
func (c *compiler) semantic(root *yaml.Node) {
	rs := c.Rs
	if rs.Name == "" {
		return
	}
	used := map[int]bool{}
	for _, p := range rs.Programs {
		for _, s := range p.Steps {
			if s.Prim == model.ContinueAction {
				continue // it continues an action taken, it offers none
			}
			for _, a := range s.Args {
				for _, ix := range a.Actions {
					used[ix] = true
				}
			}
		}
	}
	for _, a := range rs.Actions {
		if !used[a.Index] {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unused-action", Pos: a.Pos, Path: "actions." + a.Name, Message: fmt.Sprintf("action %q is never offered: no window lists it", a.Name)})
		}
	}
	// steps that can never run: after a step that ends the game
	for _, p := range rs.Programs {
		for i, st := range p.Steps {
			if st.Prim.EndsGame && i+1 < len(p.Steps) {
				next := p.Steps[i+1]
				c.diags = append(c.diags, diag.Diagnostic{Code: "unreachable-step", Pos: next.Pos, Message: fmt.Sprintf("this step never runs: the %s before it ends the game", st.Prim.Name)})
				break
			}
			for j, pp := range st.Prim.Params {
				if cond := st.Args[j].Expr; pp.Decides && cond != nil && (cond.Src == "false" || cond.Src == "true") {
					c.diags = append(c.diags, diag.Diagnostic{Code: "unreachable-step", Pos: cond.Pos, Message: fmt.Sprintf("the condition is always %s, so one branch never runs", cond.Src)})
				}
			}
		}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			for i, pp := range st.Prim.Params {
				if pp.Kind == model.PPhase && st.Args[i].Set && rs.PhaseIndex(st.Args[i].Text) < 0 {
					var names []string
					for _, ph := range rs.Phases {
						names = append(names, ph.Name)
					}
					c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-phase", Pos: st.Args[i].Pos, Message: fmt.Sprintf("unknown phase %q%s", st.Args[i].Text, diag.DidYouMean(st.Args[i].Text, names))})
				}
			}
		}
	}
	for _, ph := range rs.Phases {
		if ph.Skip != nil && ph.Skip.Src == "true" {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unreachable-phase", Pos: ph.Skip.Pos, Message: fmt.Sprintf("phase %q is always skipped", ph.Name)})
		}
	}
	c.unplayable()
	c.events()
}

// BuiltinEvents are the events the engine raises itself.
var BuiltinEvents = []string{"enter", "leave", "draw", "shuffle", "reveal", "turn_start", "turn_end", "phase_start", "phase_end", "action", "resolve", "lost"}

// events warns about a trigger that listens to an event nothing raises (it
// can never run: a misspelled name, most likely) and about a custom event
// raised that no trigger listens to (it does nothing).
func (c *compiler) events() {
	rs := c.Rs
	emitted := map[string]diag.Pos{}
	var order []string
	for _, e := range BuiltinEvents {
		emitted[e] = diag.Pos{}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			a, ok := st.EmittedEvent()
			if !ok {
				continue
			}
			if _, seen := emitted[a.Text]; !seen && a.Text != "" {
				pos := a.Pos
				if pos.Line == 0 {
					pos = st.Pos
				}
				emitted[a.Text] = pos
				order = append(order, a.Text)
			}
		}
	}
	heard := map[string]bool{}
	all := append([]*model.Trigger(nil), rs.Triggers...)
	for _, d := range rs.Cards {
		all = append(all, d.Triggers...)
		for _, f := range d.Faces {
			all = append(all, f.Triggers...)
		}
	}
	names := diag.KeysOf(emitted)
	for _, t := range all {
		heard[t.Event] = true
		if _, ok := emitted[t.Event]; ok || t.Event == "" {
			continue
		}
		pos := t.EventPos
		if pos.Line == 0 {
			pos = t.Pos
		}
		c.diags = append(c.diags, diag.Diagnostic{Code: "unemitted-event", Pos: pos,
			Message: fmt.Sprintf("no trigger can run on %q: nothing emits it%s", t.Event, diag.DidYouMean(t.Event, names))})
	}
	for _, e := range order {
		if !heard[e] {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unheard-event", Pos: emitted[e],
				Message: fmt.Sprintf("the event %q is emitted, but no trigger listens to it", e)})
		}
	}
}

// unplayable warns about cards that no action can take: every action that
// picks its card from a zone rejects the card by a filter that depends on
// the card alone.
func (c *compiler) unplayable() {
	rs := c.Rs
	var sourced []*model.Action
	for _, a := range rs.Actions {
		if a.Source >= 0 {
			sourced = append(sourced, a)
		}
	}
	if len(sourced) == 0 || len(rs.Cards) == 0 {
		return
	}
	static := func(e *model.Expr) bool {
		for _, id := range e.Idents {
			if id.Kind != model.IdCard && id.Kind != model.IdThis {
				return false
			}
		}
		return true
	}
	for _, a := range sourced {
		if a.Filter == nil || !static(a.Filter) {
			return // some action may take any card
		}
	}
	g := &model.Evaluator{}
	g.Init(rs, rs.MinPlayers)
	g.S = &state.State{Players: make([]state.PlayerState, rs.MinPlayers), PlayerProp: make([]int64, rs.MinPlayers*len(rs.PlayerProps)), GameProps: make([]int64, len(rs.GameProps))}
	for k, z := range rs.Zones {
		n := 1
		if z.PerPlayer {
			n = rs.MinPlayers
		}
		for o := 0; o < n; o++ {
			g.S.Zones = append(g.S.Zones, state.ZoneInstance{Kind: state.ZoneKind(k), Owner: state.Seat(o)})
		}
	}
	for _, d := range rs.Cards {
		zi := g.ZoneInst(sourced[0].Source, 0)
		cidx := g.AddCard(d.Index, 0, zi)
		g.S.Zones[zi].Cards = append(g.S.Zones[zi].Cards, cidx)
		playable := false
		for _, a := range sourced {
			f := state.Frame{Card: state.CardRef(cidx), This: state.CardRef(cidx), Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
			ok, err := g.EvalBool(a.Filter, &f)
			if err != nil || ok {
				playable = true
				break
			}
		}
		if !playable {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unplayable-card", Pos: d.Pos, Path: "cards." + d.ID, Message: fmt.Sprintf("card %q can never be played: the filter of every action that takes a card rejects it", d.ID)})
		}
	}
}
