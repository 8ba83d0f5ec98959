package view

import (
	"fmt"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"slices"
	"sort"
	"strings"
)

// CardView is a card as one seat sees it.
type CardView struct {
	ID       string         `json:"id,omitempty"` // only for cards the seat knows
	Name     string         `json:"name"`
	Known    bool           `json:"known"`
	FaceDown bool           `json:"face_down,omitempty"`
	Slot     int            `json:"slot,omitempty"`
	Props    map[string]any `json:"props,omitempty"`
	Keywords []string       `json:"keywords,omitempty"`
	Text     string         `json:"text,omitempty"`
	Status   []string       `json:"status,omitempty"` // the ruleset's view.card parts that hold
	// on the stack: the seat whose item it is, and what it targets
	By      string   `json:"by,omitempty"`
	Targets []string `json:"targets,omitempty"`
}

// ZoneView is a zone as one seat sees it: every card when the seat may see the
// zone (face-down cards it does not know shown as such), else a count and the
// cards it happens to know.
type ZoneView struct {
	Name    string     `json:"name"`
	Owner   string     `json:"owner,omitempty"`
	Count   int        `json:"count"`
	Visible bool       `json:"visible"`
	Cards   []CardView `json:"cards,omitempty"`
	Slots   int        `json:"slots,omitempty"`
	// OnStack: the zone holds only cards of items on the stack, which the
	// stack shows (in order, with whose they are), so a board leaves it out
	OnStack bool `json:"on_stack,omitempty"`
}

// PlayerView is one player's public and, for the viewer, private data.
type PlayerView struct {
	Seat   string         `json:"seat"`
	Lost   bool           `json:"lost,omitempty"`
	Won    bool           `json:"won,omitempty"`
	Props  map[string]any `json:"props,omitempty"`
	Status []string       `json:"status,omitempty"` // the ruleset's view.player parts that hold
	Zones  []ZoneView     `json:"zones"`
}

// View is everything one seat may know about the game. Seat -1 sees everything.
type View struct {
	Seat  string `json:"seat"`
	Turn  int    `json:"turn"`
	Phase string `json:"phase"`
	// PhaseLabel is how players read the phase's name, when the ruleset
	// gives one (Main phase 1 for main1)
	PhaseLabel string         `json:"phase_label,omitempty"`
	Active     string         `json:"active"`
	Over       bool           `json:"over,omitempty"`
	Outcome    string         `json:"outcome,omitempty"`
	Game       map[string]any `json:"game,omitempty"`
	Status     []string       `json:"status,omitempty"` // the ruleset's view.game parts that hold
	Players    []PlayerView   `json:"players"`
	Shared     []ZoneView     `json:"shared,omitempty"`
	Stack      []CardView     `json:"stack,omitempty"`
	Waiting    []string       `json:"waiting,omitempty"` // seats whose answer is awaited
	Grid       *Grid          `json:"grid,omitempty"`    // the positional zones drawn as one grid (view.layout)
}

func cardView(g *model.Evaluator, c, seat int) CardView {
	ci := &g.S.Cards[c]
	if !g.Knows(seat, c) {
		v := CardView{Name: "hidden card", FaceDown: ci.FaceDown}
		if ci.FaceDown {
			v.Name = "face-down card"
		}
		v.Props, v.Status = publicState(g, c, seat)
		return v
	}
	v := CardView{ID: state.CardKey(c), Name: g.CardName(c), Known: true, FaceDown: ci.FaceDown, Text: g.CardText(c)}
	if g.Rs.Zones[g.S.Zones[ci.Zone].Kind].Slots > 0 {
		v.Slot = int(g.SlotOf(c))
	}
	if len(g.Rs.CardProps) > 0 {
		v.Props = map[string]any{}
		for i, p := range g.Rs.CardProps {
			if seat < 0 || !p.Internal {
				v.Props[p.Name] = cardPropValue(g, g.CardProp(c, i), &g.Rs.CardProps[i], seat)
			}
		}
	}
	for i, k := range g.Rs.Keywords {
		if g.Keywords(c)&(1<<i) != 0 {
			v.Keywords = append(v.Keywords, k)
		}
	}
	if parts := g.Rs.View.Card; len(parts) > 0 {
		ctl := g.S.Cards[c].Ctrl
		f := g.TempFrame(state.Frame{This: state.CardRef(c), Card: state.CardRef(c), You: ctl, Player: ctl, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
		v.Status = viewParts(g, parts, f, seat)
		g.ReleaseFrame()
	}
	return v
}

// viewParts renders the parts of a view declaration whose condition holds.
// A part whose expression fails is left out: a view never stops a game. A
// part whose condition reads what a card is that the seat does not know is
// "?" to it, whether the condition holds or not: shown or left out, it
// would tell the seat the card.
func viewParts(g *model.Evaluator, parts []model.ViewPart, f *state.Frame, seat int) []string {
	out := []string{}
	for _, p := range parts {
		if p.If != nil {
			ok, hidden, err := g.EvalBoolSeen(p.If, f, seat)
			if hidden {
				out = append(out, "?")
				continue
			}
			if err != nil || !ok {
				continue
			}
		}
		if t := g.TemplateText(p.Show, f, seat); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// displayValue is a property's value as seat reads it: a card by its name,
// when the seat knows it (an instance id would let a seat follow a card
// through hidden zones, and means nothing to a reader).
func displayValue(g *model.Evaluator, v int64, t model.Type, seat int) any {
	switch t {
	case model.TCard:
		if v < 0 || int(v) >= len(g.S.Cards) {
			return nil
		}
		if !g.Knows(seat, int(v)) {
			return "a card"
		}
		return g.CardName(int(v))
	case model.TPlayer:
		if v < 0 {
			return nil
		}
		return g.SeatName(int(v))
	case model.TString:
		if v == 0 {
			return nil // a name never given: none, as expressions read it
		}
	}
	return g.ScalarAny(v, t)
}

// zoneVisible says whether a seat may see the cards of a zone instance.
func zoneVisible(g *model.Evaluator, zi, seat int) bool {
	if seat < 0 {
		return true
	}
	z := &g.S.Zones[zi]
	switch g.Rs.Zones[z.Kind].Visibility {
	case model.Public:
		return true
	case model.OwnerOnly:
		return int(z.Owner) == seat
	case model.Others:
		// its owner sees where its cards lie, and each as a card they do
		// not know until they are shown it
		return true
	}
	return false
}

func zoneView(g *model.Evaluator, zi, seat int) ZoneView {
	z := &g.S.Zones[zi]
	zd := &g.Rs.Zones[z.Kind]
	v := ZoneView{Name: zd.Name, Count: len(z.Cards), Visible: zoneVisible(g, zi, seat), Slots: zd.Slots}
	v.OnStack = v.Visible && allOnStack(g, z.Cards)
	if z.Owner >= 0 {
		v.Owner = g.SeatName(int(z.Owner))
	}
	for _, c := range z.Cards {
		if v.Visible {
			v.Cards = append(v.Cards, cardView(g, c, seat))
		} else if g.Knows(seat, c) {
			// a hidden zone shows only the cards this seat knows, without their position
			v.Cards = append(v.Cards, cardView(g, c, seat))
		}
	}
	if zd.Slots > 0 {
		sort.SliceStable(v.Cards, func(i, j int) bool { return v.Cards[i].Slot < v.Cards[j].Slot })
	}
	if !v.Visible {
		sort.SliceStable(v.Cards, func(i, j int) bool { return v.Cards[i].Name < v.Cards[j].Name })
		for i := range v.Cards {
			v.Cards[i].ID = "" // no instance ids: they would let a seat track cards through hidden zones
		}
	}
	return v
}

// allOnStack reports whether every one of some cards (at least one) is the
// card of an action waiting on the stack with it: a card its action moved when it was
// announced. The card of an ability stays in its zone, which is shown.
func allOnStack(g *model.Evaluator, cards []int) bool {
	if len(cards) == 0 || len(g.S.Stack) == 0 {
		return false
	}
	for _, c := range cards {
		if !slices.ContainsFunc(g.S.Stack, func(it state.StackItem) bool { return it.Moved && !it.Trigger && int(it.Card) == c }) {
			return false
		}
	}
	return true
}

// ViewFor returns what a seat (-1: an observer who sees all) knows of the game.
func For(game *engine.Game, seat int) View {
	g := game.Evaluator()
	s := g.S
	v := View{Seat: "all", Turn: s.Turn, Active: g.SeatName(s.Active), Over: s.Over, Outcome: s.Outcome}
	if seat >= 0 {
		v.Seat = g.SeatName(seat)
	}
	if s.Phase.InPhase(len(g.Rs.Phases)) {
		v.Phase = g.Rs.Phases[s.Phase].Name
		v.PhaseLabel = g.Rs.Phases[s.Phase].Label
	}
	// a seat's view leaves out internal properties (the rules' own
	// bookkeeping); the observer's, a scenario's final state, keeps them
	shown := func(p *model.PropDecl) bool { return seat < 0 || !p.Internal }
	if len(g.Rs.GameProps) > 0 {
		v.Game = map[string]any{}
		for i := range g.Rs.GameProps {
			if p := &g.Rs.GameProps[i]; shown(p) {
				v.Game[p.Name] = displayValue(g, g.GameProp(i), p.Type, seat)
			}
		}
	}
	if parts := g.Rs.View.Game; parts != nil {
		f := g.TempFrame(state.Frame{You: state.Seat(max(s.Active, 0)), Player: state.Seat(max(s.Active, 0)), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
		v.Status = viewParts(g, parts, f, seat)
		g.ReleaseFrame()
	}
	for p := 0; p < g.Nseats; p++ {
		// a game over with a winner was lost by everyone who did not win
		// it, whether the rules took them out or the win ended it
		pv := PlayerView{Seat: g.SeatName(p), Lost: g.LostOrBeaten(p), Won: s.Players[p].Won}
		if len(g.Rs.PlayerProps) > 0 {
			pv.Props = map[string]any{}
			for i := range g.Rs.PlayerProps {
				if d := &g.Rs.PlayerProps[i]; shown(d) {
					pv.Props[d.Name] = displayValue(g, g.PlayerProp(p, i), d.Type, seat)
				}
			}
		}
		if parts := g.Rs.View.Player; parts != nil {
			f := g.TempFrame(state.Frame{You: state.Seat(p), Player: state.Seat(p), This: state.NoCard, Card: state.NoCard, Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
			pv.Status = viewParts(g, parts, f, seat)
			g.ReleaseFrame()
		}
		for k, z := range g.Rs.Zones {
			if z.PerPlayer && !z.NotShown {
				pv.Zones = append(pv.Zones, zoneView(g, g.ZoneInst(k, p), seat))
			}
		}
		v.Players = append(v.Players, pv)
	}
	for k, z := range g.Rs.Zones {
		if !z.PerPlayer && !z.NotShown {
			v.Shared = append(v.Shared, zoneView(g, g.ZoneInst(k, 0), seat))
		}
	}
	for i := len(s.Stack) - 1; i >= 0; i-- {
		if c := s.Stack[i].Card; c >= 0 {
			cv := cardView(g, int(c), seat)
			if s.Stack[i].Trigger {
				// the ability waits on the stack; its card stays where it is
				cv.Name += " (triggered ability)"
			}
			cv.By = g.SeatName(int(s.Stack[i].You))
			cv.Targets = g.StackTargets(&s.Stack[i], seat)
			v.Stack = append(v.Stack, cv)
		}
	}
	for _, d := range game.Pending() {
		v.Waiting = append(v.Waiting, g.SeatName(d.Player))
	}
	v.Grid = grid(g, &v, seat)
	return v
}

// Summary renders a view as text: the final-state part of golden files and
// the board a player looks at.
func (v View) Summary() string {
	var b strings.Builder
	if v.Turn == 0 && v.Phase == "" {
		// the setup runs for a seat drawn to run it, who need not be the
		// first to play (a toss won by another): no seat is active yet
		b.WriteString("setup, before the first turn\n")
	} else {
		fmt.Fprintf(&b, "turn %d, phase %s, active %s\n", v.Turn, orDash(v.Phase), v.Active)
	}
	if v.Over {
		fmt.Fprintf(&b, "game over: %s\n", v.Outcome)
	}
	switch {
	case v.Status != nil:
		if len(v.Status) > 0 {
			fmt.Fprintf(&b, "game: %s\n", strings.Join(v.Status, ", "))
		}
	case len(v.Game) > 0:
		fmt.Fprintf(&b, "game: %s\n", props(v.Game))
	}
	for _, p := range v.Players {
		status := ""
		if p.Lost {
			status = " (lost)"
		}
		if p.Won {
			status = " (won)"
		}
		fmt.Fprintf(&b, "%s%s", p.Seat, status)
		switch {
		case p.Status != nil:
			if len(p.Status) > 0 {
				fmt.Fprintf(&b, ": %s", strings.Join(p.Status, ", "))
			}
		case len(p.Props) > 0:
			fmt.Fprintf(&b, ": %s", props(p.Props))
		}
		b.WriteByte('\n')
		for _, z := range p.Zones {
			if z.OnStack && len(v.Stack) > 0 || v.Grid.inGrid(p.Seat, z.Name) {
				continue
			}
			fmt.Fprintf(&b, "  %s\n", z.line())
		}
	}
	if v.Grid != nil {
		b.WriteString(v.Grid.text())
	}
	for _, z := range v.Shared {
		if z.OnStack && len(v.Stack) > 0 {
			continue
		}
		if z.Name == "stack" && z.Count == 0 && len(v.Stack) > 0 {
			// a zone named as the engine's stack, empty while abilities
			// wait there: the stack's own line says what is on it
			continue
		}
		fmt.Fprintf(&b, "%s\n", z.line())
	}
	if len(v.Stack) > 0 {
		fmt.Fprintf(&b, "stack (top first): %s\n", v.StackLine())
	}
	return b.String()
}

func (z ZoneView) line() string {
	var names []string
	for _, c := range z.Cards {
		n := c.label()
		if z.Slots > 0 {
			n = fmt.Sprintf("[%d] %s", c.Slot, n)
		}
		names = append(names, n)
	}
	switch {
	case z.Visible && len(names) == 0, z.Count == 0:
		// a hidden zone with nothing in it is as empty as a visible one
		return fmt.Sprintf("%s: empty", z.Name)
	case z.Visible:
		return fmt.Sprintf("%s (%d): %s", z.Name, z.Count, strings.Join(names, ", "))
	case len(names) > 0:
		return fmt.Sprintf("%s: %s, known: %s", z.Name, cardCount(z.Count), strings.Join(names, ", "))
	}
	return fmt.Sprintf("%s: %s", z.Name, cardCount(z.Count))
}

// StackLine lists the stack, top first: each item with whose it is and what
// it targets ("p2's Bolt (targeting p1's Knight), p1's Knight (2/2)").
func (v View) StackLine() string {
	var names []string
	for _, c := range v.Stack {
		names = append(names, c.stackLabel())
	}
	return strings.Join(names, ", ")
}

func (c CardView) stackLabel() string {
	if len(c.Targets) > 0 {
		c.Status = append(append([]string(nil), c.Status...), "targeting "+diag.JoinNames(c.Targets))
	}
	if c.By != "" {
		c.Name = c.By + "'s " + c.Name
	}
	return c.label()
}

// label is a card's name with its status: "Knight (2/2, tapped)".
func (c CardView) label() string {
	st := c.Status
	if c.FaceDown && c.Known {
		st = append([]string{"face down"}, st...)
	}
	if len(st) == 0 {
		return c.Name
	}
	return c.Name + " (" + strings.Join(st, ", ") + ")"
}

func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

func props(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		if m[k] == nil {
			parts[i] = k + "=none" // a card or player property that holds nothing, as expressions say it
			continue
		}
		parts[i] = fmt.Sprintf("%s=%v", k, m[k])
	}
	return strings.Join(parts, " ")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
