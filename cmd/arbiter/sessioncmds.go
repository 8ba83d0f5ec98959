// The commands a player can type at a question (help, look, card, why,
// undo, ...) and how a typed answer is read.

package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// command handles one line: a command, or an answer. It reports whether the
// decision was answered.
func (s *session) command(d *state.Decision, line string) (bool, error) {
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	seat := d.Player
	switch strings.ToLower(word) {
	case "help", "?", "rules", "look", "skip", "undo", "resign", "quit", "exit":
		if rest != "" {
			// a command of one word is that word alone: more is an answer
			// (a card named Resign Token is played, not a resignation)
			word = ""
		}
	}
	switch strings.ToLower(word) {
	case "help", "?":
		s.printf(`Answer with an option's number (several separated by spaces when more may
be chosen; none when nothing need be; 1=2 3=1 to divide an amount), or its
label, or the name of its card when no other option has it; several labels
are separated by commas (Knight, Knight, Archer). Commands:
  rules         the rules of the game: its goal, turn, terms
  look          the board as you see it
  card NAME     a card's text and properties
  log [N]       the last N lines of the log (default 20)
  why [N|NAME]  why an action is not offered
  skip          pass priority for the rest of this turn, until something new
                goes on the stack (in a game without one, until another
                player acts) or you are asked anything else; in your
                own turn, until you may do something you could not when
                you skipped (a main phase after the draw phase)
  undo          back to your previous decision (when you have learned nothing since)
  save FILE     save the game (resume with arbiter play --load FILE); the
                file holds every card, the hidden ones too
%s  quit          leave without saving
`, resignHelp(s.rs))
		return false, nil
	case "skip":
		pass := passOption(d)
		if d.Kind != state.DecideAction || pass < 0 {
			return false, fmt.Errorf("there is nothing to skip: this question cannot be passed; answer with one of its options (or type help)")
		}
		for len(s.skips) <= seat {
			s.skips = append(s.skips, skip{})
		}
		s.skips[seat] = skip{on: true, turn: s.g.Evaluator().S.Turn, stack: slices.Clone(s.g.Evaluator().S.Stack), open: s.permitted(d), logLen: len(s.g.Evaluator().S.Log)}
		if err := s.answer(seat, state.Answer{Picks: []int{pass}}); err != nil {
			return false, err
		}
		return true, nil
	case "rules":
		s.printf("%s", rulesText(s.rs))
		s.showDecision(d, false) // the question again, below the long text
		return false, nil
	case "look":
		s.header(seat)
		s.printf("%s", indent(view.For(s.g, seat).Summary()))
		s.showDecision(d, true)
		return false, nil
	case "card":
		return false, s.cardText(seat, unquoteName(rest))
	case "log":
		n := 20
		if rest != "" {
			x, err := strconv.Atoi(rest)
			if err != nil || x < 1 {
				return false, fmt.Errorf("log takes a number of lines, like log 10")
			}
			n = x
		}
		lines := view.LogText(s.g, seat, 0)
		if len(lines) > n {
			lines = lines[len(lines)-n:]
		}
		for _, l := range lines {
			s.printf("  %s\n", l)
		}
		return false, nil
	case "why":
		s.why(d, unquoteName(rest))
		return false, nil
	case "undo":
		return s.undoTo(seat)
	case "save":
		rest = typedPath(rest)
		if rest == "" {
			return false, fmt.Errorf("save needs a file name: save FILE")
		}
		abs, _ := filepath.Abs(rest)
		var last *[sha256.Size]byte
		if sum, ok := s.saved[abs]; ok {
			last = &sum
		}
		sum, err := saveGame(rest, s.g, s.seats, last)
		if err != nil {
			msg := err.Error()
			if hasControl(rest) {
				// the name as typed, an escape in it, is not played on
				// the terminal
				msg = strings.ReplaceAll(msg, rest, strconv.Quote(rest))
			}
			return false, fmt.Errorf("not saved: %s", msg)
		}
		if s.saved == nil {
			s.saved = map[string][sha256.Size]byte{}
		}
		s.saved[abs] = sum
		s.savedAt = len(s.g.Evaluator().S.History)
		if hasControl(rest) {
			// a name typed with an escape or a bell is shown quoted, not
			// played on the terminal
			s.printf("Saved to %q.\n", rest)
		} else {
			s.printf("Saved to %s.\n", rest)
		}
		return false, nil
	case "resign":
		if err := s.g.Resign(seat); err != nil {
			return s.resignEarlier(seat, err)
		}
		return true, nil
	case "quit", "exit":
		if s.unrecorded() && !s.quitWarned {
			// the game would be lost: said once, and the next quit leaves
			s.quitWarned = true
			s.printf("Nothing records this game (no replay log, no save since the last answer): save FILE keeps it; quit again to leave it unsaved.\n")
			return false, nil
		}
		s.quit = true
		s.printf("Left the game.\n")
		return true, nil
	}
	a, err := parseHumanAnswer(d, line)
	if err != nil {
		ix, ok, nameErr := scenario.CardNamed(s.g, d, line)
		if nameErr != nil {
			return false, nameErr
		}
		if !ok {
			if why := view.WhyNotOffered(s.g, d, line); why != "" {
				return false, fmt.Errorf("%s", why)
			}
			return false, err
		}
		a = state.Answer{Picks: []int{ix}}
	}
	if err := s.answer(seat, a); err != nil {
		return false, badAnswer{fmt.Errorf("refused: %v", err)}
	}
	return true, nil
}

// badAnswer is an answer the rules refused (not a typo, whose message
// says what the options are): the question is shown again after it.
type badAnswer struct{ error }

// resignEarlier explains a resignation the rules refuse now (err) when
// the seat could have resigned in a turn of theirs that the engine played
// without asking them (a turn with nothing to choose). The game is not
// taken back to that moment: the answers given since, and the replay log
// written with them, stand.
func (s *session) resignEarlier(seat int, err error) (bool, error) {
	// the engine keeps no moment in a turn that asked the seat anything
	at, ok := s.g.ResignPoint(seat)
	if !ok {
		return false, err
	}
	return false, fmt.Errorf("%v (turn %d, which the rules let you resign in, asked you nothing and was played for you; resign at a question of your next such turn, or quit to leave the game unfinished)", err, at.Turn)
}

// unquoteName is a name typed in quotes, plain or typographic ("Fire",
// “Fire”), without them: a command's argument is the name alone.
func unquoteName(s string) string {
	for _, q := range [][2]string{{`"`, `"`}, {"'", "'"}, {"\u201c", "\u201d"}, {"\u2018", "\u2019"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			return strings.TrimSpace(s[len(q[0]) : len(s)-len(q[1])])
		}
	}
	return s
}

func parseHumanAnswer(d *state.Decision, line string) (state.Answer, error) {
	fields := strings.Fields(line)
	switch d.Kind {
	case state.DecideNumber:
		n, err := strconv.Atoi(line)
		if err != nil {
			return state.Answer{}, fmt.Errorf("answer with %s (or type help)", d.NumberRange())
		}
		return state.Answer{Number: n}, nil
	case state.DecideAssign:
		amounts := make([]int, len(d.Options))
		given := make([]bool, len(d.Options))
		if strings.EqualFold(line, "none") {
			return state.Answer{Amount: amounts}, nil // every item to none
		}
		for _, f := range fields {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				return state.Answer{}, fmt.Errorf("assign with item=target pairs, like 1=2 2=1, or none to assign nothing (or type help)")
			}
			i, err1 := strconv.Atoi(k)
			t, err2 := strconv.Atoi(v)
			if strings.EqualFold(v, "none") {
				t, err2 = 0, nil // an item to none, in words or as 0 (as the refusals' hint says)
			} else if err2 == nil && t < 0 {
				err2 = errNoTarget
			}
			if err1 != nil || err2 != nil || i < 1 || i > len(d.Options) {
				return state.Answer{}, fmt.Errorf("%q is not item=target (items 1 to %d, targets 1 to %d, or none or 0)", f, len(d.Options), len(d.Targets))
			}
			if given[i-1] {
				return state.Answer{}, fmt.Errorf("item %d is given twice; give each item once", i)
			}
			given[i-1] = true
			amounts[i-1] = t
		}
		return state.Answer{Amount: amounts}, nil
	case state.DecideDistribute:
		amounts := make([]int, len(d.Options))
		given := make([]bool, len(d.Options))
		for _, f := range fields {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				return state.Answer{}, fmt.Errorf("divide with option=amount pairs, like 1=2 2=1 (or type help)")
			}
			i, err := strconv.Atoi(k)
			if err != nil || i < 1 || i > len(d.Options) {
				ix, ferr := scenario.FindOption(d, k)
				if ferr != nil {
					return state.Answer{}, fmt.Errorf("there is no option %q", k)
				}
				i = ix + 1
			}
			n, err := strconv.Atoi(v)
			if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(v, "-") {
				return state.Answer{}, fmt.Errorf("%s is more than the %d to divide", v, d.Total)
			}
			if err != nil {
				return state.Answer{}, fmt.Errorf("%q is not an amount", v)
			}
			if given[i-1] {
				return state.Answer{}, fmt.Errorf("option %d is given twice; give each option once", i)
			}
			given[i-1] = true
			amounts[i-1] = n
		}
		return state.Answer{Amount: amounts}, nil
	}
	if d.Min == 0 && strings.EqualFold(line, "none") {
		if _, err := scenario.FindOption(d, line); err != nil { // unless an option is called none
			return state.Answer{Picks: []int{}}, nil
		}
	}
	var picks []int
	allNumbers := true
	for _, f := range fields {
		if _, err := strconv.Atoi(f); err != nil {
			// words among the numbers: a label or a card's name (9 of
			// clubs), not option 9
			allNumbers = false
			break
		}
	}
	for _, f := range fields {
		if !allNumbers {
			break
		}
		n, _ := strconv.Atoi(f)
		if n < 1 || n > len(d.Options) {
			if d.Min == 0 && d.Kind != state.DecideAction {
				// a choice that may be declined: say how
				return state.Answer{}, fmt.Errorf("there is no option %d; choose 1 to %d, or none to choose nothing (or type help)", n, len(d.Options))
			}
			return state.Answer{}, fmt.Errorf("there is no option %d; choose 1 to %d (or type help)", n, len(d.Options))
		}
		for i, o := range d.Options {
			if i != n-1 && strings.TrimSpace(o.Label) == f {
				// a label that is a number: a scenario's "4" is the label,
				// the prompt's 4 the fourth option; neither is guessed
				return state.Answer{}, fmt.Errorf("%s is ambiguous here: option %d is %q, and option %d is labelled %s; answer #%d or #%d", f, n, d.Options[n-1].Label, i+1, f, n, i+1)
			}
		}
		picks = append(picks, n-1)
	}
	if !allNumbers {
		ix, err := scenario.FindOption(d, line)
		if err == nil {
			return state.Answer{Picks: []int{ix}}, nil
		}
		if strings.HasPrefix(strings.TrimSpace(line), "#") && !strings.Contains(line, ",") {
			// #N out of range, or # with no number: FindOption says which
			return state.Answer{}, fmt.Errorf("%v (or type help)", err)
		}
		if d.Max > 1 && strings.Contains(line, ",") {
			// several options by label, as a scenario lists them:
			// Lightning, Lightning, Grass
			labels := strings.Split(line, ",")
			picks, lerr := scenario.PickLabels(d, labels)
			if lerr != nil {
				return state.Answer{}, fmt.Errorf("%v (or type help)", lerr)
			}
			return state.Answer{Picks: picks}, nil
		}
		return state.Answer{}, fmt.Errorf("%q is neither an option nor a command (type help)", clip(line))
	}
	return state.Answer{Picks: picks}, nil
}

func (s *session) cardText(seat int, name string) error {
	if name == "" {
		return fmt.Errorf("card needs a name: card NAME")
	}
	if d := cardDefNamed(s.rs, name); d != nil {
		s.printf("%s\n", describeCard(s.rs, d))
		return nil
	}
	// a card whose name is made from its properties ("{card.rank} of
	// {card.suit}") is found among the cards of the game the seat knows,
	// by the name it has now, and shown with its own values
	e := s.g.Evaluator()
	for c := range e.S.Cards {
		if e.Knows(seat, c) && model.SameName(s.g.CardLabel(c, seat), name) {
			d := *e.CardDefOf(c)
			d.Name = s.g.CardLabel(c, seat)
			d.Props = make([]int64, len(s.rs.CardProps))
			d.Written = nil
			for i := range d.Props {
				d.Props[i] = e.CardProp(c, i)
				d.Written = append(d.Written, i)
			}
			// its text as card_text writes it for its own values
			if lines, err := load.CardTextLines(s.rs, &d, d.Props); err == nil && lines != nil {
				d.Lines = lines
			}
			s.printf("%s\n", describeCard(s.rs, &d))
			return nil
		}
	}
	var names []string
	made := false // some card's name is made from its properties
	for _, d := range s.rs.Cards {
		names = append(names, d.Name)
		made = made || strings.Contains(d.Name, "{")
	}
	if made {
		return fmt.Errorf("no card %q; the cards are named like %s: in a game, by the name a card you know has", name, strings.Join(names, ", "))
	}
	// the names that hold the words written (snare: Spell Snare, Snare
	// Field), else every name
	var near []string
	for _, n := range names {
		if strings.Contains(strings.ToLower(n), strings.ToLower(strings.TrimSpace(name))) {
			near = append(near, n)
		}
	}
	if len(near) > 0 {
		return fmt.Errorf("no card %q; did you mean %s?", name, strings.Join(near, " or "))
	}
	return fmt.Errorf("no card %q; the cards are %s", name, strings.Join(names, ", "))
}

// cardDefNamed finds a card of a ruleset by its name or id, or by the
// name of one of its faces (one part of a two-part card), which gives the
// whole card, every face included; nil when none has it.
func cardDefNamed(rs *model.Ruleset, name string) *model.CardDef {
	for _, d := range rs.Cards {
		if model.SameName(d.Name, name) || model.SameName(d.ID, name) {
			return d
		}
	}
	for _, d := range rs.Cards {
		for _, f := range d.Faces {
			if model.SameName(f.Name, name) {
				return d
			}
		}
	}
	return nil
}

func describeCard(rs *model.Ruleset, d *model.CardDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n", d.Name, d.ID)
	for i, p := range rs.CardProps {
		v := d.Props[i]
		if (v == p.Default && !slices.Contains(d.Written, i)) || p.Internal {
			continue // a default the card does not set says nothing about it; bookkeeping is no trait
		}
		switch p.Type {
		case model.TString:
			fmt.Fprintf(&b, "  %s: %s\n", p.Name, rs.Symbol(v))
		case model.TBool:
			fmt.Fprintf(&b, "  %s: %v\n", p.Name, v != 0)
		case model.TInt:
			fmt.Fprintf(&b, "  %s: %d\n", p.Name, v)
		case model.TStrings:
			fmt.Fprintf(&b, "  %s: %s\n", p.Name, strings.Join(p.NamesList(v), ", "))
		}
	}
	var kws []string
	for i, k := range rs.Keywords {
		if d.Keywords&(1<<i) != 0 {
			kws = append(kws, k)
		}
	}
	if len(kws) > 0 {
		fmt.Fprintf(&b, "  keywords: %s\n", strings.Join(kws, ", "))
	}
	if t := d.FullText(); t != "" {
		fmt.Fprintf(&b, "  %s\n", t)
	}
	for i, f := range d.Faces {
		fmt.Fprintf(&b, "  face %d: %s — %s\n", i, f.Name, f.FullText())
	}
	for _, q := range cardQuestions(rs, d) {
		fmt.Fprintf(&b, "  asks: %s\n", q)
	}
	return strings.TrimRight(b.String(), "\n")
}

// cardQuestions lists what a card's effects ask: each choice among
// labelled options as its prompt and its options' labels as written (the
// words a player, or a scenario's step, answers with, which the card's
// text may word otherwise), and the prompt of each choice of cards,
// players or a number, as arbiter rules lists a phase's.
func cardQuestions(rs *model.Ruleset, d *model.CardDef) []string {
	var progs []int
	for _, t := range d.Triggers {
		progs = append(progs, t.Effect)
	}
	for _, f := range d.Faces {
		for _, t := range f.Triggers {
			progs = append(progs, t.Effect)
		}
	}
	return programAsks(rs, true, progs...)
}

// programAsks lists the choices among labelled options the programs ask,
// and the programs they run, as cardQuestions says them; with prompts, also
// the prompt of each choice of cards, players or a number (answered with a
// card's name, not a label): what a card, a phase or the setup asks.
func programAsks(rs *model.Ruleset, prompts bool, progs ...int) []string {
	var out []string
	rs.WalkSteps(func(st *model.Step) {
		prompt := ""
		written := false // the prompt is the ruleset's, not the step's default
		var labels, acts []string
		pass := ""
		for i, p := range st.Prim.Params {
			if i >= len(st.Args) {
				break
			}
			arg := &st.Args[i]
			switch {
			case p.Kind == model.PAction:
				for _, ix := range arg.Actions {
					if a := rs.Actions[ix]; a.Label != "" {
						acts = append(acts, actionName(a.Label))
					} else {
						acts = append(acts, a.Name)
					}
				}
			case p.Kind == model.PText && p.Name == "pass_label" && arg.Set && arg.Text != "pass":
				// a window's own word for passing (do not counter):
				// the answer a player gives when they take no action
				pass = arg.Text
			case p.Kind == model.PTemplate && p.Name == "prompt" && arg.Template != nil:
				prompt = templateWords(arg.Template.Text)
				written = !arg.Defaulted
			case p.Kind == model.PChoices:
				for _, ch := range arg.Choices {
					label := ch.Label
					if ch.Tmpl != nil {
						label = templateWords(ch.Tmpl.Text)
					}
					labels = append(labels, label)
				}
			}
		}
		if pass != "" && len(labels) == 0 {
			if len(acts) > 3 {
				acts = []string{"an action"}
			}
			labels = append(acts, pass)
		}
		if prompts && len(labels) == 0 && len(acts) == 0 && prompt != "" && (st.Prim.Family == "choices" || st.Prim.Family == "costs" && written) {
			// a choice of cards, players or a number: its prompt says
			// what is chosen (Discard any number of cards to draw as many);
			// a cost's, when the ruleset words it (Choose the other gems
			// of the set), as its default says nothing of the game
			if !slices.Contains(out, prompt) {
				out = append(out, prompt)
			}
		}
		if len(labels) > 0 {
			q := strings.Join(labels, " / ")
			if prompt != "" {
				sep := " "
				if !strings.ContainsAny(prompt[len(prompt)-1:], "?:.!") {
					sep = ": " // Your turn: an action / end the turn
				}
				q = prompt + sep + q
			}
			if !slices.Contains(out, q) {
				out = append(out, q)
			}
		}
	}, progs...)
	return out
}

// errNoTarget is a target's number below 0 (0 is none, as the engine's
// refusal of a number past the targets says).
var errNoTarget = errors.New("no target has that number")

// templateWords is a template's text with each of its expressions shown
// as … (Draw card … of …), as an action's label with a part it works out is
// shown: the words are the template's, the values the game's.
func templateWords(text string) string {
	return replaceTemplateParts(text, func(string) string { return "…" })
}

// why explains why actions are not offered: for one card name or action, or
// for every action of the ruleset with the cards of its zone. Actions are
// named by their labels, and the reasons are the ruleset's words.
func (s *session) why(d *state.Decision, what string) {
	seat := d.Player
	if n, err := strconv.Atoi(what); err == nil {
		if n >= 1 && n <= len(d.Options) {
			s.printf("option %d (%s) is offered: you may take it.\n", n, d.Options[n-1].Label)
		} else {
			s.printf("there is no option %d; the options are 1 to %d.\n", n, len(d.Options))
		}
		return
	}
	if d.Kind != state.DecideAction {
		// a question of cards, players or numbers: its options are the
		// answers, and every one listed may be given
		for i, o := range d.Options {
			// a card by the name the seat knows it by: a card it does not
			// know is not told apart by its real name
			if what != "" && (model.SameName(what, o.Label) || (o.Card >= 0 && model.SameName(what, s.g.CardLabel(o.Card, d.Player)))) {
				s.printf("option %d (%s) is offered: you may take it.\n", i+1, o.Label)
				return
			}
		}
		if what == "" {
			s.printf("every answer listed may be given: this question (%q) is not a choice among actions. why NAME explains an action or card that is not offered when you are asked what to do.\n", d.Prompt)
			return
		}
	}
	offered := map[string]bool{}
	for _, o := range d.Options {
		if o.Action >= 0 {
			a := s.rs.Actions[o.Action]
			offered[strings.ToLower(s.g.ActionLabel(a.Name, o.Card, seat))] = true
			offered[strings.ToLower(a.Name)] = true
		}
	}
	// the reasons by label, in the order first given: several actions of
	// one label (play a unit, play a land) give theirs on one line
	var labels []string
	reasons := map[string][]string{}
	say := func(label, why string) {
		if _, ok := reasons[label]; !ok {
			labels = append(labels, label)
		}
		if !slices.Contains(reasons[label], why) {
			reasons[label] = append(reasons[label], why)
		}
	}
	// an action asked about that no card at hand is for: its zone, and the
	// reasons of the actions of its label that say what they are for
	noCard := map[string]string{}
	noCardWhy := map[string][]string{}
	defer func() {
		for _, l := range labels {
			rs := reasons[l]
			if zone, ok := noCard[l]; ok {
				why := fmt.Sprintf("no card in your %s is one it can be done with", zone)
				if len(noCardWhy[l]) > 0 {
					why += " (" + strings.Join(noCardWhy[l], "; ") + ")"
				}
				rs = append([]string{why}, rs...)
			}
			s.printf("  %s: %s\n", l, strings.Join(rs, "; "))
		}
	}()
	// an action the window asking now does not list is not offered whatever
	// its timing, condition and costs say: that is the reason to give (its
	// condition may read a flag of another turn, or be no reason at all at
	// this question)
	window := s.g.WindowActions(d)
	windowNames := view.WindowWords(s.g, d)
	explain := func(a *model.Action, c int, label string) {
		if window != nil && !slices.ContainsFunc(window, func(ai int) bool { return s.rs.Actions[ai] == a }) {
			say(label, view.NotAtThisQuestion(s.g.WhyNot(seat, a.Name, c), d.Prompt, windowNames))
			return
		}
		switch why := s.g.WhyNot(seat, a.Name, c); {
		case why != "":
			say(label, why)
		case offered[strings.ToLower(label)] || (c < 0 && offered[strings.ToLower(a.Name)]):
			say(label, "offered now")
		default:
			say(label, "allowed by its rules, but not part of this decision")
		}
	}
	named := func(a *model.Action, label string) bool {
		bare := strings.Join(strings.Fields(strings.ReplaceAll(a.Label, "{card}", "")), " ")
		return model.SameName(what, a.Name) || model.NamesLabel(what, label) || model.SameName(what, bare)
	}
	// forSome reports whether an action of the card's zone, labelled label
	// for it, is for card c
	forSome := func(c int, label string) bool {
		for _, a := range s.rs.Actions {
			if a.Source >= 0 && s.g.Evaluator().CardZoneKind(c) == a.Source && s.g.CardFits(seat, a.Name, c) && s.g.ActionLabel(a.Name, c, seat) == label {
				return true
			}
		}
		return false
	}
	any := false
	for _, a := range s.rs.Actions {
		if a.Source < 0 {
			label := s.g.ActionLabel(a.Name, -1, seat)
			if what != "" && !named(a, label) {
				continue
			}
			any = true
			explain(a, -1, label)
			continue
		}
		fits := false
		for _, c := range s.g.Evaluator().ZoneCards(s.g.Evaluator().ZoneInst(a.Source, seat)) {
			name := s.g.Evaluator().CardName(c)
			label := s.g.ActionLabel(a.Name, c, seat)
			byCard := model.SameName(what, name) || faceNamed(s.g.Evaluator(), c, what)
			if what != "" && !byCard && !named(a, label) {
				continue
			}
			asked := byCard || model.SameName(what, label)
			if !s.g.CardFits(seat, a.Name, c) && ((!asked && !filterOfNow(a)) || forSome(c, label)) {
				// not the kind of card the action is for: said only when asked
				// about the card (by its name or the whole label), or when
				// the rules give a reason that is of the game now (you must
				// follow suit), and not when another action of the same label
				// is for it (a creature asked about is told why it cannot be
				// cast, not that only instants are cast in combat)
				continue
			}
			any, fits = true, true
			explain(a, c, label)
		}
		if !fits && what != "" && named(a, "") {
			// asked about the action, which no card at hand is for; the
			// label without its card, its other parts (worked out per
			// card) as …: score a … set
			label := strings.Join(strings.Fields(templatePart.ReplaceAllString(strings.ReplaceAll(a.Label, "{card}", ""), "…")), " ")
			if _, ok := reasons[label]; !ok {
				labels = append(labels, label)
				reasons[label] = nil
			}
			noCard[label] = s.rs.Zones[a.Source].Name
			if a.FilterWhy != "" && a.FilterWhyTmpl == nil && !slices.Contains(noCardWhy[label], a.FilterWhy) {
				// a reason worked out per card has no card here to read
				noCardWhy[label] = append(noCardWhy[label], a.FilterWhy)
			}
			any = true
		}
	}
	switch {
	case any:
	case what == "":
		s.printf("this game has no actions to explain: its questions list what may be answered.\n")
	case d.Kind != state.DecideAction && len(d.Options) > 0:
		labels := make([]string, len(d.Options))
		for i, o := range d.Options {
			labels[i] = o.Label
		}
		if where := s.elsewhere(seat, what); where != "" {
			s.printf("%s is none of the answers to this question (%s). %s\n", what, strings.Join(labels, ", "), where)
			return
		}
		s.printf("nothing named %q among the answers to this question (%s), your actions or your cards.\n", what, strings.Join(labels, ", "))
	default:
		if where := s.elsewhere(seat, what); where != "" {
			s.printf("%s\n", where)
			return
		}
		s.printf("nothing named %q among your actions and cards.\n", what)
	}
}

// filterOfNow reports whether an action's filter refuses cards for a
// reason of the game as it is now, which the rules give (filter_why: you
// must follow suit), rather than by what kind of card they are.
func filterOfNow(a *model.Action) bool {
	return a.Filter != nil && a.FilterWhy != "" && !a.Filter.ReadsCardAlone()
}

// elsewhere says where the seat's cards of a name lie when none lies where
// an action takes its cards from (a Water on the board, asked about in a
// game that plays cards from the hand), or "".
func (s *session) elsewhere(seat int, name string) string {
	ev := s.g.Evaluator()
	var in []string
	for zk, zd := range s.rs.Zones {
		if !zd.PerPlayer {
			continue
		}
		for _, c := range ev.ZoneCards(ev.ZoneInst(zk, seat)) {
			if model.SameName(s.g.CardLabel(c, seat), name) {
				in = append(in, "your "+zd.Name)
				break
			}
		}
	}
	if len(in) == 0 {
		return ""
	}
	var from []string
	for _, a := range s.rs.Actions {
		if a.Source >= 0 && !slices.Contains(from, "your "+s.rs.Zones[a.Source].Name) {
			from = append(from, "your "+s.rs.Zones[a.Source].Name)
		}
	}
	if len(from) == 0 {
		return fmt.Sprintf("%s is in %s; no action of this game takes a card.", name, diag.JoinNames(in))
	}
	return fmt.Sprintf("%s is in %s, and actions take cards only from %s.", name, diag.JoinNames(in), diag.JoinNames(from))
}

// undoTo returns to this seat's previous decision, unless the seat has learned
// something since: a draw, a shuffle, a roll, a revealed card or another seat's answer.
func (s *session) undoTo(seat int) (bool, error) {
	for i := len(s.undo) - 1; i >= 0; i-- {
		p := s.undo[i]
		if p.seat != seat {
			continue
		}
		if err := s.g.Rewind(p.at, seat); err != nil {
			return false, fmt.Errorf("cannot undo: %v since your previous decision", err)
		}
		s.seen = append([]int(nil), p.seen...)
		s.undo = s.undo[:i]
		s.printf("Back to your previous decision.\n")
		s.undone = true
		// a save made since holds answers taken back: the game as it goes
		// on from here is in no save
		s.savedAt = -1
		return true, nil
	}
	if s.resumed {
		// the points to go back to are kept as a session plays, not in a
		// save or a log
		return false, fmt.Errorf("cannot undo: you have made no decision since the game was resumed, and undo goes back only to a decision made in this session")
	}
	return false, fmt.Errorf("cannot undo: you have made no decision yet")
}

// completer offers commands and card names for tab completion.
func completer(rs *model.Ruleset) func(string) []string {
	var names []string
	for _, d := range rs.Cards {
		names = append(names, d.Name)
	}
	sort.Strings(names)
	return func(line string) []string {
		var out []string
		if w, rest, ok := strings.Cut(line, " "); ok && (w == "card" || w == "why") {
			for _, n := range names {
				if strings.HasPrefix(strings.ToLower(n), strings.ToLower(rest)) {
					out = append(out, w+" "+n)
				}
			}
			return out
		}
		for _, c := range commands {
			if strings.HasPrefix(c, line) {
				out = append(out, c)
			}
		}
		return out
	}
}

// allowedTargets says which targets an item of an assign decision may take,
// when not every one.
func allowedTargets(d *state.Decision, i int) string {
	if d.Allowed == nil {
		return ""
	}
	if len(d.Allowed[i]) == 0 {
		return " (no target allowed)"
	}
	var ns []string
	for _, t := range d.Allowed[i] {
		if t >= 1 && t <= len(d.Targets) {
			ns = append(ns, d.Targets[t-1].Label)
		} else {
			ns = append(ns, strconv.Itoa(t))
		}
	}
	return " (only to " + strings.Join(ns, " or ") + ")"
}

// faceNamed reports whether a card with several faces has one named what
// (a part of a split card, "Mud Golem" of "Mud Golem // Quagmire"), so a
// player may ask about it by the name they read on it.
func faceNamed(g *model.Evaluator, c int, what string) bool {
	def := g.Rs.Cards[g.S.Cards[c].Def]
	for _, f := range def.Faces {
		if model.SameName(what, f.Name) {
			return true
		}
	}
	return false
}

// clip shortens a line typed by a player for a message that repeats it.
func clip(line string) string {
	const most = 80
	if utf8.RuneCountInString(line) <= most {
		return line
	}
	r := []rune(line)
	return string(r[:most]) + "…"
}

// resignHelp is help's line for resign: left out for a game whose rules do
// not let a player concede, where the command is refused.
func resignHelp(rs *model.Ruleset) string {
	if rs.Concede == nil {
		return ""
	}
	return "  resign        concede the game (when the rules allow it)\n"
}

// typedPath is a file's name as a player typed it, read as a shell reads
// the simple cases, which is what a player expects: one pair of quotes
// around it is not part of the name, and a leading ~/ is the home folder.
func typedPath(typed string) string {
	if n := len(typed); n >= 2 && (typed[0] == '"' || typed[0] == '\'') && typed[n-1] == typed[0] {
		typed = typed[1 : n-1]
	}
	if rest, ok := strings.CutPrefix(typed, "~/"); ok {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, rest)
		}
	}
	return typed
}
