package lint

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Check runs the checks that need the whole ruleset, once it is loaded and
// compiled: actions no window offers, steps that can never run, phases that
// are always skipped or unknown, cards no action can take, events nothing
// raises or hears, card text that disagrees with the card.
func Check(rs *model.Ruleset) []diag.Diagnostic {
	c := &checker{Rs: rs}
	c.semantic()
	return c.diags
}

type checker struct {
	Rs    *model.Ruleset
	diags []diag.Diagnostic
}

func (c *checker) semantic() {
	rs := c.Rs
	if rs.Name == "" {
		return
	}
	used := map[int]bool{}
	for _, p := range rs.Programs {
		for _, s := range p.Steps {
			if s.Prim == model.ContinueAction {
				continue // it continues an action taken, it offers none
			}
			for _, a := range s.Args {
				for _, ix := range a.Actions {
					used[ix] = true
				}
			}
		}
	}
	for _, a := range rs.Actions {
		if !used[a.Index] {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unused-action", Pos: a.Pos, Path: "actions." + a.Name, Message: fmt.Sprintf("action %q is never offered: no window lists it", a.Name)})
		}
	}
	// two cards of one name: players tell cards apart by their names, in
	// options, logs and boards (a name worked out from a card's properties
	// is the card's own, and is not compared)
	named := map[string]*model.CardDef{}
	for _, d := range rs.Cards {
		if d.NameTmpl != nil {
			continue
		}
		if first, ok := named[d.Name]; ok {
			c.diags = append(c.diags, diag.Diagnostic{Code: "duplicate-card-name", Pos: d.Pos, Path: "cards." + d.ID, Message: fmt.Sprintf("card %q has the name of card %q (%s), %q: players tell cards apart by their names; give each its own", d.ID, first.ID, first.Pos, d.Name)})
			continue
		}
		named[d.Name] = d
	}
	// steps that can never run: after a step that ends the game
	for _, p := range rs.Programs {
		for i, st := range p.Steps {
			if st.Prim.EndsGame && i+1 < len(p.Steps) {
				next := p.Steps[i+1]
				c.diags = append(c.diags, diag.Diagnostic{Code: "unreachable-step", Pos: next.Pos, Message: fmt.Sprintf("this step never runs: the %s before it ends the game", st.Prim.Name)})
				break
			}
			for j, pp := range st.Prim.Params {
				if cond := st.Args[j].Expr; pp.Decides && cond != nil && (cond.Src == "false" || cond.Src == "true") {
					c.diags = append(c.diags, diag.Diagnostic{Code: "unreachable-step", Pos: cond.Pos, Message: fmt.Sprintf("the condition is always %s, so one branch never runs", cond.Src)})
				}
			}
		}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			for i, pp := range st.Prim.Params {
				if pp.Kind == model.PPhase && st.Args[i].Set && rs.PhaseIndex(st.Args[i].Text) < 0 {
					var names []string
					for _, ph := range rs.Phases {
						names = append(names, ph.Name)
					}
					c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-phase", Pos: st.Args[i].Pos, Message: fmt.Sprintf("unknown phase %q%s", st.Args[i].Text, diag.DidYouMean(st.Args[i].Text, names))})
				}
			}
		}
	}
	for _, ph := range rs.Phases {
		if ph.Skip != nil && ph.Skip.Src == "true" {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unreachable-phase", Pos: ph.Skip.Pos, Message: fmt.Sprintf("phase %q is always skipped", ph.Name)})
		}
	}
	if rs.MaxPlayers == 1 && !rs.Together {
		c.diags = append(c.diags, diag.Diagnostic{Code: "alone-not-together", Pos: rs.PlayersPos, Path: "players",
			Message: "a game of one player that is not together: true ends as a draw when the player loses (nobody is left to win), and its lose reasons are not told: write players: {min: 1, max: 1, together: true} for a game against the game"})
	}
	c.unplayable()
	c.events()
	c.cardTexts()
	c.hiddenPlays()
	c.unseenFilters()
	c.activeInLoops()
}

// activeInLoops warns about a step whose player defaults to the active
// player, written without one in steps run for each player in turn with
// `you` bound to that player (for_each_player's do): the steps beside it
// that choose (choose_card, ...) default to you, and asking the active
// player each time is rarely what the loop means.
func (c *checker) activeInLoops() {
	rs := c.Rs
	var bodies []int
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			for i, pp := range st.Prim.Params {
				if pp.RebindsYou && i < len(st.Args) && st.Args[i].Set {
					bodies = append(bodies, st.Args[i].Prog)
				}
			}
		}
	}
	rs.WalkSteps(func(st *model.Step) {
		for i, pp := range st.Prim.Params {
			if i >= len(st.Args) {
				break
			}
			// the one who is asked (act's player), not a window's first
			// speaker, which asks every player in turn
			if a := &st.Args[i]; pp.Kind == model.PExpr && pp.Type == model.TPlayer && pp.Name == "player" && pp.Default == "active" && (!a.Set || a.Defaulted) {
				c.diags = append(c.diags, diag.Diagnostic{Code: "active-in-loop", Pos: st.Pos,
					Message: fmt.Sprintf("%s asks the active player when no %s is written, not the player of the loop it runs in (you): write %s: you to ask each player in turn, or %s: active to keep the active player", st.Prim.Name, pp.Name, pp.Name, pp.Name)})
			}
		}
	}, bodies...)
}

// hiddenPlays warns about an action that takes its card from a zone the
// other players do not see and does not say whether it shows the card: its
// line reads "p1: play a card" to them, which is right for a card played
// face down and wrong for one played for all to see.
func (c *checker) hiddenPlays() {
	for _, a := range c.Rs.Actions {
		if a.Source < 0 || a.RevealSet || c.Rs.Zones[a.Source].Visibility == model.Public || c.Rs.Zones[a.Source].Visibility == model.Others {
			continue
		}
		z := c.Rs.Zones[a.Source].Name
		c.diags = append(c.diags, diag.Diagnostic{Code: "hidden-play", Pos: a.Pos, Path: "actions." + a.Name,
			Message: fmt.Sprintf("action %q takes a card from %s, which the other players do not see, and does not say whether they see it played: write reveal: true to show it as it is played, or reveal: false to keep it hidden (a card played face down)", a.Name, z)})
	}
}

// unseenFilters warns about an action that takes its card from a zone
// where its player does not see their own cards (hidden, held facing out,
// face down where nobody may look) and whose filter or condition reads the
// cards' properties: the options offered then tell the player what they
// may not see ("play a card" offered for two cards of five says which two
// are red). Games of hidden hands mean such an action to be offered for
// every card, its outcome depending on the card.
func (c *checker) unseenFilters() {
	rs := c.Rs
	// what cards are: their properties, and their names, ids, keywords
	// and faces (the cards' own fields)
	props := model.ReadsCardFields
	for i := range rs.CardProps {
		props |= rs.CardPropReads(i)
	}
	// bits a zone or a player or game property shares with a card property
	// (a ruleset of more parts than bits) say nothing about cards
	for k := range rs.Zones {
		props &^= rs.ZoneReads(k)
	}
	for i := range rs.PlayerProps {
		props &^= rs.PlayerPropReads(i)
	}
	for i := range rs.GameProps {
		props &^= rs.GamePropReads(i)
	}
	// what cards are, for a choice: the properties that are no public
	// state of the card where it lies (reset_on_move). The cards' own
	// fields are left out: their bit holds whether a card is face down and
	// whose it is too, which every seat sees (filter(you.pool, not
	// .face_down) offers the cards shown)
	var what model.ReadSet
	for i := range rs.CardProps {
		if !rs.CardProps[i].ResetOnMove {
			what |= rs.CardPropReads(i)
		}
	}
	c.unseenChoices(what &^ model.ReadsCardFields & props)
	for _, a := range rs.Actions {
		if a.Source < 0 {
			continue
		}
		z := &rs.Zones[a.Source]
		unseen := z.Visibility == model.Hidden || z.Visibility == model.Others || z.FaceDown && z.Blind
		if !unseen {
			continue
		}
		for i, e := range []*model.Expr{a.Filter, a.Condition} {
			if e == nil || e.Reads&props == 0 || e.Reads&model.ReadsAnything != 0 {
				continue
			}
			what := [...]string{"filter", "condition"}[i]
			c.diags = append(c.diags, diag.Diagnostic{Code: "unseen-filter", Pos: e.Pos, Path: "actions." + a.Name,
				Message: fmt.Sprintf("action %q offers cards of %s, which their player does not see, and its %s reads what cards are (properties, names, keywords): if they are the cards offered, the options tell the player which cards pass (offer every card, and let the effect judge the card played)", a.Name, z.Name, what)})
		}
	}
}

// unseenChoices warns about a choice whose candidates (choose_card's
// cards), or whose options' conditions (choose's ifs), read what cards are
// in a zone of the chooser's own that the chooser does not see: which
// options are offered tells them ("a card" offered for the two red cards
// of a hand held facing out, "red" left out when they hold no red card).
// Only a chooser who is the step's you is judged: whose zone another
// chooser reads, the load cannot tell.
func (c *checker) unseenChoices(props model.ReadSet) {
	rs := c.Rs
	if props == 0 {
		return
	}
	var unseen model.ReadSet
	var names []string
	for k, z := range rs.Zones {
		if z.PerPlayer && (z.Visibility == model.Hidden || z.Visibility == model.Others || z.FaceDown && z.Blind) {
			unseen |= rs.ZoneReads(k)
			names = append(names, z.Name)
		}
	}
	if unseen == 0 {
		return
	}
	leaks := func(e *model.Expr) bool {
		return e != nil && e.OwnReads&unseen != 0 && e.Reads&props != 0 && e.Reads&model.ReadsAnything == 0
	}
	warn := func(pos diag.Pos, path, what string) {
		c.diags = append(c.diags, diag.Diagnostic{Code: "unseen-filter", Pos: pos, Path: path,
			Message: fmt.Sprintf("%s reads properties of cards in a zone of the chooser's own that the chooser does not see (%s): which options are offered tells them (offer every card, or every option, and let the steps after judge them; or show the chooser the cards first, look)", what, diag.JoinNames(names))})
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			if st.Prim == nil {
				continue
			}
			other := false
			for i, pp := range st.Prim.Params {
				if pp.Chooser && st.Args[i].Set && (st.Args[i].Expr == nil || strings.TrimSpace(st.Args[i].Expr.Src) != "you") {
					other = true // chooser: you is the default, written out
				}
			}
			if other {
				continue
			}
			for i, pp := range st.Prim.Params {
				a := st.Args[i]
				switch {
				case pp.Offers && leaks(a.Expr):
					warn(a.Expr.Pos, st.Prim.Name, fmt.Sprintf("%s's %s", st.Prim.Name, pp.Name))
				case pp.Kind == model.PChoices:
					for _, ch := range a.Choices {
						if leaks(ch.If) {
							warn(ch.If.Pos, st.Prim.Name, fmt.Sprintf("the if of %s's option %q", st.Prim.Name, ch.Label))
						}
					}
				}
			}
		}
	}
}

// events warns about a trigger that listens to an event nothing raises (it
// can never run: a misspelled name, most likely) and about a custom event
// raised that no trigger listens to (it does nothing).
func (c *checker) events() {
	rs := c.Rs
	emitted := map[string]diag.Pos{}
	var order []string
	for _, e := range model.BuiltinEvents {
		emitted[e.Name] = diag.Pos{}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			a, ok := st.EmittedEvent()
			if !ok {
				continue
			}
			if _, seen := emitted[a.Text]; !seen && a.Text != "" {
				pos := a.Pos
				if pos.Line == 0 {
					pos = st.Pos
				}
				emitted[a.Text] = pos
				order = append(order, a.Text)
			}
		}
	}
	heard := map[string]bool{}
	all := append([]*model.Trigger(nil), rs.Triggers...)
	for _, d := range rs.Cards {
		all = append(all, d.Triggers...)
		for _, f := range d.Faces {
			all = append(all, f.Triggers...)
		}
	}
	names := diag.KeysOf(emitted)
	for _, t := range all {
		heard[t.Event] = true
		if _, ok := emitted[t.Event]; ok || t.Event == "" {
			continue
		}
		pos := t.EventPos
		if pos.Line == 0 {
			pos = t.Pos
		}
		c.diags = append(c.diags, diag.Diagnostic{Code: "unemitted-event", Pos: pos,
			Message: fmt.Sprintf("no trigger can run on %q: nothing emits it%s", t.Event, diag.DidYouMeanOr(t.Event, names, "events this ruleset raises"))})
	}
	for _, e := range order {
		if !heard[e] {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unheard-event", Pos: emitted[e],
				Message: fmt.Sprintf("the event %q is emitted, but no trigger listens to it", e)})
		}
	}
}

// unplayable warns about cards that no action can take: every action that
// picks its card from a zone rejects the card by a filter that depends on
// the card alone. A card of the game's own decks only (a deck the rules
// deal, which no player plays) is the rules' to move, and one that every
// action rejects with a filter_why was expected to be rejected (a card
// that is only given or paid, never played): neither is warned of.
func (c *checker) unplayable() {
	rs := c.Rs
	var sourced []*model.Action
	for _, a := range rs.Actions {
		if a.Source >= 0 {
			sourced = append(sourced, a)
		}
	}
	if len(sourced) == 0 || len(rs.Cards) == 0 {
		return
	}
	for _, a := range sourced {
		if a.Filter == nil || !a.Filter.ReadsCardAlone() {
			return // some action may take any card
		}
	}
	// the cards some deck a player plays holds, when the ruleset has decks
	var played map[int]bool
	if len(rs.Decks) > 0 {
		played = map[int]bool{}
		for i, dk := range rs.Decks {
			if !rs.PlayerDeck(i) {
				continue
			}
			for _, e := range dk.Entries {
				played[e.Def] = true
			}
		}
	}
	g := model.EmptyGame(rs)
	for _, d := range rs.Cards {
		if played != nil && !played[d.Index] && c.inSomeDeck(d.Index) {
			continue // the game's own, dealt and moved by its rules
		}
		zi := g.ZoneInst(sourced[0].Source, 0)
		cidx := g.AddCard(d.Index, 0, zi)
		g.S.Zones[zi].Cards = append(g.S.Zones[zi].Cards, cidx)
		// playable by some action, or refused by every one with its reason
		playable, explained := false, true
		for _, a := range sourced {
			f := state.Frame{Card: state.CardRef(cidx), This: state.CardRef(cidx), Event: state.Event{Card: state.NoCard, Source: state.NoCard}}
			ok, err := g.EvalBool(a.Filter, &f)
			if err != nil || ok {
				playable = true
				break
			}
			explained = explained && a.FilterWhy != ""
		}
		playable = playable || explained
		if !playable {
			c.diags = append(c.diags, diag.Diagnostic{Code: "unplayable-card", Pos: d.Pos, Path: "cards." + d.ID, Message: fmt.Sprintf("card %q can never be played: the filter of every action that takes a card rejects it", d.ID)})
		}
	}
}

// A card's written text is checked against the card: a number the text says
// for a property must be the card's value, every keyword of the card must be
// named in it, and a keyword line must name only keywords the card has.
//
// The text is read as clauses, the pieces between punctuation (. , ; : ! ?
// brackets, slashes, dashes standing alone, line breaks). A property is named
// by its label or its name (underscores as spaces), in any case; it says a
// number when a clause begins with the name followed by a whole number, or a
// whole number followed by the name, and ends there ("Power 2", "cost: 3",
// "2 power"; "and" also joins such clauses: "power 2 and defense 3"). So
// "gets +2 power", "with power 2 or less" and "deals 3 damage to it" say no
// value of the card. A keyword is named by its name, as words or as written
// (double strike, double_strike); a keyword line is a clause that is nothing
// but keywords, each perhaps with a number, joined by "and" ("Fast.",
// "Armored 1.", "flying and trample"). A remark in brackets says neither
// ("Aces are high (rank 14)"), though it may name a keyword. Only int
// properties that are no bookkeeping (internal) and no state of a card in
// play (reset_on_move) are checked, and not on a card whose name is made from
// its properties: it stands for many cards, whose values are set as they are
// made. A card without written text is not checked. What card_text writes
// need not be written again (a keyword it writes need not be named in the
// text), but a written value or keyword line that disagrees with the card is
// warned all the same.

// cardFacts is what a card's text is checked against.
type cardFacts struct {
	Props    []factProp
	Keywords []factKeyword
}

type factProp struct {
	Name  string
	Words [][]string // the label and the name, as lower-case words
	Value int64
}

type factKeyword struct {
	Name  string
	Words [][]string
	Has   bool
}

// textToken is a word, a number or a piece of punctuation of a text.
type textToken struct {
	low        string // lower case
	sep        bool
	start, end int // byte offsets in the text
}

func (t textToken) number() (int64, bool) {
	if t.sep || t.low == "" || len(t.low) > 9 {
		return 0, false
	}
	var n int64
	for _, r := range t.low {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int64(r-'0')
	}
	return n, true
}

// textTokens splits a text into words and punctuation. A word is a run of
// letters, digits, underscores, apostrophes, + and - ("+2", "11+" and "1-2"
// are words, not numbers); quotes and spaces only separate words.
func textTokens(s string) []textToken {
	out := make([]textToken, 0, len(s)/5+1) // about a word every five bytes
	inWord := func(r rune) bool {
		return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '\'' || r == '’' || r == '+' || r == '-'
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case inWord(r):
			j := i
			for j < len(s) {
				r2, n := utf8.DecodeRuneInString(s[j:])
				if !inWord(r2) {
					break
				}
				j += n
			}
			w := s[i:j]
			if strings.Trim(w, "+-'’") == "" {
				out = append(out, textToken{low: w, sep: true, start: i, end: j}) // a dash standing alone
			} else {
				out = append(out, textToken{low: strings.ToLower(w), start: i, end: j})
			}
			i = j
		case strings.ContainsRune(".,;:!?()[]{}/|—–…\n", r):
			out = append(out, textToken{low: s[i : i+size], sep: true, start: i, end: i + size})
			i += size
		default:
			i += size
		}
	}
	return out
}

// phraseAt reports how many tokens from i spell one of the phrases (the
// longest), or 0.
func phraseAt(toks []textToken, i int, phrases [][]string) int {
	best := 0
	for _, ph := range phrases {
		if len(ph) <= best || i+len(ph) > len(toks) {
			continue
		}
		ok := true
		for k, w := range ph {
			if toks[i+k].sep || toks[i+k].low != w {
				ok = false
				break
			}
		}
		if ok {
			best = len(ph)
		}
	}
	return best
}

// textPhrases are the ways a text may name something: each name as
// lower-case words.
func textPhrases(names ...string) [][]string {
	var out [][]string
	seen := map[string]bool{}
	for _, n := range names {
		for _, v := range []string{n, strings.ReplaceAll(n, "_", " "), strings.ReplaceAll(n, "_", "-")} {
			var words []string
			for _, t := range textTokens(v) {
				if !t.sep {
					words = append(words, t.low)
				}
			}
			key := strings.Join(words, " ")
			if len(words) > 0 && !seen[key] {
				seen[key] = true
				out = append(out, words)
			}
		}
	}
	return out
}

// textDisagreements returns what one text says that disagrees with the
// facts, in the order it says it; missing keywords come last.
func textDisagreements(text string, f *cardFacts) []string {
	out, mentioned := readCardText(text, f)
	for k, kw := range f.Keywords {
		if kw.Has && !mentioned[k] {
			out = append(out, missingKeyword(kw.Name))
		}
	}
	return out
}

func missingKeyword(name string) string {
	return fmt.Sprintf("the text does not mention the keyword %q, which the card has", name)
}

// readCardText checks the numbers and keyword lines of a text; it returns
// the disagreements and which keywords the text mentions anywhere.
func readCardText(text string, f *cardFacts) ([]string, []bool) {
	toks := textTokens(text)
	var out []string
	said := func(a, b int) string { return text[toks[a].start:toks[b].end] }
	isAnd := func(i int) bool { return i >= 0 && i < len(toks) && !toks[i].sep && toks[i].low == "and" }
	clauseStart := func(i int) bool { return i == 0 || toks[i-1].sep || isAnd(i-1) }
	clauseEnd := func(i int) bool { return i >= len(toks) || toks[i].sep || isAnd(i) }
	// a remark in brackets says nothing of the card's own values or keywords
	remark := make([]bool, len(toks))
	depth := 0
	for i, t := range toks {
		switch t.low {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth = max(depth-1, 0)
		}
		remark[i] = depth > 0
	}
	used := make([]bool, len(toks)) // numbers already read with a name
	for i := range toks {
		if remark[i] || !clauseStart(i) {
			continue
		}
		for _, p := range f.Props {
			// the name, then the number
			if n := phraseAt(toks, i, p.Words); n > 0 {
				j := i + n
				if j < len(toks) && toks[j].low == ":" {
					j++
				}
				if j < len(toks) && !used[j] && clauseEnd(j+1) {
					if v, ok := toks[j].number(); ok {
						used[j] = true
						if v != p.Value {
							out = append(out, fmt.Sprintf("the text says %q, but the card's %s is %d", said(i, j), p.Name, p.Value))
						}
						break
					}
				}
			}
			// the number, then the name
			if v, ok := toks[i].number(); ok && !used[i] {
				if n := phraseAt(toks, i+1, p.Words); n > 0 && clauseEnd(i+1+n) {
					used[i] = true
					if v != p.Value {
						out = append(out, fmt.Sprintf("the text says %q, but the card's %s is %d", said(i, i+n), p.Name, p.Value))
					}
					break
				}
			}
		}
	}
	// keyword lines: clauses of keywords alone
	for i := 0; i < len(toks); {
		if toks[i].sep || remark[i] {
			i++
			continue
		}
		j := i
		for j < len(toks) && !toks[j].sep {
			j++
		}
		var claims []int
		var at [][2]int
		k := i
		for k < j {
			if len(claims) > 0 {
				if !isAnd(k) {
					break
				}
				k++
			}
			best, which := 0, -1
			for x, kw := range f.Keywords {
				if n := phraseAt(toks[:j], k, kw.Words); n > best {
					best, which = n, x
				}
			}
			if which < 0 {
				break
			}
			end := k + best
			if end < j {
				if _, ok := toks[end].number(); ok {
					end++
				}
			}
			claims = append(claims, which)
			at = append(at, [2]int{k, end - 1})
			k = end
		}
		if k == j && len(claims) > 0 {
			for x, w := range claims {
				if !f.Keywords[w].Has {
					out = append(out, fmt.Sprintf("the text says %q, a keyword the card does not have", said(at[x][0], at[x][1])))
				}
			}
		}
		i = j
	}
	mentioned := make([]bool, len(f.Keywords))
	for x, kw := range f.Keywords {
		for i := range toks {
			if phraseAt(toks, i, kw.Words) > 0 {
				mentioned[x] = true
				break
			}
		}
	}
	return out, mentioned
}

// cardTexts warns where a card's written text disagrees with the card (see
// above).
func (c *checker) cardTexts() {
	rs := c.Rs
	ct := rs.CardText
	var props []int
	for i, p := range rs.CardProps {
		if p.Type == model.TInt && !p.Internal && !p.ResetOnMove {
			props = append(props, i)
		}
	}
	// what card_text writes need not be written again, but a written text
	// that says otherwise (Cost 5 beside its Cost 6) is still a mistake
	requireKeywords := ct == nil || !ct.Keywords
	// the words that name each property and keyword, the same for every card
	propWords := make([][][]string, len(rs.CardProps))
	for _, i := range props {
		propWords[i] = textPhrases(rs.CardProps[i].Label, rs.CardProps[i].Name)
	}
	keywordWords := make([][][]string, len(rs.Keywords))
	for i, k := range rs.Keywords {
		keywordWords[i] = textPhrases(k)
	}
	facts := func(d *model.CardDef, face map[int]int64, props []int) *cardFacts {
		f := &cardFacts{}
		for _, i := range props {
			v := d.Props[i]
			if x, ok := face[i]; ok {
				v = x
			}
			f.Props = append(f.Props, factProp{Name: rs.CardProps[i].Name, Words: propWords[i], Value: v})
		}
		for i, k := range rs.Keywords {
			f.Keywords = append(f.Keywords, factKeyword{Name: k, Words: keywordWords[i], Has: d.Keywords&(1<<i) != 0})
		}
		return f
	}
	for _, d := range rs.Cards {
		props := props
		if d.NameTmpl != nil {
			props = nil // one definition for many cards: its values are set as they are made
		}
		type text struct {
			s     string
			pos   diag.Pos
			facts *cardFacts
			what  string
		}
		var texts []text
		if d.Text != "" {
			texts = append(texts, text{d.Text, d.TextPos, facts(d, nil, props), "the text"})
		}
		for i, fc := range d.Faces {
			if fc.Text != "" {
				texts = append(texts, text{fc.Text, fc.TextPos, facts(d, fc.Props, props), fmt.Sprintf("the text of face %d (%s)", i, fc.Name)})
			}
		}
		if len(texts) == 0 {
			continue
		}
		var mentioned []bool
		for _, t := range texts {
			msgs, m := readCardText(t.s, t.facts)
			for _, msg := range msgs {
				c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityOf("card-text"), Code: "card-text", Pos: t.pos, Path: "cards." + d.ID + ".text",
					Message: strings.Replace(msg, "the text", t.what, 1)})
			}
			if mentioned == nil {
				mentioned = m
			}
			for k := range m {
				mentioned[k] = mentioned[k] || m[k]
			}
		}
		for k, kw := range texts[0].facts.Keywords {
			if requireKeywords && kw.Has && !mentioned[k] {
				c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityOf("card-text"), Code: "card-text", Pos: texts[0].pos, Path: "cards." + d.ID + ".text",
					Message: missingKeyword(kw.Name)})
			}
		}
	}
}

// inSomeDeck reports whether some deck of the ruleset lists card definition i.
func (c *checker) inSomeDeck(i int) bool {
	for _, dk := range c.Rs.Decks {
		for _, e := range dk.Entries {
			if e.Def == i {
				return true
			}
		}
	}
	return false
}
