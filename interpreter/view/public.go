package view

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

// publicState is what every seat sees of a card it does not know: the
// card's state in its zone (its reset_on_move properties that are not
// internal, such as being exhausted or damaged) belongs to where the card
// lies, not to which card it is, so it is public while its identity is
// not. It gives those that differ from their default, with a status part
// for each: a bool by its name ("exhausted"), another value as
// name and value ("damage 2").
func publicState(g *model.Evaluator, c, seat int) (map[string]any, []string) {
	var props map[string]any
	var status []string
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
		props[p.Name] = cardPropValue(g, v, &g.Rs.CardProps[i], seat)
		name := strings.ReplaceAll(p.Name, "_", " ")
		if p.Type == model.TBool {
			status = append(status, name)
		} else {
			status = append(status, fmt.Sprintf("%s %v", name, cardPropValue(g, v, &g.Rs.CardProps[i], seat)))
		}
	}
	return props, status
}

// cardPropValue is a card property's value as a board shows it: a names
// property as the list of names it holds.
func cardPropValue(g *model.Evaluator, v int64, d *model.PropDecl, seat int) any {
	if d.Type == model.TStrings {
		return d.NamesList(v)
	}
	return displayValue(g, v, d.Type, seat)
}
