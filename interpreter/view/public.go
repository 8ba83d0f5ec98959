package view

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// publicState is what every seat sees of a card it does not know: the
// card's state in its zone (its reset_on_move properties that are not
// internal, such as being exhausted or damaged) belongs to where the card
// lies, not to which card it is, so it is public while its identity is
// not. It gives those that differ from their default. The status reads
// as a known card's does: the ruleset's view.card parts that read nothing
// private of the card, then each of those properties no such part reads, a
// bool by its name ("exhausted"), another value as name and value
// ("damage 2", "marks red and blue").
func publicState(g *model.Evaluator, c, seat int) (map[string]any, []string) {
	var props map[string]any
	var rest []string
	parts, covered := publicParts(g.Rs)
	for i, p := range g.Rs.CardProps {
		if !p.ResetOnMove || p.Internal {
			continue
		}
		v := g.CardProp(c, i)
		if v == p.Default {
			continue
		}
		if props == nil {
			props = map[string]any{}
		}
		val := cardPropValue(g, v, &g.Rs.CardProps[i], seat)
		props[p.Name] = val
		if g.Rs.CardPropReads(i)&covered != 0 {
			continue // a view part shows it
		}
		name := strings.ReplaceAll(p.Name, "_", " ")
		if p.Type == model.TBool {
			rest = append(rest, name)
		} else if names, ok := val.([]string); ok {
			rest = append(rest, name+" "+diag.JoinNames(names))
		} else {
			rest = append(rest, fmt.Sprintf("%s %v", name, val))
		}
	}
	var status []string
	if len(parts) > 0 {
		ctl := g.S.Cards[c].Ctrl
		f := g.TempFrame(state.Frame{This: state.CardRef(c), Card: state.CardRef(c), You: ctl, Player: ctl, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
		status = viewParts(g, parts, f, seat)
		g.ReleaseFrame()
	}
	return props, append(status, rest...)
}

// publicParts is the ruleset's view.card parts that a seat may see on a
// card it does not know, and the card properties they read: a part that
// reads the card's name, owner or keywords, what seats know, or a
// property that is not public would tell the card apart. In a large
// ruleset properties share bits, so a public property that shares one
// with a private one counts as private.
func publicParts(rs *model.Ruleset) ([]model.ViewPart, model.ReadSet) {
	private := model.ReadsCardFields | model.ReadsKnowledge | model.ReadsAnything
	for i, p := range rs.CardProps {
		if !p.ResetOnMove || p.Internal {
			private |= rs.CardPropReads(i)
		}
	}
	var out []model.ViewPart
	var reads model.ReadSet
	for _, p := range rs.View.Card {
		r := partReads(p)
		if r&private == 0 {
			out = append(out, p)
			reads |= r
		}
	}
	return out, reads
}

// partReads is what a view part's condition and text read.
func partReads(p model.ViewPart) model.ReadSet {
	var r model.ReadSet
	if p.If != nil {
		r |= p.If.Reads
	}
	if p.Show != nil {
		for _, e := range p.Show.Exprs {
			r |= e.Reads
		}
	}
	return r
}

// cardPropValue is a card property's value as a board shows it: a names
// property as the list of names it holds.
func cardPropValue(g *model.Evaluator, v int64, d *model.PropDecl, seat int) any {
	if d.Type == model.TStrings {
		return d.NamesList(v)
	}
	return displayValue(g, v, d.Type, seat)
}
