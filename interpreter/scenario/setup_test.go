package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/stdlib"
)

// writeScenario writes a scenario file for a ruleset of testdata/engine and
// returns its path.
func writeScenario(t *testing.T, ruleset, body string) string {
	t.Helper()
	rs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "engine", "rulesets", ruleset+".yaml"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte("ruleset: "+rs+"\n"+body), 0o644))
	return path
}

// writeGameScenario writes a scenario file for one of the games of
// rulesets/ and returns its path.
func writeGameScenario(t *testing.T, game, body string) string {
	t.Helper()
	rs, err := filepath.Abs(filepath.Join("..", "..", "rulesets", game+".yaml"))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte("ruleset: "+rs+"\n"+body), 0o644))
	return path
}

// TestSetupErrorsArePlaced checks that every problem of a scenario's setup is
// found by Check, without running anything, and reported at the line and
// column where it is written; running the scenario reports the same.
func TestSetupErrorsArePlaced(t *testing.T) {
	path := writeScenario(t, "tricks", `players: 4
setup:
  active: p5
  phase: ply
  zones:
    trick: [Card, Crad, 7 of heart, 15 of clubs, x of clubs]
    p1.trick: [Card]
    game.hand: [Card]
    p1.hand: [Card]
  props:
    game.trick[1].rank: 5
    game.trick[0].rank: ten
    p1.hand[0].sute: hearts
    q1.tricks: 1
    game.trick[0].suit: hearts
steps:
  - expect: "true"
`)
	want := []string{
		"s.yaml:4:11: error: the active seat must be one of p1 to p4, not p5 [bad-value]",
		"s.yaml:5:10: error: unknown phase \"ply\"; the phases are play and score; did you mean \"play\"? [unknown-phase]",
		"s.yaml:7:19: error: unknown card \"Crad\"; did you mean \"card\"? (cards named \"{card.rank} of {card.suit}\" are placed by the names they get from their properties) [unknown-card]",
		// a made name with a part no card gets says which part
		"s.yaml:7:25: error: unknown card \"7 of heart\": \"heart\" is no suit (clubs, diamonds, hearts, spades); did you mean \"hearts\"? [unknown-card]",
		"s.yaml:7:37: error: unknown card \"15 of clubs\": rank 15 is above the most a card's rank may be, 14 [unknown-card]",
		"s.yaml:7:50: error: unknown card \"x of clubs\": \"x\" would be the rank of a \"{card.rank} of {card.suit}\" card, which is a whole number [unknown-card]",
		"s.yaml:8:5: error: zone trick is shared, not a player's; name it as trick or game.trick [unknown-zone]",
		"s.yaml:9:5: error: zone hand belongs to a player; name it as p1.hand [unknown-zone]",
		// a made card placed by its id without its suit would be named with none
		"s.yaml:10:15: error: card is placed by its id, but its cards are named \"{card.rank} of {card.suit}\", and this one would have no suit: place it by the name it gets, or set its suit under props [unknown-card]",
		"s.yaml:12:5: error: game.trick[1] has no card 1: the setup places one card there, index 0 [out-of-range]",
		"s.yaml:13:25: error: rank takes a whole number, not ten [bad-value]",
		"s.yaml:14:5: error: unknown card property \"sute\"; did you mean \"suit\"? [unknown-property]",
		"s.yaml:15:5: error: \"q1\" names neither a seat (p1 to p4) nor the game [bad-value]",
	}
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	rs, diags := load.LoadFile(sc.Ruleset, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	relative := func(err error) []string {
		require.Error(t, err)
		return strings.Split(strings.ReplaceAll(err.Error(), filepath.Dir(path)+string(filepath.Separator), ""), "\n")
	}
	assert.Equal(t, want, relative(scenario.Check(rs, sc)))
	_, err = scenario.RunWith(rs, sc, scenario.Options{Library: stdlib.Library()})
	assert.Equal(t, want, relative(err))
}

// TestSetupSharedZoneCardProps sets a property of a card in a zone that
// belongs to the game, not to a player: game.<zone>[index].<prop>.
func TestSetupSharedZoneCardProps(t *testing.T) {
	path := writeScenario(t, "tricks", `players: 4
setup:
  phase: play
  zones:
    game.trick: [p2's Card, p3's Card]
    p1.hand: [2 of hearts, 5 of spades]
  props:
    game.trick[0].suit: clubs
    game.trick[1].rank: 9
    game.trick[1].suit: hearts
steps:
  - expect: game.trick[1].rank == 9 and game.trick[1].suit == 'hearts' and game.trick[0].rank == 0
  # a shared zone's card named with its owner is theirs
  - expect: game.trick[0].owner == p2 and game.trick[1].owner == p3
`)
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	assert.Empty(t, res.Failures)
}

// A setup the engine would have to change to hold (more cards than a zone
// takes, a property past its bounds, a turn below 1) is refused where it
// is written, rather than played as another position.
func TestSetupOutOfBoundsIsRefused(t *testing.T) {
	path := writeGameScenario(t, "risk-resource", `setup:
  active: p1
  turn: -5
  props:
    p1.ep: -99999
  zones:
    p1.traps: [Pitfall, Pitfall, Pitfall, Pitfall]
steps:
  - expect: "true"
`)
	assert.Equal(t, []string{
		"s.yaml:4:9: error: the turn is 1 or more, not -5 [bad-value]",
		"s.yaml:6:12: error: ep is at least 0, not -99999 [bad-value]",
		"s.yaml:8:34: error: zone traps holds at most 2 cards: the cards from here on do not fit [bad-value]",
	}, checkErrors(t, path))
	// an option's label written as a card: the seat goes in the zone's name
	path = writeGameScenario(t, "risk-resource", "setup:\n  active: p1\n  zones:\n    p1.hand: [p3's Iron Golem]\nsteps:\n  - expect: \"true\"\n")
	assert.Equal(t, []string{
		`s.yaml:5:15: error: unknown card "p3's Iron Golem": a card is placed by its name alone, in a zone of the seat it is to be with (p3.hand: [Iron Golem]) [unknown-card]`,
	}, checkErrors(t, path))
	// a placed card named with no property of it
	path = writeGameScenario(t, "risk-resource", "setup:\n  active: p1\n  zones:\n    p1.battlefield: [Iron Golem]\n  props:\n    'p1.battlefield[0]': 1\nsteps:\n  - expect: \"true\"\n")
	got := checkErrors(t, path)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], `p1.battlefield[0] names a card, not a property: a property of the card is written after it (p1.battlefield[0].`)
	// turn 0 read as not given: the game began in turn 1
	dir := t.TempDir()
	p, err := loadFailing(t, dir, "ruleset: lands\nsetup:\n  active: p1\n  turn: 0\nsteps:\n  - expect: \"true\"\n")
	assert.ErrorContains(t, err, p+":4:9: the turn is 1 or more, not 0")
	// a list where one value goes read as "" ("" is not a seat)
	p, err = loadFailing(t, dir, "ruleset: lands\nsetup:\n  active: [p1, p2]\nsteps:\n  - expect: \"true\"\n")
	assert.ErrorContains(t, err, p+":3:11: active is a seat (active: p2), not a list")
	p, err = loadFailing(t, dir, "ruleset: lands\nsteps:\n  - options: {p1: {a: 1}}\n")
	assert.ErrorContains(t, err, p+":3:19: options lists labels, a list: {p1: [label, label]}, not a mapping")
	p, err = loadFailing(t, dir, "ruleset: lands\nsteps:\n  - not_offered: {p1: [a, [b]]}\n")
	assert.ErrorContains(t, err, p+":3:27: not_offered lists labels: a list is no label")
	p, err = loadFailing(t, dir, "ruleset: lands\nsetup:\n  phase: [main]\nsteps:\n  - expect: \"true\"\n")
	assert.ErrorContains(t, err, p+":3:10: phase is a phase's name (phase: main), not a list")
	p, err = loadFailing(t, dir, "ruleset: lands\nsetup:\n  active: p1\n  turn: 99999999999999999999\nsteps:\n  - expect: \"true\"\n")
	assert.ErrorContains(t, err, p+":4:9: the turn is 1 or more, and 99999999999999999999 is past any game's")
	// a turn past the game's limit would end it at once in a draw
	path = writeGameScenario(t, "risk-resource", "setup:\n  active: p1\n  turn: 151\nsteps:\n  - expect: \"true\"\n")
	assert.Equal(t, []string{
		"s.yaml:4:9: error: turn 151 is past the game's limit of 150 turns, where it ends in a draw [bad-value]",
	}, checkErrors(t, path))
}

// TestSetupOfACardProperty: a property holding a card is set to another
// placed card by its place; a name, or a place where the setup puts no
// card, is refused with what to write.
func TestSetupOfACardProperty(t *testing.T) {
	rs, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "lanes.yaml"))
	require.NoError(t, err)
	lanes, diags := load.LoadFile(rs, stdlib.Library())
	require.NotNil(t, lanes, "%v", diags)
	for value, want := range map[string]string{
		"p1.frontline[0]": "",
		"none":            "",
		"Squire":          "bearer holds a card: name a card the setup places by its place, as p1.hand[0], or none",
		"p1.frontline[3]": "p1.frontline[3] has no card 3: the setup places one card there, index 0",
		"p1.lane[0]":      `unknown zone "lane"`,
	} {
		path := filepath.Join(t.TempDir(), "s.yaml")
		body := "ruleset: " + rs + "\nsetup:\n  active: p1\n  phase: main\n  zones:\n    p1.frontline: [Squire]\n    p1.gear: [Iron Sword]\n  props:\n    p1.gear[0].bearer: " + value + "\nsteps:\n  - expect: true\n"
		require.NoError(t, os.WriteFile(path, []byte(body), 0o644))
		sc, err := scenario.Load(path)
		require.NoError(t, err)
		err = scenario.Check(lanes, sc)
		if want == "" {
			assert.NoError(t, err, value)
			continue
		}
		require.Error(t, err, value)
		assert.Contains(t, err.Error(), want, value)
	}
}

// TestFixedRolls: rolls fixes the game's die rolls in order; one that does
// not fit its die stops the game, and one that is no whole number of 1 or
// more is refused at load.
func TestFixedRolls(t *testing.T) {
	rs, err := filepath.Abs(filepath.Join("..", "..", "rulesets", "risk-resource.yaml"))
	require.NoError(t, err)
	body := "setup:\n  active: p1\n  turn: 3\n  phase: main1\n  zones:\n    p1.hand: [Safe Investment, Arc Bolt]\n    p1.library: [Mind Spring]\n    p2.library: [Mind Spring]\n  props:\n    p1.ep: 2\nsteps:\n  - p1: cast Safe Investment\n  - p1: pass\n"
	run := func(rolls string) (*scenario.Result, error) {
		path := filepath.Join(t.TempDir(), "s.yaml")
		require.NoError(t, os.WriteFile(path, []byte("ruleset: "+rs+"\nrolls: "+rolls+"\n"+body), 0o644))
		sc, err := scenario.Load(path)
		if err != nil {
			return nil, err
		}
		return scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	}
	for rolls, ep := range map[string]int64{"[20]": 7, "[1]": 1, "[6]": 4, "[5]": 2} {
		res, err := run(rolls)
		require.NoError(t, err)
		g := res.Game
		i, _, ok := g.Ruleset().PropIndex("player", "ep")
		require.True(t, ok)
		assert.Equal(t, ep, g.Evaluator().S.PlayerProp[i], rolls) // p1's ep
	}
	res, err := run("[25]")
	require.NoError(t, err)
	assert.Contains(t, res.Game.Err().Error(), "the fixed roll 25 does not fit a die of 20 sides")
	_, err = run("[0]")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `a roll is a whole number, 1 or more, not "0"`)
}

// TestSetupLostSeats: a seat placed as lost may not be the active one, and
// two players at least stay in the game.
func TestSetupLostSeats(t *testing.T) {
	path := writeScenario(t, "tricks", `players: 4
setup:
  active: p1
  phase: play
  lost: [p1, p2, p3, p4, p5]
steps:
  - expect: "true"
`)
	got := strings.Join(checkErrors(t, path), "\n")
	for _, want := range []string{
		"s.yaml:6:10: error: p1 is the active player and cannot have lost",
		"s.yaml:6:26: error: lost names seats p1 to p4, not p5",
		"s.yaml:6:10: error: lost leaves fewer than two players in the game",
	} {
		assert.Contains(t, got, want)
	}
}

// TestSetupNamesBeforeIDs: a setup's card is found by a face's name before
// an id in other letters: Sproutcaller is the part of that name (a 1/1
// creature), where sproutcaller, the id as written, is the whole card.
func TestSetupNamesBeforeIDs(t *testing.T) {
	require.Empty(t, runGame(t, "pocket", `setup:
  active: p1
  zones:
    p1.table: [Sproutcaller]
    p2.hand: [sproutcaller]
steps:
  - expect: p1.table[0].power == 1 and p1.table[0].name == "Sproutcaller"
  - expect: p2.hand[0].name == "Sproutcaller // Bloom"
`))
}

// TestStepExpressionErrorsArePlaced: Check (arbiter validate) compiles the
// conditions of expect (each of a list at its place) and pass_until, and
// names the step in its message.
func TestStepExpressionErrorsArePlaced(t *testing.T) {
	path := writeScenario(t, "chain", `steps:
  - expect: [1]
  - pass_until: 3
  - pass_until: phase == main
`)
	assert.Equal(t, []string{
		"s.yaml:3:14: error: expression \"1\" gives int where bool is needed [type-mismatch]",
		"s.yaml:4:17: error: expression \"3\" gives int where bool is needed [type-mismatch]",
	}, checkErrors(t, path))
}

// TestAColonInABareExpectationIsToldAsQuotes: an expectation written bare
// with a colon then a space in it is read by YAML as a key and its value;
// the message says so and writes it in quotes.
func TestAColonInABareExpectationIsToldAsQuotes(t *testing.T) {
	path := writeScenario(t, "chain", `steps:
  - expect:
      - phase == main or turn: 3
`)
	assert.Equal(t, []string{
		"s.yaml:4:9: error: `expect` must be an expression, found a mapping: a colon then a space (\": \") in a value without quotes makes a key and its value; put the whole expression in quotes: \"phase == main or turn: 3\" [needs-quotes]",
	}, checkErrors(t, path))
}

// TestWaitingListsASeatOnce: a seat listed twice among those asked is
// refused where it is written; it read as a failure of the game ("expected
// p1, p1, p2 to be asked, but p1 is").
func TestWaitingListsASeatOnce(t *testing.T) {
	path, err := loadFailing(t, t.TempDir(), "name: x\nruleset: lands\nsteps:\n  - waiting: [p1, p1, p2]\n")
	assert.Contains(t, err.Error(), path+":4:19: waiting lists p1 twice")
}

// loadFailing writes a scenario s.yaml of the text in dir and loads it,
// which must fail: the scenario's path and the error.
func loadFailing(t *testing.T, dir, text string) (string, error) {
	t.Helper()
	path := filepath.Join(dir, "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	_, err := scenario.Load(path)
	require.Error(t, err)
	return path, err
}

// checkErrors loads the scenario at path and its ruleset and returns what
// Check finds, one message a line, with the scenario's folder left out.
func checkErrors(t *testing.T, path string) []string {
	t.Helper()
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	rs, diags := load.LoadFile(sc.Ruleset, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	err = scenario.Check(rs, sc)
	require.Error(t, err)
	return strings.Split(strings.ReplaceAll(err.Error(), filepath.Dir(path)+string(filepath.Separator), ""), "\n")
}

// TestSetupKeywords: keywords gives a placed card keywords on top of its
// own, which it keeps as a grant without a duration keeps them; an unknown
// keyword or a place where the setup puts no card is refused where it is
// written.
func TestSetupKeywords(t *testing.T) {
	path := writeGameScenario(t, "risk-resource", `setup:
  active: p1
  phase: main1
  zones:
    p1.battlefield: [Iron Golem, Ember Whelp]
  keywords:
    p1.battlefield[0]: [haste, piercing]
    p1.battlefield[1]: deadly
steps:
  - expect: has(p1.battlefield[0], haste) and has(p1.battlefield[0], piercing) and has(p1.battlefield[0], slow)
  - expect: has(p1.battlefield[1], deadly) and has(p1.battlefield[1], haste) and not has(p1.battlefield[1], piercing)
`)
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	assert.Empty(t, res.Failures)

	path = writeGameScenario(t, "risk-resource", `setup:
  active: p1
  zones:
    p1.battlefield: [Iron Golem]
  keywords:
    p1.battlefield[0]: [haste, peircing]
    p1.battlefield[1]: deadly
    p1.hand[0]: deadly
steps:
  - expect: "true"
`)
	assert.Equal(t, []string{
		"s.yaml:7:32: error: unknown keyword \"peircing\"; did you mean \"piercing\"? [unknown-keyword]",
		"s.yaml:8:5: error: p1.battlefield[1] has no card 1: the setup places one card there, index 0 [out-of-range]",
		"s.yaml:9:5: error: p1.hand[0] has no card 0: the setup places no card there [out-of-range]",
	}, checkErrors(t, path))
}

// A key written twice, at any depth, is an error at its second writing (a
// reader that walks a mapping would let the second hide the first), and so
// is a second YAML document (yaml reads the first alone).
func TestAScenarioWritesEachKeyOnceInOneDocument(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"seed: 3\nseed: 4\nsteps: []\n", `s.yaml:3:1: key "seed" appears twice (first at line 2): the second would hide the first`},
		{"setup:\n  active: p1\n  active: p2\nsteps: []\n", `s.yaml:4:3: key "active" appears twice (first at line 3): the second would hide the first`},
		{"steps:\n  - expect: \"true\"\nsteps:\n  - expect: \"false\"\n", `s.yaml:4:1: key "steps" appears twice (first at line 2): the second would hide the first`},
		{"steps:\n  - expect: \"true\"\n---\nsteps: []\n", `s.yaml:5:1: error: YAML syntax: a second document begins here (after a --- or ... line), and the file is read as one document: remove that line, or put the second document in a file of its own [yaml-syntax]`},
	} {
		path := writeScenario(t, "tricks", c.body)
		_, err := scenario.Load(path)
		require.Error(t, err, c.body)
		assert.Equal(t, c.want, strings.ReplaceAll(err.Error(), filepath.Dir(path)+string(filepath.Separator), ""), c.body)
	}
	// a --- with nothing after it is no second document
	_, err := scenario.Load(writeScenario(t, "tricks", "steps:\n  - expect: \"true\"\n---\n"))
	require.NoError(t, err)
}

// A game stopped by an error in the rules fails a scenario that does not
// say it expects one, whatever its expectations read; one that says so
// passes.
func TestAGameStoppedByAnErrorFailsItsScenario(t *testing.T) {
	run := func(expect string) []string {
		path := writeScenario(t, "echo", `setup:
  active: p1
  phase: main
  zones:
    p1.table: [Bell, Stone]
steps:
  - p1: ring Bell
  - expect: `+expect+`
`)
		sc, err := scenario.Load(path)
		require.NoError(t, err)
		res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
		require.NoError(t, err)
		return res.Failures
	}
	got := run("over")
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "the game stopped with an error: ")
	assert.Contains(t, got[0], "(a scenario that tests such an error says so: expect: outcome == 'error')")
	assert.Empty(t, run("over and outcome == 'error'"))
}

// A resignation after a game stopped by an error is no resignation made
// at a moment played past (as after a draw): the game stays stopped, and
// the scenario fails with the error. Here p1 answers in turn 1, turns 2
// and 3 (p2's own turn among them) ask nobody anything, and turn 4
// divides by zero.
func TestAResignationDoesNotTakeBackAnError(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stops.yaml"), []byte(`name: stops
players: {min: 2, max: 2}
properties:
  player:
    score: {type: int, default: 0}
zones:
  hand: {visibility: owner}
turn:
  phases:
    - name: pick
      skip_if: turn != 1
      do:
        - choose_number: {max: 1, as: n}
        - add: {you.score: n}
    - name: boom
      skip_if: turn != 4
      do:
        - add: {you.score: 1 / you.score}
concede: you == active
limits: {turns: 10}
`), 0o644))
	path := filepath.Join(dir, "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`ruleset: stops.yaml
setup:
  active: p1
steps:
  - p1: 0
  - p2: resign
`), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	got := strings.Join(res.Failures, "\n")
	assert.Contains(t, got, "the game is over (error")
	assert.Contains(t, got, "the game stopped with an error: ")
}

// A card a setup places in a shared zone is nobody's unless named with its
// owner, as a deck dealt there with owner: none.
func TestASharedZonesCardIsNobodys(t *testing.T) {
	path := writeScenario(t, "shedding", `setup:
  active: p1
  zones:
    game.discard: [Red 1, p2's Red 2]
    p1.hand: [Red 3, Red 3]
    p2.hand: [Red 3]
steps:
  - expect: game.discard[0].owner == none and game.discard[1].owner == p2 and p1.hand[0].owner == p1
`)
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	assert.Empty(t, res.Failures)
}

// A number of players no game takes, however large, is refused at once
// with its place (it made a name for each seat first).
func TestAHugeNumberOfPlayersIsRefusedAtOnce(t *testing.T) {
	path := writeGameScenario(t, "lands", "players: 9223372036854775807\nsetup:\n  active: p1\nsteps:\n  - expect: \"true\"\n")
	assert.Equal(t, []string{"s.yaml:2:10: error: lands is played by 2 players, not 9223372036854775807 [out-of-range]"}, checkErrors(t, path))
}

// players: 0 is refused, as any count below 1 is: it read as not given,
// and the scenario ran with the game's least number of players.
func TestNoPlayersIsRefused(t *testing.T) {
	for _, n := range []string{"0", "-1"} {
		path := writeGameScenario(t, "lands", "players: "+n+"\nsteps:\n  - expect: \"true\"\n")
		_, err := scenario.Load(path)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "s.yaml:2:10: players must be 1 or more, not "+n)
	}
}

// zones and face_down name a positional zone's positions each from the
// first: a position both fill is refused (it held two cards), while empty
// leaves it to the other list.
func TestAPositionIsPlacedOnce(t *testing.T) {
	path := writeScenario(t, "grid", `setup:
  active: p1
  zones:
    p1.front: [Pawn, Pawn]
  face_down:
    p1.front: [Crown]
steps:
  - expect: "true"
`)
	got := checkErrors(t, path)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "s.yaml:7:16: error: position 1 of zone front is placed twice (first at line 5): write empty where another list places a card [bad-value]")
	path = writeScenario(t, "grid", `setup:
  active: p1
  zones:
    p1.front: [empty, Pawn]
  face_down:
    p1.front: [Crown]
steps:
  - expect: len(p1.front) == 2
`)
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	assert.Empty(t, res.Failures)
}

// TestFindKeepsAScenarioWithAMisspeltKey: a scenario with ruleset or steps
// misspelt is still found, so that a run of its folder fails with the
// mistake rather than passing without it; a ruleset and a card file are
// not scenarios, and a .yml scenario is one.
func TestFindKeepsAScenarioWithAMisspeltKey(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"good.yaml":   "name: a\nruleset: lands\nsteps:\n  - expect: true\n",
		"stepz.yaml":  "name: b\nruleset: lands\nstepz:\n  - expect: true\n",
		"rulset.yaml": "name: c\nrulset: lands\nsteps:\n  - expect: true\n",
		"crlf.yml":    "name: d\r\nruleset: lands\r\nsteps: []\r\n",
		"rules.yaml":  "name: game\nzones:\n  hand: {}\nturn:\n  phases: [{name: main, do: [{log: x}]}]\nprocedures:\n  p:\n    steps: []\n",
		"cards.yaml":  "cards:\n  - {id: a}\n",
		"notes.txt":   "ruleset: lands\nsteps: []\n",
	}
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	found, err := scenario.Find(dir)
	require.NoError(t, err)
	var names []string
	for _, f := range found {
		names = append(names, filepath.Base(f))
	}
	assert.Equal(t, []string{"crlf.yml", "good.yaml", "rulset.yaml", "stepz.yaml"}, names)
}

// TestARulesetPathThatIsNotThere: a scenario whose ruleset names a path
// where there is no file is told so at its ruleset line (it was told at
// line 1 of the missing file).
func TestARulesetPathThatIsNotThere(t *testing.T) {
	dir := t.TempDir()
	path, err := loadFailing(t, dir, "name: x\nruleset: ../nowhere/lands.yaml\nsteps:\n  - expect: true\n")
	assert.Contains(t, err.Error(), path+":2:10: the ruleset ../nowhere/lands.yaml is not there ("+filepath.Join(dir, "../nowhere/lands.yaml")+", from the scenario's folder)")
}

// TestARulesetPathToAnotherKindOfFile: a scenario whose ruleset names a
// file that is no YAML (a system's file) is refused at its ruleset line,
// without reading the file: its lines would be printed in the messages.
func TestARulesetPathToAnotherKindOfFile(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(secret, []byte("root:secret\n"), 0o644))
	path, err := loadFailing(t, dir, "name: x\nruleset: ./notes.txt\nsteps:\n  - expect: true\n")
	assert.Contains(t, err.Error(), path+":2:10: the ruleset ./notes.txt is no ruleset file: a ruleset file's name ends in .yaml or .yml")
	assert.NotContains(t, err.Error(), "secret")
}

// TestSetupOnNoStack: a card placed in the shared zone where the cards of
// actions waiting on the stack wait would be on no stack, and never
// resolve: the setup refuses it and says how to put it there.
func TestSetupOnNoStack(t *testing.T) {
	path := writeGameScenario(t, "risk-resource", `setup:
  active: p1
  phase: main1
  zones:
    game.stack: [Mind Spring]
steps:
  - expect: stack_size == 1
`)
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	rs, diags := load.LoadFile(sc.Ruleset, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	err = scenario.Check(rs, sc)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.yaml:6:5: error: a card placed in game.stack is on no stack: nothing resolves it")
}
