package view_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// playRelay plays one of the relay scenarios of testdata/engine.
func playRelay(t *testing.T, name string) *engine.Game {
	t.Helper()
	sc, err := scenario.Load(filepath.Join("..", "..", "testdata", "engine", name))
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	require.Empty(t, res.Failures)
	return res.Game
}

// linesWith lists the lines of a seat's log that contain a text.
func linesWith(g *engine.Game, seat int, text string) []string {
	var out []string
	for _, l := range view.LogText(g, seat, 0) {
		if strings.Contains(l, text) {
			out = append(out, l)
		}
	}
	return out
}

// noHelperZones checks that no seat's board has the helper zones (shown:
// false), as data or as text.
func noHelperZones(t *testing.T, g *engine.Game) {
	t.Helper()
	for seat := -1; seat < g.Players(); seat++ {
		v := view.For(g, seat)
		js, err := json.Marshal(v)
		require.NoError(t, err)
		for _, z := range []string{"aside", "passing"} {
			assert.NotContains(t, string(js), `"`+z+`"`, "seat %d", seat)
			assert.NotContains(t, v.Summary(), z, "seat %d", seat)
		}
	}
}

// TestHelperZonesAndQuietMoves plays the relay scenario that passes hands
// through a helper zone with quiet moves, draws quietly and sets a tile
// aside: no seat's log has a line for those moves, no board shows the helper
// zones (even while one holds a tile), and knowledge is as for logged moves.
func TestHelperZonesAndQuietMoves(t *testing.T) {
	g := playRelay(t, "relay-pass-back.yaml")
	require.Len(t, g.Evaluator().ZoneCards(g.Evaluator().ZoneInst(g.Ruleset().ZoneIx["aside"], 0)), 1)
	for seat := -1; seat < 3; seat++ {
		assert.Empty(t, linesWith(g, seat, " goes from "), "seat %d", seat)
		assert.Empty(t, linesWith(g, seat, " draws "), "seat %d", seat)
	}
	noHelperZones(t, g)
	// p1 passed its hand to p3 and still knows it; p2 knows nothing of it
	assert.Contains(t, view.For(g, 0).Summary(), "hand: 3 cards, known: Tile 1, Tile 10, Tile 12")
	assert.NotContains(t, view.For(g, 1).Summary(), "Tile 10")
}
