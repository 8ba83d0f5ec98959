package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// TestFindOption pins how an answer names an option: its whole label, any
// letters; #N; another player's card by its name alone; the chooser's own
// card as theirs; a label's words before its brackets when no other option
// has them; never an option's id.
func TestFindOption(t *testing.T) {
	d := &state.Decision{Player: 0, Kind: state.DecideCards, Min: 1, Max: 1, Options: []state.Option{
		{Label: "reroll (the new result must be used)", Card: -1},
		{ID: "pass", Label: "keep the result", Card: -1},
		{Label: "Knight (frontline 1)", Card: 1},
		{Label: "Knight (frontline 3)", Card: 2},
		{Label: "p2's Archer", Card: 3},
		{Label: "Squire", Card: 4},
		{Label: "p3's Crown 5 (5 points)", Card: 5}, // a choice's note in brackets
		{Label: "Rose 2 (2 points)", Card: 6},
		{Label: "cast your leader Warlord", Card: 7},
		{Label: "cast Gambler's Spark", Card: 8},
		{Label: "cast Fortune’s Favor", Card: 9}, // written so in its card file
	}}
	for _, tc := range []struct {
		answer string
		want   int
		err    string
	}{
		{"Keep the result", 1, ""},
		{"#3", 2, ""},
		{"reroll", 0, ""},
		{"Knight (frontline 3)", 3, ""},
		{"Knight", -1, `"Knight" names 2 options (#3 "Knight (frontline 1)", #4 "Knight (frontline 3)"); use the whole label or #N`},
		{"Archer", 4, ""},
		{"p1's Squire", 5, ""},
		{"p2's Squire", -1, `p1 is not offered "p2's Squire"`},
		{"pass", -1, `that option is shown as "keep the result" here`},
		{"#12", -1, "there is no option #12"},
		{"Crown 5", 6, ""},
		{"p3's Crown 5", 6, ""},
		{"Rose 2", 7, ""},
		{"p1's Rose 2", 7, ""},
		{"a Crown 5 (5 points)", 6, ""},
		{"an Archer", 4, ""},
		// an action as the log words it, as a transcript of the log has it
		{"cast their leader Warlord", 8, ""},
		{"cast your leader Warlord", 8, ""},
		// an apostrophe as a phone or a copied card text gives it
		{"cast Gambler’s Spark", 9, ""},
		{"cast Fortune's Favor", 10, ""},
		{"p1’s Squire", 5, ""},
	} {
		got, err := scenario.FindOption(d, tc.answer)
		if tc.err != "" {
			require.Error(t, err, tc.answer)
			assert.Contains(t, err.Error(), tc.err, tc.answer)
			continue
		}
		require.NoError(t, err, tc.answer)
		assert.Equal(t, tc.want, got, tc.answer)
	}
}
