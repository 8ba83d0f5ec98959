// Package props holds the primitives that change properties and keywords:
// set, add, modify and grant, each for a duration (until) where it applies.
package props
