package interpreter_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/stdlib"
)

// stallLibrary holds one primitive that suspends the game without asking
// anyone anything: a step that forgets its decision.
func stallLibrary() *in.Library {
	lib := in.NewLibrary()
	lib.AddPrimitive(&in.Primitive{
		Name: "stall", Doc: "Suspends without a decision.",
		Exec: func(g in.Context, f *in.Frame, s *in.Step) (in.Status, error) { return in.Suspend, nil },
	})
	return lib
}

const stallRules = `name: stall
zones:
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - stall: {}
`

// A step that suspends with no decision pending would leave a game that is
// neither over nor waiting for anyone; the engine stops it with an error that
// names the step and its position instead.
func TestSuspendWithoutDecisionIsAnError(t *testing.T) {
	rs, diags := in.Load(in.Source{Name: "stall.yaml", Data: []byte(stallRules)}, nil, stallLibrary())
	require.NotNil(t, rs, "%v", diags)
	g, err := in.New(rs, in.Options{Seed: 1})
	require.NoError(t, err)
	require.True(t, g.Over(), "the game neither asks anyone anything nor is over")
	require.Empty(t, g.Pending())
	require.Equal(t, "error", g.OutcomeKind())
	require.EqualError(t, g.Err(), "stall.yaml:8:11: stall: the game stopped without being over and without asking anyone anything")
	require.Equal(t, g.Err().Error(), g.OutcomeReason())
}

// A save is made while the game waits for an answer or once it is over; one
// that asks nobody anything in a game that is not over could never go on,
// and is refused as damaged.
func TestSaveWithoutDecisionIsRefused(t *testing.T) {
	rs, diags := in.LoadFile(filepath.Join("..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := in.New(rs, in.Options{Seed: 1})
	require.NoError(t, err)
	require.NotEmpty(t, g.Pending())
	sv, err := in.Snapshot(g)
	require.NoError(t, err)
	_, err = in.Restore(rs, sv)
	require.NoError(t, err)
	sv.State.Pending, sv.State.Answers = nil, nil
	_, err = in.Restore(rs, sv)
	require.EqualError(t, err, "the save is damaged: no decision is pending and the game is not over")
}
