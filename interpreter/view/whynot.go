package view

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// WhyNotOffered says why a card the seat named, by its name or by the
// whole label of an action for it, is not among a window's options, when it
// is a card of theirs that an action of the window takes ("Nine of Clubs is
// not offered: you must follow hearts"), or why an action of no card the
// seat named is not; "" otherwise. A player at the prompt and a scenario's
// refuse hear the same reason.
func WhyNotOffered(g *engine.Game, d *state.Decision, named string) string {
	rs := g.Ruleset()
	name := strings.TrimSpace(named)
	for _, ai := range g.WindowActions(d) {
		a := rs.Actions[ai]
		if a.Source < 0 {
			// an action of no card, by its label or its name (sweep the
			// market): why it is not offered, as why says it
			label := g.ActionLabel(a.Name, -1, d.Player)
			if strings.EqualFold(name, label) || strings.EqualFold(name, a.Name) {
				if why := g.WhyNot(d.Player, a.Name, -1); why != "" {
					return fmt.Sprintf("%s is not offered: %s", label, why)
				}
			}
			continue
		}
		ev := g.Evaluator()
		for _, c := range ev.ZoneCards(ev.ZoneInst(a.Source, d.Player)) {
			// the card by its name, or the whole label of the action for it
			// (play Nine of Clubs)
			label := g.ActionLabel(a.Name, c, d.Player)
			byLabel := strings.EqualFold(name, label)
			if !byLabel && !strings.EqualFold(name, g.CardLabel(c, d.Player)) {
				continue
			}
			if why := g.WhyNot(d.Player, a.Name, c); why != "" {
				if byLabel {
					return fmt.Sprintf("%s is not offered: %s", label, why)
				}
				return fmt.Sprintf("%s is not offered: %s", g.CardLabel(c, d.Player), why)
			}
		}
	}
	return ""
}
