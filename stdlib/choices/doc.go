// Package choices holds the primitives that ask players: choose_card,
// choose_cards, choose, choose_player, choose_target, choose_number,
// distribute, order, assign and simultaneous. Each suspends on a Decision
// and resumes with the answer; with several choosers a choice is sealed:
// everyone answers in any order and the answers are revealed together
// (sealed.go).
package choices
