// Package costs holds the primitives that pay for an action: pay_cards (cards
// matching patterns move to a zone), spend (an amount taken from a player's
// property), require (a condition that must hold) and mark (a card's flag set,
// as exhausting a card). Each can tell whether it could be paid, so that an
// action whose cost cannot be paid is never offered.
package costs
