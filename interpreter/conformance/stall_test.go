package conformance_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/interpreter/conformance"
)

// A playout fails on a game that stops without being over, naming the seed
// and the step. The step that stops it is made here: no ruleset written with
// the standard primitives can do that.
func TestPlayoutFailsOnAStoppedGame(t *testing.T) {
	lib := in.NewLibrary()
	lib.AddPrimitive(&in.Primitive{
		Name: "stall", Doc: "Suspends without a decision.",
		Exec: func(g in.Context, f *in.Frame, s *in.Step) (in.Status, error) { return in.Suspend, nil },
	})
	src := "name: stall\nzones:\n  hand: {visibility: owner}\nturn:\n  phases:\n    - name: main\n      do:\n        - stall: {}\n"
	rs, diags := in.Load(in.Source{Name: "stall.yaml", Data: []byte(src)}, nil, lib)
	require.NotNil(t, rs, "%v", diags)
	_, err := conformance.Playout(rs, conformance.Options{Game: in.Options{Seed: 3}})
	require.EqualError(t, err, "seed 3: the game stopped with an error: stall.yaml:8:11: stall: the game stopped without being over and without asking anyone anything")
}
