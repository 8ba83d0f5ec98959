package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/peterh/liner"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

func newPlayCmd() *cobra.Command {
	var seatFlags, deckFlags []string
	var seed uint64
	var players int
	var load, logPath, mode, format string
	cmd := &cobra.Command{
		Use:   "play GAME",
		Short: "Play a text session against bots or other people",
		Long: `Play a game at the terminal. Each seat is human, random or greedy
(default: p1 is human, the others the greedy bot). With several humans the
terminal is passed between them and each sees only their own view (what one
typed ahead is dropped at the hand-over). A question with one way to answer
(no counter to play) is answered for its player, and the terminal is
passed to that player all the same, to read the answer given for them,
when they hold cards the others do not see: whether the terminal goes to
a player tells the others nothing of their cards, as at a table a player
with nothing to counter with is still asked, and says so. A sealed
question (answers hidden until all are in) is asked all the same. Type help
at a prompt for the commands. The seed deals every card, the other players'
included, so the session prints it only when the game is over. It writes a
replay log as it goes, one line per answer (--log FILE, or a file in the
user's cache folder that it names at the end), so a session stopped at any
moment can be replayed or resumed: --load takes a save or a replay log (a
game resumed from its replay log goes on in that log, unless --log names
another). Like a save, the log is a full record of the game, every hidden
card included.`,
		Example: "  arbiter play lands\n  arbiter play lands --seat p1=human --seat p2=human --seed 7\n  arbiter play --load saved.json",
		Args:    maxArgs(1, "one GAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return &exitError{code: 2, msg: "arbiter play: --format is text or json"}
			}
			// a save names its game, so --load needs no GAME
			var rs *model.Ruleset
			var err error
			game := ""   // as the user named it
			rsPath := "" // the file it was read from
			if load != "" {
				if _, rerr := source.ReadFile(load); rerr != nil {
					// no file to read (missing, a folder, a device): an
					// I/O error, as replay's, not a damaged save
					return &exitError{code: 2, msg: "arbiter play: " + rerr.Error()}
				}
			}
			switch {
			case len(args) == 1:
				game = args[0]
				rs, rsPath, err = findGame(game)
			case load != "":
				name, nerr := saveRuleset(load)
				if nerr != nil {
					return &exitError{code: 1, msg: "arbiter play: " + nerr.Error()}
				}
				rs, rsPath, err = findSavedGame(name, load)
			default:
				return &exitError{code: 2, msg: "arbiter play: name a GAME to play (arbiter play lands), or --load a saved game"}
			}
			if err != nil {
				return err
			}
			// a game resumed from its replay log goes on in that log, unless
			// --log names another
			continued := false
			if logPath == "" && load != "" {
				if data, err := source.ReadFile(load); err == nil && isReplayLog(data) {
					logPath, continued = load, true
				}
			}
			// a --log path that cannot be written is refused before the game
			var log *replayWriter
			if logPath != "" {
				if !sameFile(logPath, load) {
					if why := unfinishedLog(logPath, rs); why != "" {
						return &exitError{code: 2, msg: "arbiter play: --log: " + why}
					}
				}
				if log, err = reserveLog(logPath); err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + logRefused(logPath, continued, err)}
				}
				defer log.abandon()
			}
			out := cmd.OutOrStdout()
			var g *engine.Game
			var seats []string
			if load != "" {
				// what the saved game settled already: a flag would change nothing
				for _, name := range []string{"seed", "deck", "players", "mode"} {
					if cmd.Flags().Changed(name) {
						fmt.Fprintf(cmd.ErrOrStderr(), "warning: --%s is ignored with --load: the saved game has its own\n", name)
					}
				}
				var warn string
				g, seats, warn, err = loadSave(rs, rsPath, load)
				if err != nil {
					return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
				}
				if warn != "" && continued {
					// a log that reads otherwise than this version writes is
					// kept as it is: the game goes on in a new one
					log.abandon()
					log, logPath, continued = nil, "", false
				}
				if warn != "" {
					fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s\n", warn)
				}
				if continued && len(seatFlags) == 0 {
					// the log read whole, as this version writes it: it
					// goes on as it was, its history of undos kept. A log
					// of an older format is written anew (its counts of
					// events are not this format's), and so is one whose
					// seats --seat changes (its header names them)
					if data, rerr := source.ReadFile(load); rerr == nil {
						if lg, lerr := readReplay(bytes.NewReader(save.TrimBOM(data)), load); lerr == nil && lg.hdr.Format == ReplayFormat {
							log.keep = data
						}
					}
				}
				if _, err := parseSeats(seatFlags, g.Players()); err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				if seats != nil && len(seatFlags) == 0 {
					// a damaged file is refused before it is said resumed
					if err := knownSeats(load, seats); err != nil {
						return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
					}
				}
				fmt.Fprintf(out, "Resumed %s from %s.\n", rs.Name, load)
			} else {
				if players != 0 && (players < rs.MinPlayers || players > rs.MaxPlayers) {
					return &exitError{code: 2, msg: fmt.Sprintf("arbiter play: %s is played by %s players, not %d", rs.Name, rs.PlayerCount(), players)}
				}
				pre, err := parseSeats(seatFlags, max(players, rs.MinPlayers))
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				if !cmd.Flags().Changed("seed") {
					seed = uint64(time.Now().UnixNano() % 1_000_000_000)
				}
				if cmd.Flags().Changed("players") && players == 0 {
					// 0 stands for the default only when the flag is not given
					return &exitError{code: 2, msg: fmt.Sprintf("arbiter play: --players 0: %s is played by %s players", rs.Name, rs.PlayerCount())}
				}
				o, err := gameOptions(rs, players, deckFlags, mode)
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				o.Seed, players = seed, o.Players
				// a human's moment to resign in a first turn that asks them nothing is kept
				o.WatchResign = humanSeats(pre)
				// with several humans, the questions answered for one
				// before the first answer are shown to them too
				o.KeepForced = len(humanSeats(pre)) > 1
				g, err = engine.New(rs, o)
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				// not the seed: it deals every hidden card (it is shown when the game is over)
				fmt.Fprintf(out, "%s, %s.\n", rs.Name, plural(players, "player"))
			}
			if seats == nil || len(seatFlags) > 0 {
				seats, err = parseSeats(seatFlags, g.Players())
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
			}
			s := &session{rs: rs, g: g, seats: seats, out: out, seen: make([]int, g.Players()), lastSeat: -1, resumed: load != "", savedAt: len(g.Evaluator().S.History)}
			if s.humans() > 1 {
				// a game resumed (a save, a replay log) was played again
				// keeping them: those since its last answer are shown, as
				// the session stopped may not have shown them yet
				g.KeepForced()
				s.forcedSeen = forcedSince(g)
			}
			for i, k := range seats {
				fmt.Fprintf(out, "  %s: %s\n", state.SeatName(i), k)
			}
			s.bots = make([]bot.Bot, g.Players())
			for i, k := range seats {
				if k != "human" {
					b, err := bot.New(k, bot.SeatSeed(g.Evaluator().S.Seed, i))
					if err != nil {
						return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
					}
					s.bots[i] = b
				}
			}
			s.tty = term.IsTerminal(int(os.Stdin.Fd())) && term.IsTerminal(int(os.Stdout.Fd())) && cmd.InOrStdin() == os.Stdin
			if s.tty {
				made := func() *liner.State {
					l := liner.NewLiner()
					l.SetCtrlCAborts(true)
					l.SetCompleter(completer(rs))
					return l
				}
				s.in = &linerReader{l: made(), made: made}
			} else {
				s.in = &plainReader{bufio.NewReader(cmd.InOrStdin())}
			}
			if s.humans() > 0 {
				// what a player is playing for, before the first question
				if goal := rs.Goal; goal != "" {
					fmt.Fprint(out, wrap("Goal: "+goal, "", "  "))
				}
				if s.tty {
					fmt.Fprintln(out, "Type rules for the rules of the game, help for the commands.")
				}
				fmt.Fprintln(out)
			}
			if load != "" {
				// a resumed game starts from its current turn, not from the
				// beginning: the log command shows the rest
				if from := currentTurnStart(g); from > 0 {
					for i := range s.seen {
						s.seen[i] = from
					}
					fmt.Fprintln(out, "This turn so far; the turns before it are in the log (log N shows its last N lines).")
				}
			}
			defer s.in.Close()
			s.gameArg = game
			if log == nil {
				path, err := defaultReplayPath(rs.Name)
				if err == nil {
					log, err = reserveLog(path)
				}
				if err == nil {
					// a session started in the same second may take the
					// name first: the log takes the next free one
					log.next = func() (string, error) { return defaultReplayPath(rs.Name) }
				}
				if err != nil {
					fmt.Fprintf(cmd.ErrOrStderr(), "arbiter play: the game is not recorded (%v); --log FILE names a replay log\n", err)
				} else {
					defer log.abandon()
				}
			}
			if log != nil {
				if err := log.start(rs, g, seats); err != nil {
					return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
				}
				s.log, s.logPath = log, log.path
				defer log.close()
				if (logPath == "" || continued) && s.humans() > 0 {
					// said now, not only at the end: a session that is
					// killed says nothing more, and the log resumes it
					fmt.Fprintf(out, "The game is recorded in %s (arbiter play --load resumes it from there).\n\n", log.path)
				}
			}
			stop := stopOnSignal(s)
			defer stop()
			if err := s.run(); err != nil {
				if errors.Is(err, errGameError) {
					return &exitError{code: 1} // shown in the transcript
				}
				return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
			}
			if s.interrupted {
				return &exitError{code: 130} // as for an interrupt outside a prompt
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&seatFlags, "seat", nil, "who plays a seat: p1=human, p2=random or p2=greedy (repeatable)")
	cmd.Flags().StringArrayVar(&deckFlags, "deck", nil, "a seat's deck: p1=NAME (repeatable)")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "the game's random seed (default: from the clock, printed when the game is over, as it deals every card)")
	cmd.Flags().IntVar(&players, "players", 0, "number of players (default: the ruleset's minimum)")
	cmd.Flags().StringVar(&load, "load", "", "resume a saved game, or the game of a replay log after its last answer")
	cmd.Flags().StringVar(&logPath, "log", "", "write the replay log here (JSON lines; replaces only an earlier replay log)")
	cmd.Flags().StringVar(&mode, "mode", "", "a game mode the ruleset declares")
	cmd.Flags().StringVar(&format, "format", "text", "how errors before the game are shown: text, or json (as validate's diagnostics)")
	cmd.Annotations = map[string]string{jsonErrorsKey: "yes"}
	return cmd
}

// logRefused says why the replay log at path cannot be written. A log the
// game is resumed from (continued) was not named with --log: the flag is
// not blamed, and --log NEW.jsonl is named as the way to go on.
func logRefused(path string, continued bool, err error) string {
	switch {
	case !continued:
		return "--log: " + err.Error()
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("the game cannot go on in %s, the log it is resumed from: its folder %s cannot be written (%v); the log is left as it is (arbiter play --load %s --log NEW.jsonl goes on with its game in another log)", path, filepath.Dir(path), fs.ErrPermission, path)
	case strings.Contains(err.Error(), "--log NEW.jsonl"):
		return err.Error() // the way on is named already
	}
	return fmt.Sprintf("%v (arbiter play --load %s --log NEW.jsonl goes on with its game in another log)", err, path)
}

// currentTurnStart is the index of the log entry that began the current
// turn (0 before the first).
func currentTurnStart(g *engine.Game) int {
	log := view.LogEntries(g)
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Kind == "turn" {
			return i
		}
	}
	return 0
}

// sameFile reports whether two paths name one file, however written
// (relative, absolute, through a link); two paths to nothing, when written
// alike.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA != nil || errB != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return os.SameFile(sa, sb)
}

// fileWord is a game's name as a part of a file's name in the replay
// folder: letters, digits, - and _ as they are, anything else (a path's
// separator, a dot, a space) a -, so that the log stays in that folder.
func fileWord(name string) string {
	w := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
			return r
		}
		return '-'
	}, name)
	if w == "" {
		return "game"
	}
	return w
}

// defaultReplayPath is where a session's replay log goes without --log: a
// new file in the user's cache folder, named by game and time, not by seed,
// which would give away the cards.
func defaultReplayPath(game string) (string, error) {
	dir, err := os.UserCacheDir()
	if err == nil {
		dir = filepath.Join(dir, "arbiter", "replays")
	} else {
		// no cache folder (or a relative one, which is ignored): a folder of
		// this user's own in the temporary folder, which others share
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("arbiter-%d", os.Getuid()), "replays")
	}
	// a log holds every hidden card: only its player may read it
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("cannot make the folder %s: %v", dir, cause(err))
	}
	for _, d := range []string{filepath.Dir(dir), dir} {
		if filepath.Base(d) == "arbiter" && d != dir {
			continue // the cache's own folder of ours, made 0700 or left as the user made it
		}
		if err := privateDir(d); err != nil {
			return "", fmt.Errorf("cannot use the folder %s: %v", d, cause(err))
		}
	}
	// a new name: another session of this game may have started in the same second
	base := filepath.Join(dir, fmt.Sprintf("%s-%s", fileWord(game), time.Now().Format("20060102-150405")))
	path := base + ".jsonl"
	for i := 2; ; i++ {
		if _, err := os.Lstat(path); err != nil {
			return path, nil // free, or reserveLog says why not
		}
		path = fmt.Sprintf("%s-%d.jsonl", base, i)
	}
}

// unfinishedLog says why the replay log at path may not be replaced, or ""
// when it may: a log whose game is over. A game not over, of any ruleset,
// is resumed only from its log; a log this version cannot play again, or
// cannot read, may hold one, and is left as it is too.
func unfinishedLog(path string, rs *model.Ruleset) string {
	data, err := source.ReadFile(path)
	if err != nil || !isReplayLog(data) {
		return "" // no log: the rule for other files (checkTarget) holds
	}
	lg, err := readReplay(bytes.NewReader(data), path)
	if err != nil {
		return fmt.Sprintf("%s is a replay log that cannot be read (%v); it is left as it is: name another log, or remove it yourself", path, err)
	}
	if n := len(lg.events); n > 0 {
		switch lg.events[n-1].Kind {
		case "win", "over", "error":
			return "" // its last line ends the game
		}
	}
	game, why := rs, ""
	if lg.hdr.Ruleset != rs.Name || lg.hdr.Hash != rs.Hash {
		game, why = logRuleset(lg, path)
	}
	if game != nil {
		g, err := replayAnswers(game, lg)
		switch {
		case err == nil && g.Over():
			return ""
		case err == nil:
			return fmt.Sprintf("%s holds a game of %s that is not over, and only it can resume that game: resume it with arbiter play --load %s, or name another log", path, lg.hdr.Ruleset, path)
		}
		why = err.Error()
	}
	return fmt.Sprintf("%s already holds the replay log of a game of %s, and a log is replaced only when its game is over: this version cannot play that game again to tell whether it is (%s), so the file is left as it is: name another log, or remove it yourself", path, lg.hdr.Ruleset, why)
}

// logRuleset loads the ruleset a replay log of another game names, when it
// is found by name and is the version the game was played with; otherwise
// it says why not.
func logRuleset(lg *replayLog, path string) (*model.Ruleset, string) {
	rp, err := savedGamePath(lg.hdr.Ruleset, path)
	if err != nil {
		return nil, "no ruleset of that name is here"
	}
	other, _ := load.LoadFile(rp, stdlib.Library())
	switch {
	case other == nil:
		return nil, rp + " has errors"
	case other.Hash != lg.hdr.Hash:
		return nil, "its rules or cards have changed since"
	}
	return other, ""
}

// stopOnSignal ends the session when the process is asked to stop (an
// interrupt, kill -TERM, a closed terminal, ctrl-\, which would otherwise
// print the program's stacks to a player): the replay log already holds
// every answer; the terminal is restored and the way to resume is named.
// The function it returns stops listening.
func stopOnSignal(s *session) func() {
	sigs := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	go func() {
		select {
		case sig := <-sigs:
			s.dropTemps()
			s.in.Close()
			msg := fmt.Sprintf("\narbiter play: stopped (%v)", sig)
			if s.log != nil && s.log.err == nil && s.log.started {
				load := "arbiter play --load " + s.logPath
				if s.gameArg != "" && s.gameArg != s.rs.Name {
					load = "arbiter play " + s.gameArg + " --load " + s.logPath
				}
				msg += fmt.Sprintf("; the game so far is in %s (%s resumes it)", s.logPath, load)
			}
			fmt.Fprintln(os.Stderr, msg)
			code := 1
			if n, ok := sig.(syscall.Signal); ok {
				code = 128 + int(n)
			}
			os.Exit(code)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}

// dropTemps readies the session's files for the process to exit at a
// signal: no line of the log is left half written, and neither a log not
// yet in place (the game stopped before it began) nor a save being written
// leaves its temporary file behind. The log stays locked.
func (s *session) dropTemps() {
	if s.log != nil {
		s.log.mu.Lock()
		s.log.abandon()
	}
	removeTempsInProgress()
}

func parseSeats(flags []string, n int) ([]string, error) {
	seats := make([]string, n)
	for i := range seats {
		seats[i] = bot.Names()[0]
	}
	seats[0] = "human"
	given := make([]string, n)
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("--seat takes p1=human, p2=random or p2=greedy, not %q", f)
		}
		p, err := setup.ParseSeat(k, n)
		if err != nil {
			return nil, err
		}
		// Human or GREEDY is what was meant: who plays a seat is no name
		// to spell to the letter
		v = strings.ToLower(strings.TrimSpace(v))
		if v != "human" {
			if _, err := bot.New(v, 0); err != nil {
				return nil, fmt.Errorf("--seat %s: %q plays no seat: a seat is played by human, random or greedy", f, v)
			}
		}
		if given[p] != "" {
			// the last of two would win unseen: the seat would be played
			// by whichever came last
			return nil, fmt.Errorf("--seat gives %s twice (%s and %s)", state.SeatName(p), given[p], f)
		}
		given[p] = f
		seats[p] = v
	}
	return seats, nil
}

// gameOptions checks the options of a new game as play and sim take them:
// the number of players (0 for the ruleset's minimum), the decks and the
// mode.
func gameOptions(rs *model.Ruleset, players int, deckFlags []string, mode string) (engine.Options, error) {
	if players == 0 {
		players = rs.MinPlayers
	}
	o := engine.Options{Players: players, Mode: mode}
	if err := engine.CheckOptions(rs, o); err != nil {
		return o, err
	}
	decks, err := parseDecks(rs, deckFlags, players)
	o.Decks = decks
	return o, err
}

func parseDecks(rs *model.Ruleset, flags []string, n int) ([]string, error) {
	decks := make([]string, n)
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("--deck takes p1=NAME, not %q", f)
		}
		p, err := setup.ParseSeat(k, n)
		if err != nil {
			return nil, err
		}
		if ix, ok := rs.DeckIx[v]; !ok || !rs.PlayerDeck(ix) {
			names := rs.PlayerDeckNames()
			switch {
			case len(names) == 0:
				return nil, fmt.Errorf("%s has no decks to choose from", rs.Name)
			case ok:
				return nil, fmt.Errorf("%s's deck %q is the game's (a create_deck step puts it into play), not one a player plays (decks: %s)", rs.Name, v, strings.Join(names, ", "))
			}
			return nil, fmt.Errorf("%s has no deck %q (decks: %s)", rs.Name, v, strings.Join(names, ", "))
		}
		if decks[p] != "" {
			return nil, fmt.Errorf("--deck gives %s twice (%s=%s and %s)", state.SeatName(p), k, decks[p], f)
		}
		decks[p] = v
	}
	return decks, nil
}

// saveRuleset reads the name of the game a save file or a replay log holds.
func saveRuleset(path string) (string, error) {
	data, err := source.ReadFile(path)
	if err != nil {
		return "", err
	}
	data = save.TrimBOM(data)
	if isReplayLog(data) {
		lg, err := readReplay(bytes.NewReader(data), path)
		if err != nil {
			return "", err
		}
		return lg.hdr.Ruleset, nil
	}
	var head struct {
		Ruleset string `json:"ruleset"`
	}
	err = json.Unmarshal(data, &head)
	switch {
	case err != nil && bytes.Contains(data, []byte("arbiter-save/")):
		// a save, damaged: naming the game would not help
		return "", fmt.Errorf("%s is not a readable save: it is damaged (%v)", path, save.JSONErrorIn(data, err))
	case err != nil || head.Ruleset == "" && !bytes.Contains(data, []byte("arbiter-save/")):
		// JSON of something else ({} or a list): naming a game would not help
		return "", fmt.Errorf("%s is not a readable save: it is neither a save (what a session's save command writes) nor a replay log", path)
	case head.Ruleset == "":
		return "", fmt.Errorf("%s is not a readable save (name the game too: arbiter play GAME --load %s)", path, path)
	}
	return head.Ruleset, nil
}

// loadSave resumes a game from a save, or from a replay log (played again
// up to its last answer); it returns the seats the file names, if any, and
// a warning for the player when the log's events are not those its answers
// set off now (it was edited, or written by another version of arbiter):
// its answers are what resume the game, and a log whose events read
// otherwise today (a log line worded anew) is still the same game.
func loadSave(rs *model.Ruleset, rsPath, path string) (*engine.Game, []string, string, error) {
	data, err := source.ReadFile(path)
	if err != nil {
		return nil, nil, "", err
	}
	data = save.TrimBOM(data)
	if isReplayLog(data) {
		lg, err := readReplay(bytes.NewReader(data), path)
		if err != nil {
			return nil, nil, "", err
		}
		if lg.hdr.Ruleset != rs.Name {
			return nil, nil, "", fmt.Errorf("%s: the replay log is a game of %q, not %q", path, lg.hdr.Ruleset, rs.Name)
		}
		if lg.hdr.Hash != rs.Hash {
			return nil, nil, "", otherVersion(path, "the game was played", rs, rsPath, lg.hdr.Hash, func(bp string) string { return "arbiter play " + bp + " --load " + path })
		}
		g, err := replayAnswers(rs, lg)
		if err != nil {
			return nil, nil, "", err // placed in the log already
		}
		warn := lg.cutNote(path)
		if err := sameEvents(g, lg); err != nil && warn == "" {
			// before any hand-over: the texts would show hidden cards
			hideEvents(err)
			what := err.Error()
			if d, ok := err.(*eventDiff); ok {
				what = d.short()
			}
			warn = fmt.Sprintf("%s does not read as this version of arbiter plays its answers (%s): it was edited, or written by another version; every answer was taken again, and the game goes on from them", path, what)
		}
		var seats []string
		if len(lg.hdr.Seats) == g.Players() {
			seats = lg.hdr.Seats
		}
		return g, seats, warn, nil
	}
	var sv save.Save
	if err := json.Unmarshal(data, &sv); err != nil {
		if bytes.Contains(data, []byte("arbiter-save/")) {
			return nil, nil, "", fmt.Errorf("%s is not a readable save: it is damaged (%v)", path, save.JSONErrorIn(data, err))
		}
		return nil, nil, "", fmt.Errorf("%s is not a readable save: it is neither a save (what a session's save command writes) nor a replay log", path)
	}
	g, err := save.Restore(rs, &sv)
	if ve := (*save.VersionError)(nil); errors.As(err, &ve) {
		return nil, nil, "", otherVersion(path, "the save was made", rs, rsPath, ve.Hash, func(bp string) string { return "arbiter play " + bp + " --load " + path })
	}
	if err != nil {
		return nil, nil, "", fmt.Errorf("%s: %v", path, err)
	}
	var seats []string
	warn := ""
	if m, ok := sv.Extra.(map[string]any); ok {
		if list, ok := m["seats"].([]any); ok && len(list) == g.Players() {
			for _, x := range list {
				seats = append(seats, fmt.Sprint(x))
			}
		} else if ok {
			// who played is not the game: the game goes on, played as
			// --seat or the defaults say, and the player is told
			warn = fmt.Sprintf("%s names who plays %d seats of a game of %d players; the seats are played as --seat says, or p1 by you and the others by the %s bot", path, len(list), g.Players(), bot.Names()[0])
		}
	}
	return g, seats, warn, nil
}

// knownSeats checks who a save or a log says played each seat: a person
// or a bot this arbiter has.
func knownSeats(path string, seats []string) error {
	for i, k := range seats {
		if k == "human" {
			continue
		}
		if _, err := bot.New(k, 0); err != nil {
			return fmt.Errorf("%s says %s was played by %q, neither human nor a bot (bots: %s): the file is damaged; name the seats with --seat", path, state.SeatName(i), k, strings.Join(bot.Names(), ", "))
		}
	}
	return nil
}
