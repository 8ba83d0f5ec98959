package load_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

const hashRuleset = `name: hashed
doc: A game to hash.
goal: Score.
# a comment
properties:
  player:
    score: {type: int, doc: the points}
zones:
  hand: {visibility: owner, doc: your cards}
turn:
  phases:
    - name: main
      doc: Score a point.
      do: [{add: {player: you, prop: score, amount: 1}}]
`

const hashCards = `cards:
  - id: coin
    name: Coin
    text: A coin.
`

// TestHashFollowsTheRulesOnly: the hash that tells whether a saved game or
// a replay log still fits a ruleset changes with its rules and cards, not
// with its comments, docs, goal or layout.
func TestHashFollowsTheRulesOnly(t *testing.T) {
	hashOf := func(ruleset, cards string) string {
		t.Helper()
		rs, diags := load.Load(load.Source{Name: "hashed.yaml", Data: []byte(ruleset)},
			[]load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
		require.False(t, diags.HasErrors(), "%v", diags)
		return rs.Hash
	}
	base := hashOf(hashRuleset, hashCards)
	for _, tc := range []struct {
		name, ruleset, cards string
		same                 bool
	}{
		{"a comment", strings.Replace(hashRuleset, "# a comment", "# another comment, longer", 1), hashCards, true},
		{"a doc", strings.Replace(hashRuleset, "Score a point.", "Score one point each turn.", 1), hashCards, true},
		{"the goal", strings.Replace(hashRuleset, "goal: Score.", "goal: Score the most.", 1), hashCards, true},
		{"the layout", strings.Replace(hashRuleset, "{type: int, doc: the points}", "\n      type: int\n      doc: the points", 1), hashCards, true},
		{"a rule", strings.Replace(hashRuleset, "amount: 1", "amount: 2", 1), hashCards, false},
		{"a zone", strings.Replace(hashRuleset, "visibility: owner", "visibility: public", 1), hashCards, false},
		{"a card's text", hashRuleset, strings.Replace(hashCards, "A coin.", "A gold coin.", 1), false},
		{"a card's name", hashRuleset, strings.Replace(hashCards, "Coin", "Token", 1), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.same {
				require.Equal(t, base, hashOf(tc.ruleset, tc.cards))
			} else {
				require.NotEqual(t, base, hashOf(tc.ruleset, tc.cards))
			}
		})
	}
}
