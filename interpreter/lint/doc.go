// Package lint checks a ruleset as a whole once it is loaded and compiled:
// what no single declaration shows on its own. An action no window offers,
// a step after one that ends the game, a phase always skipped, a card no
// action can take, an event nothing raises or nothing hears, card text that
// does not mention a number or keyword the card has. Its findings join the
// loader's diagnostics.
package lint
