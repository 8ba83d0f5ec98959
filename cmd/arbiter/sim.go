package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

type simResult struct {
	winners   []int
	first     int
	turns     int
	decisions int
	kind      string // "win" or "draw" (errors have err)
	reason    string // why the game ended, as the win or draw said it
	lost      string // a win of the last player standing: why the last of the others left
	err       error
	seed      uint64
	game      int                 // the game's number in its study (seed --seed + game)
	plays     []map[cardPlay]bool // per seat, with --cards: the actions it took with each card
}

// maxRunGames bounds the games of one run: each keeps its result in
// memory (a study of more is split into shards, up to maxStudy games).
const maxRunGames = 10_000_000

func newSimCmd() *cobra.Command {
	var games, parallel, players int
	var agents, mode, format string
	var seed uint64
	var deckFlags []string
	var byCard bool
	var shardFlag string
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Simulate many games between bots; report win rates and game length",
		Long: `Sim plays GAME many times between bots (random by default) and reports win
rates by seat with 95% confidence intervals, the first player's advantage,
how the games ended (each win reason, each draw reason and errors, with
their share and 95% interval), and game length. A win shared by several
seats counts as a win for each of them in the rates by seat, and as one game
among the endings; the first player's advantage is read from the games one
seat won alone, and, where seats won together (partners, say), from how
often the first player was among the winners. Games that stop with an error are listed with their seeds
and make sim exit with status 1. Game i uses seed --seed + i, so a run is
reproducible. Ctrl-C (or one kill -TERM) stops a run early: the games
under way finish, or are left after 10 seconds, the table covers every game
that ended, and sim exits with status 130. Games are played without a log,
so the expressions of log lines are not worked out, but for one game in
fifty (game 0, 50, 100, ...), played with its log: an error in a log line
stops such a game, which is listed with its seed, as arbiter play and
arbiter test stop at it. With
--cards, it also lists, for every card and action taken with it (a card
played as one of its parts, say), in how many games a seat took it and how
often that seat won them.

A large study is split in shards: with --shard i/N (i from 0 to N-1) sim
plays only the games j with j mod N = i, with the seeds a single run gives
them, and writes them (with --format json) as a shard file; arbiter sim
merge combines the N files into the table of a single run. See
docs/sim-at-scale.md.`,
		Example: "  arbiter sim lands --games 1000\n  arbiter sim lands --games 200 --agents greedy,random\n  arbiter sim lands --games 100000 --shard 3/8 --format json > part-3.json",
		Args:    exactArgs(1, "a GAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return &exitError{code: 2, msg: "arbiter sim: --format is text or json"}
			}
			rs, err := loadGame(args[0])
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("players") && players == 0 {
				// 0 stands for the default only when the flag is not given
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim: --players 0: %s is played by %s players", rs.Name, rs.PlayerCount())}
			}
			o, err := gameOptions(rs, players, deckFlags, mode)
			if err != nil {
				return &exitError{code: 2, msg: "arbiter sim: " + err.Error()}
			}
			players, decks := o.Players, o.Decks
			kinds := strings.Split(agents, ",")
			if len(kinds) > players {
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim: --agents names %d agents for a game of %s: one per seat, the last standing for the seats after it", len(kinds), plural(players, "player"))}
			}
			for len(kinds) < players {
				kinds = append(kinds, kinds[len(kinds)-1])
			}
			for _, k := range kinds {
				if _, err := bot.New(k, 0); err != nil {
					return &exitError{code: 2, msg: "arbiter sim: " + err.Error()}
				}
			}
			if games < 1 {
				return &exitError{code: 2, msg: "arbiter sim: --games must be at least 1"}
			}
			sh, err := parseShard(shardFlag)
			if err != nil {
				return &exitError{code: 2, msg: "arbiter sim: " + err.Error()}
			}
			if sh.n > 0 && format != "json" {
				return &exitError{code: 2, msg: "arbiter sim: --shard writes a shard file for arbiter sim merge: give --format json"}
			}
			// each game played keeps its result: a run is bounded, and a
			// larger study is split into shards, a run each
			if games > 0 && seed > math.MaxUint64-uint64(games-1) {
				// game i plays with seed + i: no seed may wrap to 0
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim: --seed %d leaves no room for %d games (game i plays with seed + i): give a seed of at most %d", seed, games, uint64(math.MaxUint64)-uint64(games-1))}
			}
			if games > maxStudy {
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim: a study has at most %d games, not %d", maxStudy, games)}
			}
			if per := (games + max(sh.n, 1) - 1) / max(sh.n, 1); per > maxRunGames {
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim: one run plays at most %d games (this one would play %d): split a larger study with --shard i/N and merge the shards (arbiter sim merge)", maxRunGames, per)}
			}
			idx := sh.games(games)
			switch {
			case cmd.Flags().Changed("parallel") && parallel < 1:
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim: --parallel must be at least 1 (it is %d); without it, one game is played at once per CPU", parallel)}
			case parallel < 1:
				parallel = runtime.NumCPU()
			}
			// more games at once than games to play, or than a machine has
			// cores to spare for them, would only hold memory: each plays in
			// memory of its own
			parallel = min(parallel, len(idx), maxParallel)
			if os.Getenv("GOGC") == "" && len(idx) <= fourfoldGames {
				// games make short-lived garbage and keep little: a collection
				// every fourfold growth of the heap, not every doubling, leaves
				// the cores to the games (10-20% more games a second), and the
				// heap stays small; GOGC set by the user wins. Not for a run of
				// many games: the results kept would be grown fourfold too
				debug.SetGCPercent(400)
			}
			var bar *progressbar.ProgressBar
			if term.IsTerminal(int(os.Stderr.Fd())) {
				bar = progressbar.NewOptions(len(idx), progressbar.OptionSetWriter(os.Stderr), progressbar.OptionSetDescription("simulating"), progressbar.OptionShowCount(), progressbar.OptionClearOnFinish())
			}
			texts := map[string]string{}
			intern := func(s string) string {
				if t, ok := texts[s]; ok {
					return t
				}
				if len(texts) < maxTexts {
					texts[s] = s
				}
				return s
			}
			results := make([]simResult, len(idx))
			done := make([]bool, len(idx))
			start := time.Now()
			var wg sync.WaitGroup
			next := make(chan int)
			var mu sync.Mutex
			for w := 0; w < parallel; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var g *engine.Game // the worker's last game, whose memory the next reuses
					for i := range next {
						j := idx[i] // the game's number in the whole study
						var r simResult
						r, g = simulate(g, rs, engine.Options{Players: players, Seed: seed + uint64(j), Decks: decks, Mode: mode, NoLog: j%loggedEvery != 0, NoRecord: true}, kinds, byCard)
						r.seed, r.game = seed+uint64(j), j
						// under the lock: an interrupted run reads the
						// results while games it left still play
						mu.Lock()
						// the texts of how games ended are few: one copy of
						// each is kept, not one a game
						r.kind, r.reason, r.lost = intern(r.kind), intern(r.reason), intern(r.lost)
						results[i], done[i] = r, true
						mu.Unlock()
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
			interrupt := func() {
				interrupted = true
				// a second Ctrl-C (or kill -TERM) ends sim at once, with no
				// table: heard here rather than left to the signal's default
				// action, which a process started with it ignored (in the
				// background of a script) would not take
				go func() {
					sig := <-stop
					code := 130
					if sig == syscall.SIGTERM {
						code = 143
					}
					fmt.Fprintf(cmd.ErrOrStderr(), "\narbiter sim: stopped at once; no table\n")
					os.Exit(code)
				}()
				if bar != nil {
					_ = bar.Clear()
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "\narbiter sim: interrupted; the games under way finish, or are left after %s (Ctrl-C again stops at once)\n", simGrace)
			}
		deal:
			for i := range idx {
				select {
				case next <- i:
				case <-stop:
					interrupt()
					break deal
				}
			}
			close(next)
			// every game handed out: a Ctrl-C while they finish is heard
			// too (a game that never ends would leave sim deaf to it)
			finished := make(chan struct{})
			go func() { wg.Wait(); close(finished) }()
			if !interrupted {
				select {
				case <-finished:
				case <-stop:
					interrupt()
				}
			}
			if interrupted {
				// a game under way may take long (a greedy bot's, one that
				// runs away): the table is of the games that ended
				select {
				case <-finished:
				case <-time.After(simGrace):
				}
			} else {
				<-finished
			}
			signal.Stop(stop)
			mu.Lock() // games left under way write no more results
			defer mu.Unlock()
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
					return &exitError{code: 130, msg: fmt.Sprintf("arbiter sim: interrupted before any of the %d games ended", len(idx))}
				}
			}
			if sh.n > 0 {
				if interrupted {
					// a shard must hold all its games, or the merge would
					// report a different study than it names
					return &exitError{code: 130, msg: "arbiter sim: interrupted: no shard file written"}
				}
				writeShard(cmd.OutOrStdout(), shardFile{Ruleset: rs.Name, Hash: rs.Hash, Players: players, Agents: kinds[:players], Decks: decks, Mode: mode, Seed: seed, Games: games, Cards: byCard, Shard: sh.i, Shards: sh.n, Seconds: time.Since(start).Seconds()}, results)
			} else if format == "json" {
				reportJSON(cmd.OutOrStdout(), rs, kinds[:players], decks, played, time.Since(start), games)
				if interrupted {
					return &exitError{code: 130} // the report says so
				}
			} else {
				report(cmd.OutOrStdout(), rs, kinds[:players], decks, played, time.Since(start))
				if byCard {
					reportCards(cmd.OutOrStdout(), played)
				}
			}
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
	cmd.Flags().IntVar(&parallel, "parallel", 0, fmt.Sprintf("games played at once (default: one per CPU; at most %d, and no more than the games)", maxParallel))
	cmd.Flags().IntVar(&players, "players", 0, "number of players (default: the ruleset's minimum)")
	cmd.Flags().StringVar(&agents, "agents", "random", "the bot of each seat, comma-separated (the last repeats): random, greedy")
	cmd.Flags().Uint64Var(&seed, "seed", 1, "seed of the first game")
	cmd.Flags().StringArrayVar(&deckFlags, "deck", nil, "a seat's deck: p1=NAME (repeatable)")
	cmd.Flags().StringVar(&mode, "mode", "", "a game mode the ruleset declares")
	cmd.Flags().StringVar(&shardFlag, "shard", "", "play only shard i of N (i/N, i from 0): the games j with j mod N = i, written as a shard file for arbiter sim merge")
	cmd.Flags().BoolVar(&byCard, "cards", false, "also list the actions taken with each card and the win rate of the seats that took them (in a game of no such actions, a draft, the cards each seat chose of its own)")
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, or json (the report as one object; errors as validate's diagnostics)")
	cmd.Annotations = map[string]string{jsonErrorsKey: "yes"}
	cmd.AddCommand(newSimMergeCmd())
	return cmd
}

// loggedEvery: one game in so many (game 0, then every loggedEvery-th) is
// played with its log, whose lines' expressions are worked out only then:
// an error in one stops that game and is listed, as in arbiter play, where
// a run without a log passed it by. The log changes nothing else of a game.
const loggedEvery = 50

// fourfoldGames is the most games a run plays with the heap let grow
// fourfold between collections: above it, the results kept (some hundred
// bytes a game) would make that growth gigabytes.
const fourfoldGames = 100_000

// maxTexts bounds the texts of game endings kept once for all the games
// (a ruleset whose reasons name numbers may make one a game).
const maxTexts = 10_000

// simGrace is how long an interrupted sim waits for the games under way.
const simGrace = 10 * time.Second

// simulate plays one game between bots, in the memory of the worker's last
// game prev (engine.NewInto); it returns the game for the next, or nil
// after a panic, when nothing of it is to be trusted.
func simulate(prev *engine.Game, rs *model.Ruleset, o engine.Options, kinds []string, byCard bool) (r simResult, g *engine.Game) {
	defer func() {
		if p := recover(); p != nil {
			r.err = fmt.Errorf("seed %d: panic: %v", o.Seed, p)
			g = nil
		}
	}()
	g, err := engine.NewInto(prev, rs, o)
	if err != nil {
		return simResult{err: fmt.Errorf("seed %d: %v", o.Seed, err)}, nil
	}
	bots := make([]bot.Bot, o.Players)
	for i := range bots {
		bots[i], _ = bot.New(kinds[i], bot.SeatSeed(o.Seed, i))
	}
	var plays []map[cardPlay]bool
	if byCard {
		plays = make([]map[cardPlay]bool, o.Players)
		for i := range plays {
			plays[i] = map[cardPlay]bool{}
		}
	}
	for !g.Over() {
		d, ok := g.Next()
		if !ok {
			break // a game that is not over and asks nobody: g.Err names the step it stopped at
		}
		a := bots[d.Player].Choose(g, &d)
		notePlay(g, &d, a, plays)
		if err := g.Answer(d.Player, a); err != nil {
			return simResult{err: fmt.Errorf("seed %d: bot answer refused: %v", o.Seed, err)}, g
		}
	}
	if e := g.Err(); e != nil {
		return simResult{err: fmt.Errorf("seed %d: %v", o.Seed, e)}, g
	}
	return simResult{winners: g.Winners(), first: g.Evaluator().S.First, turns: g.Evaluator().S.Turn, decisions: g.Evaluator().S.Decisions, kind: g.OutcomeKind(), reason: g.OutcomeReason(), lost: lastLoss(g), plays: plays}, g
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

// simTally is what the games of a run add up to.
type simTally struct {
	n, decided, firstWins, errs, shared, decisions int
	// firstShares is how many of the shared games the first player won
	// with others: a partnership game's advantage of the side that starts
	firstShares int
	// sharedSeats is the winners of the shared games counted together: the
	// first player is among them by chance sharedSeats / (shared * seats)
	// of the time
	sharedSeats int
	wins        []int // per seat
	turns       []int // per game that ended, in order
	endings     map[ending]int
}

func tallyResults(results []simResult, seats int) simTally {
	t := simTally{n: len(results), wins: make([]int, seats), endings: map[ending]int{}}
	for _, r := range results {
		if r.err != nil {
			t.errs++
			t.endings[ending{kind: "error"}]++
			continue
		}
		t.endings[ending{kind: r.kind, reason: r.reason, lost: r.lost}]++
		t.turns = append(t.turns, r.turns)
		t.decisions += r.decisions
		if len(r.winners) == 0 {
			continue
		}
		t.decided++
		if len(r.winners) > 1 {
			t.shared++
		}
		for _, p := range r.winners {
			t.wins[p]++
		}
		// the first player's advantage is read from the games one seat
		// won alone: a win shared with the others says nothing of it
		if len(r.winners) == 1 && r.winners[0] == r.first {
			t.firstWins++
		}
		if len(r.winners) > 1 {
			t.sharedSeats += len(r.winners)
			if slices.Contains(r.winners, r.first) {
				t.firstShares++
			}
		}
	}
	sort.Ints(t.turns)
	return t
}

// seatDeck is the deck a seat played, in a game with a choice of decks ("" otherwise).
func seatDeck(rs *model.Ruleset, decks []string, p int) string {
	if len(rs.PlayerDeckNames()) <= 1 {
		return ""
	}
	if p < len(decks) && decks[p] != "" {
		return decks[p]
	}
	return rs.Decks[rs.DefaultDeck()].Name
}

func report(w io.Writer, rs *model.Ruleset, kinds, decks []string, results []simResult, took time.Duration) {
	t := tallyResults(results, len(kinds))
	n, turns, decisions := t.n, t.turns, t.decisions
	rate := fmt.Sprintf("%.0f games/s", float64(n)/took.Seconds())
	if float64(n)/took.Seconds() < 10 {
		rate = fmt.Sprintf("%.1f s/game", took.Seconds()/float64(n)) // slow bots: "0 games/s" would say nothing
	}
	if took <= 0 {
		// no time to divide by (shards that say none): no rates
		fmt.Fprintf(w, "%s: %s, %s (%s)\n", rs.Name, plural(n, "game"), plural(len(kinds), "player"), strings.Join(kinds, versus(rs)))
	} else {
		fmt.Fprintf(w, "%s: %s, %s (%s), %.1fs, %s, %.0f decisions/s\n", rs.Name, plural(n, "game"), plural(len(kinds), "player"), strings.Join(kinds, versus(rs)), took.Seconds(), rate, float64(decisions)/took.Seconds())
	}
	if rs.Together {
		// the players win or lose together: one rate, and no seat's advantage
		k := 0
		if len(t.wins) > 0 {
			k = t.wins[0]
		}
		lo, hi := wilson(k, n)
		fmt.Fprintf(w, "the players play together: they win %d of %d games, %.1f%% [%4.1f%%, %4.1f%%] (95%% confidence)\n", k, n, 100*float64(k)/float64(n), 100*lo, 100*hi)
	} else {
		seatRates(w, rs, kinds, decks, t)
	}
	reportEndings(w, t.endings, n)
	if len(turns) > 0 {
		sum := 0
		for _, t := range turns {
			sum += t
		}
		fmt.Fprintf(w, "game length in turns: mean %.1f, median %d, 90th percentile %d, max %d; %.1f decisions per game\n",
			float64(sum)/float64(len(turns)), turns[len(turns)/2], turns[len(turns)*9/10], turns[len(turns)-1], float64(decisions)/float64(len(turns)))
	}
	if t.errs > 0 {
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
		fmt.Fprintf(w, "ERRORS: %d games stopped with an error (seeds %s); the first:\n  %v\n", t.errs, strings.Join(seeds, ", "), first)
	}
}

// seatRates prints each seat's win rate and the first player's, in a game
// the players play against each other.
func seatRates(w io.Writer, rs *model.Ruleset, kinds, decks []string, t simTally) {
	n := t.n
	fmt.Fprintf(w, "win rate by seat (95%% confidence):\n")
	for p, k := range t.wins {
		lo, hi := wilson(k, n)
		who := kinds[p]
		if deck := seatDeck(rs, decks, p); deck != "" {
			// a game with a choice of decks: which one the seat played
			who += ", " + deck
		}
		wins := "wins"
		if k == 1 {
			wins = "win " // the columns stay where they are
		}
		fmt.Fprintf(w, "  %s (%s): %5d %s  %5.1f%%  [%4.1f%%, %4.1f%%]\n", state.SeatName(p), who, k, wins, 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
	if t.shared > 0 {
		fmt.Fprintf(w, "  shared wins: %s won by several seats together; each winning seat counts such a game as a win, and it counts once among the endings\n", plural(t.shared, "game"))
	}
	if sole := t.decided - t.shared; sole > 0 {
		lo, hi := wilson(t.firstWins, sole)
		of := "decided games"
		if t.shared > 0 {
			of = "the games one seat won alone"
		}
		fmt.Fprintf(w, "first player wins %.1f%% of %s [%4.1f%%, %4.1f%%]\n", 100*float64(t.firstWins)/float64(sole), of, 100*lo, 100*hi)
	}
	if t.shared > 0 {
		lo, hi := wilson(t.firstShares, t.shared)
		chance := float64(t.sharedSeats) / float64(t.shared*len(t.wins))
		fmt.Fprintf(w, "first player among the winners in %.1f%% of the games won together [%4.1f%%, %4.1f%%]; %.1f%% by chance, as many seats won them\n", 100*float64(t.firstShares)/float64(t.shared), 100*lo, 100*hi, 100*chance)
	}
}

// A share with its 95% interval, in the JSON report.
type jsonShare struct {
	Count int     `json:"count"`
	Of    int     `json:"of"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

func share(k, n int) jsonShare {
	lo, hi := wilson(k, n)
	r := 0.0
	if n > 0 {
		r = float64(k) / float64(n)
	}
	return jsonShare{Count: k, Of: n, Rate: r, Low: lo, High: hi}
}

type jsonSeat struct {
	Seat  string    `json:"seat"`
	Agent string    `json:"agent"`
	Deck  string    `json:"deck,omitempty"` // in a game with a choice of decks
	Wins  jsonShare `json:"wins"`
}

type jsonEnding struct {
	Kind   string    `json:"kind"` // win, loss (of players who play together), draw or error
	Reason string    `json:"reason,omitempty"`
	Lost   string    `json:"lost,omitempty"` // a win of the last player standing: why the last of the others left
	Games  jsonShare `json:"games"`
}

type jsonLength struct {
	Mean             float64 `json:"mean"`
	Median           int     `json:"median"`
	P90              int     `json:"p90"`
	Max              int     `json:"max"`
	DecisionsPerGame float64 `json:"decisions_per_game"`
}

type jsonSimError struct {
	Seed    uint64 `json:"seed"`
	Message string `json:"message"`
}

// jsonSimReport is sim's report with --format json.
type jsonSimReport struct {
	Ruleset         string     `json:"ruleset"`
	Games           int        `json:"games"` // games played
	Asked           int        `json:"asked"` // games asked for (--games)
	Interrupted     bool       `json:"interrupted,omitempty"`
	Players         int        `json:"players"`
	Together        bool       `json:"together,omitempty"` // the players win or lose together: each seat's wins are the players'
	Seats           []jsonSeat `json:"seats"`
	SharedWins      int        `json:"shared_wins"`
	FirstPlayerWins *jsonShare `json:"first_player_wins,omitempty"` // of the games one seat won alone
	// of the games several seats won together, those the first player was
	// one of the winners of
	FirstPlayerShares *jsonShare     `json:"first_player_among_winners,omitempty"`
	Endings           []jsonEnding   `json:"endings"`
	Length            *jsonLength    `json:"length,omitempty"`
	Seconds           float64        `json:"seconds"`
	Errors            []jsonSimError `json:"errors,omitempty"`
}

// reportJSON writes the figures of report as one JSON object.
func reportJSON(w io.Writer, rs *model.Ruleset, kinds, decks []string, results []simResult, took time.Duration, asked int) {
	t := tallyResults(results, len(kinds))
	out := jsonSimReport{Ruleset: rs.Name, Games: t.n, Asked: asked, Interrupted: t.n < asked, Players: len(kinds), Together: rs.Together, SharedWins: t.shared, Seconds: took.Seconds()}
	for p, k := range t.wins {
		out.Seats = append(out.Seats, jsonSeat{Seat: state.SeatName(p), Agent: kinds[p], Deck: seatDeck(rs, decks, p), Wins: share(k, t.n)})
	}
	if sole := t.decided - t.shared; sole > 0 && !rs.Together {
		s := share(t.firstWins, sole)
		out.FirstPlayerWins = &s
	}
	if t.shared > 0 && !rs.Together {
		s := share(t.firstShares, t.shared)
		out.FirstPlayerShares = &s
	}
	for _, e := range sortedEndings(t.endings) {
		out.Endings = append(out.Endings, jsonEnding{Kind: e.kind, Reason: e.reason, Lost: e.lost, Games: share(t.endings[e], t.n)})
	}
	if len(t.turns) > 0 {
		sum := 0
		for _, x := range t.turns {
			sum += x
		}
		m := float64(len(t.turns))
		out.Length = &jsonLength{Mean: float64(sum) / m, Median: t.turns[len(t.turns)/2], P90: t.turns[len(t.turns)*9/10], Max: t.turns[len(t.turns)-1], DecisionsPerGame: float64(t.decisions) / m}
	}
	for _, r := range results {
		if r.err != nil {
			out.Errors = append(out.Errors, jsonSimError{Seed: r.seed, Message: r.err.Error()})
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(out)
}

// ending is how a game ended: a win or a draw and its reason, or an
// error; a win of the last player standing, with why the last of the
// others left (their loss's reason), which the win does not say.
type ending struct{ kind, reason, lost string }

func (e ending) String() string {
	switch {
	case e.kind == "error":
		return "error"
	case e.reason == "":
		return e.kind + " (no reason given)"
	case e.lost != "":
		return e.kind + ": " + e.reason + " (the last to lose: " + e.lost + ")"
	}
	return e.kind + ": " + e.reason
}

// lastLoss is, for a game won by the last player standing, why the last
// of the others left; "" for any other ending.
func lastLoss(g *engine.Game) string {
	if g.OutcomeKind() != "win" || g.OutcomeReason() != engine.LastPlayerStanding {
		return ""
	}
	return g.Evaluator().S.LossWhy
}

// reportEndings prints how many games ended in each way, wins first, then
// draws, then errors, the most frequent first within each.
func reportEndings(w io.Writer, endings map[ending]int, n int) {
	rows := sortedEndings(endings)
	width := 0
	for _, e := range rows {
		width = max(width, len(e.String()))
	}
	fmt.Fprintf(w, "how the games ended (95%% confidence):\n")
	for _, e := range rows {
		k := endings[e]
		lo, hi := wilson(k, n)
		fmt.Fprintf(w, "  %-*s %5d  %5.1f%%  [%4.1f%%, %4.1f%%]\n", width, e.String(), k, 100*float64(k)/float64(n), 100*lo, 100*hi)
	}
}

// sortedEndings orders the ways the games ended: wins first, then losses
// (of players who play together), draws and errors, the most frequent first within each.
func sortedEndings(endings map[ending]int) []ending {
	rows := make([]ending, 0, len(endings))
	for e := range endings {
		rows = append(rows, e)
	}
	order := map[string]int{"win": 0, "loss": 1, "draw": 2, "error": 3}
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
	return rows
}

// versus joins the bots of the seats in the report's first line: against
// each other, or with each other in a game the players play together.
func versus(rs *model.Ruleset) string {
	if rs.Together {
		return " with "
	}
	return " vs "
}

// maxParallel bounds --parallel: games played at once beyond the cores of
// any machine this runs on gain nothing and cost memory each.
const maxParallel = 1024
