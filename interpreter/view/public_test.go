package view_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/arbiter-games/arbiter/interpreter/view"
)

// TestPublicStateOfHiddenCards plays the holder scenario, in which p1 pays
// with both its face-down cards: p1 sees them by name and exhausted; p2 sees
// two face-down cards, exhausted, and nothing of what they are, in its
// board and its log; and a sample of the cards p2 does not know (what the
// bots search) keeps them exhausted, so p2's view of it is the same.
func TestPublicStateOfHiddenCards(t *testing.T) {
	g := playRelay(t, "holder-shared-pile.yaml")
	assert.Contains(t, view.For(g, 0).Summary(), "under (2): Boulder (face down, exhausted), Feather (face down, exhausted)")
	p2 := view.For(g, 1).Summary()
	assert.Contains(t, p2, "under (2): face-down card (exhausted), face-down card (exhausted)")
	assert.NotContains(t, p2, "Feather (face down")
	assert.Equal(t, []string{"p1 pays with 2 cards."}, linesWith(g, 1, "pays with"))
	assert.Empty(t, linesWith(g, 1, "Feather goes"), "the card placed unseen is not named")
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20; i++ {
		other := g.Determinize(1, r)
		if !reflect.DeepEqual(view.For(g, 1), view.For(other, 1)) {
			t.Fatalf("p2's view of a sample differs:\n%s\n%s", view.For(g, 1).Summary(), view.For(other, 1).Summary())
		}
	}
}
