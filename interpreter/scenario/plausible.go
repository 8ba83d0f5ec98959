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
			words[strings.ToLower(model.PlainQuotes(strings.TrimSpace(before)))] = true
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
		words[strings.ToLower(model.PlainQuotes(a.Name))] = true
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
			names[strings.ToLower(model.PlainQuotes(ev.CardName(c)))] = true
		}
	}
	return names
}

// plausible reports whether label names something of the game (see above);
// made are the names of its cards named from their properties (madeNames).
func plausible(rs *model.Ruleset, words, made map[string]bool, d *state.Decision, label string) bool {
	l := strings.ToLower(model.PlainQuotes(strings.TrimSpace(label)))
	if l == "" || l == "none" || l == "resign" || strings.HasPrefix(l, "#") {
		return true
	}
	if isSeatName(l) {
		// a seat of the game: p9 of a game of two is a slip
		n, _ := strconv.Atoi(l[1:])
		return n <= rs.MaxPlayers
	}
	if plausibleWhole(rs, words, made, d, label, l) {
		return true
	}
	if parts := strings.Split(l, ","); len(parts) > 1 {
		// several labels, as at the terminal (Knight, Archer): each; the
		// whole first, as a label may hold a comma (medium risk (11+, 6+
		// now))
		for _, p := range parts {
			if !plausible(rs, words, made, d, p) {
				return false
			}
		}
		return true
	}
	return false
}

// plausibleWhole is plausible of a whole label l (label in lower case,
// its quotation marks plain), not cut at its commas.
func plausibleWhole(rs *model.Ruleset, words, made map[string]bool, d *state.Decision, label, l string) bool {
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
		if rest == "" || isCardName(rs, made, rest) {
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
	return isCardName(rs, made, l)
}

// isCardName reports whether a text (lower case) is the name of a card of
// the game as an answer writes it: a definition's name, id or face, or a
// name the game made (madeNames), with the words an option adds to tell
// cards apart (p2's Knight, Knight (row 3), Knight #2, a Knight). A text
// that only holds a name (Firee, plya Fire) is none: a refusal of it
// would prove nothing.
func isCardName(rs *model.Ruleset, made map[string]bool, l string) bool {
	l = strings.TrimSpace(l)
	if seat, rest, ok := strings.Cut(l, "'s "); ok && isSeatName(seat) {
		l = rest
	}
	if i := strings.LastIndex(l, " #"); i > 0 {
		if _, err := strconv.Atoi(l[i+2:]); err == nil {
			l = l[:i]
		}
	}
	if base, _, ok := strings.Cut(l, " ("); ok && strings.HasSuffix(l, ")") {
		l = base
	}
	for _, a := range []string{"a ", "an "} {
		if rest, ok := strings.CutPrefix(l, a); ok && namesCard(rs, made, rest) && isCardName(rs, made, rest) {
			return true
		}
	}
	if made[l] {
		return true
	}
	key := func(s string) string { return strings.ToLower(model.PlainQuotes(s)) }
	for _, c := range rs.Cards {
		if c.NameTmpl == nil && (l == key(c.Name) || l == key(c.ID)) {
			return true
		}
		for _, f := range c.Faces {
			if f.Name != "" && l == key(f.Name) {
				return true
			}
		}
	}
	return false
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
		prefix, after, ok := strings.Cut(strings.ToLower(model.PlainQuotes(a.Label)), "{card}")
		if !ok {
			prefix, after = strings.ToLower(model.PlainQuotes(a.Label))+" ", ""
		}
		if prefix == "" || !strings.HasPrefix(l, prefix) || found && len(prefix) <= len(words) {
			continue
		}
		rest, words, found = strings.TrimPrefix(l, prefix), prefix, true
		// the card's part ends where the label's words after it begin, up
		// to their first {expression} (sell Gem for 3 coins, of sell
		// {card} for {card.worth} coins)
		if lit, _, _ := strings.Cut(after, "{"); strings.TrimSpace(lit) != "" {
			if i := strings.Index(rest, lit); i >= 0 {
				rest = rest[:i]
			} else if i := strings.Index(rest, strings.TrimSpace(lit)); i >= 0 {
				rest = rest[:i]
			}
		}
		rest = strings.TrimSpace(rest)
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
