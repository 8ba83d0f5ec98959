package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
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

// A session replaces its own save whatever game point it holds (one undone
// since), but only while the file holds what the session wrote there: a
// later save another session made of the same game is not overwritten by
// one that is behind it.
func TestASaveAnotherSessionMadeSinceIsKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	seats := []string{"human", "random"}
	newGame := func(answers int) *engine.Game {
		g, err := engine.New(rs, engine.Options{Seed: 7})
		require.NoError(t, err)
		for range answers {
			d := g.Pending()[0]
			require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
		}
		return g
	}
	later := newGame(3)
	sum, err := saveGame(path, later, seats, nil)
	require.NoError(t, err)
	// its own later save, replaced by an earlier point (an undo)
	earlier := newGame(1)
	sum, err = saveGame(path, earlier, seats, &sum)
	require.NoError(t, err)

	// another session resumes the save, plays on and saves there
	_, err = saveGame(path, later, seats, nil)
	require.NoError(t, err)
	kept, err := os.ReadFile(path)
	require.NoError(t, err)
	_, err = saveGame(path, earlier, seats, &sum)
	require.ErrorContains(t, err, "was saved by another session since this one saved there")
	now, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(kept), string(now))
}
