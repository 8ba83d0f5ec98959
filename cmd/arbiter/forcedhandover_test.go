package main

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// With two humans at the terminal, the second player's one card lies face
// down on its table, which the first does not see; it may be flipped in
// answer to the first player's play only when it is a Water. Whether the
// second player has that choice or not, the terminal goes to it and back:
// the first cannot tell what the card is from the hand-overs, even when a
// question of its own with one answer follows (tidy), which would be
// asked at the terminal after the second player's real answer.
func TestAQuestionAnsweredForAPlayerPassesTheTerminalAllTheSame(t *testing.T) {
	const ruleset = `name: facedown
players: {min: 2, max: 2}
properties:
  card:
    wet: {type: bool, default: false}
zones:
  hand: {visibility: owner}
  table: {face_down: true}
  board: {}
setup:
  - create: {id: ant, count: 2, to: hand, owner: you}
  - create: {id: bee, count: 2, to: hand, owner: you}
  - create: {id: HIDDEN, count: 1, to: table, owner: you.next}
  - create: {id: cat, count: 1, to: hand, owner: you.next}
  - create: {id: bee, count: 1, to: hand, owner: you.next}
turn:
  phases:
    - name: main
      skip_if: len(you.hand) == 0
      do:
        - act: {actions: [play], pass: false, prompt: Play a card}
    - name: respond
      do:
        - act: {player: opponent, actions: [flip], pass_label: do not flip, prompt: "Flip?"}
    - name: tidy
      skip_if: len(you.board) != 1
      do:
        - choose_card: {cards: you.board, as: x, prompt: Tidy}
limits: {turns: 4}
actions:
  play:
    label: play {card}
    from: hand
    reveal: true
    effect:
      - move: {cards: card, to: board}
  flip:
    label: flip
    from: table
    condition: card.wet
    effect:
      - move: {cards: card, to: board}
`
	const cards = "cards:\n  - {id: ant, name: Ant}\n  - {id: bee, name: Bee}\n  - {id: cat, name: Cat}\n  - {id: water, name: Water, props: {wet: true}}\n  - {id: grass, name: Grass}\n"
	handOvers := func(hidden, input string) ([]string, string) {
		rs, diags := load.Load(load.Source{Name: "facedown.yaml", Data: []byte(strings.Replace(ruleset, "HIDDEN", hidden, 1))},
			[]load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		seats := []string{"human", "human"}
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1, WatchResign: humanSeats(seats), KeepForced: true})
		require.NoError(t, err)
		var out bytes.Buffer
		s := &session{rs: rs, g: g, seats: seats, out: &out, seen: make([]int, 2), lastSeat: -1,
			in: &plainReader{bufio.NewReader(strings.NewReader(input))}}
		_ = s.run()
		var got []string
		for _, l := range strings.Split(out.String(), "\n") {
			if i := strings.Index(l, "Pass the terminal to "); i >= 0 {
				got = append(got, l[i:i+len("Pass the terminal to p1")])
			}
		}
		return got, out.String()
	}
	// the first player plays an Ant; the terminal goes to the second, who
	// answers, or is shown the answer given for it; then back to the first
	// for its own answer given (the only card to tidy); then to the second
	// for its turn. Blank lines go on from a hand-over and are passed over
	// at a question.
	water, _ := handOvers("water", "\n\n\nplay Ant\n\n\n\ndo not flip\n\n\n\nplay Cat\n\n\n\n")
	grass, shown := handOvers("grass", "\n\n\nplay Ant\n\n\n\n\n\n\n\nplay Cat\n\n\n\n")
	require.GreaterOrEqual(t, len(water), 4)
	assert.Equal(t, []string{water[0], water[1], water[0], water[1]}, water[:4])
	assert.NotEqual(t, water[0], water[1])
	assert.Contains(t, shown, "you had one way to answer, given for you (do not flip)")
	assert.Equal(t, water[:4], grass[:min(4, len(grass))])
}
