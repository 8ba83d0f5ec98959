package model

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// A template is text with {expression} parts, the one syntax of every text a
// ruleset writes that depends on the game: log lines, action labels, prompts,
// reasons, generated card names, views. {{ and }} stand for braces. Each part
// is compiled at load like any expression; when the text is rendered, every
// value prints the same way wherever it appears (see textPiece).

// textPiece prints a value in text. Players print as their seats, cards
// through card (a name, or "a card" for a seat that does not know it), whole
// numbers as numbers, fractions as FractionText prints them (3.5), names as
// themselves, lists joined with commas and "and", and nothing as none.
func (g *Evaluator) textPiece(d Datum, none string, card func(int) string) string {
	switch d.K {
	case DNil:
		return none
	case DInt:
		return strconv.FormatInt(d.N, 10)
	case DFloat:
		return FractionText(d.Float())
	case DBool:
		if d.N != 0 {
			return "true"
		}
		return "false"
	case DSym, DStr:
		return g.Text(d)
	case DPlayer:
		return g.SeatName(int(d.N))
	case DCard:
		return card(int(d.N))
	case DList:
		if len(d.L) == 0 {
			return none
		}
		parts := make([]string, len(d.L))
		for i, x := range d.L {
			parts[i] = g.textPiece(Datum{K: d.E, N: int64(x)}, none, card)
		}
		return diag.JoinNames(parts)
	}
	return fmt.Sprint(g.datumAny(d))
}

// FractionText prints a fraction as a designer writes one: rounded to two
// decimals, without trailing zeros, so 7 / 2 prints 3.5, 6 / 2 prints 3,
// 2 / 3 prints 0.67 and 0.1 + 0.2 prints 0.3 (not the 0.30000000000000004
// the machine holds).
func FractionText(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// HiddenPart says what a template part prints when it read what some seats
// do not know (see NoteRead): it gets the part's text and the seats that
// know every card the part read, bit p for seat p.
type HiddenPart func(text string, knownBy uint64) string

// Render fills a template's parts; a part that fails prints as "?" and the
// first error is returned. With hidden set, a part that read a printed part
// of a card some seat does not know (a property, its name, its keywords)
// prints what hidden makes of it: the text is for the seats that know.
func (g *Evaluator) Render(a *Template, f *state.Frame, none string, card func(int) string, hidden HiddenPart) (string, error) {
	return g.render(a, f, none, card, hidden, false)
}

// RenderLog is Render for a log entry's text, whose places card and hidden
// write ({0}, {p0}): a brace the text itself holds (a template's {{, a
// name's) is written twice, so that it is never read as a place. The view
// writes it once again (view.Render).
func (g *Evaluator) RenderLog(a *Template, f *state.Frame, none string, card func(int) string, hidden HiddenPart) (string, error) {
	return g.render(a, f, none, card, hidden, true)
}

// EscapeBraces writes each brace of s twice, as a log entry's text holds a
// brace that is no place.
func EscapeBraces(s string) string {
	if !strings.ContainsAny(s, "{}") {
		return s
	}
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}

func (g *Evaluator) render(a *Template, f *state.Frame, none string, card func(int) string, hidden HiddenPart, escape bool) (string, error) {
	if len(a.Exprs) == 0 {
		text := a.Text
		if len(a.Segs) == 1 {
			text = a.Segs[0]
		}
		if escape {
			text = EscapeBraces(text)
		}
		return text, nil
	}
	var out strings.Builder
	var first error
	var read []int
	for i, e := range a.Exprs {
		if escape {
			out.WriteString(EscapeBraces(a.Segs[i]))
		} else {
			out.WriteString(a.Segs[i])
		}
		var d Datum
		var err error
		if hidden != nil {
			read = read[:0]
			d, err = g.evalNoting(e, f, &read)
		} else {
			d, err = g.evalDatum(e, f)
		}
		if err != nil {
			if first == nil {
				first = err
			}
			out.WriteString("?")
			continue
		}
		if d.K == DList && len(d.L) > MaxTextList {
			if first == nil {
				first = fmt.Errorf("%s: in expression %q: a list of %d elements is more than a text shows (%d at most)", e.Pos, e.Src, len(d.L), MaxTextList)
			}
			out.WriteString("?")
			continue
		}
		text := g.textPiece(d, none, card)
		if escape && d.K != DCard && (d.K != DList || d.E != DCard) {
			// a text's own braces; the places cards write stay places
			text = EscapeBraces(text)
		}
		if d.K == DNil && e.Type == TPlayer && none != "" {
			// no player prints as a seat that is none does ({you} in an
			// effect of a card nobody owns): one word for one absence
			text = g.SeatName(-1)
		}
		if len(read) > 0 {
			if k := g.knownBy(read); k != g.allSeats() {
				text = hidden(text, k)
			}
		}
		out.WriteString(text)
		if out.Len() > MaxText {
			// a log of such lines would fill memory: each is one error
			return "", fmt.Errorf("%s: the text is longer than %d characters", e.Pos, MaxText)
		}
	}
	if escape {
		out.WriteString(EscapeBraces(a.Segs[len(a.Segs)-1]))
	} else {
		out.WriteString(a.Segs[len(a.Segs)-1])
	}
	return out.String(), first
}

// The most a template writes: a list of more elements, or a text longer,
// is an error in the rules (a log line of a whole list of numbers, say),
// which would otherwise fill the log and memory line by line.
const (
	MaxTextList = 10_000
	MaxText     = 100_000
)

// evalNoting evaluates e, noting in read the cards whose printed parts it
// reads (NoteRead); whatever happens, the noting ends with it.
func (g *Evaluator) evalNoting(e *Expr, f *state.Frame, read *[]int) (Datum, error) {
	outer := g.reading
	g.reading = read
	defer func() { g.reading = outer }()
	return g.evalDatum(e, f)
}

// EvalBoolSeen evaluates a condition shown to a seat (a view part's if):
// hidden reports that it read what some card is that the seat does not
// know, so that neither its value nor what it decides may be shown to the
// seat. Seat -1 knows every card.
func (g *Evaluator) EvalBoolSeen(e *Expr, f *state.Frame, seat int) (holds, hidden bool, err error) {
	if seat < 0 {
		holds, err = g.EvalBool(e, f)
		return holds, false, err
	}
	var read []int
	outer := g.reading
	g.reading = &read
	defer func() { g.reading = outer }()
	holds, err = g.EvalBool(e, f)
	return holds, g.knownBy(read)&(1<<uint(seat)) == 0, err
}

// knownBy is the seats that know every one of the cards.
func (g *Evaluator) knownBy(cards []int) uint64 {
	k := g.allSeats()
	for _, c := range cards {
		if c >= 0 && c < len(g.S.Cards) {
			k &= uint64(g.S.Cards[c].Known)
		}
	}
	return k
}

// allSeats has the bit of every seat.
func (g *Evaluator) allSeats() uint64 { return 1<<uint(g.Nseats) - 1 }

// HiddenFor is how a template rendered for one seat prints a part that
// read what the seat does not know: "?". Nil for seat -1 (every card
// known) and below.
func HiddenFor(seat int) HiddenPart {
	if seat < 0 {
		return nil
	}
	return func(text string, knownBy uint64) string {
		if knownBy&(1<<uint(seat)) != 0 {
			return text
		}
		return "?"
	}
}

// RenderText renders a template as seat sees it: the cards it does not know
// are "a card" (seat -1 knows every card; -2 none, for names built from names).
func (g *Evaluator) RenderText(a *Template, f *state.Frame, seat int) string {
	return g.seatText(a, f, seat, "nothing")
}

// seatText renders a template for a seat, with none for nothing.
func (g *Evaluator) seatText(a *Template, f *state.Frame, seat int, none string) string {
	if len(a.Exprs) == 0 && len(a.Segs) == 1 {
		return a.Segs[0] // no parts: nothing to render, nothing to allocate
	}
	s, _ := g.Render(a, f, none, func(c int) string {
		if seat > -2 && c >= 0 && c < len(g.S.Cards) && g.Knows(seat, c) {
			return g.CardName(c)
		}
		return "a card"
	}, HiddenFor(seat))
	return s
}

// RenderNamed renders a template for a card's generated text: names print
// through name (a list of names, each), cards by their names, nothing as
// nothing. The first error is returned.
func (g *Evaluator) RenderNamed(a *Template, f *state.Frame, name func(string) string) (string, error) {
	if len(a.Exprs) == 0 && len(a.Segs) == 1 {
		return a.Segs[0], nil
	}
	var out strings.Builder
	for i, e := range a.Exprs {
		out.WriteString(a.Segs[i])
		d, err := g.evalDatum(e, f)
		if err != nil {
			return "", err
		}
		switch {
		case d.K == DSym || d.K == DStr:
			out.WriteString(name(g.Text(d)))
		case d.K == DList && d.E == DSym && len(d.L) > 0:
			parts := make([]string, len(d.L))
			for j, x := range d.L {
				parts[j] = name(g.Text(Datum{K: d.E, N: int64(x)}))
			}
			out.WriteString(diag.JoinNames(parts))
		default:
			out.WriteString(g.textPiece(d, "", g.CardName))
		}
	}
	out.WriteString(a.Segs[len(a.Segs)-1])
	return out.String(), nil
}
