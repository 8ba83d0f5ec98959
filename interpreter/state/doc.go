// Package state is a game as plain data: cards and the zones they lie in,
// players, properties, modifiers, the frames of the effects being run, the
// stack, the decisions waiting for an answer and the answers given, the log
// and the random generator. It has no behaviour beyond cloning and checking
// an answer against its decision, so a state can be saved, compared and
// restored as a value.
//
// The facts of the game and the machine's registers (which effects are
// running, whether checks are due, how many steps ran) live side by side in
// State, the registers grouped in Registers.
package state
