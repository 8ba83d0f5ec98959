// Package closure gives every node of a checked expression its static type
// and builds the Go closure that evaluates it: the one evaluator of the
// engine. It owns the type environment built from a ruleset's declarations
// (types.go: Scope, TypeSystem), the static types (ctype.go), the closures of
// operators, member reads and literals (closure.go), of built-in and library
// calls (calls.go), and the inline compilation of named predicates
// (predcore.go). A form it does not take is refused at load with its
// position, never run some other way.
//
// Package compile drives it: expr parses and checks, compile's patcher
// rewrites member reads, then Compiler.Compile builds the closures.
package closure
