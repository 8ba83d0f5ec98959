package model_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

func prim(name string, args any, params ...string) *model.Primitive {
	p := &model.Primitive{Name: name, Args: args}
	for _, n := range params {
		p.Params = append(p.Params, model.Param{Name: n})
	}
	return p
}

// A primitive's argument names are resolved to indexes once, when it is
// registered; a name that is no parameter is an error then, not when a game
// runs the step.
func TestArgumentsResolveAtRegistration(t *testing.T) {
	var draw struct{ Count, From, IfEmpty model.ArgIndex }
	lib := model.NewLibrary()
	require.NoError(t, lib.AddPrimitive(prim("draw", &draw, "player", "count", "from", "if_empty")))
	assert.Equal(t, model.ArgIndex(1), draw.Count)
	assert.Equal(t, model.ArgIndex(2), draw.From)
	assert.Equal(t, model.ArgIndex(3), draw.IfEmpty)

	var tagged struct {
		Who model.ArgIndex `arg:"player"`
	}
	require.NoError(t, lib.AddPrimitive(prim("tagged", &tagged, "card", "player")))
	assert.Equal(t, model.ArgIndex(1), tagged.Who)

	for _, tc := range []struct {
		name string
		p    *model.Primitive
		want string
	}{
		{"a typo", prim("bad", &struct{ Cuont model.ArgIndex }{}, "count"),
			`primitive bad: its Args field Cuont names "cuont", which is no parameter of it; did you mean "count"?`},
		{"not an index", prim("bad", &struct{ Count int }{}, "count"),
			"primitive bad: its Args field Count is a int, not an ArgIndex"},
		{"not a pointer", prim("bad", struct{}{}, "count"),
			"primitive bad: its Args must point to a struct of ArgIndex fields, not struct {}"},
		{"a second draw", prim("draw", nil), "primitive draw is registered twice"},
		{"shared, in another order", prim("draw_again", &draw, "from", "count", "if_empty"),
			`primitive draw_again: its Args is shared with draw, whose parameter "from" is at another place`},
		{"an unknown event parameter", &model.Primitive{Name: "shout", EmitsEvent: "event"},
			`primitive shout: EmitsEvent names "event", which is no parameter of it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.EqualError(t, lib.AddPrimitive(tc.p), tc.want)
		})
	}
	// a struct shared by primitives whose parameters are in the same order
	require.NoError(t, lib.AddPrimitive(prim("draw_twice", &draw, "player", "count", "from", "if_empty")))
}
