package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// A failure that lists a question's options says what a question of no
// options asks for (the list was empty: "the options are "), a question of
// a number which numbers.
func TestOptionListOfAQuestionOfNoOptions(t *testing.T) {
	bid := &state.Decision{Kind: state.DecideNumber, Prompt: "Bid", Min: 0, Max: 13}
	assert.Equal(t, `a number from 0 to 13`, optionList(bid))
	bid.Except = []int{2, 13}
	assert.Equal(t, `a number from 0 to 13 but 2 and 13`, optionList(bid))
	none := &state.Decision{Kind: state.DecideChoice, Prompt: "Pick"}
	assert.Equal(t, `none: the question "Pick" asks for no option`, optionList(none))
	pick := &state.Decision{Kind: state.DecideChoice, Prompt: "Pick", Options: []state.Option{{Label: "a"}, {Label: "b"}}}
	assert.Equal(t, `"a", "b"`, optionList(pick))
}
