package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/arbiter-games/arbiter/interpreter/state"
)

// A failure that lists a question's options says what a question of no
// options asks for (the list was empty: "the options are ").
func TestOptionListOfAQuestionOfNoOptions(t *testing.T) {
	bid := &state.Decision{Kind: state.DecideNumber, Prompt: "Bid", Min: 0, Max: 13}
	assert.Equal(t, `none: the question "Bid" asks for a number from 0 to 13`, optionList(bid))
	pick := &state.Decision{Kind: state.DecideChoice, Prompt: "Pick", Options: []state.Option{{Label: "a"}, {Label: "b"}}}
	assert.Equal(t, `"a", "b"`, optionList(pick))
}
