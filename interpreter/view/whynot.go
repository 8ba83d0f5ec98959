package view

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// WhyNotOffered says why a card the seat named, by its name or by the
// whole label of an action for it, is not among a window's options, when it
// is a card of theirs that an action of the window takes ("Nine of Clubs is
// not offered: you must follow hearts"), or why an action of no card the
// seat named is not; "" otherwise. Of several actions of one label (play a
// unit, play a land), the reason is that of an action for the kind of card
// named, not the first action's filter. An action the window does not list
// at all is not offered at this question, whatever its own conditions say.
// A player at the prompt and a scenario's refuse hear the same reason.
func WhyNotOffered(g *engine.Game, d *state.Decision, named string) string {
	rs := g.Ruleset()
	name := strings.TrimSpace(named)
	window := g.WindowActions(d)
	ev := g.Evaluator()
	// names reports whether the seat named the action (for card c, or -1),
	// and by which words: its label, or the card's name
	names := func(a *model.Action, c int) (string, bool) {
		label := g.ActionLabel(a.Name, c, d.Player)
		if model.NamesLabel(name, label) || (c < 0 && model.SameName(name, a.Name)) {
			return label, true
		}
		if c >= 0 && model.SameName(name, g.CardLabel(c, d.Player)) {
			return g.CardLabel(c, d.Player), true
		}
		return "", false
	}
	first := ""
	for _, ai := range window {
		a := rs.Actions[ai]
		if a.Source < 0 {
			if words, ok := names(a, -1); ok {
				if why := g.WhyNot(d.Player, a.Name, -1); why != "" {
					return fmt.Sprintf("%s is not offered: %s", words, why)
				}
			}
			continue
		}
		for _, c := range ev.ZoneCards(ev.ZoneInst(a.Source, d.Player)) {
			words, ok := names(a, c)
			if !ok {
				continue
			}
			why := g.WhyNot(d.Player, a.Name, c)
			if why == "" {
				continue
			}
			line := fmt.Sprintf("%s is not offered: %s", words, why)
			if g.CardFits(d.Player, a.Name, c) {
				return line
			}
			if first == "" {
				first = line
			}
		}
	}
	if first != "" {
		return first
	}
	if window == nil {
		return ""
	}
	// an action of the rules that this question does not list
	for ai, a := range rs.Actions {
		if slices.Contains(window, ai) {
			continue
		}
		cards := []int{-1}
		if a.Source >= 0 {
			cards = ev.ZoneCards(ev.ZoneInst(a.Source, d.Player))
		}
		for _, c := range cards {
			if c >= 0 && !g.CardFits(d.Player, a.Name, c) {
				continue
			}
			if words, ok := names(a, c); ok && (c < 0 || model.SameName(words, g.ActionLabel(a.Name, c, d.Player))) {
				why := g.WhyNot(d.Player, a.Name, c)
				if why == "" {
					return words + " is " + NotAtThisQuestion("", d.Prompt, WindowWords(g, d))
				}
				return words + " is not offered: " + NotAtThisQuestion(why, d.Prompt, WindowWords(g, d))
			}
		}
	}
	return ""
}

// NotAtThisQuestion is the reason an action the question does not list is
// not offered: the question's, after the action's own reason (why) when
// there is one, which would refuse it at its own question too.
func NotAtThisQuestion(why, prompt string, windowWords []string) string {
	if why == "" {
		return fmt.Sprintf("not offered at this question (%q offers only %s)", prompt, diag.JoinNames(windowWords))
	}
	return fmt.Sprintf("%s; and this question (%q) offers only %s", why, prompt, diag.JoinNames(windowWords))
}

// templatePart is one {expression} part of a template.
var templatePart = regexp.MustCompile(`\{[^{}]*\}`)

// WindowWords names the actions a window offers as players read them: each
// one's label, "a card" where it names one, and … for what else it works
// out (play a card, pay … gold).
func WindowWords(g *engine.Game, d *state.Decision) []string {
	rs := g.Ruleset()
	var out []string
	for _, ai := range g.WindowActions(d) {
		a := rs.Actions[ai]
		words := a.Name
		if a.Label != "" {
			words = strings.Join(strings.Fields(templatePart.ReplaceAllString(strings.ReplaceAll(a.Label, "{card}", "a card"), "…")), " ")
		}
		out = append(out, words)
	}
	return out
}
