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

// madeNames are the names of the game's cards whose definition names them
// from their properties (blue 7), lower case: such a definition's name is
// a template, which any text might fit, so the names the game gave are
// read instead.
func madeNames(rs *model.Ruleset, ev *model.Evaluator) map[string]bool {
	names := map[string]bool{}
	for c, ci := range ev.S.Cards {
		if int(ci.Def) < len(rs.Cards) && rs.Cards[ci.Def].NameTmpl != nil {
			names[strings.ToLower(ev.CardName(c))] = true
		}
	}
	return names
}

// plausible reports whether label names something of the game (see above);
// made are the names of its cards named from their properties (madeNames).
func plausible(rs *model.Ruleset, words, made map[string]bool, d *state.Decision, label string) bool {
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
	if rest, prefix, ok := cardActionRest(rs, l); ok {
		// an action done with a card (play Fire): the card must be one
		// of the game's, so that play Banana is no answer of the game;
		// or the answer begins with a longer text of the ruleset than the
		// action's words (cast your leader, beside cast {card})
		if rest == "" || namesCard(rs, made, rest) {
			return true
		}
		for w := range words {
			if len(w) > len(strings.TrimSpace(prefix)) && strings.HasPrefix(l, w) {
				return true
			}
		}
		return false
	}
	for w := range words {
		if strings.HasPrefix(l, w) {
			return true
		}
	}
	return namesCard(rs, made, l)
}

// hasWords reports whether l holds n as whole words: not 5 of clubs inside
// 15 of clubs.
func hasWords(l, n string) bool {
	for from := 0; ; {
		i := strings.Index(l[from:], n)
		if i < 0 {
			return false
		}
		i += from
		before := i == 0 || !isWordByte(l[i-1])
		after := i+len(n) == len(l) || !isWordByte(l[i+len(n)])
		if before && after {
			return true
		}
		from = i + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_' || b >= 0x80
}

// namesCard reports whether a text (lower case) names a card of the game:
// a definition's name, id or face, or a name the game made (madeNames).
func namesCard(rs *model.Ruleset, made map[string]bool, l string) bool {
	for n := range made {
		// whole words: a made name is often numbers (15 of clubs holds
		// 5 of clubs)
		if n != "" && hasWords(l, n) {
			return true
		}
	}
	for _, c := range rs.Cards {
		if c.NameTmpl != nil {
			// its cards' names are in made
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
	return false
}

// cardActionRest is what follows the words before {card} of the label of
// an action done with a card, when l (lower case) begins with them: the
// card's part of the answer ("fire" of "play fire").
//
// Of several actions whose words begin it, the longest words are taken
// (cast your leader {card} before cast {card}); the words are returned too.
func cardActionRest(rs *model.Ruleset, l string) (rest, words string, found bool) {
	for _, a := range rs.Actions {
		if a.Source < 0 {
			continue
		}
		prefix, after, ok := strings.Cut(strings.ToLower(a.Label), "{card}")
		if !ok {
			prefix, after = strings.ToLower(a.Label)+" ", ""
		}
		if prefix == "" || !strings.HasPrefix(l, prefix) || found && len(prefix) <= len(words) {
			continue
		}
		rest, words, found = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, prefix), strings.TrimSpace(after))), prefix, true
		if !ok {
			rest = ""
		}
	}
	return rest, words, found
}

// implausible is the first text of an answer that names nothing of the
// game, or "".
func implausible(rs *model.Ruleset, words, made map[string]bool, d *state.Decision, n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == yaml.ScalarNode {
		if n.Tag == "!!null" || plausible(rs, words, made, d, n.Value) {
			return ""
		}
		return n.Value
	}
	for _, c := range n.Content {
		if bad := implausible(rs, words, made, d, c); bad != "" {
			return bad
		}
	}
	return ""
}
