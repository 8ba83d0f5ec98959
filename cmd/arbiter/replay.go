package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

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
		Args: exactArgs(1, "a replay log"),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := source.ReadFile(args[0])
			if err != nil {
				return &exitError{code: 2, msg: "arbiter replay: " + err.Error()}
			}
			lg, err := readReplay(bytes.NewReader(data), args[0])
			if err != nil {
				return &exitError{code: 1, msg: "arbiter replay: " + err.Error()}
			}
			if note := lg.cutNote(args[0]); note != "" {
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s\n", note)
			}
			hdr := lg.hdr
			var rs *model.Ruleset
			var rsPath string
			if game == "" {
				rs, rsPath, err = findSavedGame(hdr.Ruleset, args[0])
			} else {
				rs, rsPath, err = findGame(game)
			}
			if err != nil {
				return err
			}
			if rs.Name != hdr.Ruleset {
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter replay: %s is a game of %s, not %s", args[0], hdr.Ruleset, rs.Name)}
			}
			if rs.Hash != hdr.Hash {
				if !force {
					err := otherVersion(args[0], "the game was played", rs, rsPath, hdr.Hash, func(bp string) string { return "arbiter replay " + args[0] + " --game " + bp })
					return &exitError{code: 1, msg: "arbiter replay: " + err.Error() + "; --force replays it anyway"}
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: the ruleset has changed since the game was played (hash %s, now %s)\n", hdr.Hash, rs.Hash)
			}
			if as != "" && full {
				return &exitError{code: 2, msg: "arbiter replay: --as shows one seat's view and --full everything: give one of them"}
			}
			seat := -1
			if as != "" {
				if seat, err = setup.ParseSeat(as, hdr.Players); err != nil {
					return &exitError{code: 2, msg: "arbiter replay: " + err.Error()}
				}
			}
			g, err := rerun(rs, lg)
			if err != nil {
				if !full {
					// the texts hold every seat's cards: only --full asks for them
					hideEvents(err)
				}
				return &exitError{code: 1, msg: "arbiter replay: " + err.Error()}
			}
			end := g.Outcome()
			if !g.Over() {
				// the hidden cards of a game in progress are shown only on request
				if seat < 0 && !full {
					return &exitError{code: 2, msg: fmt.Sprintf("arbiter replay: the game in %s is not over, and its log holds every hidden card: --as p1 shows it as p1 saw it, --full shows everything", args[0])}
				}
				end = fmt.Sprintf("not over (turn %d)", g.Evaluator().S.Turn)
			}
			for _, l := range view.LogText(g, seat, 0) {
				fmt.Fprintln(cmd.OutOrStdout(), l)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "replay ok: %s, %s; %s\n", plural(len(lg.answers), "answer"), plural(len(lg.events), "event"), end)
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
