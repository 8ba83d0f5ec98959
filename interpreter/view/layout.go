package view

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

// Grid is the board's grid of positional zones that a ruleset's view.layout
// declares: a row per zone of a seat, top to bottom, a column per position.
// The viewer's rows come where the layout puts seat 0 (a whole-game view
// counts from p1).
type Grid struct {
	Columns []string  `json:"columns"` // how players read each position
	Rows    []GridRow `json:"rows"`
}

// GridRow is one zone of one seat, its cards by position.
type GridRow struct {
	Seat  string   `json:"seat"`
	Zone  string   `json:"zone"`
	Cells []string `json:"cells"` // each position's card with its status, "" when empty
}

// grid builds the layout's grid from the players' zones already seen.
func grid(g *model.Evaluator, v *View, seat int) *Grid {
	rows := g.Rs.View.Layout
	if len(rows) == 0 {
		return nil
	}
	first := g.Rs.Zones[rows[0].Zone]
	gr := &Grid{}
	for s := 0; s < first.Slots; s++ {
		gr.Columns = append(gr.Columns, g.SlotName(rows[0].Zone, s))
	}
	base := max(seat, 0)
	for _, r := range rows {
		p := (base + r.Seat) % g.Nseats
		if r.Seat >= g.Nseats {
			continue // a row for more players than this game has
		}
		zd := g.Rs.Zones[r.Zone]
		row := GridRow{Seat: g.SeatName(p), Zone: zd.Name, Cells: make([]string, zd.Slots)}
		for _, z := range v.Players[p].Zones {
			if z.Name != zd.Name {
				continue
			}
			for _, c := range z.Cards {
				if z.Visible && c.Slot >= 0 && c.Slot < len(row.Cells) {
					row.Cells[c.Slot] = c.label()
				}
			}
		}
		gr.Rows = append(gr.Rows, row)
	}
	return gr
}

// inGrid says whether the grid draws a seat's zone.
func (gr *Grid) inGrid(seat, zone string) bool {
	if gr == nil {
		return false
	}
	for _, r := range gr.Rows {
		if r.Seat == seat && r.Zone == zone {
			return true
		}
	}
	return false
}

// text draws the grid: a header of position names, then each row with its
// seat and zone, cells in columns; a rule between two seats' rows.
func (gr *Grid) text() string {
	const empty = "-"
	label := func(r GridRow) string { return r.Seat + " " + r.Zone }
	w0 := utf8.RuneCountInString("board")
	for _, r := range gr.Rows {
		w0 = max(w0, utf8.RuneCountInString(label(r)))
	}
	widths := make([]int, len(gr.Columns))
	for i, c := range gr.Columns {
		widths[i] = max(utf8.RuneCountInString(c), len(empty))
		for _, r := range gr.Rows {
			if i < len(r.Cells) {
				widths[i] = max(widths[i], utf8.RuneCountInString(r.Cells[i]))
			}
		}
	}
	pad := func(s string, w int) string { return s + strings.Repeat(" ", w-utf8.RuneCountInString(s)) }
	line := func(first string, cells []string) string {
		parts := []string{pad(first, w0)}
		for i := range widths {
			c := empty
			if i < len(cells) && cells[i] != "" {
				c = cells[i]
			}
			parts = append(parts, pad(c, widths[i]))
		}
		return strings.TrimRight(strings.Join(parts, " | "), " ")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", line("board", gr.Columns))
	rule := strings.Repeat("-", w0)
	for _, w := range widths {
		rule += "-+-" + strings.Repeat("-", w)
	}
	for i, r := range gr.Rows {
		if i > 0 && r.Seat != gr.Rows[i-1].Seat {
			fmt.Fprintf(&b, "%s\n", rule)
		}
		fmt.Fprintf(&b, "%s\n", line(label(r), r.Cells))
	}
	return b.String()
}
