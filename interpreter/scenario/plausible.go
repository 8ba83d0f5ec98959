package scenario

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// A refuse step passes when its answer fits no option, which a typo does
// too: such a step would prove nothing. Each text of a refused answer
// must at least name something of the game: an option of the question, a
// card, an action, a seat, or a text some step of the ruleset writes (a
// choice's label, a window's pass label).

// rulesetWords is every text the steps of a ruleset give as an argument or
// a choice's label (the part before its first {expression}), lower case.
func rulesetWords(rs *model.Ruleset) map[string]bool {
	words := map[string]bool{}
	add := func(t string) {
		if before, _, _ := strings.Cut(t, "{"); strings.TrimSpace(before) != "" {
			words[strings.ToLower(strings.TrimSpace(before))] = true
		}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			for _, a := range st.Args {
				add(a.Text)
				for _, ch := range a.Choices {
					add(ch.Label)
				}
			}
		}
	}
	for _, a := range rs.Actions {
		add(a.Label)
		words[strings.ToLower(a.Name)] = true
	}
	return words
}

// plausible reports whether label names something of the game (see above).
func plausible(rs *model.Ruleset, words map[string]bool, d *state.Decision, label string) bool {
	l := strings.ToLower(strings.TrimSpace(label))
	if l == "" || l == "none" || l == "resign" || strings.HasPrefix(l, "#") || isSeatName(l) {
		return true
	}
	if _, err := strconv.Atoi(l); err == nil {
		return true
	}
	if d != nil {
		if _, err := FindOption(d, label); err == nil {
			return true
		}
	}
	if namesCardAction(rs, label) {
		return true
	}
	for w := range words {
		if strings.HasPrefix(l, w) {
			return true
		}
	}
	generated := false
	for _, c := range rs.Cards {
		if c.NameTmpl != nil {
			// a name made from properties (blue 7): any text may be one
			generated = true
			continue
		}
		if strings.Contains(l, strings.ToLower(c.Name)) || strings.Contains(l, strings.ToLower(c.ID)) {
			return true
		}
		for _, f := range c.Faces {
			if f.Name != "" && strings.Contains(l, strings.ToLower(f.Name)) {
				return true
			}
		}
	}
	return generated
}

// implausible is the first text of an answer that names nothing of the
// game, or "".
func implausible(rs *model.Ruleset, words map[string]bool, d *state.Decision, n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == yaml.ScalarNode {
		if n.Tag == "!!null" || plausible(rs, words, d, n.Value) {
			return ""
		}
		return n.Value
	}
	for _, c := range n.Content {
		if bad := implausible(rs, words, d, c); bad != "" {
			return bad
		}
	}
	return ""
}
