package view

import (
	"fmt"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"strconv"
	"strings"
)

// Render returns the text of a log entry as a seat sees it (-1: everything).
func Render(g *engine.Game, e *state.LogEntry, seat int) string {
	return renderEntry(g.Ruleset(), e, seat)
}

func renderEntry(rs *model.Ruleset, e *state.LogEntry, seat int) string {
	text := e.Text
	for i, p := range e.Parts {
		// a value read from cards the seat did not know is "?" to it
		shown := "?"
		if seat < 0 || p.Known&(1<<uint(seat)) != 0 {
			shown = p.Text
		}
		text = strings.ReplaceAll(text, fmt.Sprintf("{p%d}", i), shown)
	}
	if len(e.Cards) == 0 {
		return text
	}
	names := make([]string, len(e.Cards))
	for i := range e.Cards {
		// an entry read from a file may be damaged: what it does not hold
		// (a definition past the ruleset's, say) names a card nobody knows
		known := i < len(e.Known) && (seat < 0 || e.Known[i]&(1<<uint(seat)) != 0)
		if known && (i >= len(e.Names) || e.Names[i] < 0 || int(e.Names[i]) >= len(rs.Cards)) {
			known = false
		}
		if known {
			// a name worked out from the card's properties when the entry
			// was written, as boards show it; else the name of its face
			d := rs.Cards[e.Names[i]]
			names[i] = d.Name
			if i < len(e.Shown) && e.Shown[i] != "" {
				names[i] = e.Shown[i]
			} else if f := face(e, i); f > 0 && f < len(d.Faces) {
				names[i] = d.Faces[f].Name
			}
			if i < len(e.Whose) && e.Whose[i] > 0 {
				names[i] = state.SeatName(int(e.Whose[i])-1) + "'s " + names[i]
			}
			if i < len(e.Where) && e.Where[i] != "" {
				names[i] += " (" + e.Where[i] + ")"
			}
		} else {
			names[i] = "a card"
		}
	}
	out := fillNames(text, names)
	if strings.HasPrefix(e.Text, "{") && strings.HasPrefix(out, "a card") {
		// a sentence that starts with a hidden card
		out = "A" + out[1:]
	}
	return out
}

// fillNames writes text with {cards} as all the names and {0}, {1}, ... as
// each, in one pass: a line naming thousands of cards (everyone's table)
// was written again once for each of them.
func fillNames(text string, names []string) string {
	var b strings.Builder
	b.Grow(len(text))
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		text = text[i:]
		j := strings.IndexByte(text, '}')
		if j < 0 {
			b.WriteString(text)
			return b.String()
		}
		key := text[1:j]
		if key == "cards" {
			b.WriteString(diag.JoinNames(collapse(names)))
		} else if n, err := strconv.Atoi(key); err == nil && n >= 0 && n < len(names) && key == strconv.Itoa(n) {
			b.WriteString(names[n])
		} else {
			// a brace of the text ({ {0} }): the scan goes on after it,
			// so a place inside is still filled
			b.WriteByte('{')
			text = text[1:]
			continue
		}
		text = text[j+1:]
	}
}

// face is the face the i-th card of an entry showed, 0 when the entry
// does not say.
func face(e *state.LogEntry, i int) int {
	if i < len(e.Faces) {
		return int(e.Faces[i])
	}
	return 0
}

// collapse turns repeated "a card" into "N cards".
func collapse(names []string) []string {
	var out []string
	hidden := 0
	for _, n := range names {
		if n == "a card" {
			hidden++
			continue
		}
		out = append(out, n)
	}
	switch hidden {
	case 0:
	case 1:
		out = append(out, "a card")
	default:
		out = append(out, fmt.Sprintf("%d cards", hidden))
	}
	return out
}

// LogText returns the log as a seat sees it, one line per entry (-1: everything).
func LogText(game *engine.Game, seat int, from int) []string {
	g := game.Evaluator()
	var out []string
	for i := from; i < len(g.S.Log); i++ {
		e := &g.S.Log[i]
		if !e.Visible(seat) {
			continue
		}
		out = append(out, renderEntry(g.Rs, e, seat))
	}
	return out
}

// LogLen is the number of log entries so far.
func LogLen(g *engine.Game) int { return len(g.Evaluator().S.Log) }

// LogEntries returns the structured log. Do not modify it.
func LogEntries(g *engine.Game) []state.LogEntry { return g.Evaluator().S.Log }
