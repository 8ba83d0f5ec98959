package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// An earlier save of the same game is replaced whatever name reaches it: an
// answer that picked nothing (an empty list, left out once saved) reads as
// it did when it was saved.
func TestAnEarlierSaveOfTheSameGameIsReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "game.json")
	write := func(sv *save.Save) {
		data, err := json.MarshalIndent(sv, "", " ")
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(path, data, 0o600))
	}
	sv := &save.Save{Format: save.SaveFormat, Ruleset: "g", Seed: 3, Players: 2, State: &state.State{},
		Answers: []state.Record{{Player: 0, Answer: state.Answer{Picks: []int{}}}}}
	write(sv)
	later := *sv
	later.Answers = append(append([]state.Record(nil), sv.Answers...), state.Record{Player: 1, Answer: state.Answer{Picks: []int{0}}})
	assert.Empty(t, otherSavedGame(path, &later))

	other := later
	other.Seed = 4
	assert.Contains(t, otherSavedGame(path, &other), "holds a saved game of g that is not over")
}
