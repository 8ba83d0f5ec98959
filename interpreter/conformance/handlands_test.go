package conformance_test

// A hand-coded Lands: the game of rulesets/lands.yaml written directly in Go,
// as a competent first version would be (a struct state, a slice per zone
// grown by append, a new options slice built per decision), to measure the
// interpreter against. It follows the ruleset's rulings (rulesets/lands.md)
// and asks the same decisions the interpreter asks:
//
//   - options name kinds of card, not cards: cards of one type in one zone
//     are one option (the interpreter merges interchangeable cards);
//   - a decision with a single option, or whose answers are all alike, is
//     answered at once and not counted; Darkness's "reveal 3" from a hand
//     of more than 3 cards is asked with one option per card, unless the
//     hand is all of one type;
//   - the counter and the counter-counter are each a choice between the
//     action and a pass, asked only when the cost can be paid;
//   - a random player picks uniformly among the options, as bot.RandomAnswer
//     does, and never resigns.
//
// TestHandLandsPlaysTheSameGame checks that both play the same game
// statistically; BenchmarkHandLands and BenchmarkHandLandsClone run beside
// BenchmarkPlayoutLandsNoLog and BenchmarkCloneLands.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

// The five energy types; a card is its type.
const (
	grass uint8 = iota
	lightning
	fire
	darkness
	water
	nEnergy
)

const handTurnLimit = 300

// The ways a hand-coded game ends.
const (
	endNone = iota
	endFive // five energy cards of one type
	endEach // one energy card of each type
	endDraw // the turn limit
)

// handSeat is one player's zones; index 0 of the deck is its top card.
type handSeat struct {
	deck, hand, pending, board, discard []uint8
}

func (s *handSeat) zones() [5]*[]uint8 {
	return [5]*[]uint8{&s.deck, &s.hand, &s.pending, &s.board, &s.discard}
}

// The kinds of option.
const (
	optCard = iota // a card of type typ: to play, to take, to remove
	optCounter
	optCounterCounter
	optPass
	optKeep   // Water: keep the top card on top
	optBottom // Water: move it to the bottom
)

// The decision points, to count decisions by where they are asked.
const (
	atPlay = iota
	atCounter
	atCounterCounter
	atGrass
	atFire
	atReveal  // Darkness: the opponent chooses 3 cards to reveal
	atDiscard // Darkness: you choose a revealed card to discard
	atWater
	nPoints
)

// pointNames names the decision points.
var pointNames = [nPoints]string{"play", "counter", "counter the counter", "Grass: take back", "Fire: remove", "Darkness: reveal 3", "Darkness: discard", "Water: keep or bottom"}

// pointPrompts are the prompts of the ruleset's decisions at each point.
var pointPrompts = map[string]int{
	"Play an energy card":                               atPlay,
	"Counter the played card?":                          atCounter,
	"Your card was countered. Counter the counter?":     atCounterCounter,
	"Choose a card to return to your hand":              atGrass,
	"Choose a card on your opponent's board to discard": atFire,
	"Choose 3 cards to reveal":                          atReveal,
	"Choose a revealed card to discard":                 atDiscard,
	"Where does the top card of your deck go?":          atWater,
}

type handOption struct {
	kind int
	typ  uint8
}

// handPlayer answers the decisions of a hand-coded game.
type handPlayer interface {
	// choose picks one of opts for seat.
	choose(g *handLands, seat int, opts []handOption) int
	// chooseCards picks len(picks) different indexes among n for seat.
	chooseCards(g *handLands, seat, n int, picks []int)
}

// handLands is the state of a hand-coded game of Lands.
type handLands struct {
	seats     [2]handSeat
	turn      int
	active    int
	first     int
	over      bool
	winner    int          // -1: none
	end       int          // endNone while the game runs
	decisions int          // decisions asked with more than one way to answer
	asked     [nPoints]int // the same, per decision point
	src       rand.PCG
	rng       *rand.Rand // the game's randomness (shuffles, the first player)
}

// newHandLands sets a game up: the first player at random, then for each
// player the standard deck shuffled and five cards drawn.
func newHandLands(seed uint64) *handLands {
	g := &handLands{winner: -1}
	g.src = *rand.NewPCG(seed, 0x4c414e44)
	g.rng = rand.New(&g.src)
	g.first = g.rng.IntN(2)
	g.active = g.first
	for p := range g.seats {
		s := &g.seats[p]
		for t := uint8(0); t < nEnergy; t++ {
			for i := 0; i < 5; i++ {
				s.deck = append(s.deck, t)
			}
		}
		g.shuffle(s.deck)
		for i := 0; i < 5; i++ {
			g.draw(p)
		}
	}
	return g
}

// clone copies the game.
func (g *handLands) clone() *handLands {
	c := *g
	c.rng = rand.New(&c.src)
	for p := range c.seats {
		for _, z := range c.seats[p].zones() {
			*z = slices.Clone(*z)
		}
	}
	return &c
}

func (g *handLands) shuffle(cards []uint8) {
	g.rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

// draw moves the top card of a player's deck to their hand; an empty deck is
// first refilled from the discard pile, shuffled. With both empty nothing
// happens (ruling 2).
func (g *handLands) draw(p int) {
	s := &g.seats[p]
	if len(s.deck) == 0 && len(s.discard) > 0 {
		s.deck, s.discard = s.discard, nil
		g.shuffle(s.deck)
	}
	if len(s.deck) == 0 {
		return
	}
	s.hand = append(s.hand, s.deck[0])
	s.deck = s.deck[1:]
}

// take removes a card of type t from zone z, which holds one.
func take(z []uint8, t uint8) []uint8 {
	for i, c := range z {
		if c == t {
			return append(z[:i], z[i+1:]...)
		}
	}
	panic("take: no such card")
}

func count(z []uint8, t uint8) int {
	n := 0
	for _, c := range z {
		if c == t {
			n++
		}
	}
	return n
}

// typeOptions lists one option per type present in cards, in the order
// they first appear.
func typeOptions(cards []uint8) []handOption {
	var opts []handOption
	var seen [nEnergy]bool
	for _, c := range cards {
		if !seen[c] {
			seen[c] = true
			opts = append(opts, handOption{kind: optCard, typ: c})
		}
	}
	return opts
}

func twoOptions(a, b int) []handOption {
	return []handOption{{kind: a}, {kind: b}}
}

// decide asks seat to pick among opts; a single option is taken at once and
// not counted as a decision.
func (g *handLands) decide(pl handPlayer, seat, at int, opts []handOption) handOption {
	if len(opts) == 1 {
		return opts[0]
	}
	g.decisions++
	g.asked[at]++
	return opts[pl.choose(g, seat, opts)]
}

// checkWin ends the game when the player's board meets a win condition.
func (g *handLands) checkWin(p int) bool {
	var n [nEnergy]int
	distinct := 0
	most := 0
	for _, c := range g.seats[p].board {
		n[c]++
		if n[c] == 1 {
			distinct++
		}
		most = max(most, n[c])
	}
	switch {
	case most >= 5:
		g.end = endFive
	case distinct >= 5:
		g.end = endEach
	default:
		return false
	}
	g.over, g.winner = true, p
	return true
}

// play plays the game to its end.
func (g *handLands) play(pl handPlayer) {
	for !g.over {
		g.playTurn(pl)
	}
}

// playTurn plays one turn: draw, main, counter, resolution.
func (g *handLands) playTurn(pl handPlayer) {
	if g.turn > 0 {
		g.active = 1 - g.active
	}
	g.turn++
	a, o := g.active, 1-g.active
	me, opp := &g.seats[a], &g.seats[o]
	// draw: not on turn 1 (ruling 3)
	if g.turn != 1 {
		g.draw(a)
	}
	// main: a play is mandatory; with an empty hand nothing is played and the
	// turn moves on (ruling 1)
	if len(me.hand) > 0 {
		t := g.decide(pl, a, atPlay, typeOptions(me.hand)).typ
		me.hand = take(me.hand, t)
		me.pending = append(me.pending, t)
		// counter: a Water and a card of the played type, two different
		// cards (ruling 9)
		countered, recountered := false, false
		need := 1
		if t == water {
			need = 2
		}
		if count(opp.hand, water) >= need && count(opp.hand, t) >= 1 {
			if g.decide(pl, o, atCounter, twoOptions(optCounter, optPass)).kind == optCounter {
				opp.hand = take(opp.hand, water)
				opp.discard = append(opp.discard, water)
				opp.hand = take(opp.hand, t)
				opp.discard = append(opp.discard, t)
				countered = true
			}
		}
		if countered && count(me.hand, water) >= 2 {
			if g.decide(pl, a, atCounterCounter, twoOptions(optCounterCounter, optPass)).kind == optCounterCounter {
				for i := 0; i < 2; i++ {
					me.hand = take(me.hand, water)
					me.discard = append(me.discard, water)
				}
				recountered = true
			}
		}
		// resolution
		me.pending = me.pending[:0]
		if countered && !recountered {
			me.discard = append(me.discard, t)
		} else {
			me.board = append(me.board, t)
			// the win check comes before the effect (ruling 8)
			if g.checkWin(a) {
				return
			}
			g.effect(pl, t, a, o)
		}
	}
	if g.turn >= handTurnLimit {
		g.over, g.end = true, endDraw
	}
}

// effect carries out the effect of a card of type t that landed on a's board.
func (g *handLands) effect(pl handPlayer, t uint8, a, o int) {
	me, opp := &g.seats[a], &g.seats[o]
	switch t {
	case grass:
		// a card of your discard pile to your hand; nothing when it is empty
		if len(me.discard) > 0 {
			c := g.decide(pl, a, atGrass, typeOptions(me.discard)).typ
			me.discard = take(me.discard, c)
			me.hand = append(me.hand, c)
		}
	case lightning:
		g.draw(a)
	case fire:
		// a card of the opponent's board to their discard pile
		if len(opp.board) > 0 {
			c := g.decide(pl, a, atFire, typeOptions(opp.board)).typ
			opp.board = take(opp.board, c)
			opp.discard = append(opp.discard, c)
		}
	case darkness:
		// the opponent reveals 3 cards of their choice (all of a hand of 3
		// or fewer, any 3 of a hand of one type: no decision), and you
		// discard one of them (ruling 4)
		n := len(opp.hand)
		if n == 0 {
			return
		}
		var shown [3]uint8
		k := min(n, 3)
		if n > 3 && slices.ContainsFunc(opp.hand, func(c uint8) bool { return c != opp.hand[0] }) {
			g.decisions++
			g.asked[atReveal]++
			var picks [3]int
			pl.chooseCards(g, o, n, picks[:])
			for i, p := range picks {
				shown[i] = opp.hand[p]
			}
		} else {
			copy(shown[:], opp.hand)
		}
		c := g.decide(pl, a, atDiscard, typeOptions(shown[:k])).typ
		opp.hand = take(opp.hand, c)
		opp.discard = append(opp.discard, c)
	case water:
		// look at the top card, keep it or move it to the bottom; nothing
		// with an empty deck (ruling 5)
		if len(me.deck) > 0 {
			if g.decide(pl, a, atWater, twoOptions(optKeep, optBottom)).kind == optBottom {
				top := me.deck[0]
				me.deck = append(me.deck[1:], top)
			}
		}
	}
}

// handRandom is the random player: uniform among the options, as
// bot.RandomAnswer is among a decision's options.
type handRandom struct{ r *rand.Rand }

func (h handRandom) choose(_ *handLands, _ int, opts []handOption) int {
	return h.r.IntN(len(opts))
}

// chooseCards picks a uniform random subset, in a random order, as the first
// picks of a random permutation.
func (h handRandom) chooseCards(_ *handLands, _ int, n int, picks []int) {
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	for i := range picks {
		j := i + h.r.IntN(n-i)
		idx[i], idx[j] = idx[j], idx[i]
		picks[i] = idx[i]
	}
}

// landsStats sums up many games.
type landsStats struct {
	games                   int
	turns, decisions        []float64
	firstWins               int
	five, each, draw, other int
	asked                   [nPoints][]float64 // decisions per game at each point
}

func (s *landsStats) add(turns, decisions int, asked *[nPoints]int, firstWon bool, end int) {
	s.games++
	s.turns = append(s.turns, float64(turns))
	s.decisions = append(s.decisions, float64(decisions))
	for i, n := range asked {
		s.asked[i] = append(s.asked[i], float64(n))
	}
	if firstWon {
		s.firstWins++
	}
	switch end {
	case endFive:
		s.five++
	case endEach:
		s.each++
	case endDraw:
		s.draw++
	default:
		s.other++
	}
}

func (s *landsStats) merge(o *landsStats) {
	s.games += o.games
	s.turns = append(s.turns, o.turns...)
	s.decisions = append(s.decisions, o.decisions...)
	for i := range s.asked {
		s.asked[i] = append(s.asked[i], o.asked[i]...)
	}
	s.firstWins += o.firstWins
	s.five += o.five
	s.each += o.each
	s.draw += o.draw
	s.other += o.other
}

// estimate is a mean with its standard error.
type estimate struct{ mean, se float64 }

func meanCI(xs []float64) estimate {
	n := float64(len(xs))
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	m := sum / n
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return estimate{m, math.Sqrt(ss / (n - 1) / n)}
}

func rateCI(k, n int) estimate {
	p := float64(k) / float64(n)
	return estimate{p, math.Sqrt(p * (1 - p) / float64(n))}
}

func loadLandsTB(tb testing.TB) *model.Ruleset {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	if rs == nil {
		tb.Fatal(diags)
	}
	return rs
}

// interpretedLands plays games with seeds [from, to) of the ruleset with
// random answers, on all cores. The decision points are told apart by
// their prompts, which only a game with a log writes: the log is kept,
// the record of answers is not.
func interpretedLands(t *testing.T, rs *model.Ruleset, from, to int) *landsStats {
	workers := runtime.GOMAXPROCS(0)
	parts := make([]landsStats, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for seed := from + w; seed < to; seed += workers {
				g, err := engine.New(rs, engine.Options{Seed: uint64(seed), NoRecord: true})
				if err != nil {
					errs[w] = err
					return
				}
				r := rand.New(rand.NewPCG(uint64(seed), 2))
				var asked [nPoints]int
				for !g.Over() {
					p := g.Pending()
					if len(p) == 0 {
						errs[w] = g.Err()
						return
					}
					at, ok := pointPrompts[p[0].Prompt]
					if !ok {
						errs[w] = fmt.Errorf("seed %d: a decision at no known point: %q", seed, p[0].Prompt)
						return
					}
					asked[at]++
					if err := g.Answer(p[0].Player, bot.RandomAnswer(r, &p[0])); err != nil {
						errs[w] = err
						return
					}
				}
				s := g.Evaluator().S
				end := endNone
				switch {
				case g.OutcomeKind() == "draw":
					end = endDraw
				case g.OutcomeReason() == "five energy cards of one type":
					end = endFive
				case g.OutcomeReason() == "one energy card of each type":
					end = endEach
				}
				firstWon := false
				for _, w := range g.Winners() {
					firstWon = firstWon || w == s.First
				}
				parts[w].add(s.Turn, s.Decisions, &asked, firstWon, end)
			}
		}(w)
	}
	wg.Wait()
	out := &landsStats{}
	for w := range parts {
		if errs[w] != nil {
			t.Fatal(errs[w])
		}
		out.merge(&parts[w])
	}
	return out
}

// handPlayed plays hand-coded games with seeds [from, to).
func handPlayed(from, to int) *landsStats {
	out := &landsStats{}
	for seed := from; seed < to; seed++ {
		g := newHandLands(uint64(seed))
		g.play(handRandom{rand.New(rand.NewPCG(uint64(seed), 2))})
		out.add(g.turn, g.decisions, &g.asked, g.winner == g.first, g.end)
	}
	return out
}

// TestHandLandsPlaysTheSameGame plays random games of the ruleset and of the
// hand-coded Lands on the same seeds (each with its own random numbers) and
// checks that they play the same game: mean turns and decisions per game,
// the first player's win rate and the share of each way a game ends agree
// when their 95% confidence intervals overlap. The decisions asked at each
// decision point are compared too, with 99% intervals: a different decision
// point shows there first.
//
// The seeds are fixed, so the test answers the same every run. A change of
// the engine that draws its random numbers differently draws another sample:
// overlapping 95% intervals of equal width fail by chance once in about 180
// per figure, 99% ones once in about 3,700.
func TestHandLandsPlaysTheSameGame(t *testing.T) {
	games := 20000
	if testing.Short() {
		games = 1500
	}
	rs := loadLandsTB(t)
	in := interpretedLands(t, rs, 1, 1+games)
	hand := handPlayed(1, 1+games)
	type figure struct {
		name   string
		z      float64 // the interval: 1.96 for 95%, 2.576 for 99%
		in, hd estimate
	}
	figures := []figure{
		{"turns per game", 1.96, meanCI(in.turns), meanCI(hand.turns)},
		{"decisions per game", 1.96, meanCI(in.decisions), meanCI(hand.decisions)},
		{"first player wins", 1.96, rateCI(in.firstWins, in.games), rateCI(hand.firstWins, hand.games)},
		{"won with five of one type", 1.96, rateCI(in.five, in.games), rateCI(hand.five, hand.games)},
		{"won with one of each type", 1.96, rateCI(in.each, in.games), rateCI(hand.each, hand.games)},
		{"draw by the turn limit", 1.96, rateCI(in.draw, in.games), rateCI(hand.draw, hand.games)},
		{"other ends", 1.96, rateCI(in.other, in.games), rateCI(hand.other, hand.games)},
	}
	for at := range in.asked {
		figures = append(figures, figure{"decisions: " + pointNames[at], 2.576, meanCI(in.asked[at]), meanCI(hand.asked[at])})
	}
	t.Logf("%d games each; figure, interpreter, hand-coded, with their 95%% (per point: 99%%) intervals", games)
	for _, f := range figures {
		hi, hh := f.z*f.in.se, f.z*f.hd.se
		t.Logf("%-36s %9.4f ± %.4f   %9.4f ± %.4f", f.name, f.in.mean, hi, f.hd.mean, hh)
		if math.Abs(f.in.mean-f.hd.mean) > hi+hh {
			t.Errorf("%s: the interpreter's %.4f ± %.4f and the hand-coded %.4f ± %.4f do not agree", f.name, f.in.mean, hi, f.hd.mean, hh)
		}
	}
}

// BenchmarkHandLands plays random games of the hand-coded Lands, reporting
// games/s and decisions/s as BenchmarkPlayoutLandsNoLog does.
func BenchmarkHandLands(b *testing.B) {
	pl := handRandom{rand.New(rand.NewPCG(1, 2))}
	decisions := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := newHandLands(uint64(i))
		g.play(pl)
		decisions += g.decisions
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(decisions)/b.Elapsed().Seconds(), "decisions/s")
}

// BenchmarkHandLandsClone clones a mid-game hand-coded state, as
// BenchmarkCloneLands does the interpreter's: the game of seed 3 after the
// turn in which its 20th decision was answered.
func BenchmarkHandLandsClone(b *testing.B) {
	g := newHandLands(3)
	pl := handRandom{rand.New(rand.NewPCG(1, 2))}
	for g.decisions < 20 && !g.over {
		g.playTurn(pl)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		handCloneSink = g.clone()
	}
}

// handCloneSink keeps each copy, as cloneSink does for the interpreter's:
// a copy its caller drops may be made on the stack, which a copy kept
// never is.
var handCloneSink *handLands
