package engine

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

func (g *machine) appendLog(e state.LogEntry) {
	e.Seq = len(g.S.Log)
	e.Turn = g.S.Turn
	g.S.Log = append(g.S.Log, e)
	g.S.LogSize += entrySize(&e)
	if g.S.LogSize > maxLogSize && g.logFull == nil {
		g.logFull = fmt.Errorf("the game's log holds more than %d MiB: a game with no end in sight (limits.turns ends one), an effect that writes line after line without end, or lines of long lists (the step that wrote the last one is here)", maxLogSize>>20)
	}
}

// entrySize is about how many bytes a log line holds: its text, and for
// each card it names the card, what each seat knew, its definition and face.
func entrySize(e *state.LogEntry) int { return len(e.Text) + 24*len(e.Cards) }

// logSize is the LogSize of a whole log (a state resumed, a log cut).
func logSize(l []state.LogEntry) int {
	n := 0
	for i := range l {
		n += entrySize(&l[i])
	}
	return n
}

// maxLogSize bounds the bytes a game's log holds (LogSize): far past what a
// game of thousands of turns writes, well short of filling memory.
var maxLogSize = 64 << 20

// logf records a text entry; to is -1 for everyone, else the one seat that sees it.
func (g *machine) logf(to int, kind string, player int, format string, args ...any) {
	if g.S.NoLog {
		return
	}
	g.appendLog(state.LogEntry{Kind: kind, Player: player, Text: fmt.Sprintf(format, args...), To: to})
}

// Logf records a line of text in the game log for every seat.
// Logging reports whether the game keeps a text log.
func (g *machine) Logging() bool { return !g.S.NoLog }

func (g *machine) Logf(kind string, player int, format string, args ...any) {
	if g.S.NoLog {
		return
	}
	g.logf(-1, kind, player, format, args...)
}

// LogCards records an entry that names cards; each seat sees the names of the
// cards it knew at this moment and "a card" for the others. In the text,
// {cards} stands for all of them and {0}, {1}, ... for one each.
func (g *machine) LogCards(kind string, player int, cards []int, format string, args ...any) {
	if g.S.NoLog {
		return
	}
	g.logCards(-1, kind, player, cards, format, args...)
}

// LogChosen writes that a player chose cards, each named with its
// controller where named says so and with its place where where gives
// one: as the options did ("p1's Knight" beside "p2's Knight", "Knight
// (row 3)" beside "Knight (row 1)"), so that the line says
// which was chosen, even of the chooser's own cards.
func (g *machine) LogChosen(player int, cards []int, named []bool, where []string, format string, args ...any) {
	if g.S.NoLog {
		return
	}
	n := len(g.S.Log)
	g.logCards(-1, "choose", player, cards, format, args...)
	if len(g.S.Log) == n {
		return
	}
	e := &g.S.Log[len(g.S.Log)-1]
	for i, c := range cards {
		if i < len(named) && named[i] && g.inPlay(c) {
			if e.Whose == nil {
				e.Whose = make([]int8, len(e.Cards))
			}
			e.Whose[i] = int8(g.S.Cards[c].Ctrl + 1)
		}
		if i < len(where) && where[i] != "" && g.inPlay(c) {
			if e.Where == nil {
				e.Where = make([]string, len(e.Cards))
			}
			e.Where[i] = where[i]
		}
	}
}

func (g *machine) logCards(to int, kind string, player int, cards []int, format string, args ...any) {
	if g.S.NoLog {
		return
	}
	e := state.LogEntry{Kind: kind, Player: player, To: to, Text: fmt.Sprintf(format, args...)}
	e.Cards = append([]int(nil), cards...)
	e.Known = make([]uint64, len(cards))
	e.Names = make([]int32, len(cards))
	e.Faces = make([]int8, len(cards))
	for i, c := range cards {
		ci := &g.S.Cards[c]
		e.Known[i] = uint64(ci.Known)
		if z := &g.S.Zones[ci.Zone]; kind == "choose" && player >= 0 && int(z.Owner) == player && g.Rs.Zones[z.Kind].Visibility == model.OwnerOnly {
			// which card a player picks from their own hand is theirs to
			// know, even when another seat knows the card is there: a hand
			// keeps no order (a pick from a pile, or from another's hand
			// shown to all, is seen by those who see the cards)
			e.Known[i] &= seatBit(player)
		}
		e.Names[i] = ci.Def
		e.Faces[i] = ci.Face
	}
	g.shown(&e)
	g.whose(&e)
	g.appendLog(e)
}

// whose marks the card mentions to be named with their controller: a card
// in play (face up in a zone everyone sees) whose name a card in play of
// another player shares, so "Knight blocks Archer" says whose
// Archer. Only what every seat sees is looked at, so the mark tells
// nobody anything new. A line that already says whose the card is does not
// say it twice: one whose subject is its controller ("p2 pays with Coin",
// "p1: revive Moth", whoever wrote the line), one that names the
// controller's zone the card is in, or the creation of a card in a zone
// named with its owner.
func (g *machine) whose(e *state.LogEntry) {
	if e.Kind == "create" {
		return
	}
	var public []int // the cards in play, found once an entry needs them
	for i, c := range e.Cards {
		ctl := int(g.S.Cards[c].Ctrl)
		if !g.inPlay(c) || (ctl >= 0 && (strings.HasPrefix(e.Text, g.SeatName(ctl)+" ") || strings.HasPrefix(e.Text, g.SeatName(ctl)+":"))) {
			continue
		}
		// nor one that names the zone the card lies in, when the zone is
		// its controller's ("Coin is turned face up in p2's pile")
		if zi := int(g.S.Cards[c].Zone); ctl >= 0 && int(g.S.Zones[zi].Owner) == ctl && strings.Contains(e.Text, " in "+g.ZoneLabel(zi)) {
			continue
		}
		if public == nil {
			public = []int{}
			for zi := range g.S.Zones {
				if g.Rs.Zones[g.S.Zones[zi].Kind].Visibility != model.Public {
					continue
				}
				for _, d := range g.S.Zones[zi].Cards {
					// a card nobody controls (a market's, dealt to no
					// one) is no other player's card
					if !g.S.Cards[d].FaceDown && g.S.Cards[d].Ctrl >= 0 {
						public = append(public, d)
					}
				}
			}
		}
		name := g.CardName(c)
		for _, d := range public {
			if d != c && g.S.Cards[d].Ctrl != g.S.Cards[c].Ctrl && g.CardName(d) == name {
				if e.Whose == nil {
					e.Whose = make([]int8, len(e.Cards))
				}
				e.Whose[i] = int8(g.S.Cards[c].Ctrl + 1)
				break
			}
		}
	}
}

// inPlay reports whether a card lies face up in a zone every seat sees.
func (g *machine) inPlay(c int) bool {
	ci := &g.S.Cards[c]
	return !ci.FaceDown && g.Rs.Zones[g.S.Zones[ci.Zone].Kind].Visibility == model.Public
}

func (g *machine) logMove(c, from, to int, fromSlot int64, knownBefore uint64, where state.Where) {
	if g.S.NoLog {
		return
	}
	ci := &g.S.Cards[c]
	// a seat that knew the card before or after the move sees its name
	e := state.LogEntry{Kind: "move", Player: int(ci.Owner), To: -1, Cards: []int{c}, Known: []uint64{uint64(ci.Known) | knownBefore}, Names: []int32{ci.Def}, Faces: []int8{ci.Face}}
	zf, zt := &g.S.Zones[from], &g.S.Zones[to]
	fromName, toName := g.Rs.Zones[zf.Kind].Name, g.Rs.Zones[zt.Kind].Name
	owner := g.SeatName(int(ci.Owner))
	_ = fromName
	// a named position left is said with its zone: "from p1's front left"
	fromLabel := g.ZoneLabel(from)
	if fromSlot >= 0 && g.Rs.Zones[zf.Kind].SlotNames != nil {
		fromLabel += " " + g.SlotName(int(zf.Kind), int(fromSlot))
	}
	// from a zone to another of its area a card moves; elsewhere it goes
	verb := "goes"
	if zf.Kind != zt.Kind && g.Rs.SamePlace(int(zf.Kind), int(zt.Kind)) {
		verb = "moves"
	}
	switch {
	case g.Rs.Zones[zt.Kind].SlotNames != nil && g.Rs.Zones[zt.Kind].Slots > 0:
		// named positions read as places: "to p1's front left"
		if from == to {
			e.Text = fmt.Sprintf("{cards} moves from %s to %s %s.", fromLabel, g.ZoneLabel(to), g.SlotName(int(zt.Kind), int(g.SlotOf(c))))
		} else {
			e.Text = fmt.Sprintf("{cards} %s from %s to %s %s.", verb, fromLabel, g.ZoneLabel(to), g.SlotName(int(zt.Kind), int(g.SlotOf(c))))
		}
	case from == to && g.Rs.Zones[zt.Kind].Slots > 0:
		e.Text = fmt.Sprintf("{cards} moves to position %d of %s.", g.SlotOf(c), g.ZoneLabel(to))
	case from == to && zt.Owner == state.NoSeat:
		// a shared zone is nobody's: the card moves within it
		side := "top"
		if where == state.Bottom {
			side = "bottom"
		}
		e.Text = fmt.Sprintf("{cards} goes to the %s of %s.", side, g.ZoneLabel(to))
	case from == to && where == state.Bottom:
		e.Text = fmt.Sprintf("%s puts {cards} on the bottom of their %s.", owner, toName)
	case from == to:
		e.Text = fmt.Sprintf("%s puts {cards} on top of their %s.", owner, toName)
	case g.Rs.Zones[zt.Kind].Slots > 0:
		e.Text = fmt.Sprintf("{cards} %s from %s to position %d of %s.", verb, fromLabel, g.SlotOf(c), g.ZoneLabel(to))
	case where == state.Bottom && len(zt.Cards) > 1 && g.Rs.Zones[zt.Kind].Visibility == model.Hidden:
		// under the other cards of a pile nobody sees: which end it went to
		// is news (in a pile everyone sees, the order shows it)
		e.Text = fmt.Sprintf("{cards} %s from %s to the bottom of %s.", verb, fromLabel, g.ZoneLabel(to))
	default:
		e.Text = fmt.Sprintf("{cards} %s from %s to %s.", verb, fromLabel, g.ZoneLabel(to))
	}
	if ci.FaceDown {
		e.Text = strings.TrimSuffix(e.Text, ".") + ", face down."
	}
	g.shown(&e)
	g.appendLog(e)
}

// shown records the worked-out names of cards whose names are templates.
func (g *machine) shown(e *state.LogEntry) {
	for i, c := range e.Cards {
		if g.Rs.Cards[e.Names[i]].NameTmpl != nil {
			if e.Shown == nil {
				e.Shown = make([]string, len(e.Cards))
			}
			e.Shown[i] = g.CardName(c)
		}
	}
}

// LogTemplate writes a compiled text template to the log: players are named by
// seat, cards by name for the seats that know them; to is -1 for every seat,
// else the one seat that sees the line.
func (g *machine) LogTemplate(kind string, to int, f *state.Frame, a *model.Template) error {
	return g.logTemplate(kind, to, int(f.You), f, a, "%s")
}

// LogTemplateIn writes a line of format whose one %s is a compiled
// template's text (an option's label in "p2 chooses: %s."), as LogTemplate
// writes the template alone: for player, cards named for the seats that
// know them, parts read from cards a seat does not know ? to it.
func (g *machine) LogTemplateIn(kind string, player int, f *state.Frame, a *model.Template, format string) error {
	return g.logTemplate(kind, -1, player, f, a, format)
}

func (g *machine) logTemplate(kind string, to, player int, f *state.Frame, a *model.Template, format string) error {
	if g.S.NoLog {
		return nil
	}
	var cards []int
	var parts []state.LogPart
	text, err := g.RenderLog(a, f, "nothing", func(c int) string {
		cards = append(cards, c)
		return fmt.Sprintf("{%d}", len(cards)-1)
	}, g.hiddenParts(&parts))
	if err != nil {
		return err
	}
	g.logCards(to, kind, player, cards, format, text)
	g.withParts(parts)
	return nil
}

// hiddenParts writes a log template's parts that some seats may not read
// into parts, leaving {pN} in the line's text.
func (g *machine) hiddenParts(parts *[]state.LogPart) model.HiddenPart {
	return func(text string, knownBy uint64) string {
		*parts = append(*parts, state.LogPart{Text: text, Known: knownBy})
		return fmt.Sprintf("{p%d}", len(*parts)-1)
	}
}

// withParts gives the log's last line the parts its template hid.
func (g *machine) withParts(parts []state.LogPart) {
	if len(parts) > 0 && len(g.S.Log) > 0 {
		g.S.Log[len(g.S.Log)-1].Parts = parts
	}
}
