package conformance_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/conformance"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// A playout fails on a game that stops without being over, naming the seed
// and the step. The step that stops it is made here: no ruleset written with
// the standard primitives can do that.
func TestPlayoutFailsOnAStoppedGame(t *testing.T) {
	lib := model.NewLibrary()
	require.NoError(t, lib.AddPrimitive(&model.Primitive{
		Name: "stall", Doc: "Suspends without a decision.",
		Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) { return model.Suspend, nil },
	}))

	src := "name: stall\nzones:\n  hand: {visibility: owner}\nturn:\n  phases:\n    - name: main\n      do:\n        - stall: {}\n"
	rs, diags := load.Load(load.Source{Name: "stall.yaml", Data: []byte(src)}, nil, lib)
	require.NotNil(t, rs, "%v", diags)
	_, err := conformance.Playout(rs, conformance.Options{Game: engine.Options{Seed: 3}})
	require.EqualError(t, err, "seed 3: the game stopped with an error: stall.yaml:8:11: stall: the game stopped without being over and without asking anyone anything")
}
