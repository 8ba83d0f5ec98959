package view_test

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
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

// held keeps a card in its owner's hand unseen, with public properties
// (reset_on_move) that the view's parts show and some that no part shows,
// and a private one that a part reads.
const held = `name: held
properties:
  card:
    shape: {type: enum, values: [circle, square, star]}
    said: {type: enum, values: [circle, square, star], reset_on_move: true}
    not_shapes: {type: names, values: [circle, square, star], reset_on_move: true}
    tags: {type: names, values: [circle, square, star], reset_on_move: true}
    turned: {type: bool, reset_on_move: true}
zones:
  deck: {visibility: hidden}
  hand: {face_down: true}
setup:
  - create: {id: disc, to: deck, quiet: true, as: made}
  - move: {cards: made, to: hand, owner: you, unseen: true, quiet: true}
  - set: {cards: made, prop: said, value: "'circle'"}
  - set: {cards: made, prop: not_shapes, value: "['square', 'star']"}
  - set: {cards: made, prop: tags, value: "['star']"}
  - set: {cards: made, prop: turned, value: true}
view:
  card:
    - {if: "card.said != none", show: "said {card.said}"}
    - {if: "len(card.not_shapes) > 0", show: "not {card.not_shapes}"}
    - {if: "card.shape == circle", show: round}
turn:
  phases:
    - name: main
      do:
        - choose: {options: [{label: a, do: []}, {label: b, do: []}]}
`

// TestUnknownCardReadsAsTheView: a card its holder does not know shows the
// view's parts that read only its public properties, as a known card shows
// them, and the public properties no part shows with their lists joined;
// the part that reads a private property is left out.
func TestUnknownCardReadsAsTheView(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "held.yaml", Data: []byte(held)}, []load.Source{{Name: "cards.yaml", Data: []byte("cards:\n  - {id: disc, name: Disc, props: {shape: circle}}\n")}}, stdlib.Library())
	require.False(t, diags.HasErrors(), "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, g.Err())
	me := g.Evaluator().S.First
	assert.Contains(t, view.For(g, -1).Summary(), "Disc (face down, said circle, not square and star, round)")
	assert.Contains(t, view.For(g, me).Summary(), "face-down card (said circle, not square and star, tags star, turned)")
}
