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
	if seat < 0 && e.To >= 0 {
		// the view of everything marks a line one seat alone saw
		text = "(to " + state.SeatName(e.To) + ") " + text
	}
	var parts []string
	for _, p := range e.Parts {
		// a value read from cards the seat did not know is "?" to it
		shown := "?"
		if seat < 0 || p.Known&(1<<uint(seat)) != 0 {
			shown = p.Text
		}
		parts = append(parts, shown)
	}
	if len(e.Cards) == 0 {
		return fillNames(text, nil, parts)
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
	out := fillNames(text, names, parts)
	if strings.HasPrefix(e.Text, "{") && strings.HasPrefix(out, "a card") {
		// a sentence that starts with a hidden card
		out = "A" + out[1:]
	}
	return out
}

// fillNames writes text with {cards} as all the names, {0}, {1}, ... as
// each, {p0}, {p1}, ... as each part (itself filled so), and {{ and }} as
// a brace, in one pass: a line naming thousands of cards was written again
// once for each of them, and a brace of the text was read as a place.
func fillNames(text string, names, parts []string) string {
	var b strings.Builder
	b.Grow(len(text))
	for {
		i := strings.IndexAny(text, "{}")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		text = text[i:]
		if len(text) > 1 && text[1] == text[0] {
			// {{ or }}: a brace of the text
			b.WriteByte(text[0])
			text = text[2:]
			continue
		}
		j := strings.IndexByte(text, '}')
		if text[0] == '}' || j < 0 {
			b.WriteByte(text[0])
			text = text[1:]
			continue
		}
		key := text[1:j]
		switch n, isPart := place(key); {
		case key == "cards":
			b.WriteString(diag.JoinNames(collapse(names)))
		case n >= 0 && isPart && n < len(parts):
			b.WriteString(fillNames(parts[n], names, nil))
		case n >= 0 && !isPart && n < len(names):
			b.WriteString(names[n])
		default:
			// a brace of a text written before braces were doubled:
			// the scan goes on after it, so a place inside is filled
			b.WriteByte('{')
			text = text[1:]
			continue
		}
		text = text[j+1:]
	}
}

// place reads a place's key: 3 is the fourth card, p3 the fourth part;
// -1 for anything else.
func place(key string) (int, bool) {
	isPart := strings.HasPrefix(key, "p")
	if isPart {
		key = key[1:]
	}
	n, err := strconv.Atoi(key)
	if err != nil || n < 0 || key != strconv.Itoa(n) {
		return -1, false
	}
	return n, isPart
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
