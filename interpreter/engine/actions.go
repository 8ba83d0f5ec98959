package engine

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// PushAction puts the action being announced by frame f on the stack, its
// effect prog to resolve later with the variables its costs bound; an action
// taken off the stack while it was announced is not put there.
func (g *machine) PushAction(f *state.Frame, prog, action int) {
	if g.withdrawn(len(g.S.Frames) - 1) {
		return
	}
	root := g.Rs.Programs[g.Rs.Programs[prog].Root]
	vars := g.stackVars(root.NVars)
	copy(vars, g.S.Vars[f.Base:int(f.Base)+root.NVars])
	moved := false
	if c := int(f.This); c >= 0 && action >= 0 {
		src := g.Rs.Actions[action].Source
		moved = src >= 0 && int(g.S.Zones[g.S.Cards[c].Zone].Kind) != src
	}
	g.S.Stack = append(g.S.Stack, state.StackItem{Card: f.This, Prog: int32(prog), You: f.You, Vars: vars, NVars: int32(root.NVars), Action: int32(action), Moved: moved})
	g.Touch(model.ReadsStack)
}

// OptionFor describes an action option: the action and its source card.
func (g *machine) actionLabel(a *model.Action, card, seat int) string {
	if a.LabelTmpl != nil {
		return g.renderLabel(a, card, seat, func(c int) string { return g.CardLabel(c, seat) })
	}
	label := a.Label
	if card >= 0 {
		name := g.CardLabel(card, seat)
		if strings.Contains(label, "{card}") {
			label = strings.ReplaceAll(label, "{card}", name)
		} else {
			label = label + " " + name
		}
	}
	return label
}

// renderLabel fills an action's label template for the acting seat, with
// the source card bound as card and this.
func (g *machine) renderLabel(a *model.Action, card, seat int, name func(int) string) string {
	you := seat
	if you < 0 && card >= 0 {
		you = int(g.S.Cards[card].Ctrl)
	}
	f := g.seatFrame(max(you, 0), state.CardRef(card))
	defer g.ReleaseFrame()
	s, _ := g.Render(a.LabelTmpl, f, "nothing", name, model.HiddenFor(seat))
	return s
}

// ActionLabels lists the labels every action of the ruleset would have for
// a seat, legal now or not: one per card in the zone an action draws on.
// A test that an option is absent means something only for these.
func (g *machine) ActionLabels(seat int) []string {
	var out []string
	for _, a := range g.Rs.Actions {
		if a.Source < 0 {
			out = append(out, g.actionLabel(a, -1, seat))
			continue
		}
		for _, c := range g.ZoneCards(g.ZoneInst(a.Source, seat)) {
			out = append(out, g.actionLabel(a, c, seat))
		}
	}
	return out
}

// ActionsLabelled lists the actions of the ruleset that would have this
// label (case does not matter) for a seat, legal now or not.
func (g *machine) ActionsLabelled(seat int, label string) []int {
	var out []int
	for i, a := range g.Rs.Actions {
		if a.Source < 0 {
			if model.SameName(g.actionLabel(a, -1, seat), label) {
				out = append(out, i)
			}
			continue
		}
		for _, c := range g.ZoneCards(g.ZoneInst(a.Source, seat)) {
			if model.SameName(g.actionLabel(a, c, seat), label) {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// WindowActions lists the actions the window that asked an action decision
// may offer (act or priority), legal now or not; nil when the decision was
// not asked by such a window.
func (g *machine) WindowActions(d *state.Decision) []int {
	if d.Kind != state.DecideAction || d.Frame < 0 || d.Frame >= len(g.S.Frames) {
		return nil
	}
	f := g.S.Frames[d.Frame]
	if int(f.Prog) >= len(g.Rs.Programs) {
		return nil
	}
	prog := g.Rs.Programs[f.Prog]
	if int(f.PC) >= len(prog.Steps) {
		return nil
	}
	s := prog.Steps[f.PC]
	for i, p := range s.Prim.Params {
		if p.Kind == model.PAction && i < len(s.Args) {
			return s.Args[i].Actions
		}
	}
	return nil
}

// CardLabel is how a seat names a card: its name if the seat knows it.
func (g *machine) CardLabel(c, seat int) string {
	if c < 0 {
		return "nothing"
	}
	if seat >= 0 && uint64(g.S.Cards[c].Known)&(1<<uint(seat)) == 0 {
		if g.S.Cards[c].FaceDown {
			return "a face-down card"
		}
		return "a card"
	}
	return g.CardName(c)
}

// equivalent reports whether two cards are interchangeable for a seat's choice:
// same definition, face, facing, properties and keywords in the same zone.
func (g *machine) equivalent(a, b int) bool {
	ca, cb := &g.S.Cards[a], &g.S.Cards[b]
	if ca.Def != cb.Def || ca.Face != cb.Face || ca.FaceDown != cb.FaceDown || ca.Zone != cb.Zone || ca.Granted != cb.Granted || ca.Ctrl != cb.Ctrl {
		return false
	}
	// a card on the stack waits with its item, whose targets and place in
	// the stack are its own: two such cards are never the same choice
	for i := range g.S.Stack {
		if c := int(g.S.Stack[i].Card); c == a || c == b {
			return false
		}
	}
	// a modifier names its card: a card one changes is kept apart
	for _, m := range g.S.Modifiers {
		if int(m.Card) == a || int(m.Card) == b {
			return false
		}
	}
	st, n := g.Stride(), len(g.Rs.CardProps)
	if len(g.Rs.Statics) == 0 {
		// no static effect derives a value and no modifier names either
		// card: their properties are their rows as the state has them
		if !slices.Equal(g.S.CardProps[a*st:a*st+n], g.S.CardProps[b*st:b*st+n]) {
			return false
		}
	} else {
		for i := 0; i < n; i++ {
			if g.CardProp(a, i) != g.CardProp(b, i) {
				return false
			}
		}
	}
	return g.Rs.Zones[g.S.Zones[ca.Zone].Kind].Slots == 0 || g.S.CardProps[a*st+n] == g.S.CardProps[b*st+n]
}

// OptionScratch is the machine's list to build one decision's options in
// (model.Context).
func (g *machine) OptionScratch() []state.Option {
	if g.choiceBuf == nil {
		g.choiceBuf = make([]state.Option, 0, 64)
	}
	return g.choiceBuf[:0]
}

// VarList cuts a list with room for n cards from the machine's block of
// such lists (model.Context).
func (g *machine) VarList(n int) []int {
	if n == 0 {
		return []int{} // empty, not nil: a variable holds an empty list
	}
	if n > cap(g.varLists)-len(g.varLists) {
		// a new block; the lists cut from the old one stay where they are
		// (a copy of the state may hold them: reuseSlabs)
		g.varLists = nextBlock(g.varLists, n, varListBlock, 16*varListBlock)
	}
	at := len(g.varLists)
	g.varLists = g.varLists[:at+n]
	return g.varLists[at : at : at+n]
}

// varListBlock is how many cards the first block of VarList holds: lists
// of variables are short, and a block serves a game of most rulesets.
const varListBlock = 256

// stackVars gives a stack item n variables of its own, cut from a block as
// VarList cuts lists: the block is never written again in a game past what
// it gave (Clone copies an item's variables into the copy's memory, so the
// next game starts the block again: renew). Its capacity is n: growing it
// would not reach the next item's.
func (g *machine) stackVars(n int) []state.Val {
	if n == 0 {
		return nil
	}
	if n > cap(g.stackVals)-len(g.stackVals) {
		g.stackVals = nextBlock(g.stackVals, n, stackValBlock, 16*stackValBlock)
	}
	at := len(g.stackVals)
	g.stackVals = g.stackVals[:at+n]
	return g.stackVals[at : at+n : at+n]
}

// stackValBlock is how many variables the first block of stackVars holds.
const stackValBlock = 256

// CardScratch is the machine's list for a step to copy its cards into
// (model.Context).
func (g *machine) CardScratch() []int {
	if g.cardBuf == nil {
		g.cardBuf = make([]int, 0, 64)
	}
	return g.cardBuf[:0]
}

// ActionOptions enumerates the legal options of the given actions for a player.
// Interchangeable source cards give one option. The list is the machine's,
// good until the next call (Ask keeps a copy of a decision's options).
func (g *machine) ActionOptions(player int, actions []int) ([]state.Option, error) {
	out := g.optBuf[:0]
	// a game without a log has nobody to read ids and labels, and working
	// them out is much of the cost of listing actions: bots and simulations
	// answer by position
	labels := !g.S.NoLog
	for _, ai := range actions {
		a := g.Rs.Actions[ai]
		if g.isRuledOut(a, player) {
			continue
		}
		if a.Source < 0 {
			memo := g.legalSlot(a, player, -1)
			if g.keptRefusal(a, memo, player) >= 0 {
				continue
			}
			why, err := g.judge(a, player, -1, memo)
			if err != nil {
				return nil, err
			}
			if why == "" {
				o := state.Option{Card: -1, Action: ai, Player: -1}
				if labels {
					o.ID, o.Label = a.Name, g.actionLabel(a, -1, player)
				}
				out = append(out, o)
			}
			continue
		}
		zi := g.ZoneInst(a.Source, player)
		if len(g.S.Zones[zi].Cards) == 0 {
			continue
		}
		// a timing and a condition that read nothing of the card hold for
		// every card of the zone or for none: tried once, not per card
		if ok, err := g.holdsForAny(a, player); err != nil || !ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		seen := g.seen[:0]
		// an action that asks nothing may be taken with every card
		unbound := a.Unbound()
	cards:
		for _, c := range g.S.Zones[zi].Cards {
			def := g.S.Cards[c].Def
			for _, s := range seen {
				// cards of two definitions are told apart here, without a
				// call: most pairs of a hand are
				if g.S.Cards[s].Def == def && g.Interchangeable(s, c, player) {
					continue cards
				}
			}
			why := ""
			if !unbound {
				memo := g.legalSlot(a, player, c)
				if g.keptRefusal(a, memo, player) >= 0 {
					continue
				}
				var err error
				if why, err = g.judge(a, player, c, memo); err != nil {
					return nil, err
				}
			}
			if why == "" {
				seen = append(seen, c)
				g.seen = seen
				o := state.Option{Card: c, Action: ai, Player: -1}
				if labels {
					o.ID, o.Label = a.Name+":"+state.CardKey(c), g.actionLabel(a, c, player)
				}
				out = append(out, o)
			}
		}
	}
	if labels {
		// two cards of one name in different places are two options a
		// player must be able to tell apart
		model.PlaceLabels(out, g.PlaceName)
		// and so are two cards the player does not know (play a card,
		// play a card #2), in the order of their zone
		numberRepeats(out)
	}
	g.optBuf = out
	return out, nil
}

// numberRepeats numbers the options of a label already given (Knight,
// Knight #2), as the options of a choice are numbered.
func numberRepeats(opts []state.Option) {
	// from the last: the labels before an option are still as given
	for i := len(opts) - 1; i > 0; i-- {
		n := 1
		for j := 0; j < i; j++ {
			if opts[j].Label == opts[i].Label {
				n++
			}
		}
		if n > 1 {
			opts[i].Label = fmt.Sprintf("%s #%d", opts[i].Label, n)
		}
	}
}

// holdsForAny reports whether an action's card-free timing and condition
// hold for a player (true when they read the card, for whyNot to try them
// per card). What they give is kept in the player's place, as for an
// action without a source card.
func (g *machine) holdsForAny(a *model.Action, player int) (bool, error) {
	memo := g.legalSlot(a, player, -1)
	f := lazyFrame{g: g, player: player, card: -1}
	ok := true
	var err error
	for i, e := range a.LegalExprs() {
		if i == 0 || e == nil || !a.Legal[i].CardFree {
			continue
		}
		if ok, err = g.legalPart(a, i, player, memo, &f); err != nil || !ok {
			break
		}
	}
	if f.f != nil {
		g.ReleaseFrame()
	}
	return ok, err
}

// WhyNot explains why a player cannot take an action (with a source card, or -1)
// now: the failed timing, condition or cost. It returns "" when the action is legal.
func (g *machine) WhyNot(player int, action string, card int) string {
	a, ok := g.Rs.ActionByName(action)
	if !ok {
		return fmt.Sprintf("there is no action %q", action)
	}
	g.Explain = true
	why, err := g.whyNot(a, player, card)
	g.Explain = false
	if err != nil {
		return err.Error()
	}
	return why
}

// CardFits reports whether a card passes an action's filter: whether it is
// the kind of card the action is for at all, whatever the moment.
func (g *machine) CardFits(player int, action string, card int) bool {
	a, ok := g.Rs.ActionByName(action)
	if !ok || a.Source < 0 || card < 0 {
		return false
	}
	if a.Filter == nil {
		return true
	}
	f := g.seatFrame(player, state.CardRef(card))
	defer g.ReleaseFrame()
	ok, err := g.EvalBool(a.Filter, f)
	return err == nil && ok
}

// notLegal is whyNot's reason while nobody asks for one (Explain is off):
// listing the legal actions only tells "" from the rest, and a reason in
// words names cards, which costs a label per card tried.
const notLegal = "not legal now"

// explain is a reason in words when one is asked for, notLegal otherwise.
func (g *machine) explain(format string, a ...any) string {
	if !g.Explain {
		return notLegal
	}
	return fmt.Sprintf(format, a...)
}

// whyNot says in words why an action is not legal: the ruleset's filter_why,
// timing_why, why or a cost's reason, else a plain phrase; never an
// expression, since a player reads it.
func (g *machine) whyNot(a *model.Action, player, card int) (string, error) {
	if a.Source >= 0 {
		if card < 0 {
			if !g.Rs.Zones[a.Source].PerPlayer {
				return g.explain("it needs a card from the %s", g.Rs.Zones[a.Source].Name), nil
			}
			return g.explain("it needs a card from your %s", g.Rs.Zones[a.Source].Name), nil
		}
		if g.S.Cards[card].Zone != state.ZoneRef(g.ZoneInst(a.Source, player)) {
			if !g.Explain {
				return notLegal, nil
			}
			return fmt.Sprintf("%s is not in your %s", g.CardLabel(card, player), g.Rs.Zones[a.Source].Name), nil
		}
	}
	memo := g.legalSlot(a, player, card)
	// a kept refusal decides, whichever part it is in: only WhyNot, which
	// keeps nothing, needs the first that fails
	if i := g.keptRefusal(a, memo, player); i >= 0 {
		return g.partWhy(a, i, player, card), nil
	}
	return g.judge(a, player, card, memo)
}

// judge is whyNot past its first looks (the card is where the action
// takes it from, no term kept in memo refuses it): the parts evaluated,
// or taken from memo term by term, then the costs. ActionOptions, which
// lists the cards of the action's own zone and needs no reason for a
// refusal kept, calls it at once.
func (g *machine) judge(a *model.Action, player, card int, memo []termMemo) (string, error) {
	// the frame is made only when an expression must be evaluated: a
	// refusal kept from the last time needs none. No defer: this runs for
	// every card and action an action window lists; a panic stops the
	// game, frames and all (run)
	f := lazyFrame{g: g, player: player, card: card}
	exprs := a.LegalExprs()
	why := ""
	var err error
	order := &naturalOrder
	if memo != nil {
		// listing: the parts whose answers last longest first, so that a
		// refusal is kept where it holds longest (Action.ListOrder)
		order = &a.ListOrder
	}
	for _, i := range order {
		if exprs[i] == nil {
			continue
		}
		var ok bool
		if ok, err = g.legalPart(a, i, player, memo, &f); err != nil || !ok {
			why = g.partWhy(a, i, player, card)
			break
		}
	}
	if why == "" && err == nil {
		why, err = g.costsWhy(a, f.get())
	}
	if f.f != nil {
		g.ReleaseFrame()
	}
	return why, err
}

// keptRefusal is the part of an action (filter, timing, condition) one of
// whose terms was kept as false for the player, at the version of the
// parts it reads now; -1 when there is none.
func (g *machine) keptRefusal(a *model.Action, memo []termMemo, player int) int {
	if memo == nil || g.Der.Verify {
		return -1
	}
	// the term that refused the last time first: most of the time it
	// still does
	if h := memo[0].last; h > 0 {
		i, j := int(h-1)/termStride, int(h-1)%termStride
		if j < len(a.Legal[i].Terms) && g.keptFalse(&a.Legal[i].Terms[j], memo, player) {
			return i
		}
	}
	for i := range a.Legal {
		for j := range a.Legal[i].Terms {
			if g.keptFalse(&a.Legal[i].Terms[j], memo, player) {
				memo[0].last = lastTerm(i, j)
				return i
			}
		}
	}
	return -1
}

// keptFalse reports whether term t was kept as false for the player, at
// the version of the parts it reads now.
func (g *machine) keptFalse(t *model.LegalTerm, memo []termMemo, player int) bool {
	m := &memo[t.Slot]
	if !t.Kept || !m.set || m.ok || m.s != g.S || m.player != player {
		return false
	}
	r, own := keptReads(t, m)
	return m.version == g.SeatVersion(r, own, player)
}

// lastTerm is the mark of the j-th term of an action's i-th part that
// refused last (termMemo.last); 0, none, past the terms it can mark.
func lastTerm(i, j int) uint8 {
	if j >= termStride {
		return 0
	}
	return uint8(i*termStride + j + 1)
}

// termStride is how many terms of a part lastTerm tells apart.
const termStride = 16

// naturalOrder is the order of an action's filter, timing and condition.
var naturalOrder = [model.LegalParts]int{0, 1, 2}

// lazyFrame is the scratch frame of whyNot, made when first asked for.
type lazyFrame struct {
	g            *machine
	player, card int
	f            *state.Frame
}

func (l *lazyFrame) get() *state.Frame {
	if l.f == nil {
		l.f = l.g.seatFrame(l.player, state.CardRef(l.card))
	}
	return l.f
}

// termMemo is what one term of an action's filter, timing or condition
// gave for a player and a card, at a version of the parts of the state it
// reads.
type termMemo struct {
	s       *state.State
	version uint64
	player  int
	ok, set bool
	// last, in the first term's place, marks the term that refused the
	// last time (lastTerm), tried first; 0 when none has
	last uint8
	// decided is, for a term written as alternatives, the leaves that
	// decided what it gave (LegalTerm.ReadsOf): the version is theirs
	decided uint16
}

// keptReads is what a term's kept value depends on: what the term reads,
// or for a term written as alternatives what the leaves that decided it
// read.
func keptReads(t *model.LegalTerm, m *termMemo) (r, own model.ReadSet) {
	if len(t.Leaves) > 0 {
		return t.ReadsOf(m.decided)
	}
	return t.Reads, t.Own
}

// legalPart evaluates the i-th of an action's filter, timing and condition
// for a player, in frame. Listing (memo is not nil), it is evaluated term
// by term (model.LegalTerm), in their order, and while none of the parts
// of the state a term reads has changed it is what it gave the last time,
// kept in memo: an action window lists every action, card by card, for
// each player in turn, and most of the time nothing an expression reads
// has changed in between. The parts and their terms are kept apart, so
// that a timing that reads the phase does not take a condition that reads
// the cards in play with it, nor `you == active` the stack that the rest
// of its timing reads.
func (g *machine) legalPart(a *model.Action, i, player int, memo []termMemo, frame *lazyFrame) (bool, error) {
	p := &a.Legal[i]
	if memo == nil || !p.Kept {
		return g.EvalBool(a.LegalExprs()[i], frame.get())
	}
	for j := range p.Terms {
		t := &p.Terms[j]
		if !t.Kept {
			if ok, err := g.EvalBool(t.Expr, frame.get()); err != nil || !ok {
				return false, err
			}
			continue
		}
		m := &memo[t.Slot]
		r, own := keptReads(t, m)
		version := g.SeatVersion(r, own, player)
		if m.set && m.s == g.S && m.version == version && m.player == player {
			if g.Der.Verify {
				ok, err := g.EvalBool(t.Expr, frame.get())
				if err == nil && ok != m.ok {
					return false, fmt.Errorf("internal error: what %s of %s gives changed, but no part of the state it reads did", t.Expr.Src, a.Name)
				}
			}
			if !m.ok {
				return false, nil
			}
			continue
		}
		var ok bool
		var err error
		if len(t.Leaves) > 0 {
			if ok, m.decided, err = g.EvalLeaves(t.Leaves, frame.get()); err == nil {
				r, own = t.ReadsOf(m.decided)
				version = g.SeatVersion(r, own, player)
			}
		} else {
			ok, err = g.EvalBool(t.Expr, frame.get())
		}
		if err != nil {
			m.set = false
			return false, err
		}
		m.s, m.version, m.player, m.ok, m.set = g.S, version, player, ok, true
		if !ok {
			memo[0].last = lastTerm(i, j)
			if t.Fixed && frame.card < 0 {
				g.ruleOut(a, player)
			}
			return false, nil
		}
	}
	return true, nil
}

// ruleOut records that a fixed term refused an action to a seat without a
// card: no card or moment of this game makes it legal for the seat.
func (g *machine) ruleOut(a *model.Action, player int) {
	if player < 0 || player >= g.Nseats {
		return
	}
	if n := len(g.Rs.Actions) * g.Nseats; len(g.ruledOut) < n {
		g.ruledOut = append(g.ruledOut, make([]bool, n-len(g.ruledOut))...)
	}
	g.ruledOut[a.Index*g.Nseats+player] = true
}

// isRuledOut reports whether an action was ruled out for a seat for the
// rest of the game (ruleOut). Verifying changes tries it all the same, so
// that the term is evaluated again and compared with what was kept.
func (g *machine) isRuledOut(a *model.Action, player int) bool {
	k := a.Index*g.Nseats + player
	return k < len(g.ruledOut) && player >= 0 && g.ruledOut[k] && !g.Der.Verify
}

// partWhy is the reason an action may not be taken when the i-th of its
// filter, timing and condition does not hold.
func (g *machine) partWhy(a *model.Action, i, player, card int) string {
	switch i {
	case 0:
		// the filter first: a card that can never be used for the action
		// says so, rather than "not now"
		if a.FilterWhy != "" {
			return g.whyText(a.FilterWhyTmpl, a.FilterWhy, player, card, "not a card for this")
		}
		if !g.Explain {
			return notLegal
		}
		return fmt.Sprintf("%s is not a card it can be done with", g.CardLabel(card, player))
	case 1:
		if a.TimingWhy != "" {
			return g.whyText(a.TimingWhyTmpl, a.TimingWhy, player, card, "not now")
		}
		return "not now"
	}
	if a.Why != "" {
		return g.whyText(a.WhyTmpl, a.Why, player, card, "not possible now")
	}
	return "not possible now"
}

// whyText is a reason the ruleset words: text as it is, or the template
// it makes worked out for the player and card (fallback when it cannot
// be). Worked out only to be told: listing options needs no words.
func (g *machine) whyText(tmpl *model.Template, text string, player, card int, fallback string) string {
	if tmpl == nil {
		return text
	}
	if !g.Explain {
		return notLegal
	}
	f := g.seatFrame(player, state.CardRef(card))
	out, err := g.Render(tmpl, f, "nothing", func(c int) string { return g.CardLabel(c, player) }, model.HiddenFor(player))
	g.ReleaseFrame()
	if err != nil {
		return fallback
	}
	return out
}

// legalSlot is the place of what the terms of an action's filter, timing
// and condition give for a player and card; nil when nothing is kept
// (WhyNot asks for the reasons in full).
func (g *machine) legalSlot(a *model.Action, player, card int) []termMemo {
	if g.Explain || a.KeptTerms == 0 {
		return nil
	}
	slot := player // without a source card (or before trying its cards): a place per seat
	if card >= 0 {
		slot = g.Nseats + card
	}
	at, end := slot*a.KeptTerms, (slot+1)*a.KeptTerms
	if a.Index < len(g.legal) {
		if row := g.legal[a.Index]; end <= len(row) {
			return row[at:end:end]
		}
	}
	return g.growLegal(a.Index, end)[at:end:end]
}

// growLegal makes room for end memos in action i's row of legalSlot.
func (g *machine) growLegal(i, end int) []termMemo {
	for len(g.legal) <= i {
		g.legal = append(g.legal, nil)
	}
	if row := g.legal[i]; end > len(row) {
		g.legal[i] = append(row, make([]termMemo, end-len(row))...)
	}
	return g.legal[i]
}

// costsWhy is why a player cannot pay an action's costs, "" when they can,
// in scratch frame f.
func (g *machine) costsWhy(a *model.Action, f *state.Frame) (string, error) {
	if len(a.Costs) == 0 {
		return "", nil
	}
	root := g.Rs.Programs[a.CostProg]
	base := len(g.S.Vars)
	for i := 0; i < root.NVars; i++ {
		g.S.Vars = append(g.S.Vars, state.Val{N: -1})
	}
	f.Base = int32(base)
	why := ""
	var err error
	for _, c := range a.Costs {
		if why, err = c.Prim.CanPay(g, f, c); err != nil {
			err = fmt.Errorf("%s: %s: %w", c.Pos, c.Prim.Name, err)
			break
		}
		if why != "" {
			break
		}
	}
	g.S.Vars = g.S.Vars[:base]
	return why, err
}

// Permitted reports whether a player may take an action (with a source
// card, or -1) at this moment but for its costs: the card is in the
// action's zone and fits its filter, and its timing and condition hold.
func (g *machine) Permitted(player int, action string, card int) bool {
	a, ok := g.Rs.ActionByName(action)
	if !ok || (a.Source >= 0) != (card >= 0) {
		return false
	}
	if a.Source >= 0 && g.S.Cards[card].Zone != state.ZoneRef(g.ZoneInst(a.Source, player)) {
		return false
	}
	f := g.seatFrame(player, state.CardRef(card))
	defer g.ReleaseFrame()
	for _, e := range []*model.Expr{a.Filter, a.Timing, a.Condition} {
		if e == nil {
			continue
		}
		if ok, err := g.EvalBool(e, f); err != nil || !ok {
			return false
		}
	}
	return true
}

// ActionLabel is how a seat sees an action's label, with a source card (or -1).
func (g *machine) ActionLabel(action string, card, seat int) string {
	a, ok := g.Rs.ActionByName(action)
	if !ok {
		return action
	}
	return g.actionLabel(a, card, seat)
}

// StartAction runs an option of an action decision for a player: its costs,
// then its effect (or the move of its effect to the stack).
func (g *machine) StartAction(player int, o state.Option) {
	a := g.Rs.Actions[o.Action]
	if a.Reveal && o.Card >= 0 && uint64(g.S.Cards[o.Card].Known)&g.AllMask() != g.AllMask() {
		// shown as it is announced: the action's own line names it, so
		// no line of its own, but a reveal all the same
		g.S.Cards[o.Card].Known |= state.SeatSet(g.AllMask())
		g.Touch(model.ReadsKnowledge)
		if g.hears(g.SymReveal) {
			g.emit(&state.Event{Name: g.SymReveal, Card: state.CardRef(o.Card), Player: state.Seat(player), Source: state.NoCard})
		}
	}
	switch {
	case g.S.NoLog:
		// no line to write: the label is not worked out
	case a.LabelTmpl != nil:
		var cards []int
		label := g.renderLabel(a, o.Card, player, func(c int) string {
			cards = append(cards, c)
			return fmt.Sprintf("{%d}", len(cards)-1)
		})
		g.logCards(-1, "action", player, cards, "%s: %s%s.", g.SeatName(player), model.ThirdPerson(label), g.saidWhere(o))
	case o.Card >= 0:
		label := a.Label + " {cards}"
		if strings.Contains(a.Label, "{card}") {
			label = strings.ReplaceAll(a.Label, "{card}", "{cards}")
		}
		g.logCards(-1, "action", player, []int{o.Card}, "%s: %s%s.", g.SeatName(player), model.ThirdPerson(label), g.saidWhere(o))
	default:
		// the label speaks to the player; the log speaks of them
		g.logf(-1, "action", player, "%s: %s.", g.SeatName(player), model.ThirdPerson(a.Label))
	}
	g.covered("action ", a.Name)
	g.pushRoot(a.CostProg, player, o.Card, state.Event{Card: state.CardRef(o.Card), Player: state.Seat(player), Source: state.NoCard})
	if g.hears(g.SymAction) {
		g.emit(&state.Event{Name: g.SymAction, Card: state.CardRef(o.Card), Player: state.Seat(player), Source: state.NoCard, From: g.Rs.ActionSyms[a.Index]})
	}
}

// CoverBranch counts, when coverage is on, that one branch of a step ran:
// "then" or "else" of an if, or the label of a chosen option.
// Memo is the game's memo for step s.
func (g *machine) Memo(s *model.Step) *model.Memo {
	m, ok := g.memos[s]
	if !ok {
		if g.memos == nil {
			g.memos = map[*model.Step]*model.Memo{}
		}
		m = &model.Memo{}
		g.memos[s] = m
	}
	return m
}

func (g *machine) CoverBranch(s *model.Step, branch string) {
	if g.Coverage != nil {
		g.Coverage[branchPart(s, branch)]++
	}
}

func (g *machine) CoverChoice(s *model.Step, choice int) {
	if g.Coverage != nil {
		g.Coverage[choicePart(s, choice)]++
	}
}

// choicePart names option i of a step's choice as a branch, at the line
// the option is written on (the step's, for an option read without one):
// by place, two options of one label are two branches.
func choicePart(s *model.Step, i int) string {
	for a := range s.Args {
		if ch := s.Args[a].Choices; i >= 0 && i < len(ch) {
			at := *s
			if ch[i].Pos.Line > 0 {
				at.Pos = ch[i].Pos
			}
			return branchPart(&at, strconv.Quote(ch[i].Label))
		}
	}
	return branchPart(s, strconv.Quote(strconv.Itoa(i)))
}

// branchPart names a branch by where its step is written, with the file's
// absolute path: a scenario and a coverage report may reach the same file
// by different relative paths.
func branchPart(s *model.Step, branch string) string {
	pos := s.Pos
	if abs, err := filepath.Abs(pos.File); err == nil && pos.File != "" {
		pos.File = abs
	}
	return fmt.Sprintf("%s %s at %s", s.Prim.Name, branch, pos)
}

// RuleParts names every part of a ruleset that coverage counts: actions,
// triggers (ruleset and card), checks and keywords.
func RuleParts(rs *model.Ruleset) []string {
	var out []string
	for _, a := range rs.Actions {
		out = append(out, "action "+a.Name)
	}
	for _, t := range rs.Triggers {
		out = append(out, t.Coverage)
	}
	for _, d := range rs.Cards {
		for _, t := range d.Triggers {
			out = append(out, t.Coverage)
		}
		for _, f := range d.Faces {
			for _, t := range f.Triggers {
				out = append(out, t.Coverage)
			}
		}
	}
	for _, c := range rs.Checks {
		out = append(out, "check "+c.Name)
	}
	for _, ph := range rs.Phases {
		out = append(out, "phase "+ph.Name)
	}
	for _, k := range rs.Keywords {
		out = append(out, "keyword "+k)
	}
	return out
}

// coverPhase counts, for coverage, a phase entered or skipped, and the way
// its skip_if went when it has one.
func (g *machine) coverPhase(ph *model.Phase, skip bool) {
	if !skip {
		g.Coverage["phase "+ph.Name]++
	}
	if ph.Skip == nil && ph.TurnSkip == nil {
		return
	}
	if skip {
		g.Coverage["phase "+ph.Name+" skipped"]++
	} else {
		g.Coverage["phase "+ph.Name+" not skipped"]++
	}
}

// BranchParts names every branch that coverage counts: both ways of each if
// (a missing else too: the way that does nothing), each option of each
// choice (at its own line), wherever they
// are written (a step reused through a YAML alias counts once), and both
// ways of each phase that may be skipped.
func BranchParts(rs *model.Ruleset) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, ph := range rs.Phases {
		if ph.Skip != nil || ph.TurnSkip != nil {
			// a phase that may be skipped: skipped, and entered
			add("phase " + ph.Name + " skipped")
			add("phase " + ph.Name + " not skipped")
		}
	}
	for _, prog := range rs.Programs {
		for _, s := range prog.Steps {
			if s.Prim == nil {
				continue
			}
			// a step of branches has each way, the one written out or
			// not: an if without else still goes the other way, doing
			// nothing, and a scenario that never sends it there tests
			// half of it
			branches := false
			for i, p := range s.Prim.Params {
				branches = branches || (p.Branch && s.Args[i].Set)
			}
			for i, p := range s.Prim.Params {
				a := &s.Args[i]
				switch {
				case p.Branch && branches:
					add(branchPart(s, p.Name))
				case p.Kind == model.PChoices:
					for i := range a.Choices {
						add(choicePart(s, i))
					}
				}
			}
		}
	}
	return out
}

// saidWhere is " (frontline 1)" when an action's option named where its
// card lies (model.PlaceLabels: alike cards in several places), so that the
// log says which of them acted, as the option did; "" otherwise.
func (g *machine) saidWhere(o state.Option) string {
	if o.Card < 0 {
		return ""
	}
	if where := g.PlaceName(o.Card); where != "" && strings.HasSuffix(o.Label, " ("+where+")") {
		return " (" + where + ")"
	}
	return ""
}
