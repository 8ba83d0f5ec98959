package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	in "github.com/arbiter-games/arbiter/interpreter"
)

// ReplayFormat names the replay log format.
const ReplayFormat = "arbiter-replay/1"

type replayHeader struct {
	Format  string   `json:"format"`
	Ruleset string   `json:"ruleset"`
	Version string   `json:"version"`
	Hash    string   `json:"hash"`
	Players int      `json:"players"`
	Decks   []string `json:"decks,omitempty"`
	Mode    string   `json:"mode,omitempty"`
	Seed    uint64   `json:"seed"`
}

type replayLine struct {
	Header *replayHeader `json:"header,omitempty"`
	Answer *in.Record    `json:"answer,omitempty"`
	Event  *in.LogEntry  `json:"event,omitempty"`
}

// writeReplay writes a game's replay log: a header, every answer, every event.
func writeReplay(path string, rs *in.Ruleset, g *in.Game) error {
	sv, err := g.Snapshot()
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	_ = enc.Encode(replayLine{Header: &replayHeader{Format: ReplayFormat, Ruleset: rs.Name, Version: rs.Version, Hash: rs.Hash, Players: sv.Players, Decks: sv.Decks, Mode: g.Mode(), Seed: sv.Seed}})
	for i := range sv.Answers {
		_ = enc.Encode(replayLine{Answer: &sv.Answers[i]})
	}
	for i := range g.LogEntries() {
		_ = enc.Encode(replayLine{Event: &g.LogEntries()[i]})
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func newReplayCmd() *cobra.Command {
	var as, game string
	var force, full bool
	cmd := &cobra.Command{
		Use:   "replay LOG",
		Short: "Re-run a replay log, check every event, print the game",
		Long: `Replay re-runs a game from its replay log (seed and answers), checks that
every event comes out the same, and prints the text log, as everyone saw
it or from one seat's point of view (--as p1). A mismatch names the first
event that differs.

A replay log, like a save, is the full record of a game: its seed and every
answer, and so every card, those hidden from the players included. A game
that is over is shown whole. A game that is not over is shown only as one
seat saw it (--as p1), or whole when asked for the full record (--full):
do not give the log of a game in progress to another player.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return &exitError{code: 2, msg: "arbiter replay: " + err.Error()}
			}
			defer f.Close()
			var hdr *replayHeader
			var answers []in.Record
			var events []in.LogEntry
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<26)
			line := 0
			for sc.Scan() {
				line++
				var l replayLine
				if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
					return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: %s:%d: not a replay line: %v", args[0], line, err)}
				}
				switch {
				case l.Header != nil:
					hdr = l.Header
				case l.Answer != nil:
					answers = append(answers, *l.Answer)
				case l.Event != nil:
					events = append(events, *l.Event)
				}
			}
			if hdr == nil || hdr.Format != ReplayFormat {
				return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: %s is not a replay log (no %s header)", args[0], ReplayFormat)}
			}
			if game == "" {
				game = hdr.Ruleset
			}
			rs, err := loadGame(game)
			if err != nil {
				return err
			}
			if rs.Hash != hdr.Hash {
				if !force {
					return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: the ruleset %s has changed since the game was played (hash %s, now %s); --force replays it anyway", rs.Name, hdr.Hash, rs.Hash)}
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: the ruleset has changed since the game was played (hash %s, now %s)\n", hdr.Hash, rs.Hash)
			}
			if as != "" && full {
				return &exitError{code: 2, msg: "arbiter replay: --as shows one seat's view and --full everything: give one of them"}
			}
			seat := -1
			if as != "" {
				if seat, err = in.ParseSeat(as, hdr.Players); err != nil {
					return &exitError{code: 2, msg: "arbiter replay: " + err.Error()}
				}
			}
			g, err := in.New(rs, in.Options{Players: hdr.Players, Seed: hdr.Seed, Decks: hdr.Decks, Mode: hdr.Mode})
			if err != nil {
				return &exitError{code: 1, msg: "arbiter replay: " + err.Error()}
			}
			for i, a := range answers {
				if a.Answer.Resign {
					err = g.Resign(a.Player)
				} else {
					err = g.Answer(a.Player, a.Answer)
				}
				if err != nil {
					return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: answer %d (%s) is refused: %v", i+1, in.SeatName(a.Player), err)}
				}
			}
			got := g.LogEntries()
			for i := range events {
				if i >= len(got) {
					return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: the replay stops after %d events; the log has %d (next: %q)", len(got), len(events), g.Render(&events[i], -1))}
				}
				a, b := g.Render(&got[i], -1), g.Render(&events[i], -1)
				ja, _ := json.Marshal(got[i])
				jb, _ := json.Marshal(events[i])
				if a != b || string(ja) != string(jb) {
					return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: event %d differs:\n  logged:   %s\n  replayed: %s\n  logged data:   %s\n  replayed data: %s", i+1, b, a, jb, ja)}
				}
			}
			if len(got) > len(events) {
				return &exitError{code: 1, msg: fmt.Sprintf("arbiter replay: the replay has %d more events than the log (first: %q)", len(got)-len(events), g.Render(&got[len(events)], -1))}
			}
			end := g.Outcome()
			if !g.Over() {
				// the hidden cards of a game in progress are shown only on request
				if seat < 0 && !full {
					return &exitError{code: 2, msg: fmt.Sprintf("arbiter replay: the game in %s is not over, and its log holds every hidden card: --as p1 shows it as p1 saw it, --full shows everything", args[0])}
				}
				end = fmt.Sprintf("not over (turn %d)", g.S.Turn)
			}
			for _, l := range g.LogText(seat, 0) {
				fmt.Fprintln(cmd.OutOrStdout(), l)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "replay ok: %s, %s; %s\n", plural(len(answers), "answer"), plural(len(events), "event"), end)
			return nil
		},
	}
	cmd.Flags().StringVar(&as, "as", "", "show the game as this seat saw it (p1, p2, ...)")
	cmd.Flags().StringVar(&game, "game", "", "the ruleset to replay with (default: the one the log names, found from here)")
	cmd.Flags().BoolVar(&force, "force", false, "replay even if the ruleset has changed since")
	cmd.Flags().BoolVar(&full, "full", false, "show every card of a game that is not over, hidden ones included")
	return cmd
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
