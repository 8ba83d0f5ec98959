package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/peterh/liner"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// session is a text game between humans and bots at one terminal.
type session struct {
	undone   bool // the last command went back to an earlier decision
	rs       *model.Ruleset
	g        *engine.Game
	seats    []string // "human" or a bot name, per seat
	bots     []bot.Bot
	out      io.Writer
	in       lineReader
	tty      bool
	seen     []int // per seat: how much of the log it has been shown
	lastSeat int
	undo     []undoPoint
	logPath  string
	log      *replayWriter // the replay log, written as the game goes (nil: none)
	gameArg  string        // the GAME argument, for the replay hint
	quit     bool
	skips    []skip // per seat: passing on its own until the turn ends
}

// skip is a seat's standing order to pass priority for the rest of a turn;
// it lapses when the turn ends, when the seat is asked anything but an
// action, or when the stack grows past its size when the order was given
// (so the seat can answer what an opponent puts there). In the seat's own
// turn it also lapses at its next real choice: when the moment allows an
// action it did not allow when the order was given (a main phase after a
// skip in the draw phase), even one the seat cannot pay for yet.
type skip struct {
	on    bool
	turn  int
	stack []state.StackItem // what was on the stack when the seat last passed
	open  map[string]bool   // the actions permitted (costs aside) when the order was given
}

// newOnStack reports whether an item is on the stack now that was not at the
// seat's last pass (the stack may have emptied and filled again meanwhile).
func (sk *skip) newOnStack(now []state.StackItem) bool {
	for _, it := range now {
		if !slices.ContainsFunc(sk.stack, func(o state.StackItem) bool {
			return o.Card == it.Card && o.Prog == it.Prog && o.You == it.You
		}) {
			return true
		}
	}
	return false
}

type undoPoint struct {
	seat int
	at   engine.Checkpoint
	seen []int
}

// lineReader reads one line of input with a prompt.
type lineReader interface {
	Prompt(p string) (string, error)
	Forget() // drop the history, when the terminal changes hands
	Close() error
}

type plainReader struct{ r *bufio.Reader }

func (p *plainReader) Prompt(string) (string, error) {
	s, err := p.r.ReadString('\n')
	if err != nil && s == "" {
		return "", err
	}
	return strings.TrimRight(s, "\r\n"), nil
}
func (p *plainReader) Close() error { return nil }
func (p *plainReader) Forget()      {}

type linerReader struct{ l *liner.State }

func (r *linerReader) Prompt(p string) (string, error) {
	s, err := r.l.Prompt(p)
	if err == nil && strings.TrimSpace(s) != "" {
		r.l.AppendHistory(s)
	}
	return s, err
}
func (r *linerReader) Close() error { return r.l.Close() }
func (r *linerReader) Forget()      { r.l.ClearHistory() }

var commands = []string{"help", "rules", "look", "card", "log", "why", "skip", "undo", "save", "resign", "quit"}

func (s *session) humans() int {
	n := 0
	for _, k := range s.seats {
		if k == "human" {
			n++
		}
	}
	return n
}

func (s *session) printf(format string, args ...any) { fmt.Fprintf(s.out, format, args...) }

// run plays until the game ends or a human quits.
func (s *session) run() error {
	for !s.g.Over() && !s.quit {
		s.record()
		pending := s.g.Pending()
		if len(pending) == 0 {
			// the engine never leaves a game so; Err names the step it is at
			return s.g.Err()
		}
		d := pending[0]
		// prefer a bot's decision so humans are asked last among simultaneous ones
		for _, p := range pending {
			if s.seats[p.Player] != "human" {
				d = p
				break
			}
		}
		if s.seats[d.Player] != "human" {
			a := s.bots[d.Player].Choose(s.g, &d)
			if err := s.g.Answer(d.Player, a); err != nil {
				return fmt.Errorf("bot %s gave an illegal answer: %v", state.SeatName(d.Player), err)
			}
			continue
		}
		if forced, a := state.ForcedAnswer(&d); forced && d.Sealed && s.humans() == 1 {
			// a sealed question is asked even with one way to answer, so
			// that the others cannot tell; with no other human at the
			// terminal, nobody could, and the session answers it
			if err := s.g.Answer(d.Player, *a); err != nil {
				return err
			}
			continue
		}
		if pass, ok := s.autoPass(&d); ok {
			if err := s.g.Answer(d.Player, state.Answer{Picks: []int{pass}}); err != nil {
				return err
			}
			continue
		}
		if err := s.ask(&d); err != nil {
			return err
		}
	}
	s.record()
	s.finish()
	if s.g.Err() != nil {
		// finish has shown the error with the step and its position
		return errGameError
	}
	return nil
}

// errGameError ends a session whose game stopped with an error.
var errGameError = errors.New("the game stopped with an error")

// viewer is the seat whose view the session shows last: the last human
// asked, else the first human seat; -1 when bots play alone.
func (s *session) viewer() int {
	if s.lastSeat >= 0 {
		return s.lastSeat
	}
	for i, k := range s.seats {
		if k == "human" {
			return i
		}
	}
	return -1
}

func (s *session) finish() {
	if s.g.Over() {
		// show the end as the last human saw the game; the full log is in the replay file
		seat := s.viewer()
		if seat >= 0 {
			s.showLog(seat)
		} else if s.humans() == 0 {
			// bots only: nothing is private, so the whole game is shown
			for _, l := range view.LogText(s.g, -1, 0) {
				s.printf("  %s\n", l)
			}
		}
		s.printf("\nGame over: %s.\n", s.g.Outcome())
		if err := s.g.Err(); err != nil {
			s.printf("error: %v\n", err)
		}
		// only now: the seed deals every card, the others' hands included
		s.printf("The seed was %d.\n", s.g.Evaluator().S.Seed)
	}
	if s.log != nil {
		if err := s.log.close(); err != nil {
			s.printf("The replay log %s stops before the end: %v\n", s.logPath, err)
		} else {
			hint := "arbiter replay " + s.logPath
			if s.gameArg != "" && s.gameArg != s.rs.Name {
				hint += " --game " + s.gameArg
			}
			if !s.g.Over() {
				// replay shows a game that is not over as one seat saw it
				if seat := s.viewer(); seat >= 0 && s.humans() == 1 {
					hint += " --as " + state.SeatName(seat)
				} else if seat >= 0 {
					hint += " --as SEAT" // each player their own
				} else {
					hint += " --full"
				}
			}
			s.printf("Replay log: %s (%s)\n", s.logPath, hint)
		}
	}
}

// record writes the answer just given (or an undo) to the replay log.
func (s *session) record() {
	if s.log == nil {
		return
	}
	if err := s.log.record(s.g); err != nil {
		s.printf("The replay log cannot be written any more (%v); the game goes on without it.\n", err)
	}
}

// showLog prints the log lines this seat has not seen yet, as it may see them.
func (s *session) showLog(seat int) {
	from := 0
	if seat >= 0 {
		from = s.seen[seat]
		s.seen[seat] = view.LogLen(s.g)
	}
	for _, l := range view.LogText(s.g, seat, from) {
		s.printf("  %s\n", l)
	}
}

func (s *session) header(seat int) {
	v := view.For(s.g, seat)
	whose := v.Active + "'s turn"
	if v.Active == state.SeatName(seat) {
		whose = "your turn"
	}
	s.printf("\n== Turn %d (%s), %s phase — you are %s ==\n", v.Turn, whose, dash(v.Phase), state.SeatName(seat))
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// autoPass answers pass for a seat that asked to skip the rest of the turn,
// while its order holds.
func (s *session) autoPass(d *state.Decision) (int, bool) {
	if d.Player >= len(s.skips) || !s.skips[d.Player].on {
		return 0, false
	}
	sk := &s.skips[d.Player]
	pass := passOption(d)
	if d.Kind != state.DecideAction || pass < 0 || s.g.Evaluator().S.Turn != sk.turn || sk.newOnStack(s.g.Evaluator().S.Stack) {
		sk.on = false
		return 0, false
	}
	if s.g.Evaluator().S.Active == d.Player {
		for k := range s.permitted(d) {
			if !sk.open[k] {
				sk.on = false
				return 0, false
			}
		}
	}
	// what was on the stack at this pass: an item added after it (even once
	// others have resolved) is new
	sk.stack = slices.Clone(s.g.Evaluator().S.Stack)
	return pass, true
}

// permitted lists, by label, the actions of the window asking d that the rules
// permit the seat now, whether or not it can pay for them.
func (s *session) permitted(d *state.Decision) map[string]bool {
	out := map[string]bool{}
	for _, ai := range s.g.WindowActions(d) {
		a := s.rs.Actions[ai]
		if a.Source < 0 {
			if s.g.Permitted(d.Player, a.Name, -1) {
				out[s.g.ActionLabel(a.Name, -1, d.Player)] = true
			}
			continue
		}
		for _, c := range s.g.Evaluator().ZoneCards(s.g.Evaluator().ZoneInst(a.Source, d.Player)) {
			if s.g.Permitted(d.Player, a.Name, c) {
				out[s.g.ActionLabel(a.Name, c, d.Player)] = true
			}
		}
	}
	return out
}

// passOption is the index of the pass option of an action decision, or -1.
func passOption(d *state.Decision) int {
	for i, o := range d.Options {
		if o.Action < 0 {
			return i
		}
	}
	return -1
}

func (s *session) ask(d *state.Decision) error {
	seat := d.Player
	board := seat != s.lastSeat || s.seen[seat] == 0
	if s.humans() > 1 && seat != s.lastSeat {
		if s.tty {
			s.printf("\033[3J\033[2J\033[H") // the scrollback too: it holds the other player's hand
			s.in.Forget()
		}
		s.printf("\nPass the terminal to %s and press Enter.", state.SeatName(seat))
		if _, err := s.in.Prompt(""); err != nil {
			s.printf("\nInput ended; the game is left unfinished.\n")
			s.quit = true
			return nil
		}
		if s.tty {
			s.printf("\033[3J\033[2J\033[H")
		} else {
			s.printf("\n")
		}
	}
	s.lastSeat = seat
	// what happened first, then the board, then the question: the board
	// stays in sight however long the log is
	s.showLog(seat)
	if board {
		s.header(seat)
		s.printf("%s", indent(view.For(s.g, seat).Summary()))
	}
	s.showDecision(d, board)
	point := undoPoint{seat: seat, at: s.g.Checkpoint(), seen: append([]int(nil), s.seen...)}
	for {
		line, err := s.in.Prompt(fmt.Sprintf("%s> ", state.SeatName(seat)))
		if err != nil {
			s.printf("\nInput ended; the game is left unfinished.\n")
			s.quit = true
			return nil
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		done, err := s.command(d, line)
		if err != nil {
			s.printf("%v\n", err)
			continue
		}
		if done {
			if !s.quit && !s.undone {
				s.undo = append(s.undo, point)
			}
			s.undone = false
			return nil
		}
	}
}

func indent(text string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString("  ")
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// showDecision prints a question and its options; with the stack, unless
// the board just above shows it.
func (s *session) showDecision(d *state.Decision, boardAbove bool) {
	s.printf("%s\n", d.Prompt)
	if d.Sealed {
		s.printf("  (sealed: nobody sees your answer until everyone has answered)\n")
	}
	if d.Kind == state.DecideAction && len(s.g.Evaluator().S.Stack) > 0 && !boardAbove {
		// what passing would let resolve
		s.printf("  on the stack, top first: %s\n", view.For(s.g, d.Player).StackLine())
	}
	switch d.Kind {
	case state.DecideNumber:
		s.printf("  a number from %d to %d\n", d.Min, d.Max)
		return
	case state.DecideDistribute:
		s.printf("  divide %d among (answer as 1=N 2=N ...):\n", d.Total)
	case state.DecideOrder:
		s.printf("  (answer with every number, first first)\n")
	case state.DecideAssign:
		s.printf("  assign each of these (answer as 1=T 2=T ..., T a target number; unlisted ones get none):\n")
		for i, o := range d.Options {
			s.printf("  %d. %s%s\n", i+1, o.Label, allowedTargets(d, i))
		}
		s.printf("  targets:\n")
		for i, t := range d.Targets {
			if n := d.FewestFor(i + 1); n > 1 {
				s.printf("    %d. %s (at least %d, or none)\n", i+1, t.Label, n)
				continue
			}
			s.printf("    %d. %s\n", i+1, t.Label)
		}
		return
	default:
		switch {
		case d.Min == 0 && d.Max > 1:
			s.printf("  (choose up to %d: numbers separated by spaces, or none)\n", d.Max)
		case d.Min == 0:
			s.printf("  (choose one, or none)\n")
		case d.Max > 1:
			s.printf("  (choose %d to %d: numbers separated by spaces)\n", d.Min, d.Max)
		}
	}
	for i, o := range d.Options {
		s.printf("  %d. %s\n", i+1, o.Label)
	}
}

// command handles one line: a command, or an answer. It reports whether the
// decision was answered.
func (s *session) command(d *state.Decision, line string) (bool, error) {
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	seat := d.Player
	switch strings.ToLower(word) {
	case "help", "?":
		s.printf(`Answer with an option's number (several separated by spaces when more may
be chosen; none when nothing need be; 1=2 3=1 to divide an amount), or its
label, or the name of its card when no other option has it. Commands:
  rules         the rules of the game: its goal, turn, terms
  look          the board as you see it
  card NAME     a card's text and properties
  log [N]       the last N lines of the log (default 20)
  why [N|NAME]  why an action is not offered
  skip          pass priority for the rest of this turn, until something new
                goes on the stack or you are asked anything else; in your
                own turn, until you may do something you could not when
                you skipped (a main phase after the draw phase)
  undo          back to your previous decision (when you have learned nothing since)
  save FILE     save the game (resume with arbiter play --load FILE); the
                file holds every card, the hidden ones too
  resign        concede the game (when the rules allow it)
  quit          leave without saving
`)
		return false, nil
	case "skip":
		pass := passOption(d)
		if d.Kind != state.DecideAction || pass < 0 {
			return false, fmt.Errorf("skip passes priority: this decision cannot be passed")
		}
		for len(s.skips) <= seat {
			s.skips = append(s.skips, skip{})
		}
		s.skips[seat] = skip{on: true, turn: s.g.Evaluator().S.Turn, stack: slices.Clone(s.g.Evaluator().S.Stack), open: s.permitted(d)}
		if err := s.g.Answer(seat, state.Answer{Picks: []int{pass}}); err != nil {
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
		return false, s.cardText(seat, rest)
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
		s.why(d, rest)
		return false, nil
	case "undo":
		return s.undoTo(seat)
	case "save":
		if rest == "" {
			return false, fmt.Errorf("save needs a file name: save FILE")
		}
		if err := saveGame(rest, s.g, s.seats); err != nil {
			return false, fmt.Errorf("not saved: %v", err)
		}
		s.printf("Saved to %s.\n", rest)
		return false, nil
	case "resign":
		if err := s.g.Resign(seat); err != nil {
			return false, err
		}
		return true, nil
	case "quit", "exit":
		s.quit = true
		s.printf("Left the game.\n")
		return true, nil
	}
	a, err := parseHumanAnswer(d, line)
	if err != nil {
		ix, ok, nameErr := s.byCardName(d, line)
		if nameErr != nil {
			return false, nameErr
		}
		if !ok {
			return false, err
		}
		a = state.Answer{Picks: []int{ix}}
	}
	if err := s.g.Answer(seat, a); err != nil {
		return false, fmt.Errorf("refused: %v", err)
	}
	return true, nil
}

// byCardName finds the option a card's name stands for, when it names one
// option's card and no other option's: Grass for "play Grass". It reports
// an error when the name fits several options.
func (s *session) byCardName(d *state.Decision, line string) (int, bool, error) {
	switch d.Kind {
	case state.DecideNumber, state.DecideAssign, state.DecideDistribute:
		return 0, false, nil
	}
	var found []int
	for i, o := range d.Options {
		if o.Card >= 0 && strings.EqualFold(strings.TrimSpace(line), s.g.CardLabel(o.Card, d.Player)) {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		return 0, false, nil
	case 1:
		return found[0], true, nil
	}
	var labels []string
	for _, i := range found {
		labels = append(labels, fmt.Sprintf("%d. %s", i+1, d.Options[i].Label))
	}
	return 0, false, fmt.Errorf("%q could be %s: answer with the number or the whole label", line, strings.Join(labels, " or "))
}

func parseHumanAnswer(d *state.Decision, line string) (state.Answer, error) {
	fields := strings.Fields(line)
	switch d.Kind {
	case state.DecideNumber:
		n, err := strconv.Atoi(line)
		if err != nil {
			return state.Answer{}, fmt.Errorf("answer with a number from %d to %d (or type help)", d.Min, d.Max)
		}
		return state.Answer{Number: n}, nil
	case state.DecideAssign:
		amounts := make([]int, len(d.Options))
		for _, f := range fields {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				return state.Answer{}, fmt.Errorf("assign with item=target pairs, like 1=2 2=1 (or type help)")
			}
			i, err1 := strconv.Atoi(k)
			t, err2 := strconv.Atoi(v)
			if err1 != nil || err2 != nil || i < 1 || i > len(d.Options) {
				return state.Answer{}, fmt.Errorf("%q is not item=target (items 1 to %d, targets 1 to %d)", f, len(d.Options), len(d.Targets))
			}
			amounts[i-1] = t
		}
		return state.Answer{Amount: amounts}, nil
	case state.DecideDistribute:
		amounts := make([]int, len(d.Options))
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
			if err != nil {
				return state.Answer{}, fmt.Errorf("%q is not an amount", v)
			}
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
		n, err := strconv.Atoi(f)
		if err != nil {
			allNumbers = false
			break
		}
		if n < 1 || n > len(d.Options) {
			return state.Answer{}, fmt.Errorf("there is no option %d; choose 1 to %d (or type help)", n, len(d.Options))
		}
		picks = append(picks, n-1)
	}
	if !allNumbers {
		ix, err := scenario.FindOption(d, line)
		if err != nil {
			return state.Answer{}, fmt.Errorf("%q is neither an option nor a command (type help)", line)
		}
		picks = []int{ix}
	}
	return state.Answer{Picks: picks}, nil
}

func (s *session) cardText(seat int, name string) error {
	if name == "" {
		return fmt.Errorf("card needs a name: card NAME")
	}
	for _, d := range s.rs.Cards {
		if strings.EqualFold(d.Name, name) || strings.EqualFold(d.ID, name) {
			s.printf("%s\n", describeCard(s.rs, d))
			return nil
		}
	}
	var names []string
	for _, d := range s.rs.Cards {
		names = append(names, d.Name)
	}
	return fmt.Errorf("no card %q; the cards are %s", name, strings.Join(names, ", "))
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
	return strings.TrimRight(b.String(), "\n")
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
	offered := map[string]bool{}
	for _, o := range d.Options {
		if o.Action >= 0 {
			a := s.rs.Actions[o.Action]
			offered[strings.ToLower(s.g.ActionLabel(a.Name, o.Card, seat))] = true
			offered[strings.ToLower(a.Name)] = true
		}
	}
	said := map[string]bool{}
	say := func(label, why string) {
		line := fmt.Sprintf("  %s: %s\n", label, why)
		if !said[line] {
			said[line] = true
			s.printf("%s", line)
		}
	}
	explain := func(a *model.Action, c int, label string) {
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
		return strings.EqualFold(what, a.Name) || strings.EqualFold(what, label) || strings.EqualFold(what, bare)
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
			byCard := strings.EqualFold(what, name)
			if what != "" && !byCard && !named(a, label) {
				continue
			}
			if !byCard && !s.g.CardFits(seat, a.Name, c) {
				// not the kind of card the action is for: said only when asked about the card
				continue
			}
			any, fits = true, true
			explain(a, c, label)
		}
		if !fits && what != "" && named(a, "") {
			// asked about the action, which no card at hand is for
			why := fmt.Sprintf("no card in your %s is one it can be done with", s.rs.Zones[a.Source].Name)
			if a.FilterWhy != "" {
				why += " (" + a.FilterWhy + ")"
			}
			any = true
			say(strings.Join(strings.Fields(strings.ReplaceAll(a.Label, "{card}", "")), " "), why)
		}
	}
	if !any {
		s.printf("nothing named %q among your actions and cards.\n", what)
	}
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
		return true, nil
	}
	return false, fmt.Errorf("cannot undo: you have made no decision yet")
}

// saveGame writes a save file (see writeFileSafely: it replaces only a save).
func saveGame(path string, g *engine.Game, seats []string) error {
	sv, err := save.Snapshot(g)
	if err != nil {
		return err
	}
	sv.Extra = map[string]any{"seats": seats}
	if err := sv.Seal(); err != nil {
		return err
	}
	data, err := json.MarshalIndent(sv, "", " ")
	if err != nil {
		return err
	}
	return writeFileSafely(path, data, kindSave)
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
		ns = append(ns, strconv.Itoa(t))
	}
	return " (targets " + strings.Join(ns, ", ") + ")"
}
