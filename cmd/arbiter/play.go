package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/peterh/liner"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/interpreter/bot"
)

func newPlayCmd() *cobra.Command {
	var seatFlags, deckFlags []string
	var seed uint64
	var players int
	var load, logPath, mode string
	cmd := &cobra.Command{
		Use:   "play GAME",
		Short: "Play a text session against bots or other people",
		Long: `Play a game at the terminal. Each seat is human, random or greedy
(default: p1 is human, the others the greedy bot). With several humans the
terminal is passed between them and each sees only their own view. Type help
at a prompt for the commands. The seed deals every card, the other players'
included, so the session prints it only when the game is over. It writes a
replay log (--log, or a file it names at the end): like a save, the log is a
full record of the game, every hidden card included.`,
		Example: "  arbiter play lands\n  arbiter play lands --seat p1=human --seat p2=human --seed 7\n  arbiter play --load saved.json",
		Args:    cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// a save names its game, so --load needs no GAME
			game := ""
			switch {
			case len(args) == 1:
				game = args[0]
			case load != "":
				name, err := saveRuleset(load)
				if err != nil {
					return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
				}
				game = name
			default:
				return &exitError{code: 2, msg: "arbiter play: name a GAME to play (arbiter play lands), or --load a saved game"}
			}
			rs, err := loadGame(game)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			var g *in.Game
			var seats []string
			if load != "" {
				g, seats, err = loadSave(rs, load)
				if err != nil {
					return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
				}
				if _, err := parseSeats(seatFlags, g.Players()); err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				fmt.Fprintf(out, "Resumed %s from %s.\n", rs.Name, load)
			} else {
				if _, err := parseSeats(seatFlags, max(players, rs.MinPlayers)); err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				if !cmd.Flags().Changed("seed") {
					seed = uint64(time.Now().UnixNano() % 1_000_000_000)
				}
				if players == 0 {
					players = rs.MinPlayers
				}
				decks, err := parseDecks(rs, deckFlags, players)
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				g, err = in.New(rs, in.Options{Players: players, Seed: seed, Decks: decks, Mode: mode})
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
				// not the seed: it deals every hidden card (it is shown when the game is over)
				fmt.Fprintf(out, "%s, %d players.\n", rs.Name, players)
			}
			if seats == nil || len(seatFlags) > 0 {
				seats, err = parseSeats(seatFlags, g.Players())
				if err != nil {
					return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
				}
			}
			s := &session{rs: rs, g: g, seats: seats, out: out, seen: make([]int, g.Players()), lastSeat: -1}
			for i, k := range seats {
				fmt.Fprintf(out, "  %s: %s\n", in.SeatName(i), k)
			}
			s.bots = make([]bot.Bot, g.Players())
			for i, k := range seats {
				if k != "human" {
					b, err := bot.New(k, bot.SeatSeed(g.S.Seed, i))
					if err != nil {
						return &exitError{code: 2, msg: "arbiter play: " + err.Error()}
					}
					s.bots[i] = b
				}
			}
			s.tty = term.IsTerminal(int(os.Stdin.Fd())) && term.IsTerminal(int(os.Stdout.Fd())) && cmd.InOrStdin() == os.Stdin
			if s.tty {
				l := liner.NewLiner()
				l.SetCtrlCAborts(true)
				l.SetCompleter(completer(rs))
				s.in = &linerReader{l}
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
			s.logPath = logPath
			s.gameArg = game
			if s.logPath == "" {
				s.logPath = defaultReplayPath(rs.Name)
			}
			if err := s.run(); err != nil {
				if errors.Is(err, errGameError) {
					return &exitError{code: 1} // shown in the transcript
				}
				return &exitError{code: 1, msg: "arbiter play: " + err.Error()}
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&seatFlags, "seat", nil, "who plays a seat: p1=human, p2=random or p2=greedy (repeatable)")
	cmd.Flags().StringArrayVar(&deckFlags, "deck", nil, "a seat's deck: p1=NAME (repeatable)")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "the game's random seed (default: from the clock, printed)")
	cmd.Flags().IntVar(&players, "players", 0, "number of players (default: the ruleset's minimum)")
	cmd.Flags().StringVar(&load, "load", "", "resume a saved game")
	cmd.Flags().StringVar(&logPath, "log", "", "write the replay log here (JSON lines)")
	cmd.Flags().StringVar(&mode, "mode", "", "a game mode the ruleset declares")
	return cmd
}

// currentTurnStart is the index of the log entry that began the current
// turn (0 before the first).
func currentTurnStart(g *in.Game) int {
	log := g.LogEntries()
	for i := len(log) - 1; i >= 0; i-- {
		if log[i].Kind == "turn" {
			return i
		}
	}
	return 0
}

// defaultReplayPath names a replay log in the user's cache folder by game and
// time; not by seed, which would give away the cards.
func defaultReplayPath(game string) string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	dir = filepath.Join(dir, "arbiter", "replays")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	return filepath.Join(dir, fmt.Sprintf("%s-%s.jsonl", game, time.Now().Format("20060102-150405")))
}

func parseSeats(flags []string, n int) ([]string, error) {
	seats := make([]string, n)
	for i := range seats {
		seats[i] = bot.Names()[0]
	}
	seats[0] = "human"
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("--seat takes p1=human, p2=random or p2=greedy, not %q", f)
		}
		p, err := in.ParseSeat(k, n)
		if err != nil {
			return nil, err
		}
		if v != "human" {
			if _, err := bot.New(v, 0); err != nil {
				return nil, err
			}
		}
		seats[p] = v
	}
	return seats, nil
}

func parseDecks(rs *in.Ruleset, flags []string, n int) ([]string, error) {
	decks := make([]string, n)
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("--deck takes p1=NAME, not %q", f)
		}
		p, err := in.ParseSeat(k, n)
		if err != nil {
			return nil, err
		}
		if _, ok := rs.DeckByName(v); !ok {
			var names []string
			for _, d := range rs.Decks {
				names = append(names, d.Name)
			}
			if len(names) == 0 {
				return nil, fmt.Errorf("%s has no decks to choose from", rs.Name)
			}
			return nil, fmt.Errorf("%s has no deck %q (decks: %s)", rs.Name, v, strings.Join(names, ", "))
		}
		decks[p] = v
	}
	return decks, nil
}

// saveRuleset reads the name of the game a save file holds.
func saveRuleset(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var head struct {
		Ruleset string `json:"ruleset"`
	}
	if err := json.Unmarshal(data, &head); err != nil || head.Ruleset == "" {
		return "", fmt.Errorf("%s is not a readable save (name the game too: arbiter play GAME --load %s)", path, path)
	}
	return head.Ruleset, nil
}

func loadSave(rs *in.Ruleset, path string) (*in.Game, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var sv in.Save
	if err := json.Unmarshal(data, &sv); err != nil {
		if strings.HasPrefix(strings.TrimSpace(string(data)), `{"header"`) {
			return nil, nil, fmt.Errorf("%s is a replay log, not a save: use arbiter replay %s", path, path)
		}
		return nil, nil, fmt.Errorf("%s is not a readable save: %v", path, err)
	}
	g, err := in.Restore(rs, &sv)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	var seats []string
	if m, ok := sv.Extra.(map[string]any); ok {
		if list, ok := m["seats"].([]any); ok && len(list) == g.Players() {
			for _, x := range list {
				seats = append(seats, fmt.Sprint(x))
			}
		}
	}
	return g, seats, nil
}
