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

// TestPassedHandsAsEachSeatSeesThem plays the relay scenario in which every
// hand passes to the next player in one step: the giver and the receiver
// see the passed cards by name in the log, the third seat only their count,
// and the giver's board still names what it gave.
func TestPassedHandsAsEachSeatSeesThem(t *testing.T) {
	g := playRelay(t, "relay-pass-on.yaml")
	// p2's hand (Tiles 9, 8 and 6) went to p3
	named := []string{"p2 passes Tile 9, Tile 8 and Tile 6 from their hand to p3's hand."}
	assert.Equal(t, named, linesWith(g, 1, "p2 passes"), "the giver")
	assert.Equal(t, named, linesWith(g, 2, "p2 passes"), "the receiver")
	assert.Equal(t, []string{"p2 passes 3 cards from their hand to p3's hand."}, linesWith(g, 0, "p2 passes"), "the third seat")
	// the deal and the move aside are quiet: the plays are the only moves logged
	for seat := -1; seat < 3; seat++ {
		assert.Equal(t, []string{"Tile 10 goes from p2's hand to p2's table.", "Tile 9 goes from p3's hand to p3's table."}, linesWith(g, seat, " goes from "), "seat %d", seat)
	}
	noHelperZones(t, g)
	assert.Contains(t, view.For(g, 1).Summary(), "hand: 2 cards, known: Tile 6, Tile 8", "p2 still knows what it gave p3")
	assert.Contains(t, view.For(g, 0).Summary(), "hand: 2 cards\n", "p1 knows nothing of p3's hand")
}

// TestLogToOnePlayer: a log line written to one player (log's to) is in
// that player's log alone; the view of everything marks whom it was for.
func TestLogToOnePlayer(t *testing.T) {
	g := playRelay(t, "hand-held-facing-out.yaml")
	const hint = "p2 hints: look at your first card"
	assert.Equal(t, []string{hint}, linesWith(g, 0, hint), "p1, to whom it was written")
	assert.Empty(t, linesWith(g, 1, hint), "p2, who wrote it")
	assert.Equal(t, []string{"(to p1) " + hint}, linesWith(g, -1, hint), "everything")
}

// TestChoiceOfAHiddenCard: the line of a choice whose label reads a card
// only its chooser knows names it to the chooser alone, and a choice with
// one way open because of that card reads as a choice to everyone.
func TestChoiceOfAHiddenCard(t *testing.T) {
	g := playRelay(t, "peek-choice-of-a-hidden-card.yaml")
	assert.Equal(t, []string{"p1 chooses: keep Low (0)."}, linesWith(g, 0, "p1 chooses"))
	assert.Equal(t, []string{"p1 chooses: keep a card (?)."}, linesWith(g, 1, "p1 chooses"))
	assert.Empty(t, linesWith(g, 1, "must choose"))
	assert.Equal(t, []string{"p2 chooses: keep a card (?)."}, linesWith(g, 0, "p2 chooses"))
}
