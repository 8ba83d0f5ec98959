// Package outcome holds the primitives that end or bend the game (win, lose,
// draw_game, extra_turn), end effects and stacked items, and draw chance
// (roll, pick_random, pick_random_player) from the game's seeded generator.
package outcome
