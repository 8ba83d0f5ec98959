package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/interpreter/bot"
)

type simResult struct {
	winners   []int
	first     int
	turns     int
	decisions int
	kind      string // "win" or "draw" (errors have err)
	reason    string // why the game ended, as the win or draw said it
	err       error
	seed      uint64
}

func newSimCmd() *cobra.Command {
	var games, parallel, players int
	var agents, mode string
	var seed uint64
	var deckFlags []string
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Simulate many games between bots; report win rates and game length",
		Long: `Sim plays GAME many times between bots (random by default) and reports win
rates by seat with 95% confidence intervals, the first player's advantage,
how the games ended (each win reason, each draw reason and errors, with
their share and 95% interval), and game length. A win shared by several
seats counts as a win for each of them in the rates by seat, and as one game
among the endings. Games that stop with an error are listed with their seeds
and make sim exit with status 1. Game i uses seed --seed + i, so a run is
reproducible. Ctrl-C stops a run early: the games under way finish, the
table covers every game played, and sim exits with status 130.`,
		Example: "  arbiter sim lands --games 1000\n  arbiter sim lands --games 200 --agents greedy,random",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rs, err := loadGame(args[0])
			if err != nil {
				return err
			}
			if players == 0 {
				players = rs.MinPlayers
			}
			kinds := strings.Split(agents, ",")
			for len(kinds) < players {
				kinds = append(kinds, kinds[len(kinds)-1])
			}
			for _, k := range kinds {
				if _, err := bot.New(k, 0); err != nil {
					return &exitError{code: 2, msg: "arbiter sim: " + err.Error()}
				}
			}
			decks, err := parseDecks(rs, deckFlags, players)
			if err != nil {
				return &exitError{code: 2, msg: "arbiter sim: " + err.Error()}
			}
			if games < 1 {
				return &exitError{code: 2, msg: "arbiter sim: --games must be at least 1"}
			}
			if parallel < 1 {
				parallel = runtime.NumCPU()
			}
			var bar *progressbar.ProgressBar
			if term.IsTerminal(int(os.Stderr.Fd())) {
				bar = progressbar.NewOptions(games, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription("simulating"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
			}
			results := make([]simResult, games)
			done := make([]bool, games)
			start := time.Now()
			var wg sync.WaitGroup
			next := make(chan int)
			var mu sync.Mutex
			for w := 0; w < parallel; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range next {
						results[i] = simulate(rs, in.Options{Players: players, Seed: seed + uint64(i), Decks: decks, Mode: mode, NoLog: true}, kinds)
						results[i].seed = seed + uint64(i)
						done[i] = true
						if bar != nil {
							mu.Lock()
							_ = bar.Add(1)
							mu.Unlock()
						}
					}
				}()
			}
			// Ctrl-C (or kill -TERM) stops handing out games: the games under
			// way finish and the table covers the games played
			stop := make(chan os.Signal, 1)
			signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
			interrupted := false
		deal:
			for i := 0; i < games; i++ {
				select {
				case next <- i:
				case <-stop:
					interrupted = true
					signal.Stop(stop) // a second Ctrl-C ends sim at once
					if bar != nil {
						_ = bar.Clear()
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "\narbiter sim: interrupted; the games under way finish (Ctrl-C again stops at once)\n")
					break deal
				}
			}
			close(next)
			wg.Wait()
			signal.Stop(stop)
			if bar != nil && !interrupted {
				_ = bar.Finish()
			}
			played := results
			if interrupted {
				played = nil
				for i, r := range results {
					if done[i] {
						played = append(played, r)
					}
				}
				if len(played) == 0 {
					return &exitError{code: 130, msg: fmt.Sprintf("arbiter sim: interrupted before any of the %d games ended", games)}
				}
			}
			report(cmd.OutOrStdout(), rs, kinds[:players], decks, played, time.Since(start))
			if interrupted {
				return &exitError{code: 130, msg: fmt.Sprintf("arbiter sim: interrupted after %d of %d games; the figures above are those of the %s played", len(played), games, plural(len(played), "game"))}
			}
			for _, r := range results {
				if r.err != nil {
					return &exitError{code: 1}
				}
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&games, "games", 100, "how many games")
	cmd.Flags().IntVar(&parallel, "parallel", 0, "games played at once (default: one per CPU)")
	cmd.Flags().IntVar(&players, "players", 0, "number of players (default: the ruleset's minimum)")
	cmd.Flags().StringVar(&agents, "agents", "random", "the bot of each seat, comma-separated (the last repeats): random, greedy")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the first game")
	cmd.Flags().StringArrayVar(&deckFlags, "deck", nil, "a seat's deck: p1=NAME (repeatable)")
	cmd.Flags().StringVar(&mode, "mode", "", "a game mode the ruleset declares")
	return cmd
}

func simulate(rs *in.Ruleset, o in.Options, kinds []string) (r simResult) {
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("seed %d: panic: %v", o.Seed, p)
		}
	}()
	g, err := in.New(rs, o)
	if err != nil {
		return simResult{err: fmt.Errorf("seed %d: %v", o.Seed, err)}
	}
	bots := make([]bot.Bot, o.Players)
	for i := range bots {
		bots[i], _ = bot.New(kinds[i], bot.SeatSeed(o.Seed, i))
	}
	for !g.Over() {
		p := g.Pending()
		if len(p) == 0 {
			break // a game that is not over and asks nobody: g.Err names the step it stopped at
		}
		d := p[0]
		if err := g.Answer(d.Player, bots[d.Player].Choose(g, &d)); err != nil {
			return simResult{err: fmt.Errorf("seed %d: bot answer refused: %v", o.Seed, err)}
		}
	}
	if e := g.Err(); e != nil {
		return simResult{err: fmt.Errorf("seed %d: %v", o.Seed, e)}
	}
	return simResult{winners: g.Winners(), first: g.S.First, turns: g.S.Turn, decisions: g.S.Decisions, kind: g.OutcomeKind(), reason: g.OutcomeReason()}
}

// wilson is the 95% Wilson score interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 0
	}
	z := 1.96
	p := float64(k) / float64(n)
	d := 1 + z*z/float64(n)
	c := p + z*z/(2*float64(n))
	m := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n)))
	// rounding can leave a bound a hair outside [0, 1] (shown as -0.0%)
	return max((c-m)/d, 0), min((c+m)/d, 1)
}

func report(w io.Writer, rs *in.Ruleset, kinds, decks []string, results []simResult, took time.Duration) {
	n := len(results)
	wins := make([]int, len(kinds))
	firstWins, decided, errs, shared := 0, 0, 0, 0
	var turns []int
	decisions := 0
	endings := map[ending]int{}
	for _, r := range results {
		if r.err != nil {
			errs++
			endings[ending{kind: "error"}]++
			continue
		}
		endings[ending{kind: r.kind, reason: r.reason}]++
		turns = append(turns, r.turns)
		decisions += r.decisions
		if len(r.winners) == 0 {
			continue
		}
		decided++
		if len(r.winners) > 1 {
			shared++
		}
		for _, p := range r.winners {
			wins[p]++
			if p == r.first {
				firstWins++
			}
		}
	}
	rate := fmt.Sprintf("%.0f games/s", float64(n)/took.Seconds())
	if float64(n)/took.Seconds() < 10 {
		rate = fmt.Sprintf("%.1f s/game", took.Seconds()/float64(n)) // slow bots: "0 games/s" would say nothing
	}
	fmt.Fprintf(w, "%s: %d games, %d players (%s), %.1fs, %s, %.0f decisions/s\n", rs.Name, n, len(kinds), strings.Join(kinds, " vs "), took.Seconds(), rate, float64(decisions)/took.Seconds())
	fmt.Fprintf(w, "win rate by seat (95%% confidence):\n")
	for p, k := range wins {
		lo, hi := wilson(k, n)
		who := kinds[p]
		if len(rs.Decks) > 1 {
			// a game with a choice of decks: which one the seat played
			deck := rs.Decks[0].Name
			if p < len(decks) && decks[p] != "" {
				deck = decks[p]
			}
			who += ", " + deck
		}
		fmt.Fprintf(w, "  %s (%s): %5d wins  %5.1f%%  [%4.1f%%, %4.1f%%]\n", in.SeatName(p), who, k, 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
	if shared > 0 {
		fmt.Fprintf(w, "  shared wins: %s won by several seats together; each winning seat counts such a game as a win, and it counts once among the endings\n", plural(shared, "game"))
	}
	if decided > 0 {
		lo, hi := wilson(firstWins, decided)
		fmt.Fprintf(w, "first player wins %.1f%% of decided games [%4.1f%%, %4.1f%%]\n", 100*float64(firstWins)/float64(decided), 100*lo, 100*hi)
	}
	reportEndings(w, endings, n)
	if len(turns) > 0 {
		sort.Ints(turns)
		sum := 0
		for _, t := range turns {
			sum += t
		}
		fmt.Fprintf(w, "game length in turns: mean %.1f, median %d, 90th percentile %d, max %d; %.1f decisions per game\n",
			float64(sum)/float64(len(turns)), turns[len(turns)/2], turns[len(turns)*9/10], turns[len(turns)-1], float64(decisions)/float64(len(turns)))
	}
	if errs > 0 {
		var seeds []string
		var first error
		for _, r := range results {
			if r.err != nil {
				seeds = append(seeds, fmt.Sprint(r.seed))
				if first == nil {
					first = r.err
				}
			}
		}
		if len(seeds) > 20 {
			seeds = append(seeds[:20], "...")
		}
		fmt.Fprintf(w, "ERRORS: %d games stopped with an error (seeds %s); the first:\n  %v\n", errs, strings.Join(seeds, ", "), first)
	}
}

// ending is how a game ended: a win or a draw and its reason, or an error.
type ending struct{ kind, reason string }

func (e ending) String() string {
	switch {
	case e.kind == "error":
		return "error"
	case e.reason == "":
		return e.kind + " (no reason given)"
	}
	return e.kind + ": " + e.reason
}

// reportEndings prints how many games ended in each way, wins first, then
// draws, then errors, the most frequent first within each.
func reportEndings(w io.Writer, endings map[ending]int, n int) {
	rows := make([]ending, 0, len(endings))
	width := 0
	for e := range endings {
		rows = append(rows, e)
		width = max(width, len(e.String()))
	}
	order := map[string]int{"win": 0, "draw": 1, "error": 2}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if order[a.kind] != order[b.kind] {
			return order[a.kind] < order[b.kind]
		}
		if endings[a] != endings[b] {
			return endings[a] > endings[b]
		}
		return a.reason < b.reason
	})
	fmt.Fprintf(w, "how the games ended (95%% confidence):\n")
	for _, e := range rows {
		k := endings[e]
		lo, hi := wilson(k, n)
		fmt.Fprintf(w, "  %-*s %5d  %5.1f%%  [%4.1f%%, %4.1f%%]\n", width, e.String(), k, 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
}
