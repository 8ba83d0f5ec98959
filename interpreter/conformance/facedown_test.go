package conformance_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/conformance"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
	"github.com/arbiter-games/arbiter/stdlib"
)

// private are rulesets whose face-down cards are never shown while they lie
// face down in a player's zone: cards there come from a shared pile (dealt
// unseen or put down from the hand), so each one's holder may know it and
// no other seat may.
var private = []string{
	filepath.Join("..", "..", "testdata", "engine", "rulesets", "holder.yaml"),
	filepath.Join("..", "..", "rulesets", "pocket.yaml"),
}

// faceDownPrivate checks that no seat knows a face-down card in another
// player's zone, and that every card in a player's zone that came there
// from a shared pile is that player's.
func faceDownPrivate(g *engine.Game) error {
	ev := g.Evaluator()
	for c := range ev.S.Cards {
		ci := &ev.S.Cards[c]
		z := &ev.S.Zones[ci.Zone]
		if z.Owner < 0 || !ci.FaceDown {
			continue
		}
		if ci.Owner != z.Owner {
			return fmt.Errorf("%s lies face down in %s's %s but is %s's", ev.CardName(c), state.SeatName(int(z.Owner)), ev.Rs.Zones[z.Kind].Name, state.SeatName(int(ci.Owner)))
		}
		for seat := 0; seat < g.Players(); seat++ {
			if seat != int(z.Owner) && ev.Knows(seat, c) {
				return fmt.Errorf("%s knows %s, face down in %s's %s", state.SeatName(seat), ev.CardName(c), state.SeatName(int(z.Owner)), ev.Rs.Zones[z.Kind].Name)
			}
		}
	}
	return nil
}

// TestFaceDownCardsStayPrivate plays random games of the rulesets with a
// shared pile and private face-down cards, checking after every answer that
// the cards a player puts face down are theirs and known to nobody else,
// with the views compared against samples of the unknown cards (the bots'
// view) as every playout does.
func TestFaceDownCardsStayPrivate(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	for _, f := range private {
		rs, diags := load.LoadFile(f, stdlib.Library())
		require.NotNil(t, rs, "%s: %v", f, diags)
		t.Run(rs.Name, func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= uint64(n); seed++ {
				o := engine.Options{Players: 2, Seed: seed, NoLog: seed%4 != 0}
				_, err := conformance.Playout(rs, conformance.Options{Game: o, Views: seed%4 == 0, Extra: faceDownPrivate})
				require.NoError(t, err)
			}
		})
	}
}

// TestViewPartsReadingHiddenCards plays random games of a ruleset whose
// view parts count, add up and look for the cards of hidden hands, in their
// text and their conditions, comparing every seat's view with its view of
// samples of the cards it does not know. The whole view (every card
// known, as a replay's) is made first each time, as a session makes it: the
// values it works out are kept, and must not stand in for a seat's reads.
func TestViewPartsReadingHiddenCards(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "testdata", "engine", "rulesets", "peeking.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	whole := func(g *engine.Game) error {
		view.For(g, -1)
		return nil
	}
	for seed := uint64(1); seed <= 60; seed++ {
		o := engine.Options{Players: 2, Seed: seed, NoLog: true}
		_, err := conformance.Playout(rs, conformance.Options{Game: o, Views: true, Extra: whole})
		require.NoError(t, err, "seed %d", seed)
	}
}
