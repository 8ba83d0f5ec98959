package main

// A study too large for one machine is split in shards: `sim --shard i/N`
// plays the games j of the study with j mod N = i, each with the seed a
// single run gives it, and writes them to a shard file; `sim merge` reads
// the N files, checks that they are the shards of one study, and prints
// the report a single run of the whole study prints.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/engine"

	"github.com/arbiter-games/arbiter/interpreter/source"
)

// shard is one part of a study: games j with j mod n = i (n = 0: all).
type shard struct{ i, n int }

func parseShard(s string) (shard, error) {
	if s == "" {
		return shard{}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return shard{}, fmt.Errorf("--shard is i/N with 0 <= i < N, as 0/4 to 3/4, not %q", s)
	}
	if n > maxStudy {
		// as many shards as merge reads: a study has no more games
		return shard{}, fmt.Errorf("--shard: a study is split in at most %d shards, not %d", maxStudy, n)
	}
	return shard{i, n}, nil
}

// count is how many of the study's games the shard plays (len(games)).
func (sh shard) count(total int) int {
	step := max(sh.n, 1)
	if sh.i >= total {
		return 0
	}
	return (total - sh.i + step - 1) / step
}

// games lists the numbers of the study's games that the shard plays.
func (sh shard) games(total int) []int {
	step, from := max(sh.n, 1), sh.i
	out := make([]int, 0, (total+step-1)/step)
	for j := from; j < total; j += step {
		out = append(out, j)
	}
	return out
}

// shardFile is what sim --shard writes: the study it belongs to, and each
// of its games as plain data.
type shardFile struct {
	Format  string      `json:"format"` // shardFormat
	Ruleset string      `json:"ruleset"`
	Hash    string      `json:"ruleset_hash"`
	Players int         `json:"players"`
	Agents  []string    `json:"agents"`
	Decks   []string    `json:"decks,omitempty"`
	Mode    string      `json:"mode,omitempty"`
	Seed    uint64      `json:"seed"`
	Games   int         `json:"games"` // the whole study's
	Cards   bool        `json:"cards,omitempty"`
	Shard   int         `json:"shard"`
	Shards  int         `json:"shards"`
	Seconds float64     `json:"seconds"`
	Results []shardGame `json:"results"`
}

// shardFormat names the form of a shard file; 2 added why the last of the
// others lost in a win of the last player standing, which a shard of 1
// does not have, so that its endings would not merge with a 2's.
const shardFormat = "arbiter sim shard 2"

// maxStudy bounds the games a merge believes a shard file about, so that a
// damaged file is refused rather than met with a huge allocation.
const maxStudy = 1 << 30

type shardGame struct {
	Game      int          `json:"game"`
	Seed      uint64       `json:"seed"`
	Winners   []int        `json:"winners,omitempty"`
	First     int          `json:"first"`
	Turns     int          `json:"turns"`
	Decisions int          `json:"decisions"`
	Kind      string       `json:"kind,omitempty"`
	Reason    string       `json:"reason,omitempty"`
	Lost      string       `json:"lost,omitempty"`
	Error     string       `json:"error,omitempty"`
	Plays     [][][]string `json:"plays,omitempty"` // per seat: [card, action] pairs, sorted
}

// damage says what in a game of a shard file no run of sim writes, or "".
func (g shardGame) damage(players int) string {
	seat := func(p int) bool { return p >= 0 && p < players }
	for i, p := range g.Winners {
		if !seat(p) || slices.Contains(g.Winners[:i], p) {
			return fmt.Sprintf("has winners %v, not different seats of %d players", g.Winners, players)
		}
	}
	texts := []string{g.Kind, g.Reason, g.Lost, g.Error}
	for _, seat := range g.Plays {
		for _, p := range seat {
			texts = append(texts, p...)
		}
	}
	for _, t := range texts {
		if hasControl(t) {
			return fmt.Sprintf("has a text with control characters (%q)", t)
		}
	}
	switch {
	case !seat(g.First):
		return fmt.Sprintf("was started by seat %d of %d players", g.First, players)
	case g.Turns < 0 || g.Decisions < 0 || g.Turns > maxStudy || g.Decisions > maxStudy:
		return fmt.Sprintf("has %d turns and %d decisions", g.Turns, g.Decisions)
	case len(g.Plays) > players:
		return fmt.Sprintf("has plays for %d seats of %d players", len(g.Plays), players)
	case !slices.Contains([]string{"", "win", "draw", "loss", "error"}, g.Kind):
		return fmt.Sprintf("ended as %q, which is no way a game ends (win, draw, loss, error)", g.Kind)
	case g.Kind != "win" && g.Kind != "" && len(g.Winners) > 0:
		return fmt.Sprintf("ended as %s with winners %v", g.Kind, g.Winners)
	case g.Kind == "win" && len(g.Winners) == 0:
		return "ended as win with no winner"
	case g.Lost != "" && (g.Kind != "win" || g.Reason != engine.LastPlayerStanding):
		return fmt.Sprintf("says why the last other player lost (%q) of a game not won by the last player standing", g.Lost)
	case (g.Kind == "error") != (g.Error != ""):
		return fmt.Sprintf("ended as %q with the error %q", g.Kind, g.Error)
	}
	return ""
}

func writeShard(w io.Writer, f shardFile, results []simResult) {
	f.Format = shardFormat
	for _, r := range results {
		g := shardGame{Game: r.game, Seed: r.seed, Winners: r.winners, First: r.first, Turns: r.turns, Decisions: r.decisions, Kind: r.kind, Reason: r.reason, Lost: r.lost}
		if r.err != nil {
			// a game stopped by an error ended as one: merge reads the kind
			g.Kind, g.Error = "error", r.err.Error()
		}
		for _, ps := range r.plays {
			var seat [][]string
			for p := range ps {
				seat = append(seat, []string{p.card, p.action})
			}
			sort.Slice(seat, func(a, b int) bool { return seat[a][0]+"\x00"+seat[a][1] < seat[b][0]+"\x00"+seat[b][1] })
			g.Plays = append(g.Plays, seat)
		}
		f.Results = append(f.Results, g)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	_ = enc.Encode(f)
}

func newSimMergeCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "merge SHARD.json...",
		Short: "Combine the shard files of one study into its report",
		Long: `Merge reads the files that sim --shard i/N wrote, one for each i from 0 to
N-1, checks that they are the shards of one study (the same ruleset, as
it is now, players, bots, decks, mode, first seed and number of games),
and prints the report a single run of the whole study prints: the same
figures, game for game. The time it shows is the sum of the shards'.`,
		Example: "  arbiter sim merge part-*.json",
		Args:    minArgs(1, "the shard files"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return &exitError{code: 2, msg: "arbiter sim merge: --format is text or json"}
			}
			files, err := readShards(args)
			if err != nil {
				return &exitError{code: 1, msg: "arbiter sim merge: " + err.Error()}
			}
			first := files[0]
			rp, err := savedGamePath(first.Ruleset, args[0])
			if err != nil {
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter sim merge: %s is a study of %q, and no ruleset of that name is here (rulesets/NAME.yaml, in this folder or those above) nor among the games that come with arbiter: merge in the folder of the study's rulesets", args[0], first.Ruleset)}
			}
			rs, err := loadRulesetAt(rp)
			if err != nil {
				return err
			}
			if first.Players < rs.MinPlayers || first.Players > rs.MaxPlayers {
				return &exitError{code: 1, msg: fmt.Sprintf("arbiter sim merge: %s is damaged: a study of %d players, and %s takes %d to %d", args[0], first.Players, rs.Name, rs.MinPlayers, rs.MaxPlayers)}
			}
			if rs.Hash != first.Hash {
				return &exitError{code: 1, msg: fmt.Sprintf("arbiter sim merge: the shards were played with another version of %s (ruleset hash %s, now %s): play them again", rs.Name, first.Hash, rs.Hash)}
			}
			results := make([]simResult, first.Games)
			var took float64
			for _, f := range files {
				took += f.Seconds
				for _, g := range f.Results {
					r := simResult{winners: g.Winners, first: g.First, turns: g.Turns, decisions: g.Decisions, kind: g.Kind, reason: g.Reason, lost: g.Lost, seed: g.Seed, game: g.Game}
					if g.Error != "" {
						r.err = errors.New(g.Error)
					}
					if f.Cards {
						r.plays = make([]map[cardPlay]bool, f.Players)
						for seat := range r.plays {
							r.plays[seat] = map[cardPlay]bool{}
							if seat < len(g.Plays) {
								for _, p := range g.Plays[seat] {
									if len(p) == 2 {
										r.plays[seat][cardPlay{p[0], p[1]}] = true
									}
								}
							}
						}
					}
					results[g.Game] = r
				}
			}
			d := time.Duration(took * float64(time.Second))
			if format == "json" {
				reportJSON(cmd.OutOrStdout(), rs, first.Agents, first.Decks, results, d, first.Games)
			} else {
				report(cmd.OutOrStdout(), rs, first.Agents, first.Decks, results, d)
				if first.Cards {
					reportCards(cmd.OutOrStdout(), results)
				}
			}
			for _, r := range results {
				if r.err != nil {
					return &exitError{code: 1}
				}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text, or json (the report as one object, as sim's; errors as validate's diagnostics)")
	cmd.Annotations = map[string]string{jsonErrorsKey: "yes"}
	return cmd
}

// shardStart is how a shard file begins, as writeShard writes it.
var shardStart = regexp.MustCompile(`\A\s*\{\s*"format":\s*"arbiter sim shard`)

// notAShard says why data, read from path, is no shard file; err is what
// reading it as JSON gave. A shard cut off while it was written, and the
// error report a shard run writes instead of its games, are told as such.
func notAShard(path string, data []byte, err error) error {
	var se *json.SyntaxError
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return fmt.Errorf("%s is empty: no shard was written to it (run that shard again)", path)
	case errors.As(err, &se) && (strings.Contains(se.Error(), "unexpected end") || se.Offset >= int64(len(data)) && strings.Contains(se.Error(), " literal")) && shardStart.Match(data):
		return fmt.Errorf("%s is cut off (not complete JSON): the shard did not finish writing it (a full disk, a file size limit, a run stopped); run it again", path)
	}
	var report []jsonDiag
	if json.Unmarshal(data, &report) == nil && len(report) > 0 && report[0].Severity != "" && report[0].Message != "" {
		return fmt.Errorf("%s holds the error report of a shard run that was interrupted or failed (%q), not its games: run that shard again", path, report[0].Message)
	}
	return fmt.Errorf("%s is not a shard file of arbiter sim --shard", path)
}

// missingShards says which shards a merge lacks (more: how many besides).
func missingShards(missing []string, more string) error {
	if len(missing) == 1 && more == "" {
		return fmt.Errorf("shard %s is missing", missing[0])
	}
	return fmt.Errorf("shards %s%s are missing", strings.Join(missing, ", "), more)
}

// studyDiff names the first setting of the study in which f differs from
// first, with f's value and first's. Texts are quoted: those of f are not
// checked for control characters.
func studyDiff(f, first shardFile) string {
	cards := func(on bool) string {
		if on {
			return "with --cards"
		}
		return "without --cards"
	}
	for _, d := range []struct{ what, have, want string }{
		{"ruleset ", strconv.Quote(f.Ruleset), strconv.Quote(first.Ruleset)},
		{"ruleset hash ", strconv.Quote(f.Hash), strconv.Quote(first.Hash)},
		{"players ", strconv.Itoa(f.Players), strconv.Itoa(first.Players)},
		{"bots ", strconv.Quote(strings.Join(f.Agents, ",")), strconv.Quote(strings.Join(first.Agents, ","))},
		{"decks ", strconv.Quote(strings.Join(f.Decks, ",")), strconv.Quote(strings.Join(first.Decks, ","))},
		{"mode ", strconv.Quote(f.Mode), strconv.Quote(first.Mode)},
		{"seed ", strconv.FormatUint(f.Seed, 10), strconv.FormatUint(first.Seed, 10)},
		{"games ", strconv.Itoa(f.Games), strconv.Itoa(first.Games)},
		{"shards ", strconv.Itoa(f.Shards), strconv.Itoa(first.Shards)},
		{"", cards(f.Cards), cards(first.Cards)},
	} {
		if d.have != d.want {
			return fmt.Sprintf("%s%s, not %s", d.what, d.have, d.want)
		}
	}
	return ""
}

// readShards reads shard files and checks that together they are every
// shard of one study, each once, each with all its games.
func readShards(paths []string) ([]shardFile, error) {
	var files []shardFile
	for _, p := range paths {
		data, err := source.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var f shardFile
		if err := json.Unmarshal(data, &f); err != nil || !strings.HasPrefix(f.Format, "arbiter sim shard ") {
			return nil, notAShard(p, data, err)
		}
		if f.Format != shardFormat {
			return nil, fmt.Errorf("%s is a shard file of another version of arbiter (%q; this one reads %q): play every shard of a study with one version", p, f.Format, shardFormat)
		}
		files = append(files, f)
	}
	first := files[0]
	for _, t := range append(append([]string{first.Ruleset, first.Mode}, first.Agents...), first.Decks...) {
		if hasControl(t) || strings.ContainsAny(t, "\n\r") {
			return nil, fmt.Errorf("%s is damaged: a text with control characters (%q)", paths[0], t)
		}
	}
	if first.Games < 1 || first.Games > maxStudy || first.Shards < 1 || first.Shards > maxStudy || first.Players < 1 || len(first.Agents) != first.Players {
		return nil, fmt.Errorf("%s is damaged: %d games in %d shards for %d players", paths[0], first.Games, first.Shards, first.Players)
	}
	same := func(f shardFile) bool {
		return f.Ruleset == first.Ruleset && f.Hash == first.Hash && f.Players == first.Players && slices.Equal(f.Agents, first.Agents) &&
			slices.Equal(f.Decks, first.Decks) && f.Mode == first.Mode && f.Seed == first.Seed && f.Games == first.Games && f.Cards == first.Cards && f.Shards == first.Shards
	}
	// each file's shard and games are checked before anything of the sizes
	// a file claims is made
	for i, f := range files {
		if !same(f) {
			return nil, fmt.Errorf("%s is a shard of another study than %s: %s (ruleset, players, bots, decks, mode, seed, games, shards and --cards must all agree)", paths[i], paths[0], studyDiff(f, first))
		}
		if f.Shard < 0 || f.Shard >= f.Shards {
			return nil, fmt.Errorf("%s names shard %d of %d", paths[i], f.Shard, f.Shards)
		}
		if n := (shard{f.Shard, f.Shards}).count(f.Games); len(f.Results) != n {
			return nil, fmt.Errorf("%s holds %d games; shard %d/%d of %d games has %d", paths[i], len(f.Results), f.Shard, f.Shards, f.Games, n)
		}
	}
	if first.Shards > len(files) {
		// every shard's file is needed: the first missing ones named, in a
		// loop as long as the files
		have := map[int]bool{}
		for _, f := range files {
			have[f.Shard] = true
		}
		var missing []string
		for i := 0; i < first.Shards && len(missing) < 10; i++ {
			if !have[i] {
				missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
			}
		}
		more := ""
		if n := first.Shards - len(have) - len(missing); n > 0 {
			more = fmt.Sprintf(" and %d more", n)
		}
		return nil, missingShards(missing, more)
	}
	seen := make([]string, first.Shards)
	for i, f := range files {
		if seen[f.Shard] != "" {
			return nil, fmt.Errorf("shard %d/%d is given twice: %s and %s", f.Shard, f.Shards, seen[f.Shard], paths[i])
		}
		seen[f.Shard] = paths[i]
		want := shard{f.Shard, f.Shards}.games(f.Games)
		if len(f.Results) != len(want) {
			return nil, fmt.Errorf("%s holds %d games; shard %d/%d of %d games has %d", paths[i], len(f.Results), f.Shard, f.Shards, f.Games, len(want))
		}
		for k, g := range f.Results {
			if g.Game != want[k] {
				return nil, fmt.Errorf("%s holds game %d where game %d belongs", paths[i], g.Game, want[k])
			}
			if g.Seed != f.Seed+uint64(g.Game) {
				// game j is played with the study's seed + j, as sim plays it
				return nil, fmt.Errorf("%s is damaged: game %d has seed %d, and the study's game %d is played with seed %d", paths[i], g.Game, g.Seed, g.Game, f.Seed+uint64(g.Game))
			}
			if why := g.damage(f.Players); why != "" {
				return nil, fmt.Errorf("%s is damaged: game %d %s", paths[i], g.Game, why)
			}
		}
	}
	var missing []string
	for i, p := range seen {
		if p == "" {
			missing = append(missing, fmt.Sprintf("%d/%d", i, first.Shards))
		}
	}
	if len(missing) > 0 {
		return nil, missingShards(missing, "")
	}
	return files, nil
}
