package lint

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTextDisagreements reads card texts against a card with cost 2, power
// 2, defense 3, ability cost 1, health 5 (labelled HP) and the keyword fast,
// in a ruleset that also declares reach, double_strike and armored.
func TestTextDisagreements(t *testing.T) {
	facts := &cardFacts{
		Props: []factProp{
			{Name: "cost", Words: textPhrases("", "cost"), Value: 2},
			{Name: "power", Words: textPhrases("", "power"), Value: 2},
			{Name: "defense", Words: textPhrases("", "defense"), Value: 3},
			{Name: "ability_cost", Words: textPhrases("", "ability_cost"), Value: 1},
			{Name: "health", Words: textPhrases("HP", "health"), Value: 5},
		},
		Keywords: []factKeyword{
			{Name: "fast", Words: textPhrases("fast"), Has: true},
			{Name: "reach", Words: textPhrases("reach")},
			{Name: "double_strike", Words: textPhrases("double_strike")},
			{Name: "armored", Words: textPhrases("armored")},
		},
	}
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"agrees", "Creature — Warrior. Cost 2, pitch 1. Power 2, defense 3. Fast.", nil},
		{"name then number", "Cost 3. Fast.", []string{`the text says "Cost 3", but the card's cost is 2`}},
		{"with a colon", "cost: 4. Fast.", []string{`the text says "cost: 4", but the card's cost is 2`}},
		{"number then name", "Fast. 3 power.", []string{`the text says "3 power", but the card's power is 2`}},
		{"any case", "POWER 3. fast.", []string{`the text says "POWER 3", but the card's power is 2`}},
		{"joined by and", "Power 2 and defense 4. Fast.", []string{`the text says "defense 4", but the card's defense is 3`}},
		{"two words", "Ability cost 2. Fast.", []string{`the text says "Ability cost 2", but the card's ability_cost is 1`}},
		{"as written", "ability_cost 2. Fast.", []string{`the text says "ability_cost 2", but the card's ability_cost is 1`}},
		{"the label", "HP 4, health 5. Fast.", []string{`the text says "HP 4", but the card's health is 5`}},
		{"every disagreement", "Cost 1. Power 1. Fast.", []string{`the text says "Cost 1", but the card's cost is 2`, `the text says "Power 1", but the card's power is 2`}},
		{"a change is no value", "Fast. When it blocks, it gets +2 power and -1 defense.", nil},
		{"a bound is no value", "Fast. Power 5 or less: draw a card. Destroy a creature with power 1.", nil},
		{"not at the start of a clause", "Fast. Target creature with defense 1 is destroyed.", nil},
		{"not the end of a clause", "Fast. Cost 3 EP more for each card.", nil},
		{"no plain number", "Fast. Power 2-4. Defense 11+.", nil},
		{"a word that is no property", "Fast. Deal 3 damage to target creature.", nil},
		{"a remark in brackets", "Fast. Aces are high (power 14).", nil},
		{"after the remark", "Fast (it strikes first). Power 4.", []string{`the text says "Power 4", but the card's power is 2`}},
		{"a missing keyword", "Cost 2.", []string{`the text does not mention the keyword "fast", which the card has`}},
		{"mentioned anywhere", "It is fast to anger.", nil},
		{"a keyword line it does not have", "Fast. Reach.", []string{`the text says "Reach", a keyword the card does not have`}},
		{"a keyword granted", "Fast. Target creature gains Reach until end of turn.", nil},
		{"keywords joined by and", "Fast and reach.", []string{`the text says "reach", a keyword the card does not have`}},
		{"keywords in a list", "Fast, reach, double strike.", []string{`the text says "reach", a keyword the card does not have`, `the text says "double strike", a keyword the card does not have`}},
		{"a keyword as written", "Fast. Double_strike.", []string{`the text says "Double_strike", a keyword the card does not have`}},
		{"a keyword with a number", "Fast. Armored 2.", []string{`the text says "Armored 2", a keyword the card does not have`}},
		{"a keyword as a word in a sentence", "Fast. Only creatures with reach can block it.", nil},
		{"a keyword in a remark", "Fast (like Reach, it is a keyword).", nil},
		{"a keyword in a remark is named", "Swift (fast).", nil},
		{"both", "Reach.", []string{`the text says "Reach", a keyword the card does not have`, `the text does not mention the keyword "fast", which the card has`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, textDisagreements(tc.text, facts))
		})
	}
}
