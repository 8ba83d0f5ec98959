package bot_test

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

func opts(n int) []state.Option {
	out := make([]state.Option, n)
	for i := range out {
		out[i] = state.Option{ID: string(rune('a' + i)), Label: string(rune('a' + i)), Card: i, Action: -1, Player: -1}
	}
	return out
}

// Every random answer must be one the engine accepts, whatever the kind of
// decision and its limits.
func TestRandomAnswerIsLegal(t *testing.T) {
	cases := []struct {
		name string
		d    state.Decision
	}{
		{"one card", state.Decision{Kind: state.DecideCards, Options: opts(5), Min: 1, Max: 1}},
		{"up to three", state.Decision{Kind: state.DecideCards, Options: opts(5), Min: 0, Max: 3}},
		{"number", state.Decision{Kind: state.DecideNumber, Min: 2, Max: 7}},
		{"distribute", state.Decision{Kind: state.DecideDistribute, Options: opts(3), Total: 6}},
		{"order", state.Decision{Kind: state.DecideOrder, Options: opts(4), Min: 4, Max: 4}},
		{"assign", state.Decision{Kind: state.DecideAssign, Options: opts(4), Targets: opts(3), Max: 4}},
		{"assign one per target", state.Decision{Kind: state.DecideAssign, Options: opts(4), Targets: opts(2), Max: 4, PerTarget: 1}},
		// item 0 may take target 2 only, item 1 nothing, item 2 targets 1 and 3
		{"assign with allowed pairs", state.Decision{Kind: state.DecideAssign, Options: opts(3), Targets: opts(3), Max: 3, Allowed: [][]int{{2}, {}, {1, 3}}}},
		// target 1 takes two items or none; target 2 cannot be filled (at most one per target)
		{"assign with fewest per target", state.Decision{Kind: state.DecideAssign, Options: opts(4), Targets: opts(2), Max: 4, Fewest: []int{2, 1}}},
		{"assign with fewest above the most", state.Decision{Kind: state.DecideAssign, Options: opts(4), Targets: opts(2), Max: 4, PerTarget: 1, Fewest: []int{1, 2}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			for i := 0; i < 500; i++ {
				a := bot.RandomAnswer(r, &c.d)
				require.NoError(t, c.d.Check(a), "answer %+v", a)
			}
		})
	}
}

// The engine refuses an assignment that gives a target fewer items than it
// needs, and accepts none or enough.
func TestAssignFewestIsEnforced(t *testing.T) {
	d := state.Decision{Kind: state.DecideAssign, Options: opts(3), Targets: opts(2), Max: 3, Fewest: []int{2, 1}}
	require.NoError(t, d.Check(state.Answer{Amount: []int{1, 1, 2}}))
	require.NoError(t, d.Check(state.Answer{Amount: []int{2, 0, 0}}))
	require.NoError(t, d.Check(state.Answer{Amount: []int{0, 0, 0}}))
	require.ErrorContains(t, d.Check(state.Answer{Amount: []int{1, 0, 2}}), "a must get at least 2, or none (it gets 1)")
}

// The engine refuses an assignment the decision does not allow.
func TestAssignAllowedIsEnforced(t *testing.T) {
	d := state.Decision{Kind: state.DecideAssign, Options: opts(2), Targets: opts(2), Max: 2, Allowed: [][]int{{2}, {1, 2}}}
	require.NoError(t, d.Check(state.Answer{Amount: []int{2, 1}}))
	require.NoError(t, d.Check(state.Answer{Amount: []int{0, 0}}))
	require.ErrorContains(t, d.Check(state.Answer{Amount: []int{1, 0}}), "a cannot be assigned to a")
}

// risky offers an action whose effect divides by a property that is 0: the
// greedy bot meets the error when it looks ahead at that action. The value
// of a position divides by a property too, so that it can fail as well.
const riskyRules = `name: risky
properties:
  player:
    score: {type: int}
    zero: {type: int}
    one: {type: int, default: 1}
zones:
  hand: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [safe, risky], pass: false}
actions:
  safe:
    label: safe
    effect: [{add: {player: you, prop: score, amount: 1}}]
  risky:
    label: risky
    effect: [{add: {player: you, prop: score, amount: "10 % you.zero"}}]
value: "you.score / you.%s"
`

func riskyGame(t *testing.T, divisor string) *engine.Game {
	t.Helper()
	src := strings.Replace(riskyRules, "%s", divisor, 1)
	rs, diags := load.Load(load.Source{Name: "risky.yaml", Data: []byte(src)}, nil, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	return g
}

// An error the greedy bot meets while it looks ahead is an error in the
// rules: it stops the game with its position, recorded among the answers so
// a replay stops there too, instead of being valued as a game without a
// winner (and the option quietly avoided).
func TestGreedyLookaheadErrorStopsTheGame(t *testing.T) {
	for _, c := range []struct{ divisor, want string }{
		{"one", `risky.yaml:20:15: add: risky.yaml:20:56: in expression "10 % you.zero": division by zero`},
		{"zero", `risky.yaml:21:9: in expression "you.score / you.zero": division by zero`},
	} {
		g := riskyGame(t, c.divisor)
		d := g.Pending()[0]
		b, err := bot.New("greedy", 1)
		require.NoError(t, err)
		a := b.Choose(g, &d)
		require.NoError(t, g.Answer(d.Player, a))
		require.True(t, g.Over(), c.divisor)
		require.Equal(t, "error", g.OutcomeKind(), c.divisor)
		require.ErrorContains(t, g.Err(), c.want)
		require.ErrorContains(t, g.Err(), "greedy bot")

		// the answer that stopped the game is recorded: the same answers
		// replayed stop it the same way
		r, err := engine.New(g.Ruleset(), engine.Options{Seed: 1})
		require.NoError(t, err)
		for _, rec := range g.Evaluator().S.History {
			require.NoError(t, r.Answer(rec.Player, rec.Answer))
		}
		require.Equal(t, g.Err(), r.Err())
	}
}

// auction is a sealed bid: both players name a number of their 5 gold at
// once; the higher bid wins 100 and pays it.
const auctionRules = `name: auction
players: {min: 2, max: 2}
properties:
  player:
    gold: {type: int, default: 5}
    bid: {type: int, default: 0}
    prize: {type: bool}
zones:
  hand: {}
turn:
  phases:
    - name: bid
      do:
        - choose_number:
            choosers: players
            max: you.gold
            as: b
            do: [{set: {player: you, prop: bid, value: b}}]
        - for_each_player:
            do:
              - if:
                  cond: all(you.opponents, .bid < you.bid)
                  then:
                    - set: {player: you, prop: prize, value: true}
                    - add: {player: you, prop: gold, amount: -you.bid}
    - name: main
      do: [{act: {actions: [rest], pass_label: end the turn}}]
actions:
  rest:
    label: rest
    effect: [{log: "{you} rests."}]
value: "(you.prize ? 100 : 0) + you.gold"
`

// The greedy bot answers a sealed question without knowing the answers
// others have already given: whatever p1 bid, p2's bid is the same. (A bot
// that read p1's bid in its lookahead would bid one more than it.)
func TestGreedyDoesNotReadSealedAnswers(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "auction.yaml", Data: []byte(auctionRules)}, nil, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	var bids []int
	for _, p1 := range []int{0, 2, 4} {
		g, err := engine.New(rs, engine.Options{Seed: 1})
		require.NoError(t, err)
		require.Len(t, g.Pending(), 2)
		require.NoError(t, g.Answer(0, state.Answer{Number: p1}))
		d, ok := g.PendingFor(1)
		require.True(t, ok)
		require.True(t, d.Sealed)
		b, err := bot.New("greedy", 7)
		require.NoError(t, err)
		bids = append(bids, b.Choose(g, d).Number)
	}
	require.Equal(t, bids[0], bids[1], "p2's bid depends on p1's sealed bid: %v", bids)
	require.Equal(t, bids[0], bids[2], "p2's bid depends on p1's sealed bid: %v", bids)
}

// Greedy bots play a game made only of sealed choices to its end. Their
// lookahead values an answer once the next sealed questions are asked (the
// one answered has been revealed and carried out), as it does at the next
// action window: without that stop, a game with no action windows looked
// ahead forty decisions at every level, and took seconds per answer.
func TestGreedyPlaysSealedChoices(t *testing.T) {
	rs, diags := load.LoadFile("../../testdata/engine/rulesets/sealed.yaml", stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Players: 3, Seed: 5})
	require.NoError(t, err)
	bots := make([]bot.Bot, 3)
	for i := range bots {
		bots[i], err = bot.New("greedy", bot.SeatSeed(5, i))
		require.NoError(t, err)
	}
	for n := 0; !g.Over(); n++ {
		require.Less(t, n, 2000, "the game does not end")
		d := g.Pending()[0]
		require.True(t, d.Sealed, "every question of this game is sealed")
		require.NoError(t, g.Answer(d.Player, bots[d.Player].Choose(g, &d)))
	}
	require.NoError(t, g.Err())
	require.Equal(t, "win", g.OutcomeKind())
}

// The greedy bot's cost does not grow with the game's length: in a game of
// sealed choices played for sixty turns, a decision late in the game
// allocates about what one early in the game does. (A lookahead copy once
// copied the whole record of the game's answers, and a decision at turn 40
// cost many times one at turn 5.) Bytes allocated, unlike time, do not
// depend on how busy the machine is.
func TestGreedyCostDoesNotGrowWithTheGame(t *testing.T) {
	rs, diags := load.LoadFile("../../testdata/engine/rulesets/sealed.yaml", stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	rs.Checks, rs.TurnLimit = nil, 60 // nobody wins: the game runs to the turn limit
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 3, NoLog: true})
	require.NoError(t, err)
	bots := []bot.Bot{}
	for i := 0; i < 2; i++ {
		b, err := bot.New("greedy", bot.SeatSeed(3, i))
		require.NoError(t, err)
		bots = append(bots, b)
	}
	var early, late []uint64
	var ms runtime.MemStats
	for !g.Over() {
		d := g.Pending()[0]
		runtime.ReadMemStats(&ms)
		before := ms.TotalAlloc
		a := bots[d.Player].Choose(g, &d)
		runtime.ReadMemStats(&ms)
		switch turn := g.Evaluator().S.Turn; {
		case turn >= 3 && turn <= 12:
			early = append(early, ms.TotalAlloc-before)
		case turn >= 50:
			late = append(late, ms.TotalAlloc-before)
		}
		require.NoError(t, g.Answer(d.Player, a))
	}
	require.NoError(t, g.Err())
	mean := func(xs []uint64) float64 {
		s := 0.0
		for _, x := range xs {
			s += float64(x)
		}
		return s / float64(len(xs))
	}
	require.NotEmpty(t, early)
	require.NotEmpty(t, late)
	t.Logf("bytes allocated per decision: %.0f at turns 3-12, %.0f at turns 50-60", mean(early), mean(late))
	require.Less(t, mean(late), 1.5*mean(early), "a decision late in the game costs more than one early")
}

// A random answer to a number decision never names a number it excepts,
// and names every other one.
func TestRandomNumberKeepsOffExcepted(t *testing.T) {
	d := state.Decision{Kind: state.DecideNumber, Min: 0, Max: 4, Except: []int{0, 3}}
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[int]bool{}
	for i := 0; i < 300; i++ {
		a := bot.RandomAnswer(r, &d)
		require.NoError(t, d.Check(a))
		seen[a.Number] = true
	}
	require.Equal(t, map[int]bool{1: true, 2: true, 4: true}, seen)
}

// The greedy bot takes the other seats' answers to a sealed question the
// same way whether they were given before its own or not. (One that took
// the others not yet answered for their least answer bid 1 when asked
// first, sure that the other bid 0.)
func TestGreedyBidsAgainstSealedAnswersItDoesNotKnow(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "auction.yaml", Data: []byte(auctionRules)}, nil, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	first, ok := g.PendingFor(0)
	require.True(t, ok)
	b, err := bot.New("greedy", 7)
	require.NoError(t, err)
	before := b.Choose(g, first).Number
	require.NoError(t, g.Answer(0, state.Answer{Number: 2}))
	second, ok := g.PendingFor(1)
	require.True(t, ok)
	after := b.Choose(g, second).Number
	// each bids against bids it does not know, drawn at random: more than
	// the 1 that wins against a bid of 0, whether asked first or second
	require.Greater(t, before, 1, "the seat asked first bids %d, the seat asked second %d", before, after)
	require.Greater(t, after, 1, "the seat asked first bids %d, the seat asked second %d", before, after)
}
