package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestParseHumanAnswer pins how a typed line becomes an answer to a choice
// of cards: numbers, a label, and "none" where choosing nothing is allowed.
func TestParseHumanAnswer(t *testing.T) {
	opts := []state.Option{{Label: "Knight", Card: 1}, {Label: "Archer", Card: 2}, {Label: "Knight #2", Card: 3}}
	upTo := func(min, max int) *state.Decision {
		return &state.Decision{Kind: state.DecideCards, Min: min, Max: max, Options: opts}
	}
	numbered := &state.Decision{Kind: state.DecideChoice, Min: 1, Max: 1, Options: []state.Option{{Label: "2", Card: -1}, {Label: "1", Card: -1}, {Label: "3", Card: -1}}}
	for _, tc := range []struct {
		name  string
		d     *state.Decision
		line  string
		picks []int
		err   string
	}{
		{"a number", upTo(1, 1), "2", []int{1}, ""},
		{"several numbers", upTo(0, 2), "2 1", []int{1, 0}, ""},
		{"a label", upTo(1, 1), "archer", []int{1}, ""},
		{"none where nothing may be chosen", upTo(0, 1), "none", []int{}, ""},
		{"none of several", upTo(0, 2), "None", []int{}, ""},
		{"none where one must be chosen", upTo(1, 1), "none", nil, `"none" is neither an option nor a command`},
		{"a number out of range", upTo(0, 1), "4", nil, "there is no option 4"},
		{"0 where nothing may be chosen says none", upTo(0, 1), "0", nil, "there is no option 0; choose 1 to 3, or none to choose nothing"},
		{"0 where one must be chosen", upTo(1, 1), "0", nil, "there is no option 0; choose 1 to 3 (or type help)"},
		{"labels by commas", upTo(0, 3), "archer, knight", []int{1, 0}, ""},
		{"a label twice picks two alike", upTo(0, 3), "Knight, Knight, Archer", []int{0, 2, 1}, ""},
		{"a label of no option among several", upTo(0, 3), "Knight, Squire", nil, `p1 is not offered "Squire"`},
		{"commas where one is chosen", upTo(1, 1), "Knight, Archer", nil, `is neither an option nor a command`},
		// a name that starts with a number is a name, not option 9
		{"a name starting with a number", upTo(1, 1), "9 of clubs", nil, `"9 of clubs" is neither an option nor a command`},
		// labels that are numbers: 2 is option 2 and the label of option
		// 1, which a scenario reads as the label; neither is guessed
		{"a number that is another option's label", numbered, "2", nil, `2 is ambiguous here: option 2 is "1", and option 1 is labelled 2; answer #2 or #1`},
		{"an option by its number sign", numbered, "#2", []int{1}, ""},
		{"a number that is its own option's label", numbered, "3", []int{2}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := parseHumanAnswer(tc.d, tc.line)
			if tc.err != "" {
				require.ErrorContains(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.picks, a.Picks)
		})
	}
}

// TestParseAssignAnswer pins the answers to an assignment (blockers to
// attackers): item=target pairs, an item to none, or none for all.
func TestParseAssignAnswer(t *testing.T) {
	d := &state.Decision{Kind: state.DecideAssign, Options: []state.Option{{Label: "Sentinel"}, {Label: "Falcon"}}, Targets: []state.Option{{Label: "Whelp"}, {Label: "Golem"}}}
	for _, tc := range []struct {
		line    string
		amounts []int
		err     string
	}{
		{"1=2 2=1", []int{2, 1}, ""},
		{"2=1", []int{0, 1}, ""},
		{"none", []int{0, 0}, ""},
		{"None", []int{0, 0}, ""},
		{"1=none 2=2", []int{0, 2}, ""},
		// 0 is none, as the refusal of a target out of range says (0: none)
		{"1=0", []int{0, 0}, ""},
		{"1=-1", nil, `"1=-1" is not item=target`},
		{"pass", nil, "or none to assign nothing"},
		{"3=1", nil, `"3=1" is not item=target (items 1 to 2, targets 1 to 2, or none or 0)`},
		{"1=1 1=none", nil, "item 1 is given twice"},
	} {
		a, err := parseHumanAnswer(d, tc.line)
		if tc.err != "" {
			require.ErrorContains(t, err, tc.err, tc.line)
			continue
		}
		require.NoError(t, err, tc.line)
		require.Equal(t, tc.amounts, a.Amount, tc.line)
	}
}

// TestParseDistributeAnswer pins the answers to a division typed at the
// terminal: option=amount pairs, and a clean refusal of shares that pass
// the largest number, whether one alone does or they do together.
func TestParseDistributeAnswer(t *testing.T) {
	d := &state.Decision{Kind: state.DecideDistribute, Total: 5, Max: 5, Options: []state.Option{{Label: "Sprite"}, {Label: "Serpent"}, {Label: "Guardian"}}}
	for _, tc := range []struct {
		line    string
		amounts []int
		err     string // of the parse, or else of the check
	}{
		{"1=2 2=3", []int{2, 3, 0}, ""},
		{"1=9223372036854775807 2=9223372036854775807 3=7", nil, "Sprite cannot get 9223372036854775807: there is only 5 to divide"},
		{"1=99999999999999999999", nil, "99999999999999999999 is more than the 5 to divide"},
		{"1=-99999999999999999999", nil, `"-99999999999999999999" is not an amount`},
		{"1=2 2=2", nil, "the amounts must add up to 5, not 4"},
	} {
		a, err := parseHumanAnswer(d, tc.line)
		if err == nil {
			err = d.Check(a)
		}
		if tc.err != "" {
			require.EqualError(t, err, tc.err, tc.line)
			continue
		}
		require.NoError(t, err, tc.line)
		require.Equal(t, tc.amounts, a.Amount, tc.line)
	}
}

// TestDescribeCard: card NAME shows what the card sets, defaults included
// (Gambler's Spark pitches for 1, the default), and not the state
// properties it leaves at their defaults.
func TestDescribeCard(t *testing.T) {
	rs, diags := load.LoadFile("../../rulesets/risk-resource.yaml", stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	var text string
	for _, d := range rs.Cards {
		if d.Name == "Gambler's Spark" {
			text = describeCard(rs, d)
		}
	}
	require.Contains(t, text, "\n  pitch: 1\n")
	require.Contains(t, text, "\n  cost: 1\n")
	require.NotContains(t, text, "damage: 0")
	require.NotContains(t, text, "tapped")
}

// A diagnostic's source line is shown as text: control bytes as ?, and a
// long line cut around the caret, which still points at its column.
func TestSnippetLine(t *testing.T) {
	got, col := snippetLine("a\x01b\tc", 3)
	require.Equal(t, "a?b c", got)
	require.Equal(t, 3, col)
	long := strings.Repeat("x", 500) + "HERE" + strings.Repeat("y", 500)
	got, col = snippetLine(long, 501)
	require.LessOrEqual(t, len([]rune(got)), 122)
	require.Equal(t, "HERE", string([]rune(got)[col-1:col+3]))
}

// An item of an assignment that may take only some targets names them.
func TestAllowedTargetsAreNamed(t *testing.T) {
	d := &state.Decision{Kind: state.DecideAssign, Options: []state.Option{{Label: "Phase Stalker"}, {Label: "Iron Golem"}},
		Targets: []state.Option{{Label: "Swift Raider"}, {Label: "Ember Whelp"}}, Allowed: [][]int{{1}, {}}}
	if got := allowedTargets(d, 0); got != " (only to Swift Raider)" {
		t.Errorf("allowedTargets 0 = %q", got)
	}
	if got := allowedTargets(d, 1); got != " (no target allowed)" {
		t.Errorf("allowedTargets 1 = %q", got)
	}
}
