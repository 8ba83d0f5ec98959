package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/peterh/liner"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// session is a text game between humans and bots at one terminal.
type session struct {
	undone bool // the last command went back to an earlier decision
	// the game was loaded from a save or a replay log: the decisions made
	// before are not this session's to undo
	resumed bool
	// saved holds, per file this session saved its game to (absolute
	// path), the SHA-256 of what it wrote there last: while the file still
	// holds that, the session replaces it whatever game point it holds
	saved map[string][sha256.Size]byte
	// interrupted: the player stopped the session with Ctrl-C at a prompt
	interrupted bool
	rs          *model.Ruleset
	g           *engine.Game
	seats       []string // "human" or a bot name, per seat
	bots        []bot.Bot
	out         io.Writer
	in          lineReader
	tty         bool
	seen        []int       // per seat: how much of the log it has been shown
	boardTurn   map[int]int // per seat: the turn of the board it was last shown
	lastSeat    int
	forcedSeen  int // how many of the questions the engine answered itself were shown
	undo        []undoPoint
	logPath     string
	log         *replayWriter // the replay log, written as the game goes (nil: none)
	gameArg     string        // the GAME argument, for the replay hint
	quit        bool
	skips       []skip // per seat: passing on its own until the turn ends
	// savedAt is the number of answers the game had when the session last
	// saved it, or began (a game resumed is in the file it came from);
	// quitWarned, that a quit was told the game is recorded nowhere, and a
	// second one leaves it
	savedAt    int
	quitWarned bool
}

// unrecorded reports whether nothing keeps the game as it is now: no
// replay log written, and no save made since the last answer.
func (s *session) unrecorded() bool {
	if s.log != nil {
		s.log.mu.Lock()
		kept := s.log.err == nil && s.log.started
		s.log.mu.Unlock()
		if kept {
			return false
		}
	}
	return !s.g.Over() && s.savedAt != len(s.g.Evaluator().S.History)
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
	// logLen is the length of the log at the seat's last pass: an action
	// another seat took since lapses the order too, in a game with no
	// stack, whose actions are answered in a window of their own
	logLen int
}

// usesStack reports whether some action of the ruleset waits on a stack:
// in such a game what may be answered goes there, and an action that does
// not (a card pitched) leaves a standing order to pass as it was.
func usesStack(rs *model.Ruleset) bool {
	for _, a := range rs.Actions {
		if a.UseStack {
			return true
		}
	}
	return false
}

// otherActed reports whether a seat other than seat took an action since
// the seat's last pass.
func (sk *skip) otherActed(log []state.LogEntry, seat int) bool {
	for i := min(sk.logLen, len(log)); i < len(log); i++ {
		if log[i].Kind == "action" && log[i].Player != seat {
			return true
		}
	}
	return false
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
	Forget() // drop the history and what was typed ahead, when the terminal changes hands
	Close() error
}

type plainReader struct{ r *bufio.Reader }

func (p *plainReader) Prompt(string) (string, error) {
	// a line is read up to maxLine bytes, the rest of it left unkept: an
	// answer is a few words, and a line of megabytes would only fill memory
	var b []byte
	long := false
	for {
		chunk, err := p.r.ReadSlice('\n')
		if len(b)+len(chunk) > maxLine {
			long = true
		} else {
			b = append(b, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && len(b) == 0 && !long {
			return "", err
		}
		break
	}
	if long {
		// never its first part as an answer: the line is refused whole
		return tooLong, nil
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}

// tooLong stands for a typed line longer than maxLine, which the session
// refuses; no answer or command is written so.
const tooLong = "\x00too long"

// maxLine is the most of a typed line that is read.
const maxLine = 4096

func (p *plainReader) Close() error { return nil }
func (p *plainReader) Forget()      {}

type linerReader struct {
	l    *liner.State
	made func() *liner.State // a new editor, set up as the first
}

func (r *linerReader) Prompt(p string) (string, error) {
	s, err := r.l.Prompt(p)
	if err == nil && strings.TrimSpace(s) != "" {
		r.l.AppendHistory(s)
	}
	return s, err
}
func (r *linerReader) Close() error { return r.l.Close() }

// Forget starts a new line editor: the old one's history goes, and so does
// what it read ahead past the last line (a second Enter, a line typed or
// pasted ahead), with what the terminal holds unread.
func (r *linerReader) Forget() {
	_ = r.l.Close()
	discardTypedAhead()
	r.l = r.made()
}

var commands = []string{"help", "rules", "look", "card", "log", "why", "skip", "undo", "save", "resign", "quit"}

// answer gives a human's answer. A human's moment to resign may pass while
// the engine plays on without asking them (a turn whose every question has
// one answer): the moments from this answer on are kept (resignEarlier).
func (s *session) answer(seat int, a state.Answer) error {
	s.g.WatchResign(humanSeats(s.seats)...)
	return s.g.Answer(seat, a)
}

// humanSeats lists the seats played at the terminal.
func humanSeats(seats []string) []int {
	var out []int
	for i, k := range seats {
		if k == "human" {
			out = append(out, i)
		}
	}
	return out
}

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
			if err := s.answer(d.Player, a); err != nil {
				return err
			}
			continue
		}
		if pass, ok := s.autoPass(&d); ok {
			if err := s.answer(d.Player, state.Answer{Picks: []int{pass}}); err != nil {
				return err
			}
			continue
		}
		if !s.showForced(d.Player) {
			continue // the session ends (quit, or the input ended)
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
		// the board at the end (the scores, what each holds), as the last
		// human sees it; with bots alone, everything
		s.printf("\nThe board at the end:\n%s", indent(view.For(s.g, seat).Summary()))
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
				// and how to go on with it, as after a signal
				load := "arbiter play --load " + s.logPath
				if s.gameArg != "" && s.gameArg != s.rs.Name {
					load = "arbiter play " + s.gameArg + " --load " + s.logPath
				}
				hint += "; " + load + " resumes it"
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
		s.printf("The replay log cannot be written any more: %v. The game goes on without it (save FILE keeps it).\n", err)
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
	if v.Turn == 0 && v.Phase == "" {
		// before the first turn: the setup's questions (mulligans, a toss)
		s.printf("\n== Setup, before the first turn — you are %s ==\n", state.SeatName(seat))
		return
	}
	phase := dash(v.Phase) + " phase"
	if v.PhaseLabel != "" {
		phase = v.PhaseLabel
	}
	s.printf("\n== Turn %d (%s), %s — you are %s ==\n", v.Turn, whose, phase, state.SeatName(seat))
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
	if d.Kind != state.DecideAction || pass < 0 || s.g.Evaluator().S.Turn != sk.turn || sk.newOnStack(s.g.Evaluator().S.Stack) || !usesStack(s.rs) && sk.otherActed(s.g.Evaluator().S.Log, d.Player) {
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
	sk.logLen = len(s.g.Evaluator().S.Log)
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

// inputEnded leaves the game unfinished when the input ends, or when the
// player stops it with Ctrl-C at a prompt (then the command exits as for
// an interrupt, 130).
func (s *session) inputEnded(err error) {
	if errors.Is(err, liner.ErrPromptAborted) {
		s.printf("\nStopped (Ctrl-C); the game is left unfinished.\n")
		s.interrupted = true
	} else if s.unrecorded() {
		s.printf("\nInput ended; the game is left unfinished, and nothing has recorded it (no replay log, no save since the last answer).\n")
	} else {
		s.printf("\nInput ended; the game is left unfinished.\n")
	}
	s.quit = true
}

// clearAll clears the screen, then the scrollback, and puts the cursor at
// the top left.
const clearAll = "\033[H\033[2J\033[3J"

// passTo passes the terminal to seat: the screen is cleared, and the
// session waits for that player's Enter. It is false when the session
// ends.
func (s *session) passTo(seat int) bool {
	if s.tty {
		// the screen, then the scrollback: some terminals keep a screen
		// erased in their scrollback, which holds the other player's hand
		s.printf(clearAll)
		s.in.Forget()
	}
	s.printf("\nPass the terminal to %s and press Enter.", state.SeatName(seat))
	if !s.handedOver(seat) {
		return false
	}
	if s.tty {
		s.printf(clearAll)
	} else {
		s.printf("\n")
	}
	return true
}

// showForced passes the terminal, with several humans at it, to each human
// seat holding cards the others do not see whom the engine answered a
// question for since the last look (a question with one way to answer:
// no counter to play), in the order the questions came, as it would have
// gone had each been asked: a run of one seat's questions is one screen,
// and the terminal goes to a seat only when another holds it. Whether
// the terminal goes to a player then tells the others nothing of their
// cards, as at a table, where a player with nothing to counter with is
// still asked and says so. It is false when the session ends.
func (s *session) showForced(next int) bool {
	if s.humans() < 2 {
		return true
	}
	forced := s.g.Forced()
	if s.forcedSeen > len(forced) {
		s.forcedSeen = len(forced)
	}
	type screen struct {
		seat    int
		answers []string
	}
	var screens []screen
	holder := s.lastSeat // who would hold the terminal, question by question
	for _, f := range forced[s.forcedSeen:] {
		p := f.Player
		if p < 0 || p >= len(s.seats) || s.seats[p] != "human" || s.g.Evaluator().S.Players[p].Lost || s.skipping(p) || !s.holdsUnseen(p) {
			// a player out of the game is not called back; one whose
			// order to pass holds would have passed unasked all the same
			continue
		}
		if p != holder {
			screens = append(screens, screen{seat: p})
			holder = p
		}
		if n := len(screens); n > 0 && screens[n-1].seat == p && f.Label != "" && !slices.Contains(screens[n-1].answers, f.Label) {
			screens[n-1].answers = append(screens[n-1].answers, f.Label)
		}
	}
	s.forcedSeen = len(forced)
	if n := len(screens); n > 0 && screens[n-1].seat == next {
		// the terminal goes to that seat for its next question anyway,
		// whose screen shows the answers given for it in the log
		screens = screens[:n-1]
	}
	for _, sc := range screens {
		if !s.passTo(sc.seat) {
			return false
		}
		s.lastSeat = sc.seat
		s.showLog(sc.seat)
		what := "(see above)"
		if len(sc.answers) > 0 {
			what = "(" + strings.Join(sc.answers, "; ") + ")"
		}
		s.printf("%s: you had one way to answer, given for you %s. Press Enter, then pass the terminal on.", state.SeatName(sc.seat), what)
		if !s.enterAlone(sc.seat, "Press Enter, then pass the terminal on.") {
			return false
		}
	}
	return true
}

// skipping reports whether seat p's order to pass for the rest of the
// turn (skip) holds in this turn.
func (s *session) skipping(p int) bool {
	return p < len(s.skips) && s.skips[p].on && s.skips[p].turn == s.g.Evaluator().S.Turn
}

// forcedSince is how many of the questions the engine answered for
// players came before the last answer given (none in a new game): those
// after it are still to be shown.
func forcedSince(g *engine.Game) int {
	hist := g.Evaluator().S.History
	if len(hist) == 0 {
		return 0
	}
	last := hist[len(hist)-1].Seq
	n := 0
	for _, f := range g.Forced() {
		if f.Seq <= last {
			n++
		}
	}
	return n
}

// holdsUnseen reports whether seat p has a card in a zone of its own (a
// hand, a face-down card on its table) that another human seat does not
// know: a question it had no choice at could tell that seat something of
// it. A pile nobody sees tells nothing of p.
func (s *session) holdsUnseen(p int) bool {
	ev := s.g.Evaluator()
	others := uint64(0)
	for q, k := range s.seats {
		if q != p && k == "human" && q < 64 {
			others |= 1 << uint(q)
		}
	}
	for zi, z := range ev.S.Zones {
		if int(z.Owner) != p || s.rs.Zones[z.Kind].Visibility == model.Hidden {
			continue
		}
		for _, c := range ev.ZoneCards(zi) {
			if uint64(ev.S.Cards[c].Known)&others != others {
				return true
			}
		}
	}
	return false
}

// handedOver waits at a hand-over for an Enter alone, the next player's:
// a line with words in it was typed by someone else (an answer or a
// command of the player who leaves, undo say), and shows no screen. quit
// stops the game there. It is false when the session ends.
func (s *session) handedOver(seat int) bool {
	return s.enterAlone(seat, fmt.Sprintf("Pass the terminal to %s and press Enter.", state.SeatName(seat)))
}

// enterAlone waits for an Enter alone, saying again after any other line
// what it waits for; quit stops the game. It is false when the session
// ends.
func (s *session) enterAlone(seat int, again string) bool {
	for {
		line, err := s.in.Prompt("")
		if err != nil {
			s.inputEnded(err)
			return false
		}
		switch w := strings.ToLower(strings.TrimSpace(line)); w {
		case "":
			return true
		case "quit", "exit":
			if s.unrecorded() && !s.quitWarned {
				// as at a question: the game would be lost
				s.quitWarned = true
				if !s.tty {
					s.printf("\n")
				}
				s.printf("Nothing records this game (no replay log, no save since the last answer): quit again to leave it unsaved, or press Enter and save it at the question (save FILE).\n%s", again)
				continue
			}
			s.quit = true
			s.printf("Left the game.\n")
			return false
		default:
			if !s.tty {
				// the line typed was not echoed after the prompt
				s.printf("\n")
			}
			s.printf("Only an Enter alone goes on from here, %s's (quit stops the game); that line is not read.\n%s", state.SeatName(seat), again)
		}
	}
}

func (s *session) ask(d *state.Decision) error {
	seat := d.Player
	// the board at a seat's first question of each turn, and whenever the
	// terminal passes to it: between them the log says what changed
	turn := s.g.Evaluator().S.Turn
	if s.boardTurn == nil {
		s.boardTurn = map[int]int{}
	}
	last, shown := s.boardTurn[seat]
	board := seat != s.lastSeat || s.seen[seat] == 0 || !shown || last != turn
	header := board
	if ev := s.g.Evaluator(); ev.S.Turn == 0 && len(ev.S.Cards) == 0 {
		// a question of the setup before any card is dealt (a toss): a
		// board of empty zones says nothing, and the next question shows
		// the board
		board = false
	} else {
		s.boardTurn[seat] = turn
	}
	if s.humans() > 1 && seat != s.lastSeat && !s.passTo(seat) {
		return nil
	}
	s.lastSeat = seat
	// what happened first, then the board, then the question: the board
	// stays in sight however long the log is
	s.showLog(seat)
	if header {
		s.header(seat)
	}
	if board {
		s.printf("%s", indent(view.For(s.g, seat).Summary()))
	}
	s.showDecision(d, board)
	point := undoPoint{seat: seat, at: s.g.Checkpoint(), seen: append([]int(nil), s.seen...)}
	for {
		line, err := s.in.Prompt(fmt.Sprintf("%s> ", state.SeatName(seat)))
		if err != nil {
			s.inputEnded(err)
			return nil
		}
		if line == tooLong {
			s.printf("That line is longer than %d bytes, and is not read: an answer is a few words (type help).\n", maxLine)
			continue
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		done, err := s.command(d, line)
		if err != nil {
			s.printf("%v\n", err)
			if errors.As(err, new(badAnswer)) {
				// the options again, with the mistake just above them
				s.showDecision(d, false)
			}
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

// othersAskedWith reports whether another player is asked the sealed
// question d is part of, whether they have answered yet or not.
func (s *session) othersAskedWith(d *state.Decision) bool {
	for _, o := range s.g.Evaluator().S.Pending {
		if o.Sealed && o.Frame == d.Frame && o.Player != d.Player {
			return true
		}
	}
	return false
}

// showDecision prints a question and its options; with the stack, unless
// the board just above shows it.
func (s *session) showDecision(d *state.Decision, boardAbove bool) {
	s.printf("%s\n", d.Prompt)
	if d.Sealed && s.othersAskedWith(d) {
		// with one player asked (choosers: you.opponents, two players)
		// there is nobody to keep the answer from
		s.printf("  (sealed: nobody sees your answer until everyone has answered)\n")
	}
	if d.Kind == state.DecideAction && len(s.g.Evaluator().S.Stack) > 0 && !boardAbove {
		// what passing would let resolve
		s.printf("  on the stack, top first: %s\n", view.For(s.g, d.Player).StackLine())
	}
	switch d.Kind {
	case state.DecideNumber:
		s.printf("  %s\n", d.NumberRange())
		return
	case state.DecideDistribute:
		s.printf("  divide %d among (answer as 1=N 2=N ...):\n", d.Total)
	case state.DecideOrder:
		s.printf("  (answer with every number, first first)\n")
	case state.DecideAssign:
		s.printf("  assign each of these (answer as 1=T 2=T ..., T a target number or 0 for none; unlisted ones get none; none alone assigns nothing):\n")
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
			s.printf("  (choose up to %d: numbers separated by spaces, or labels by commas, or none)\n", d.Max)
		case d.Min == 0:
			s.printf("  (choose one, or none)\n")
		case d.Max > 1 && d.Min == d.Max:
			s.printf("  (choose %d: numbers separated by spaces, or labels by commas)\n", d.Min)
		case d.Max > 1:
			s.printf("  (choose %d to %d: numbers separated by spaces, or labels by commas)\n", d.Min, d.Max)
		}
	}
	for i, o := range d.Options {
		s.printf("  %d. %s\n", i+1, o.Label)
	}
}

// saveGame writes the game to path (see writeFileSafely: it replaces only
// a save) and returns the SHA-256 of what it wrote. last is the sum of what
// this session wrote there before (nil: nothing): a file that still holds
// it is the session's own, which it may replace whatever game point it
// holds (an undone one). A file changed since is treated as another's.
func saveGame(path string, g *engine.Game, seats []string, last *[sha256.Size]byte) ([sha256.Size]byte, error) {
	sv, err := save.Snapshot(g)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	sv.Extra = map[string]any{"seats": seats}
	if err := sv.Seal(); err != nil {
		return [sha256.Size]byte{}, err
	}
	data, err := json.MarshalIndent(sv, "", " ")
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	if why := otherSavedGame(path, sv); why != "" {
		switch {
		case last == nil:
			return [sha256.Size]byte{}, errors.New(why)
		case !holdsSum(path, *last):
			return [sha256.Size]byte{}, fmt.Errorf("%s was saved by another session since this one saved there (or changed otherwise); it is left as it is: name another file (arbiter play --load %s resumes the game it holds)", path, path)
		}
	}
	if err := writeFileSafely(path, data, kindSave); err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(data), nil
}

// holdsSum reports whether the regular file at path holds the bytes whose
// SHA-256 is sum.
func holdsSum(path string, sum [sha256.Size]byte) bool {
	if st, err := os.Lstat(path); err != nil || !st.Mode().IsRegular() {
		return false
	}
	data, err := source.ReadFile(path)
	if err != nil {
		return false
	}
	return sha256.Sum256(data) == sum
}

// otherSavedGame says why the save at path may not be replaced by sv: it
// holds another game that is not over, which only it can resume, or it
// cannot be read to tell. An earlier save of the same game (the same
// start, its answers the first of sv's), a finished game and a file that
// is no save (which checkTarget refuses with its own reason) give "".
func otherSavedGame(path string, sv *save.Save) string {
	// only a regular file is opened: a pipe would block the open, and
	// anything else checkTarget refuses with its reason
	if st, err := os.Lstat(path); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	if !kindSave.isKind(f) {
		return ""
	}
	data, err := source.ReadFile(path)
	if err != nil {
		return ""
	}
	var old save.Save
	if err := json.Unmarshal(data, &old); err != nil || old.State == nil {
		return fmt.Sprintf("%s is a save that cannot be read; it is left as it is: name another file, or remove it yourself", path)
	}
	if old.State.Over {
		return ""
	}
	// compared as saved: a list left empty and one left out read alike
	asSaved := func(v any) string {
		b, _ := json.Marshal(v)
		return string(b)
	}
	same := old.Ruleset == sv.Ruleset && old.Seed == sv.Seed && old.Players == sv.Players &&
		slices.Equal(old.Decks, sv.Decks) && slices.Equal(old.Rolls, sv.Rolls) && asSaved(old.Setup) == asSaved(sv.Setup) &&
		len(old.Answers) <= len(sv.Answers) && asSaved(old.Answers) == asSaved(sv.Answers[:len(old.Answers)])
	if same {
		return ""
	}
	return fmt.Sprintf("%s holds a saved game of %s that is not over, and only it can resume that game; it is left as it is: name another file (arbiter play --load %s resumes that game)", path, old.Ruleset, path)
}
