package engine_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// stallLibrary holds one primitive that suspends the game without asking
// anyone anything: a step that forgets its decision.
func stallLibrary() *model.Library {
	lib := model.NewLibrary()
	if err := lib.AddPrimitive(&model.Primitive{
		Name: "stall", Doc: "Suspends without a decision.",
		Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) { return model.Suspend, nil },
	}); err != nil {
		panic(err)
	}
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
	rs, diags := load.Load(load.Source{Name: "stall.yaml", Data: []byte(stallRules)}, nil, stallLibrary())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
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
	rs, diags := load.LoadFile(filepath.Join("../..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.NotEmpty(t, g.Pending())
	sv, err := save.Snapshot(g)
	require.NoError(t, err)
	_, err = save.Restore(rs, sv)
	require.NoError(t, err)
	sv.State.Pending, sv.State.Answers = nil, nil
	_, err = save.Restore(rs, sv)
	require.EqualError(t, err, "the save is damaged: no decision is pending and the game is not over")
}

// A save whose zones are not in their places (two swapped, a player's
// zone given to another seat) is refused as damaged, not played with each
// zone read as another.
func TestSaveWithZonesOutOfPlaceIsRefused(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("../..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	for name, tc := range map[string]struct {
		damage func(sv *save.Save)
		says   string
	}{
		"swapped": {func(sv *save.Save) {
			z := sv.State.Zones
			z[0], z[2] = z[2], z[0]
		}, "zone 0 is not in its place: it is p1's hand, where p1's deck belongs"},
		"another seat's": {func(sv *save.Save) { sv.State.Zones[1].Owner = 0 }, "zone 1 is not in its place: it is p1's deck, where p2's deck belongs"},
		"a shared one's": {func(sv *save.Save) { sv.State.Zones[1].Owner = state.NoSeat }, "zone 1 is not in its place: it is the shared deck, where p2's deck belongs"},
	} {
		t.Run(name, func(t *testing.T) {
			sv, err := save.Snapshot(g)
			require.NoError(t, err)
			tc.damage(sv)
			_, err = save.Restore(rs, sv)
			require.ErrorContains(t, err, tc.says)
		})
	}
}
