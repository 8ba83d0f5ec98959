package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

func newRulesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rules GAME",
		Short: "Explain a game to a player: its goal, its turn, how it ends, its terms",
		Long: `Rules explains a game from its ruleset: the goal, the description, the
phases of a turn, how a game ends, what players can do, the zones, and the
terms of its cards and players (what EP or a keyword means). The same text
is the rules command of arbiter play.`,
		Example: "  arbiter rules lands",
		Args:    exactArgs(1, "a GAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			rs, err := loadGame(args[0])
			if err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), rulesText(rs))
			return nil
		},
	}
}

// rulesText explains a ruleset to a player, from its own words: the goal and
// doc, the docs of its phases, actions, zones, properties, keywords and
// modes, and the reasons its outcome steps give.
func rulesText(rs *model.Ruleset) string {
	var b strings.Builder
	players := plural(rs.MinPlayers, "player")
	if rs.MaxPlayers > rs.MinPlayers {
		players = fmt.Sprintf("%d to %d players", rs.MinPlayers, rs.MaxPlayers)
	}
	if rs.Together && rs.MaxPlayers == 1 {
		players += ", who plays against the game"
	} else if rs.Together {
		players += ", who play together against the game: they win or lose together"
	}
	fmt.Fprintf(&b, "%s, for %s\n", rs.Name, players)
	if rs.Goal != "" {
		b.WriteByte('\n')
		b.WriteString(wrap("Goal: "+rs.Goal, "", "  "))
	}
	if rs.Doc != "" {
		b.WriteByte('\n')
		b.WriteString(wrap(rs.Doc, "", ""))
	}

	section := func(title string, items [][2]string) {
		if len(items) == 0 {
			return
		}
		fmt.Fprintf(&b, "\n%s\n", title)
		for _, it := range items {
			line := it[0]
			if it[1] != "" {
				line += ": " + it[1]
			}
			b.WriteString(wrap(line, "  ", "      "))
		}
	}

	if qs := programAsks(rs, true, rs.Setup); len(qs) > 0 {
		// the setup's own questions (a mulligan, a toss), which a scenario
		// with a setup of its own never meets
		b.WriteString("\n" + wrap("Before the first turn, the setup may ask: "+endSentence(strings.Join(qs, "; ")), "", "  "))
	}

	var phases [][2]string
	for _, ph := range rs.Phases {
		name := ph.Name
		if ph.Label != "" && ph.Label != ph.Name {
			// the name expressions and scenarios use, beside the label
			// players read (phase == main1)
			name = ph.Label + " (" + ph.Name + ")"
		}
		what := sentence(ph.Doc)
		if qs := programAsks(rs, true, ph.Body); len(qs) > 0 {
			what += " It may ask: " + endSentence(strings.Join(qs, "; "))
		}
		phases = append(phases, [2]string{name, what})
	}
	section("A turn, phase by phase:", phases)

	section("How a game ends:", endings(rs))

	var actions [][2]string
	for _, a := range rs.Actions {
		name := actionName(a.Label)
		if a.Source >= 0 {
			name += fmt.Sprintf(" (a card from %s)", zoneOwnerWords(rs, a.Source))
		}
		what := sentence(a.Doc)
		if qs := programAsks(rs, true, a.CostProg); len(qs) > 0 {
			// the words its questions are answered with
			what += " It may ask: " + endSentence(strings.Join(qs, "; "))
		}
		actions = append(actions, [2]string{name, what})
	}
	section("What you can do (when a phase offers it):", actions)

	var preds [][2]string
	for _, p := range rs.Predicates {
		if strings.HasPrefix(p.Doc, "= ") {
			// an expression, as written: no sentence's full stop
			preds = append(preds, [2]string{p.Call + " " + p.Doc, ""})
			continue
		}
		preds = append(preds, [2]string{p.Call, sentence(p.Doc)})
	}
	section("What the rules work out (functions any expression may call, a scenario's expect among them):", preds)

	var zones [][2]string
	for _, z := range rs.Zones {
		if z.NotShown {
			continue // a helper zone of the rules
		}
		var how []string
		if !z.PerPlayer {
			how = append(how, "shared")
		}
		switch z.Visibility {
		case model.Hidden:
			how = append(how, "nobody sees its cards")
		case model.OwnerOnly:
			how = append(how, "only its owner sees its cards")
		case model.Others:
			how = append(how, "every player but its owner sees its cards")
		}
		if z.FaceDown {
			how = append(how, "cards lie face down")
		}
		if z.Blind {
			how = append(how, "nobody knows its face-down cards, their owner included")
		}
		if z.Slots > 0 {
			how = append(how, fmt.Sprintf("%d positions", z.Slots))
		}
		for _, k := range z.Beside {
			how = append(how, "each position adjacent to the same one of "+rs.Zones[k].Name)
		}
		name := z.Name
		if len(how) > 0 {
			name += " (" + strings.Join(how, "; ") + ")"
		}
		zones = append(zones, [2]string{name, z.Doc})
	}
	section("Zones (each player has their own unless shared):", zones)

	var terms, kept [][2]string
	for _, set := range []struct {
		of    string
		props []model.PropDecl
	}{{"a card", rs.CardProps}, {"a player", rs.PlayerProps}, {"the game", rs.GameProps}} {
		for _, p := range set.props {
			if p.Internal {
				kept = append(kept, [2]string{p.Name + ", of " + set.of, p.Doc})
				continue
			}
			name := p.Name
			if p.Label != "" && p.Label != p.Name {
				name = p.Label + " (" + p.Name + ")"
			}
			doc := p.Doc
			if len(p.Values) > 0 {
				doc = strings.TrimSpace(doc + " (" + strings.Join(p.Values, ", ") + ")")
			}
			terms = append(terms, [2]string{name + ", of " + set.of, doc})
		}
	}
	section("Terms:", terms)
	// what the board does not show but a scenario's setup sets and its
	// expect reads: a creature that entered this turn, say
	section("Kept by the rules, not shown on the board (a scenario's setup and expect may set and read them):", kept)

	var keywords [][2]string
	for i, k := range rs.Keywords {
		keywords = append(keywords, [2]string{k, rs.KeywordDocs[i]})
	}
	section("Keywords:", keywords)

	var modes [][2]string
	for i, m := range rs.Modes {
		modes = append(modes, [2]string{m, rs.ModeDocs[i]})
	}
	section("Modes (arbiter play --mode NAME):", modes)

	fmt.Fprintf(&b, "\nEach card's text: card NAME at a prompt, or arbiter cards %s.\n", rs.Name)
	return b.String()
}

// endings lists how a game of the ruleset ends: the reasons of the win, lose
// and draw steps of its checks, phases and actions, conceding, and the turn
// limit.
func endings(rs *model.Ruleset) [][2]string {
	roots := map[int]bool{rs.Setup: true}
	// a check whose condition begins with mode == X ends games of that
	// mode alone: its endings say so
	modeOf := map[int]string{}
	for _, c := range rs.Checks {
		roots[c.Effect] = true
		if c.Cond != nil {
			if m := checkMode.FindStringSubmatch(c.Cond.Src); m != nil {
				modeOf[c.Effect] = m[1]
			}
		}
	}
	for _, ph := range rs.Phases {
		roots[ph.Body] = true
	}
	for _, t := range rs.Triggers {
		roots[t.Effect] = true
	}
	for _, a := range rs.Actions {
		roots[a.CostProg] = true
	}
	if rs.DrainStack >= 0 {
		roots[rs.DrainStack] = true
	}
	var out [][2]string
	lost := false
	seen := map[string]bool{}
	add := func(what, why string) {
		if !seen[what+why] {
			seen[what+why] = true
			out = append(out, [2]string{what, why})
		}
	}
	for _, kind := range []string{"win", "lose", "draw_game"} {
		for _, p := range rs.Programs {
			if !roots[p.Root] && !roots[rootOf(rs, p)] {
				continue
			}
			for _, s := range p.Steps {
				if s.Prim == nil || s.Prim.Name != kind {
					continue
				}
				reason := ""
				if i := s.Prim.ParamIndex("reason"); i != model.NoArg && s.At(i).Set {
					reason = s.At(i).Text
				}
				for _, root := range []int{p.Root, rootOf(rs, p)} {
					if m, ok := modeOf[root]; ok && reason != "" {
						reason += " (" + m + " mode)"
						break
					}
				}
				switch {
				case kind == "win" && rs.Together:
					add("The players win together", reason)
				case kind == "lose" && rs.Together:
					add("The players lose together", reason)
				case kind == "win" && s.Prim.ParamIndex("with") != model.NoArg && s.At(s.Prim.ParamIndex("with")).Set:
					// partners: the others named win with the player, when there are
					// any (allies in one mode alone, say)
					add("A player wins, with any partners", reason)
				case kind == "win":
					add("A player wins", reason)
				case kind == "lose":
					lost = true
					add("A player loses", reason)
				default:
					add("The game is a draw", reason)
				}
			}
		}
	}
	if rs.Concede != nil {
		why := ""
		if rs.ConcedeWhy != "" {
			why = " (" + rs.ConcedeWhy + ")"
		}
		if rs.Together {
			add("A player who resigns makes the players lose"+why, "")
		} else {
			add("A player who resigns loses"+why, "")
		}
	}
	// Only where a player can lose: a game whose players only win has no
	// last player standing to speak of.
	if rs.MaxPlayers > 1 && !rs.Together && (lost || rs.Concede != nil) {
		add("When every other player has lost, the last one wins", "")
	}
	switch {
	case rs.TurnLimit > 0 && rs.Together:
		add(fmt.Sprintf("After %d turns the players lose, not having won in time", rs.TurnLimit), "")
	case rs.TurnLimit > 0:
		add(fmt.Sprintf("After %d turns the game is a draw", rs.TurnLimit), "")
	}
	return out
}

// rootOf is the root program of a program's root (a root is its own).
func rootOf(rs *model.Ruleset, p *model.Program) int {
	if p.Root >= 0 && p.Root < len(rs.Programs) {
		return rs.Programs[p.Root].Root
	}
	return -1
}

var templatePart = regexp.MustCompile(`\{[^{}]*\}`)

// checkMode reads the mode a check's condition begins by requiring.
var checkMode = regexp.MustCompile(`^\s*mode\s*==\s*'?([A-Za-z_][A-Za-z0-9_]*)'?\s*(?:and\b|&&|$)`)

// actionName is an action's label with its {expression} parts in words.
func actionName(label string) string {
	return replaceTemplateParts(label, func(part string) string {
		if part == "{card}" {
			return "CARD"
		}
		return "…"
	})
}

// replaceTemplateParts replaces each {expression} part of a template's text
// with what with gives for it; {{ and }}, a brace written as text, are
// braces.
func replaceTemplateParts(text string, with func(part string) string) string {
	text = strings.NewReplacer("{{", "\x00", "}}", "\x01").Replace(text)
	text = templatePart.ReplaceAllStringFunc(text, with)
	return strings.NewReplacer("\x00", "{", "\x01", "}").Replace(text)
}

// sentence ends a text with a full stop, unless it has one.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, ")") {
		return s
	}
	return s + "."
}

// wrap breaks text into lines of at most 78 characters: the first starts
// with first, the others with rest.
func wrap(text, first, rest string) string {
	var b strings.Builder
	line := first
	empty := true
	for _, w := range strings.Fields(text) {
		if !empty && len(line)+1+len(w) > 78 {
			b.WriteString(line)
			b.WriteByte('\n')
			line = rest
			empty = true
		}
		if !empty {
			line += " "
		}
		line += w
		empty = false
	}
	if !empty || line != rest {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// zoneOwnerWords names a zone as a player reads it: "your hand" for a zone
// each player has, "the market" for one the players share.
func zoneOwnerWords(rs *model.Ruleset, zone int) string {
	if rs.Zones[zone].PerPlayer {
		return "your " + rs.Zones[zone].Name
	}
	return "the " + rs.Zones[zone].Name
}

// endSentence ends a text with a full stop, unless it ends with a question
// mark or another stop already (Where does … go?).
func endSentence(t string) string {
	if t != "" && strings.ContainsAny(t[len(t)-1:], "?.!:") {
		return t
	}
	return t + "."
}
