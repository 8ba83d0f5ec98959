package load_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

const base = `name: t
players: {min: 2, max: 2}
properties:
  card:
    kind: {type: enum, values: [a, b]}
zones:
  deck: {visibility: hidden}
  pool: {visibility: hidden}
  hand: {visibility: owner}
%s
turn:
  phases:
    - name: main
      do:
        - act: {actions: [play], pass: false}
%s
actions:
  play:
    from: hand
    reveal: true
%s
`

func loadRules(t *testing.T, top, phases, action, cards string) diag.Diagnostics {
	t.Helper()
	src := fmt.Sprintf(base, top, phases, action)
	_, diags := load.Load(load.Source{Name: "t.yaml", Data: []byte(src)}, []load.Source{{Name: "c.yaml", Data: []byte(cards)}}, stdlib.Library())
	return diags
}

const twoCards = `cards:
  - {id: x, props: {kind: a}}
  - {id: y, props: {kind: b}}
`

// TestSemanticChecks covers the checks that need the whole ruleset.
func TestSemanticChecks(t *testing.T) {
	for _, tc := range []struct {
		name                       string
		top, phases, action, cards string
		code, message              string
	}{
		{name: "deck too small", top: "deck_rules: {sizes: {all: {min: 5, max: 5}}}\ndecks: {d: {x: 4}}", cards: twoCards, code: "deck-limit", message: `deck "d" has 4 cards in the deck; the deck rules ask for exactly 5`},
		{name: "too many copies across zones", top: "deck_rules: {copies: 4}\ndecks: {d: {deck: {x: 3}, pool: {x: 2}}}", cards: twoCards, code: "deck-limit", message: `deck "d" has 5 copies of "x"; the deck rules allow 4`},
		{name: "one card is one card", top: "deck_rules: {sizes: {deck: {min: 3, max: 3}, pool: {min: 2, max: 2}}}\ndecks: {d: {deck: {x: 3}, pool: {y: 1}}}", cards: twoCards, code: "deck-limit", message: `has 1 card in its pool; the deck rules ask for exactly 2`},
		{name: "split deck sizes", top: "deck_rules: {sizes: {deck: {min: 3, max: 3}, pool: {min: 1, max: 2}}}\ndecks: {d: {deck: {x: 3}, pool: {y: 3}}}", cards: twoCards, code: "deck-limit", message: `has 3 cards in its pool; the deck rules ask for 1 to 2`},
		{name: "unknown zone in deck rules", top: "deck_rules: {sizes: {pile: {min: 1}}}", cards: twoCards, code: "unknown-zone", message: `unknown zone "pile"`},
		{name: "unreachable step after win", phases: "    - name: end\n      do:\n        - win: {}\n        - log: never", cards: twoCards, code: "unreachable-step", message: "this step never runs"},
		{name: "always skipped phase", phases: "    - name: end\n      skip_if: \"true\"", cards: twoCards, code: "unreachable-phase", message: `phase "end" is always skipped`},
		{name: "unplayable card", action: "    filter: card.kind == 'a'", cards: twoCards, code: "unplayable-card", message: `card "y" can never be played`},
		{name: "number where a condition is needed", action: "    condition: 1 + 2", cards: twoCards, code: "type-mismatch", message: "gives int where bool is needed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diags := loadRules(t, tc.top, tc.phases, tc.action, tc.cards)
			var found []string
			for _, d := range diags {
				found = append(found, d.Error())
				if d.Code == tc.code && strings.Contains(d.Message, tc.message) {
					return
				}
			}
			t.Fatalf("want [%s] %q, got:\n%s", tc.code, tc.message, strings.Join(found, "\n"))
		})
	}
}

// TestCleanRulesetHasNoDiagnostics guards the fixture itself.
func TestCleanRulesetHasNoDiagnostics(t *testing.T) {
	diags := loadRules(t, "deck_rules: {sizes: {deck: {min: 3, max: 3}}, copies: 3}\ndecks: {d: {deck: {x: 3}}}", "", "", twoCards)
	require.Empty(t, diags)
}

// A card no action takes is not warned of when that is by design: a card
// only the game's own decks hold (dealt and moved by the rules, as a deck
// of events is), or one an action refuses with a filter_why (a card that
// is only given or paid, never played).
func TestUnplayableByDesign(t *testing.T) {
	const filter = "    filter: card.kind == 'a'\n    effect: [{move: {cards: card, to: pool}}]"
	game := "decks:\n  mine: {deck: {x: 3}}\n  events: {deck: {y: 3}}\nsetup:\n  - create_deck: {deck: events, to: pool, owner: you}"
	require.Empty(t, loadRules(t, game, "", filter, twoCards))
	require.Empty(t, loadRules(t, "", "", filter+"\n    filter_why: only a card of kind a is played; the others are given", twoCards))
	// a player's deck that holds it: warned of
	diags := loadRules(t, "decks:\n  mine: {deck: {x: 3, y: 3}}", "", filter, twoCards)
	require.Len(t, diags, 1)
	require.Equal(t, "unplayable-card", diags[0].Code)
}

// A card file that cannot be read may declare what the ruleset names: a
// deck it names is said to be missing with that reason, and the events no
// card of the ruleset hears are not warned of until the file is read.
func TestABrokenCardFileIsTheFirstError(t *testing.T) {
	rules := `name: t
zones:
  pile: {per: game}
setup:
  - create_deck: {deck: horde, to: pile, owner: none}
  - emit: {event: alarm}
turn:
  phases:
    - name: main
      do: [{choose_number: {max: 1, as: n}}]
`
	broken := "cards:\n  - {id: x, text: {a: Who?}}\n"
	_, diags := load.Load(load.Source{Name: "t.yaml", Data: []byte(rules)}, []load.Source{{Name: "c.yaml", Data: []byte(broken)}}, stdlib.Library())
	var codes []string
	for _, d := range diags {
		codes = append(codes, d.Code)
		if d.Code == "unknown-deck" {
			require.Contains(t, d.Detail, "a card file of this ruleset could not be read")
		}
	}
	require.ElementsMatch(t, []string{"needs-quotes", "unknown-deck"}, codes)
}

// One action's filter_why does not silence the warning for a card every
// other action refuses without a reason: only a card refused by every
// action with its reason is refused on purpose.
func TestUnplayableWithOneReasonedAction(t *testing.T) {
	rules := strings.Replace(base, "actions:\n  play:\n    from: hand\n    reveal: true\n%s\n", `actions:
  play:
    from: hand
    reveal: true
    filter: card.kind == 'a'
    filter_why: only kind a is played
    effect: [{move: {cards: card, to: pool}}]
  toss:
    from: hand
    reveal: true
    filter: card.kind == 'a'
    effect: [{move: {cards: card, to: pool}}]
`, 1)
	rules = strings.Replace(rules, "actions: [play]", "actions: [play, toss]", 1)
	src := fmt.Sprintf(rules, "", "")
	_, diags := load.Load(load.Source{Name: "t.yaml", Data: []byte(src)}, []load.Source{{Name: "c.yaml", Data: []byte(twoCards)}}, stdlib.Library())
	require.Len(t, diags, 1, "%v", diags)
	require.Equal(t, "unplayable-card", diags[0].Code)
}

// TestCommaCutLists: an expression a comma cut inside [...] is put back
// together and said to need quotes, with the quoted text to write; an
// expression written in braces, which YAML reads as a mapping, is said to
// be one, with the text to write instead.
func TestCommaCutLists(t *testing.T) {
	rules := `name: cut
players: {min: 2, max: 2}
properties:
  card:
    gold: {type: int}
zones:
  hand: {visibility: owner}
  pile: {}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [pay], pass: false}
actions:
  pay:
    cost:
      - pay_cards: {cards: you.hand, match: [max(card.gold, 1) > 0, card.gold >= 0], to: pile}
    effect: []
value: {count(you.hand, .gold > 0) * 2}
`
	diags := loadWith(rules, "cards:\n  - {id: coin, props: {gold: 1}}\n")
	var msgs []string
	for _, d := range diags {
		require.Equal(t, "needs-quotes", d.Code, "%v", d)
		msgs = append(msgs, fmt.Sprintf("%d:%d: %s", d.Pos.Line, d.Pos.Column, d.Message))
	}
	require.Equal(t, []string{
		`17:46: the value is cut at the comma: inside [...] a comma ends a value; put the whole value in quotes: "max(card.gold, 1) > 0"`,
		`19:8: a value that starts with { is a mapping to YAML, and this one is cut at its commas; write the expression without the braces, in quotes: "count(you.hand, .gold > 0) * 2"`,
	}, msgs)
}

// TestAValueGivenBareToAPredicate: a value of an enum given bare to a
// predicate's name parameter is said to be one, with how to write it (it
// was "unknown name" with the code of a form the rulesets do not take).
func TestAValueGivenBareToAPredicate(t *testing.T) {
	rules := `name: bare
players: {min: 2, max: 2}
properties:
  card:
    pile: {type: enum, values: [silver, gold]}
zones:
  hand: {visibility: owner}
predicates:
  left(v name): count(you.hand, .pile == v)
turn:
  phases:
    - name: main
      do:
        - act: {actions: [wait], pass: false}
actions:
  wait: {condition: "left(gold) > 0", effect: []}
value: left('silver')
`
	diags := loadWith(rules, "cards:\n  - {id: coin, props: {pile: gold}}\n")
	require.Len(t, diags, 1, "%v", diags)
	require.Equal(t, "unknown-name", diags[0].Code)
	require.Contains(t, diags[0].Message, "gold is a value of pile, read as a name only where it is compared with pile (write 'gold' in quotes for the text)")
}

// TestBracketsThatCloseInAFlowKey: a key of a {...} whose brackets close (a
// predicate's short form, room(): ...) is a key, not an expression written
// in braces.
func TestBracketsThatCloseInAFlowKey(t *testing.T) {
	rules := `name: flowkey
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner}
predicates: {room(): len(you.hand) < 5, "holds(n int)": len(you.hand) >= n}
turn:
  phases:
    - name: main
      do:
        - act: {actions: [wait], pass: false}
actions:
  wait: {condition: room() and holds(0), effect: []}
`
	diags := loadWith(rules, "cards:\n  - {id: coin}\n")
	require.Empty(t, diags)
}

// TestActiveInLoopReadsActsOnly: the warning is about act's player (asked
// alone), not priority's first speaker (a window asks every player); an act
// in an option of a choice in the loop is found too.
func TestActiveInLoopReadsActsOnly(t *testing.T) {
	rules := `name: loop
players: {min: 2, max: 2}
zones:
  hand: {visibility: owner}
  table: {}
actions:
  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}
turn:
  phases:
    - name: main
      do:
        - for_each_player:
            do:
              - priority: {actions: [play]}
              - choose: {options: [{label: go, do: [{act: {actions: [play]}}]}, {label: stay, do: []}]}
`
	diags := loadWith(rules, "cards:\n  - {id: coin}\n")
	require.Len(t, diags, 1, "%v", diags)
	require.Equal(t, "active-in-loop", diags[0].Code)
	require.Equal(t, 15, diags[0].Pos.Line)
}

// loadWith loads a ruleset's text with one card file's.
func loadWith(rules, cards string) diag.Diagnostics {
	_, diags := load.Load(load.Source{Name: "t.yaml", Data: []byte(rules)}, []load.Source{{Name: "c.yaml", Data: []byte(cards)}}, stdlib.Library())
	return diags
}

// TestSealedVariablesReachTheOracle: a variable a choice of several
// choosers binds for its own steps is ended after the step, and the
// expressions of those steps, which the test oracle compiles later from a
// view of the scope taken when they were written, still read it.
func TestSealedVariablesReachTheOracle(t *testing.T) {
	rules := `name: sealed
players: {min: 2, max: 2}
properties:
  card:
    worth: {type: int, default: 1}
  player:
    gold: {type: int, default: 0}
zones:
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - choose_number:
            choosers: players
            max: 2
            as: n
            do: [{set: {you.gold: "count_where(you.hand, worth, n) + n"}}]
`
	rs, diags := load.Load(load.Source{Name: "sealed.yaml", Data: []byte(rules)}, []load.Source{{Name: "c.yaml", Data: []byte("cards: [{id: x}]\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	for _, e := range rs.Exprs {
		_, err := e.Program()
		require.NoError(t, err, "%s: %s", e.Pos, e.Src)
	}
}

// TestCardNamesFromProperties: where cards' names are worked out from their
// properties, a name in quotes compared with a card's name is any text one
// of them may have, in the ruleset's expressions and in a card's own
// triggers alike (the templates are compiled after them); an id is still
// checked.
func TestCardNamesFromProperties(t *testing.T) {
	cards := `cards:
  - id: coin
    name: "{card.kind} coin"
    props: {kind: a}
    triggers:
      - on: enter
        if: this.name == 'a coin'
        do: [{log: rich}]
`
	diags := loadRules(t, "", "", "    condition: any(you.hand, .name == 'a coin')", cards)
	require.Empty(t, diags)
	diags = loadRules(t, "", "", "    condition: any(you.hand, .id == 'coins')", cards)
	require.Len(t, diags, 1, "%v", diags)
	require.Equal(t, "unknown-card", diags[0].Code)
}

// A deck of more cards than a game holds is refused at load (a game of it
// filled the memory as its board was printed).
func TestADeckOfMoreCardsThanAGameHolds(t *testing.T) {
	var cards, deck strings.Builder
	cards.WriteString("cards:\n")
	deck.WriteString("decks: {d: {deck: {")
	for i := range 101 {
		fmt.Fprintf(&cards, "  - {id: c%d, props: {kind: a}}\n", i)
		if i > 0 {
			deck.WriteString(", ")
		}
		fmt.Fprintf(&deck, "c%d: 10000", i)
	}
	deck.WriteString("}}}")
	diags := loadRules(t, deck.String(), "", "", cards.String())
	require.Len(t, diags, 1, "%v", diags)
	require.Equal(t, "bad-value", diags[0].Code)
	require.Contains(t, diags[0].Message, `deck "d" holds 1010000 cards, and a game holds at most 1000000`)
}
