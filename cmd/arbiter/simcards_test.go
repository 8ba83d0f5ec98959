package main

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

// sim --cards counts, per card and action, the games in which a seat took
// that action with that card, and that seat's wins among them: each game
// counts once per seat however often the seat took it.
func TestSimReportsActionsByCard(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	var results []simResult
	for seed := uint64(1); seed <= 5; seed++ {
		r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: seed, NoLog: true}, []string{"random", "random"}, true)
		require.NoError(t, r.err)
		require.Len(t, r.plays, 2)
		results = append(results, r)
	}
	var out bytes.Buffer
	reportCards(&out, results)
	text := out.String()
	require.Contains(t, text, "actions taken with each card")
	// every lands game plays cards of every type: five rows for play, in every one of the 5 games for both seats
	for _, id := range []string{"Grass", "Lightning", "Fire", "Darkness", "Water"} {
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, " "+id+" ") && strings.Contains(l, " play ") {
				line = l
			}
		}
		require.NotEmpty(t, line, "no line for %s:\n%s", id, text)
	}
	require.Contains(t, text, "seat-games: each game counts once for every seat that took it")
	// no simResult without --cards carries plays
	r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: 1, NoLog: true}, []string{"random", "random"}, false)
	require.Nil(t, r.plays)
}

// In a game whose cards are only chosen (a draft: no action takes a card),
// sim --cards lists the cards each seat chose of its own instead of an
// empty table; a card of another seat's chosen (a target) is not counted.
func TestSimReportsChosenCardsOfADraft(t *testing.T) {
	rules := `name: pick
zones:
  hand: {visibility: owner}
  stall: {}
setup:
  - for_each_player: {do: [{create: {id: rose, to: hand}}, {create: {id: bell, to: hand}}]}
turn:
  phases:
    - name: main
      do:
        - choose_cards: {cards: you.hand, count: 1, as: picked, prompt: Pick}
        - move: {cards: picked, to: stall}
        - choose_cards: {cards: "opponent.hand", min: 0, max: 1, as: peek, prompt: Point at one of theirs}
limits: {turns: 4}
`
	cards := "cards:\n  - {id: rose, name: Rose}\n  - {id: bell, name: Bell}\n"
	rs, diags := load.Load(load.Source{Name: "pick.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	var results []simResult
	for seed := uint64(1); seed <= 3; seed++ {
		r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: seed, NoLog: true}, []string{"random", "random"}, true)
		require.NoError(t, r.err)
		results = append(results, r)
	}
	var out bytes.Buffer
	reportCards(&out, results)
	text := out.String()
	require.Contains(t, text, "no action was taken with a card; the cards each seat chose of its own")
	// a seat chooses once a game (its second pick, of one card, the engine
	// makes): six choices in all, none of them the peeks at the other hand
	total := 0
	for _, m := range regexp.MustCompile(`(?m)^  (?:Rose|Bell) +chosen +(\d+) seat-games`).FindAllStringSubmatch(text, -1) {
		n, _ := strconv.Atoi(m[1])
		total += n
	}
	require.Equal(t, 6, total, text)
}

// A definition that names its cards from their properties (a generated
// pack: 10 of clubs) is reported card by card, by the names the games gave
// them: one row for the whole pack said nothing.
func TestSimReportsMadeCardsByName(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "testdata", "engine", "rulesets", "tricks.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	var results []simResult
	for seed := uint64(1); seed <= 3; seed++ {
		r, _ := simulate(nil, rs, engine.Options{Players: 4, Seed: seed, NoLog: true}, []string{"random", "random", "random", "random"}, true)
		require.NoError(t, r.err)
		results = append(results, r)
	}
	var out bytes.Buffer
	reportCards(&out, results)
	text := out.String()
	require.Regexp(t, `(?m)^  10 of clubs +play +`, text)
	require.NotRegexp(t, `(?m)^  card +play`, text)
}

// arbiter cards finds a card named from its properties by the name a game
// gives it, and shows its definition with the values that give the name.
func TestCardsFindsAMadeName(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	out, err := runIn(t, root, "cards", filepath.Join("testdata", "engine", "rulesets", "tricks.yaml"), "10 of clubs")
	require.NoError(t, err)
	require.Contains(t, out, "10 of clubs (card)\n  suit: clubs\n  rank: 10\n")
	_, err = runIn(t, root, "cards", filepath.Join("testdata", "engine", "rulesets", "tricks.yaml"), "10 of clubz")
	require.ErrorContains(t, err, `has no card "10 of clubz"`)
}

// The first player's advantage is read from the games one seat won alone:
// a win shared with the others (a tie on points) counted as the first
// player's win, and overstated it.
func TestFirstPlayerWinsOfTheGamesWonAlone(t *testing.T) {
	results := []simResult{
		{winners: []int{0, 1}, first: 0, kind: "win"},
		{winners: []int{0}, first: 0, kind: "win"},
		{winners: []int{1}, first: 0, kind: "win"},
		{winners: []int{0, 1}, first: 1, kind: "win"},
	}
	tl := tallyResults(results, 2)
	require.Equal(t, 1, tl.firstWins)
	require.Equal(t, 2, tl.shared)
	require.Equal(t, 4, tl.decided)
}

// sim --cards names a card by its name, and by its name and id where
// another definition has the same name.
func TestSimNamesCardsByName(t *testing.T) {
	rs := &model.Ruleset{Cards: []*model.CardDef{{ID: "a", Name: "Coin"}, {ID: "b", Name: "Coin"}, {ID: "c", Name: "Gem"}}}
	assert.Equal(t, "Coin (a)", playName(rs, 0))
	assert.Equal(t, "Coin (b)", playName(rs, 1))
	assert.Equal(t, "Gem", playName(rs, 2))
}

// A win of the last player standing says why the last of the others left
// (a loss's reason, which the win does not say): a designer read "last
// player standing" and could not tell a deck run out from life lost.
func TestSimEndingsSayWhyTheLastOtherLost(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "pocket.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	seen := false
	for seed := uint64(1); seed <= 40 && !seen; seed++ {
		r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: seed, NoLog: true}, []string{"random", "random"}, false)
		if r.reason != engine.LastPlayerStanding {
			assert.Empty(t, r.lost, "seed %d ended otherwise: %s", seed, r.reason)
			continue
		}
		seen = true
		assert.Equal(t, "reduced to 0 life", r.lost)
		assert.Equal(t, "win: last player standing (the last to lose: reduced to 0 life)", ending{kind: r.kind, reason: r.reason, lost: r.lost}.String())
	}
	require.True(t, seen, "no game of the first 40 seeds was won by the last player standing")
}
