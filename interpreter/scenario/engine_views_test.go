package scenario_test

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestFaceDownCardsStayHidden plays the face-down scenario and checks that
// the names of p1's face-down cards reach p1's view and log but never p2's:
// not the view (as data or as text), not a log line, not an option label.
func TestFaceDownCardsStayHidden(t *testing.T) {
	sc, err := scenario.Load(filepath.Join("..", "..", "testdata", "engine", "secret.yaml"))
	require.NoError(t, err)
	res, err := scenario.Run(sc, scenario.Options{Library: stdlib.Library()})
	require.NoError(t, err)
	require.Empty(t, res.Failures)
	g := res.Game
	require.False(t, g.Over(), "the scenario ends with the cards still face down")

	hidden := []string{"Opal", "Jade"} // p1's face-down cards

	ownView := view.For(g, 0)
	ownJSON, err := json.Marshal(ownView)
	require.NoError(t, err)
	ownLog := strings.Join(view.LogText(g, 0, 0), "\n")

	otherView := view.For(g, 1)
	otherJSON, err := json.Marshal(otherView)
	require.NoError(t, err)
	otherText := otherView.Summary()
	otherLog := strings.Join(view.LogText(g, 1, 0), "\n")

	for _, name := range hidden {
		// the owner sees the card and its name in the log
		assert.Contains(t, string(ownJSON), name, "p1's view must show p1's own face-down card")
		assert.Contains(t, ownView.Summary(), name, "p1's board must show p1's own face-down card")
		assert.Contains(t, ownLog, name, "p1's log must name p1's own card")

		// the opponent sees neither the name nor the card's text
		assert.NotContains(t, string(otherJSON), name, "p2's view leaks a face-down card")
		assert.NotContains(t, otherText, name, "p2's board leaks a face-down card")
		assert.NotContains(t, otherLog, name, "p2's log leaks a face-down card")
	}
	assert.NotContains(t, string(otherJSON), "worth hiding", "p2's view leaks a face-down card's text")

	// p2 still sees that the cards are there, face down
	var vault, table int
	var downSeen int
	for _, z := range otherView.Players[0].Zones {
		switch z.Name {
		case "vault":
			vault = z.Count
		case "table":
			table = z.Count
		}
		for _, c := range z.Cards {
			if c.FaceDown {
				downSeen++
				assert.False(t, c.Known)
				assert.Empty(t, c.ID, "an unknown card carries no instance id")
			}
		}
	}
	assert.Equal(t, 1, vault)
	assert.Equal(t, 2, table)
	assert.Equal(t, 2, downSeen)

	// the question p2 is asked names nothing hidden either
	d, ok := g.PendingFor(1)
	require.True(t, ok)
	for _, o := range d.Options {
		for _, name := range hidden {
			assert.NotContains(t, o.Label, name)
		}
	}
}
