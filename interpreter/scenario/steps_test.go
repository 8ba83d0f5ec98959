package scenario_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

// runLands runs scenario steps from a set-up Lands position in which p1 plays
// a Fire that p2 cannot counter (no Water): the engine answers p2's counter
// question itself. With two cards on p2's board p1 is then asked which one
// the Fire discards; with one, that is answered too and p2's turn begins.
func runLands(t *testing.T, p2board, steps string) []string {
	t.Helper()
	return runGame(t, "lands", `setup:
  active: p1
  turn: 3
  phase: main
  zones:
    p1.hand: [Fire, Water]
    p2.hand: [Darkness]
    p2.board: `+p2board+`
steps:
  - p1: play Fire
`+steps)
}

// runGame runs a scenario of the body given (setup and steps) against the
// repository's ruleset of a game and returns its failures, each without
// the file's path before it.
func runGame(t *testing.T, game, body string) []string {
	t.Helper()
	return runRuleset(t, filepath.Join("..", "..", "rulesets", game+".yaml"), body)
}

// runRuleset is runGame for the ruleset at a path.
func runRuleset(t *testing.T, ruleset, body string) []string {
	t.Helper()
	rs, err := filepath.Abs(ruleset)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte("ruleset: "+rs+"\n"+body), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	var out []string
	for _, f := range res.Failures {
		out = append(out, strings.TrimPrefix(f, path+":"))
	}
	return out
}

// TestRefuseNeedsAQuestion: an answer refused when the seat has no question
// at all proved nothing, and passed.
func TestRefuseNeedsAQuestion(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - refuse: {p2: counter}\n")
	assert.Equal(t, []string{
		"12:5: p2 has no question: since the last answer p2 was asked a question with one way to answer, which the engine answered itself (see the log); waiting for: p1, asked \"Choose a card on your opponent's board to discard\". To say p2 had no choice, write not_asked: p2; an answer can only be refused when there is a question, so this proves nothing",
	}, got)
	// a resignation needs no question: it is refused for its own reasons
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - refuse: {p2: resign}\n"))
	// once the game is over nothing can be refused
	got = runLands(t, "[Lightning, Grass]", "  - p1: resign\n  - refuse: {p2: Lightning}\n")
	assert.Equal(t, []string{"13:5: the game is over (p2 wins: p1 resigned): nothing p2 answers could be refused"}, got)
}

// TestNotOfferedAfterAnAnswerTheEngineGave: not_offered on a seat whose
// question the engine answered itself reads that question: its one way to
// answer was all it offered (p2, with no Water, was not offered counter,
// only not to counter), also when the seat has been asked something else
// since, whose window could not offer the label; with no such question, a
// label of an action the window of now cannot offer fails (it would pass:
// "counter" is never offered in a main phase, whatever the rules of
// countering).
func TestNotOfferedAfterAnAnswerTheEngineGave(t *testing.T) {
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - not_offered: {p2: [counter]}\n"))
	got := runLands(t, "[Lightning, Grass]", "  - not_offered: {p2: [do not counter]}\n")
	assert.Equal(t, []string{
		`12:5: p2 was offered "do not counter", the one way to answer a question the engine answered itself since the last answer (see the log), which must not be offered`,
	}, got)
	// asked to play a card now, p2 was asked before it, since the last
	// answer, whether to counter, with one way to answer: that question is
	// read, as a label the question of now could not offer
	assert.Empty(t, runLands(t, "[Lightning]", "  - waiting: p2\n  - not_offered: {p2: [counter]}\n"))
	got = runLands(t, "[Lightning]", "  - waiting: p2\n  - not_offered: {p2: [do not counter]}\n")
	assert.Equal(t, []string{
		`13:5: p2 was offered "do not counter", the one way to answer a question the engine answered itself since the last answer (see the log), which must not be offered`,
	}, got)
	// with no such question, a label the question of now could not offer
	// proves nothing
	got = runGame(t, "lands", "setup:\n  active: p1\n  turn: 3\n  phase: main\n  zones:\n    p1.hand: [Fire, Water]\nsteps:\n  - not_offered: {p1: [counter]}\n")
	assert.Equal(t, []string{
		`9:5: "counter" is the label of action counter, which the question p1 is asked now ("Play an energy card") could not offer whatever the rules said: its window offers only play. not_offered looks at the question asked now, so it proves nothing here`,
	}, got)
	// offered and options read the question of now: one answered by the
	// engine since the last answer is said to be the reason
	got = runLands(t, "[Lightning]", "  - waiting: p2\n  - offered: {p2: [do not counter]}\n")
	assert.Equal(t, []string{`13:5: p2 is not offered "do not counter"; the options are "play Darkness", "play Lightning" ("do not counter" was the one way to answer a question the engine answered itself since the last answer: see the log; a step reads the question asked now)`}, got)
	// a label the window does list is checked as before
	got = runLands(t, "[Lightning]", "  - not_offered: {p2: [play Darkness]}\n")
	assert.Equal(t, []string{`12:5: p2 is offered "play Darkness" at the question asked now ("Play an energy card"), which must not be offered (the question the engine answered itself since the last answer did not offer it; not_offered reads those and the question asked now)`}, got)
	// the game over after those questions (p1's fifth type wins as it
	// lands), they are read all the same; with none, the seat has no
	// question
	win := "setup:\n  active: p1\n  turn: 3\n  phase: main\n  zones:\n    p1.hand: [Fire, Water]\n    p1.board: [Grass, Lightning, Darkness, Water]\n    p2.hand: [Darkness]\nsteps:\n  - p1: play Fire\n  - expect: over and winner == 'p1'\n"
	assert.Empty(t, runGame(t, "lands", win+"  - not_offered: {p2: [counter]}\n"))
	got = runGame(t, "lands", win+"  - not_offered: {p2: [do not counter]}\n")
	assert.Equal(t, []string{
		`13:5: p2 was offered "do not counter", the one way to answer a question the engine answered itself since the last answer (see the log), which must not be offered`,
	}, got)
	got = runGame(t, "lands", win+"  - not_offered: {p1: [counter the counter with two Waters]}\n")
	assert.Equal(t, []string{`13:5: p1 has no question: the game is over (p1 wins: one energy card of each type)`}, got)
}

// TestNotOfferedAtAQuestionOfNoActions: not_offered naming an action while
// the seat is asked which card to take (no window of actions) fails: the
// action could not be among those options whatever the rules said.
func TestNotOfferedAtAQuestionOfNoActions(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - not_offered: {p1: [play Water]}\n")
	assert.Equal(t, []string{
		`12:5: "play Water" is the label of action play, but the question p1 is asked now ("Choose a card on your opponent's board to discard") offers no actions, only "p2's Lightning", "p2's Grass". not_offered looks at the question asked now, so it proves nothing here: answer it first`,
	}, got)
	// the card played is no longer in the hand, but its label is an action's
	got = runLands(t, "[Lightning, Grass]", "  - not_offered: {p1: [play Fire]}\n")
	assert.Equal(t, []string{
		`12:5: "play Fire" names an action, but the question p1 is asked now ("Choose a card on your opponent's board to discard") offers no actions, only "p2's Lightning", "p2's Grass". not_offered looks at the question asked now, so it proves nothing here: answer it first`,
	}, got)
	// a label of no action is checked against the options as before
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - not_offered: {p1: [p2's Water]}\n"))
}

// TestNotAsked: not_asked holds for a seat with no open question, the ones
// the engine answered itself included, and fails for a seat that is asked.
func TestNotAsked(t *testing.T) {
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - not_asked: p2\n"))
	got := runLands(t, "[Lightning, Grass]", "  - not_asked: [p2, p1]\n")
	assert.Equal(t, []string{`12:5: p1 is asked "Choose a card on your opponent's board to discard" ("p2's Lightning", "p2's Grass"), but must not be asked`}, got)
}

// An options, offered or not_offered step with an empty list checks
// nothing and would always pass: it is refused when the scenario is read.
func TestEmptyOptionListsAreRefused(t *testing.T) {
	for _, key := range []string{"options", "offered", "not_offered"} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		require.NoError(t, os.WriteFile(path, []byte("ruleset: lands\nsteps:\n  - "+key+": {p1: []}\n"), 0o644))
		_, err := scenario.Load(path)
		require.ErrorContains(t, err, key+" lists no option, so it checks nothing", key)
	}
}

// An options, offered or not_offered step names one seat: a second seat
// is refused at its place with the way to write it.
func TestOptionStepsNameOneSeat(t *testing.T) {
	for _, key := range []string{"options", "offered", "not_offered"} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		require.NoError(t, os.WriteFile(path, []byte("ruleset: lands\nsteps:\n  - "+key+": {p1: [a], p2: [b]}\n"), 0o644))
		_, err := scenario.Load(path)
		require.ErrorContains(t, err, "3:"+strconv.Itoa(len(key)+17)+": "+key+" names one seat a step: write {p1: [label, label]}, and the next seat in a step of its own", key)
	}
}

// Every mistake of a scenario file is reported at once, not the first
// alone.
func TestLoadReportsEveryMistake(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte("ruleset: lands\nseed: -1\nsteps:\n  - bogus: 1\n  - not_asked: p99\n"), 0o644))
	_, err := scenario.Load(path)
	require.Error(t, err)
	for _, want := range []string{"s.yaml:2:7: seed is a whole number", `s.yaml:4:5: unknown step "bogus"`, `s.yaml:5:16: not_asked names seats`} {
		require.Contains(t, err.Error(), want)
	}
}

// TestAnswerByCardName: a card's name answers for the option of that card,
// as at the terminal (Fire for play Fire), once no question the engine
// answered itself takes it; a name of no option's card is not an answer.
func TestAnswerByCardName(t *testing.T) {
	// p1 in a main phase of Lands, with the hand and p2's board given
	run := func(hand, p2board, steps string) []string {
		return runGame(t, "lands", "setup:\n  active: p1\n  turn: 3\n  phase: main\n  zones:\n    p1.hand: "+hand+"\n    p2.hand: [Darkness]\n    p2.board: "+p2board+"\nsteps:\n"+steps)
	}
	assert.Empty(t, run("[Fire, Water]", "[]", "  - p1: Fire\n  - expect: any(p1.board, .name == \"Fire\")\n"))
	// a question the engine answered itself (one card to play) is
	// answered by the card's name too, as the step a transcript has
	assert.Empty(t, run("[Fire]", "[Grass]", "  - p1: Fire\n  - expect: any(p1.board, .name == \"Fire\")\n"))
	got := run("[Fire, Water]", "[]", "  - p1: Grass\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p1 is not offered "Grass"`)
}

// TestAStepNamesTheOneCardTaken: a choice of cards with one card to take,
// which the step takes with no question (Vault's attackers when one
// creature can attack), is answered by a step that names the card, as a
// transcript of the game has it (it was told the card was not offered).
func TestAStepNamesTheOneCardTaken(t *testing.T) {
	got := runGame(t, "vault", `setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [Iron Golem, Wolf Pup]
    p1.field: [Bone Knight]
    p1.deck: [Iron Golem, Iron Golem, Iron Golem, Iron Golem, Iron Golem]
    p1.vault: [Wastes, Wastes, Wastes, Wastes, Wastes]
    p2.hand: [Iron Golem]
    p2.field: [Ghoul]
    p2.deck: [Iron Golem, Iron Golem, Iron Golem, Iron Golem, Iron Golem]
    p2.vault: [Wastes, Wastes, Wastes, Wastes, Wastes]
steps:
  - p1: declare attacks
  - p1: Bone Knight
  - p1: Ghoul
  - expect: len(p2.field) == 0 and p1.field[0].damage == 0
`)
	assert.Empty(t, got)
}

// TestOptionsOfAQuestionAnsweredAtOnce: options reads a question asked
// now; of a seat whose question the engine answered itself, the message
// says that not_offered reads those (it said only to write not_asked).
func TestOptionsOfAQuestionAnsweredAtOnce(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - options: {p2: [do not counter]}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p2 has no question: since the last answer p2 was asked a question with one way to answer`)
	assert.Contains(t, got[0], `(options reads a question asked now; not_offered: {p2: [...]} also reads the questions the engine answered itself, to check what they did not offer)`)
}

// TestTwoCardsTakenWithNoQuestion: two choices in a row that each took the
// one card there was are named by two steps (the second was skipped: both
// notes had the number of the next question).
func TestTwoCardsTakenWithNoQuestion(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "cards"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cards", "c.yaml"), []byte("cards:\n  - {id: bell, name: Bell}\n  - {id: horn, name: Horn}\n"), 0o644))
	rules := `name: twice
cards: [cards]
zones:
  hand: {visibility: owner}
  board: {}
turn:
  phases:
    - name: main
      do:
        - choose_cards: {cards: "filter(you.hand, .name == 'Bell')", min: 1, max: 1, as: a, prompt: Pick a bell}
        - move: {cards: a, to: board}
        - choose_cards: {cards: "filter(you.hand, .name == 'Horn')", min: 1, max: 1, as: b, prompt: Pick a horn}
        - move: {cards: b, to: board}
        - choose: {options: [{label: xx, do: []}, {label: yy, do: []}], prompt: X or Y}
limits: {turns: 4}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "twice.yaml"), []byte(rules), 0o644))
	got := runRuleset(t, filepath.Join(dir, "twice.yaml"), "setup:\n  active: p1\n  phase: main\n  zones:\n    p1.hand: [Bell, Horn]\nsteps:\n  - p1: Bell\n  - p1: Horn\n  - p1: xx\n  - expect: len(p1.board) == 2\n")
	assert.Empty(t, got)
}

// TestOfferedReadsTypographicQuotes: offered and not_offered compare labels
// as answers do, a typographic apostrophe as the plain one (offered said
// "cast Gambler’s Spark" was not offered beside "cast Gambler's Spark").
func TestOfferedReadsTypographicQuotes(t *testing.T) {
	const setup = `rolls: [10]
setup:
  active: p1
  turn: 4
  phase: main1
  zones:
    p1.hand: [Earthquake, Gambler's Spark, Mind Spring]
    p1.battlefield: [Twinblade Master]
    p1.library: [Arc Bolt, Arc Bolt, Arc Bolt]
    p2.hand: [Iron Golem]
    p2.battlefield: [Stone Sentinel]
    p2.library: [Arc Bolt, Arc Bolt, Arc Bolt, Arc Bolt, Arc Bolt]
  props:
    p1.ep: 5
steps:
`
	assert.Empty(t, runGame(t, "risk-resource", setup+"  - offered: {p1: [cast Gambler\u2019s Spark]}\n"))
	got := runGame(t, "risk-resource", setup+"  - not_offered: {p1: [cast Gambler\u2019s Spark]}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "p1 is offered \"cast Gambler\u2019s Spark\" at the question asked now")
}

// TestAnswerToAQuestionTheEngineAnswered: an answer meant for a question
// with one way to answer, which the engine answered itself, is refused
// with a word about it: the log shows the play the step asked for.
func TestAnswerToAQuestionTheEngineAnswered(t *testing.T) {
	// p2's counter question had one answer; p2's own play is asked now
	got := runLands(t, "[Lightning]", "  - p2: pass\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "was also asked a question with one way to answer, which the engine answered itself: see the log")
}

// TestFailedExpectationNamesTheFalseTerm: an expectation of several terms
// joined by and says which term is false, and what the left side of its
// comparison reads; one whose terms or would join differently is not cut.
func TestFailedExpectationNamesTheFalseTerm(t *testing.T) {
	got := runLands(t, "[Lightning]", "  - expect: len(p1.hand) >= 0 and any(p1.hand, .name == \"Water\" and true) and turn == 99\n")
	assert.Equal(t, []string{`12:5: does not hold: len(p1.hand) >= 0 and any(p1.hand, .name == "Water" and true) and turn == 99; turn == 99 is false; turn is 4` + playedOn}, got)
	got = runLands(t, "[Lightning]", "  - expect: turn == 99 or turn == 98 and true\n")
	assert.Equal(t, []string{`12:5: does not hold: turn == 99 or turn == 98 and true` + playedOn}, got)
	// nor at the setup's questions, before the first turn (turn 0): it
	// said "the game is in turn 0 now; the game began in turn 1"
	got = runGame(t, "pocket", "seed: 5\nsteps:\n  - expect: turn == 99\n")
	assert.Equal(t, []string{`4:5: does not hold: turn == 99; turn is 0`}, got)
	// in the turn of the last answer, nothing is said of turns
	got = runLands(t, "[Lightning, Grass]", "  - expect: turn == 99\n")
	assert.Equal(t, []string{`12:5: does not hold: turn == 99; turn is 3`}, got)
	// a text read on the left is quoted; a list is shown as one
	got = runLands(t, "[Lightning, Grass]", "  - expect: phase == draw\n  - expect: p1.hand == []\n")
	assert.Equal(t, []string{`12:5: does not hold: phase == draw; phase is "resolution"`, `13:5: does not hold: p1.hand == []; p1.hand is [Water]`}, got)
	// a seat is named as a seat, a card by its name, not as a number
	got = runLands(t, "[Lightning, Grass]", "  - expect: active == p2\n  - expect: p1.hand[0] == p1.board[0]\n")
	assert.Equal(t, []string{`12:5: does not hold: active == p2; active is p1`, `13:5: does not hold: p1.hand[0] == p1.board[0]; p1.hand[0] is Water`}, got)
	// the reason of a game over is said as it reads, though no expression
	// wrote it (it read "" before, as a name the ruleset did not have)
	got = runLands(t, "[Lightning, Grass]", "  - p1: resign\n  - expect: reason == 'xyz'\n")
	assert.Equal(t, []string{`13:5: does not hold: reason == 'xyz'; reason is "p1 resigned"`}, got)
}

// the engine answered p2's counter question and played p1's Fire on to p2's
// turn: an expectation that fails there says so
const playedOn = " (the game is in turn 4 now; the last answer was given in turn 3: the engine plays on until some seat has a choice; to check the game where the answer left it, give a seat a real choice there: two different cards in a hand, say)"

// TestLoadTellsTheQuotesThatMendAName: a colon and a space in a value is a
// YAML syntax error; the message says to quote it, as validate's does.
func TestLoadTellsTheQuotesThatMendAName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte("name: Lands: a test\nruleset: lands\nsteps: []\n"), 0o644))
	_, err := scenario.Load(path)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `put the whole value in quotes: name: "Lands: a test"`)
}

// TestNoneDeclinesAnOptionalChoice: none answers a choice that may be
// declined, as at the terminal; elsewhere a label that fits no option says
// that none would decline it.
func TestNoneDeclinesAnOptionalChoice(t *testing.T) {
	rs, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "lanes.yaml"))
	require.NoError(t, err)
	src := "ruleset: " + rs + `
setup:
  active: p2
  turn: 2
  phase: main
  zones:
    p1.deck: [Squire, Squire]
    p1.hand: [Archer, Slinger]
    p2.deck: [Squire, Squire]
    p2.hand: [Hex]
  face_up:
    p1.pool: [Rally]
steps:
  - p2: end the turn
  - p1: ANSWER
  - expect: len(p1.hand) == 3 and len(p1.pool) == 1
`
	for answer, fails := range map[string]string{"none": "", "nothing": `or none to choose nothing`} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		require.NoError(t, os.WriteFile(path, []byte(strings.Replace(src, "ANSWER", answer, 1)), 0o644))
		sc, err := scenario.Load(path)
		require.NoError(t, err)
		res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
		require.NoError(t, err)
		if fails == "" {
			assert.Empty(t, res.Failures, answer)
		} else {
			require.NotEmpty(t, res.Failures, answer)
			assert.Contains(t, res.Failures[0], fails)
		}
	}
}

// TestRefuseOfATypoFails: a refused answer must name something of the game;
// a misspelt one is refused whatever the rules say, and proves nothing.
func TestRefuseOfATypoFails(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - refuse: {p1: Lightnig}\n  - refuse: {p1: Water}\n  - refuse: {p1: 'play Water'}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `"Lightnig" names no option, card, action or seat of the game`)
	// an action's words with no card of the game after them name nothing
	got = runLands(t, "[Lightning, Grass]", "  - refuse: {p1: play Banana}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `"play Banana" names no option, card, action or seat of the game`)
}

// TestRefuseOfATypoFailsWithNamesMadeFromProperties: where a card's name
// is made from its properties (4 of hearts), a refused answer must name a
// card the game made; any text passed before, as the name's template might
// have fitted it.
func TestRefuseOfATypoFailsWithNamesMadeFromProperties(t *testing.T) {
	rs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "engine", "rulesets", "tricks.yaml"))
	require.NoError(t, err)
	body := "setup:\n  active: p1\n  turn: 41\n  phase: play\n  zones:\n    p1.hand: [10 of hearts, 3 of spades]\n    p2.hand: [4 of hearts, 7 of hearts, 14 of spades]\n    p3.hand: [5 of clubs, 9 of diamonds]\n    p4.hand: [2 of diamonds, 12 of hearts]\n  props:\n    game.played: 10\nsteps:\n  - p1: play 10 of hearts\n"
	for _, c := range []struct {
		answer string
		fails  bool
	}{
		{"play 14 of spades", false}, // a card of the game, not offered: p2 must follow hearts
		{"play 9 of diamonds", false},
		{"play Banana", true},
		{"play 8 of clubz", true},  // no card of the game has that name
		{"play 15 of clubs", true}, // 5 of clubs is in it, not as its words
	} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		require.NoError(t, os.WriteFile(path, []byte("ruleset: "+rs+"\n"+body+"  - refuse: {p2: "+c.answer+"}\n"), 0o644))
		sc, err := scenario.Load(path)
		require.NoError(t, err)
		res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
		require.NoError(t, err)
		if !c.fails {
			assert.Empty(t, res.Failures, c.answer)
			continue
		}
		require.NotEmpty(t, res.Failures, c.answer)
		assert.Contains(t, res.Failures[0], "names no option, card, action or seat of the game", c.answer)
	}
}

// TestAnOptionIsNamedAsShown: a window's pass shown with another label
// (Lands' "do not counter") is not answered by pass, which a reader would
// take for another option; the refusal says how it is shown.
func TestAnOptionIsNamedAsShown(t *testing.T) {
	got := runGame(t, "lands", `setup:
  active: p1
  turn: 3
  phase: main
  zones:
    p1.hand: [Fire, Grass]
    p2.hand: [Water, Fire]
    p2.board: [Grass, Grass]
steps:
  - p1: play Fire
  - p2: pass
`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p2 is not offered "pass": that option is shown as "do not counter" here`)
}

// TestOwnCardNamedAsTheirs: the chooser's own card, shown by its name
// alone, is found when the answer names it as theirs.
func TestOwnCardNamedAsTheirs(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - p1: p2's Grass\n  - expect: len(p2.board) == 1 and p2.board[0].energy == lightning\n")
	require.Empty(t, got)
	got = runLands(t, "[Lightning, Grass]", "  - p1: p1's Grass\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p1 is not offered "p1's Grass"`)

	got = runGame(t, "lanes", `setup:
  active: p1
  turn: 3
  phase: main
  zones:
    p1.hand: [Hex]
    p1.frontline: [Squire]
    p2.frontline: [Archer]
    p1.deck: [Squire, Squire]
    p2.deck: [Squire, Squire]
steps:
  - p1: play Hex
  - options: {p1: [Squire, p2's Archer]}
  - p1: p1's Squire
  - expect: power(p1.frontline[0]) == 0
`)
	require.Empty(t, got)
}

// TestPassUntil: pass_until passes every window until its condition holds,
// and fails, saying why, when it meets a question that is not a window, a
// condition that never holds, or the game's end.
func TestPassUntil(t *testing.T) {
	rr := func(steps string) []string {
		return runGame(t, "risk-resource", `setup:
  active: p1
  turn: 1
  phase: main1
  zones:
    p1.hand: [Arc Bolt]
    p2.hand: [Arc Bolt]
    p1.library: [Arc Bolt, Arc Bolt, Arc Bolt, Arc Bolt]
    p2.library: [Arc Bolt, Arc Bolt, Arc Bolt, Arc Bolt]
steps:
`+steps)
	}
	for _, tc := range []struct {
		name, steps string
		want        []string
	}{
		{"holds at once", "  - pass_until: phase == main1\n  - expect: turn == 1 and active == p1\n", nil},
		{"into the next turn", "  - pass_until: active == p2 and phase == main1\n  - expect: turn == 2 and len(p2.hand) == 3\n  - waiting: p2\n", nil},
		{"answers still work after it", "  - pass_until: active == p2 and phase == main1\n  - p2: pass\n  - expect: phase != main1\n", nil},
		{"the game ends first", "  - pass_until: turn == 40\n", []string{
			"12:5: the game ended (p1 wins: last player standing) after 46 passes, before turn == 40 held"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, rr(tc.steps))
		})
	}
	// a choice is not passed: the step stops there
	got := runLands(t, "[Lightning, Grass]", "  - pass_until: turn == 4\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "12:5: after 0 passes turn == 4 does not hold, and p1 is asked")
	assert.Contains(t, got[0], "which is not a window that can be passed: answer it in a step of its own")
}

// TestStepsMayAnswerForcedQuestions: a step that answers a question the
// engine answered itself (one way to answer) with that answer is matched
// with it, once; any other answer fails as before.
func TestStepsMayAnswerForcedQuestions(t *testing.T) {
	vault := func(steps string) []string {
		// after the two spells all p1 may do is end the turn: the engine
		// ends it, and p2's turn asks p2
		return runGame(t, "vault", `setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [Wildfire, Rally the Ranks]
    p1.deck: [Squire, Squire]
    p2.deck: [Squire, Squire, Squire]
    p2.hand: [Forest, Plains, Forest, Plains, Forest]
  props:
    p1.hand[0].generic: 0
    p1.hand[1].generic: 0
    p1.red: 2
    p1.white: 1
steps:
  - p1: cast Wildfire
  - p1: cast Rally the Ranks
`+steps)
	}
	for _, tc := range []struct {
		name, steps string
		want        []string
	}{
		{"not written", "  - expect: active == p2\n", nil},
		{"written as the engine answered", "  - p1: end the turn\n  - expect: active == p2\n  - p2: play Forest\n", nil},
		{"written by number", "  - p1: '#1'\n  - expect: active == p2\n", nil},
		{"another answer", "  - p1: declare attacks\n", []string{"19:5: p1 has no question: since the last answer p1 was asked a question with one way to answer, which the engine answered itself (see the log); waiting for: p2, asked \"Your turn\". To say p1 had no choice, write not_asked: p1"}},
		{"written twice", "  - p1: end the turn\n  - p1: end the turn\n", []string{"20:5: p1 has no question (waiting for: p2, asked \"Your turn\"); to say so, write not_asked: p1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, vault(tc.steps))
		})
	}
}

// A step that names the engine's answer to a later question it answered
// itself is matched with it, the earlier ones left out: Wither's one
// target, taken at once, need not be written before the turn's end.
// Matched in order, a question before one already matched is not.
func TestForcedStepsMayLeaveSomeOut(t *testing.T) {
	wither := func(steps string) []string {
		return runGame(t, "vault", `setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [Wither]
    p1.field: [Swamp, Wastes]
    p1.deck: [Swamp]
    p2.hand: [Forest, Forest, Forest, Forest, Forest]
    p2.deck: [Forest]
    p2.field: [Grizzly]
steps:
  - p1: cast Wither
`+steps)
	}
	for _, tc := range []struct {
		name, steps string
		want        []string
	}{
		{"the target left out", "  - p1: end the turn\n  - expect: active == p2\n", nil},
		{"both written", "  - p1: Grizzly\n  - p1: end the turn\n  - expect: active == p2\n", nil},
		{"out of order", "  - p1: end the turn\n  - p1: Grizzly\n", []string{"16:5: p1 has no question: since the last answer p1 was asked a question with one way to answer, which the engine answered itself (see the log); waiting for: p2, asked \"Your turn\". To say p1 had no choice, write not_asked: p1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, wither(tc.steps))
		})
	}
}

// The cards a cost takes because every one of them must pay are questions
// answered at once, each named by its card: p2's two sources pay Dispel.
func TestForcedPaymentNamesItsCards(t *testing.T) {
	got := runGame(t, "pocket", `setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [forge_altar, oak_guardian]
    p1.mana: [shrine, cutpurse_pilfer]
    p2.hand: [tide_pool, ancient_willow]
    p2.mana: [storm_drake, wave_serpent]
    pile: [sacred_grove, lava_titan]
steps:
  - p1: play bottom of Forge Altar // Kindle
  - p1: ["#1"]
  - p2: play bottom of Tide Pool // Dispel
  - p2: Wave Serpent // Undertow
  - expect: len(p1.play) == 0 and len(game.discard) == 2
`)
	assert.Empty(t, got)
}

// TestNotOfferedByPlace: a label with a card's place names the card there,
// as options of one label are told apart while two copies are offered.
// Once one copy has acted, the other is offered under the plain label:
// not_offered of the copy that acted holds, and of the other fails.
func TestNotOfferedByPlace(t *testing.T) {
	const setup = `seed: 3
setup:
  active: p1
  turn: 3
  phase: main
  face_down:
    p1.protection: [Slinger, Slinger, Slinger]
    p2.protection: [Spearman, Archer, Slinger]
  zones:
    p1.deck: [Archer, Squire, Squire]
    p2.deck: [Archer, Squire, Squire]
    p1.hand: [Hex]
    p1.frontline: [empty, Battle Mage]
    p1.backline: [empty, Battle Mage]
    p2.frontline: [empty, Sentinel]
steps:
  - p1: "use Battle Mage's [Main] effect (frontline 2)"
`
	assert.Empty(t, runGame(t, "lanes", setup+`  - not_offered: {p1: ["use Battle Mage's [Main] effect (frontline 2)"]}
`))
	assert.Equal(t, []string{
		`19:5: p1 is offered "use Battle Mage's [Main] effect (backline 2)" (as "use Battle Mage's [Main] effect"), which must not be offered`,
	}, runGame(t, "lanes", setup+`  - not_offered: {p1: ["use Battle Mage's [Main] effect (backline 2)"]}
`))
}

// TestAnswerByAFaceName: a card with faces is named in an answer by one of
// its faces (play top of Forge Altar, for play top of Forge Altar //
// Kindle), as a reader of the card would name it.
func TestAnswerByAFaceName(t *testing.T) {
	got := runGame(t, "pocket", `seed: 1
setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [forge_altar, wildfire_boar]
    p1.mana: [shrine, cutpurse_pilfer, oak_guardian, tide_pool]
    p2.hand: [storm_drake]
    pile: [ancient_willow, wave_serpent, mist_sprite]
steps:
  - offered: {p1: [play top of Forge Altar, play bottom of Wildfire Boar]}
  - options: {p1: [play top of Forge Altar, play bottom of Forge Altar, play top of Wildfire Boar, play bottom of Wildfire Boar, put Forge Altar face down as a mana source, put Wildfire Boar face down as a mana source, end your turn]}
  - p1: play top of Forge Altar
  - expect: any(p1.play, .name == "Forge Altar")
  - p1: Shrine of Ages
  - p1: Tide Pool
  - expect: p1.table[0].name == "Forge Altar"
`)
	assert.Empty(t, got)
	// a face of no card offered is refused as before
	got = runGame(t, "pocket", `seed: 1
setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [forge_altar]
    p1.mana: [shrine, cutpurse_pilfer]
    p2.hand: [storm_drake]
steps:
  - p1: play top of Lava Titan
`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p1 is not offered "play top of Lava Titan"`)
}

// TestForcedAnswerByItsName: a step may repeat an answer the engine gave
// itself by the words of its label before what it adds in brackets (Arc
// Bolt for Arc Bolt (pitch 1)), as an answer to a real question may.
func TestForcedAnswerByItsName(t *testing.T) {
	got := runGame(t, "risk-resource", `setup:
  active: p1
  turn: 3
  phase: main1
  zones:
    p1.hand: [Arc Bolt]
    p1.library: [Mind Spring]
    p2.hand: [Mind Spring]
steps:
  - p1: pitch a card
  - p1: Arc Bolt
  - expect: p1.ep == 1
`)
	assert.Empty(t, got)
}

// TestRefuseOfAnAnswerTheEngineTook: refusing an answer the engine gave
// itself since the last step, the one way to answer a question, fails: it
// was taken (the refusal passed, checked against the next question).
func TestRefuseOfAnAnswerTheEngineTook(t *testing.T) {
	got := runGame(t, "vault", `setup:
  active: p1
  turn: 3
  phase: main
  zones:
    p1.field: [Grizzly]
    p1.hand: [Forest]
    p1.deck: [Wolf Pup, Wolf Pup, Wolf Pup, Wolf Pup, Wolf Pup]
    p2.field: [Shield Bearer, Wolf Pup]
    p2.deck: [Wolf Pup, Wolf Pup, Wolf Pup, Wolf Pup, Wolf Pup]
steps:
  - p1: declare attacks
  - refuse: {p1: p2}
  - refuse: {p1: Shield Bearer}
`)
	assert.Equal(t, []string{`15:5: p1 was answered "Shield Bearer" since the last answer, the one way to answer a question the engine answered itself (see the log): it was taken, not refused`}, got)
}

// TestNotOfferedByAFaceOfACardNotOffered: not_offered names a card with
// faces by a face even when no option has the card (it failed, as a label
// no action could have).
func TestNotOfferedByAFaceOfACardNotOffered(t *testing.T) {
	assert.Empty(t, runGame(t, "pocket", `seed: 1
setup:
  active: p1
  turn: 5
  phase: main
  zones:
    p1.hand: [ember_drake, wildfire_boar]
    p1.mana: [shrine]
    p2.hand: [storm_drake]
    pile: [ancient_willow, wave_serpent, mist_sprite]
steps:
  - not_offered: {p1: [play top of Ember Drake]}
`))
}

// After a step fails the scenario stops before its next answer: the game,
// and the run shown, stay where the failure was found (a failure in turn 3
// shown with the state of turn 6 sent a reader after the wrong cause).
// The checks between the failure and that answer still run.
func TestARunStopsAtTheAnswerAfterAFailure(t *testing.T) {
	rs, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "lands.yaml"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "s.yaml")
	body := "ruleset: " + rs + `
setup:
  active: p1
  turn: 3
  phase: main
  zones:
    p1.hand: [Fire, Grass]
    p1.deck: [Lightning, Lightning]
    p2.hand: [Fire, Grass, Darkness]
    p2.deck: [Darkness, Darkness]
steps:
  - expect: turn == 4
  - expect: len(p1.hand) == 3
  - p1: play Grass
  - expect: turn == 9
`
	require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	require.Len(t, res.Failures, 2)
	assert.Contains(t, res.Failures[0], ":12:5: does not hold: turn == 4")
	assert.Contains(t, res.Failures[1], ":13:5: does not hold: len(p1.hand) == 3")
	assert.Equal(t, 14, res.Stopped.Line)
	assert.Equal(t, 3, res.Game.Evaluator().S.Turn)
	assert.Len(t, res.Game.Evaluator().S.History, 0, "no answer was given")
}

// A number refused at a question that takes none is refused whatever the
// rules: the step proves nothing, and says so.
func TestRefusingANumberWhereNoneIsAsked(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - refuse: {p1: 0}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `12:5: p1 is asked "Choose a card on your opponent's board to discard"`)
	assert.Contains(t, got[0], `which takes no number: refusing 0 proves nothing`)
}

// waiting names who is asked in words that agree with how many they are.
func TestWaitingSaysWhoIsAsked(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - waiting: p2\n")
	assert.Equal(t, []string{"12:5: expected p2 to be asked, but p1 is"}, got)
}

// Several cards are named with commas as at the terminal, as well as in a
// list, when no option has the whole text.
func TestSeveralCardsNamedWithCommas(t *testing.T) {
	body := func(answer string) string {
		return `setup:
  active: p1
  turn: 3
  phase: main
  zones:
    p1.hand: [Darkness, Fire]
    p2.hand: [Fire, Water, Grass, Lightning]
steps:
  - p1: play Darkness
  - p2: ` + answer + `
  - expect: len(p2.hand) == 4
`
	}
	assert.Empty(t, runGame(t, "lands", body("[Fire, Water, Grass]")))
	assert.Empty(t, runGame(t, "lands", body("Fire, Water, Grass")))
}

// none among a step's options says the choice may be declined; at a choice
// that may not be, it is not offered.
func TestOptionsNameNoneForAChoiceThatMayBeDeclined(t *testing.T) {
	body := func(options string) string {
		return `setup:
  active: p1
  turn: 3
  phase: draw
  zones:
    p1.hand: [Squire]
    p1.deck: [Archer, Archer]
    p1.pool: [Spearman]
  face_up:
    p1.pool: [Spearman]
steps:
  - options: {p1: ` + options + `}
`
	}
	assert.Empty(t, runGame(t, "lanes", body("[Squire, Archer, none]")))
	assert.Empty(t, runGame(t, "lanes", body("[Squire, Archer]")))
	got := runLands(t, "[Lightning, Grass]", "  - options: {p1: [p2's Lightning, p2's Grass, none]}\n")
	require.Len(t, got, 2)
	assert.Contains(t, got[0], `p1 is not offered "none"`)
}

// expect takes a list of expectations, each checked and placed as a step of
// its own.
func TestExpectTakesAList(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - expect:\n      - len(p2.board) == 2\n      - len(p2.board) == 9\n      - turn == 3\n")
	assert.Equal(t, []string{"14:9: does not hold: len(p2.board) == 9; len(p2.board) is 2"}, got)
}

// TestAForcedAnswerThatEndsTheGame: a step naming the answer the engine
// gave itself is matched with it even when that answer ended the game; a
// step naming another answer is told the game is over.
func TestAForcedAnswerThatEndsTheGame(t *testing.T) {
	run := func(steps string) []string {
		return runRuleset(t, filepath.Join("..", "..", "testdata", "engine", "rulesets", "forced-end.yaml"), `setup:
  active: p1
  phase: main
  zones:
    p1.hand: [Big]
    p2.hand: [Small, Small]
steps:
`+steps)
	}
	assert.Empty(t, run("  - p1: play Big\n  - expect: winner == 'p1'\n"))
	assert.Equal(t, []string{"9:5: the game is over (p1 wins: three points); p1 cannot answer"}, run("  - p1: play Small\n"))
	assert.Equal(t, []string{"10:5: the game is over (p1 wins: three points); p1 cannot answer"}, run("  - p1: play Big\n  - p1: play Big\n"))
}

// TestOfferedResign: resign is checked by offered and not_offered as the
// rules let a seat resign (asked or not), not as an option of a question;
// beside other labels it leaves them to the question's options.
func TestOfferedResign(t *testing.T) {
	// p1's turn: p1 may resign while asked which card Fire discards, p2 may not
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - offered: {p1: [resign]}\n  - not_offered: {p2: [resign]}\n"))
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - offered: {p1: [resign, Lightning]}\n"))
	got := runLands(t, "[Lightning, Grass]", "  - offered: {p2: [resign]}\n  - not_offered: {p1: [resign]}\n")
	assert.Equal(t, []string{
		"12:5: p2 may not resign now, as the rules say: you may resign only on your own turn",
		"13:5: p1 may resign now, which must not be offered",
	}, got)
	// the rest of the labels are still the question's
	got = runLands(t, "[Lightning, Grass]", "  - offered: {p1: [resign, Water]}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p1 is not offered "Water"`)
	got = runLands(t, "[Lightning, Grass]", "  - options: {p1: [resign, Lightning, Grass]}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "options lists the options of a question, which resign is not")
	got = runLands(t, "[Lightning, Grass]", "  - p1: resign\n  - offered: {p2: [resign]}\n")
	assert.Equal(t, []string{"13:5: the game is over (p2 wins: p1 resigned): p2 cannot resign"}, got)
}

// TestRefusedPlayerCount: a scenario that asks for a number of players the
// rules do not take, and expects the error, pins the refusal; one that
// does not expect it is told of the count as a mistake.
func TestRefusedPlayerCount(t *testing.T) {
	assert.Empty(t, runGame(t, "lands", "players: 3\nsteps:\n  - expect: over and outcome == 'error' and winner == ''\n  - expect: reason == 'lands is played by 2 players, not 3'\n  - expect: winner != none or winner == ''\n"))
	got := runGame(t, "lands", "players: 1\nsteps:\n  - expect: outcome == 'error' and reason == 'x'\n")
	assert.Equal(t, []string{"4:5: does not hold: outcome == 'error' and reason == 'x' (the game is refused: lands is played by 2 players, not 1)"}, got)
	got = runGame(t, "lands", "players: 3\nsteps:\n  - expect: outcome == 'error'\n  - p1: play Water\n  - expect: len(p1.hand) == 0\n")
	assert.Equal(t, []string{
		"5:5: the game is refused (lands is played by 2 players, not 3), so nothing is asked or answered: a scenario that expects it refused holds only expectations",
		"6:5: the game is refused (lands is played by 2 players, not 3), so there is no position to read: an expectation reads only over, outcome, reason, winner (unknown name p1 (1:5))",
	}, got)
	// a count the game takes plays as always
	assert.NotEmpty(t, runGame(t, "lands", "players: 2\nsteps:\n  - expect: outcome == 'error'\n"))
}

// TestRunTellsEveryMistake: a scenario whose setup is wrong is refused with
// its expectations' mistakes too, as validate tells them, not the first lot
// alone.
func TestRunTellsEveryMistake(t *testing.T) {
	rs, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "lands.yaml"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte("ruleset: "+rs+"\nsteps:\n  - expect: len(p1.hnd) == 5\n  - p4: play Water\n"), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	_, err = scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unknown property hnd")
	assert.Contains(t, err.Error(), "p4 is not a seat of this game")
}

// TestFailedComparisonSaysTheList: a failed comparison of a list, or of
// nothing, says what its left side reads, as one of a number does.
func TestFailedComparisonSaysTheList(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - expect: p1.hand == []\n  - expect: map(p2.board, .name) == []\n  - expect: find(p1.hand, .name == 'Grass') == p1.hand[0]\n")
	assert.Equal(t, []string{
		"12:5: does not hold: p1.hand == []; p1.hand is [Water]",
		"13:5: does not hold: map(p2.board, .name) == []; map(p2.board, .name) is [Lightning, Grass]",
		"14:5: does not hold: find(p1.hand, .name == 'Grass') == p1.hand[0]; find(p1.hand, .name == 'Grass') is none",
	}, got)
}

// TestNotOfferedMisspelt: a label that names nothing of the game is never
// offered, so not_offered of it proves nothing and fails, as refuse does.
func TestNotOfferedMisspelt(t *testing.T) {
	got := runLands(t, "[Lightning, Grass]", "  - not_offered: {p1: [Lightnign]}\n")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `12:5: "Lightnign" names no option, card, action or seat of the game, so not_offered proves nothing`)
	// a card of the game that is not offered passes
	assert.Empty(t, runLands(t, "[Lightning, Grass]", "  - not_offered: {p1: [Fire]}\n"))
}
