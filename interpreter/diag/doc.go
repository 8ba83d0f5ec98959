// Package diag owns what the engine tells a designer about their files: a
// position (file:line:col), a Diagnostic (severity, code, position, path in
// the ruleset, message, detail) and Diagnostics, the list every phase of
// loading collects instead of stopping at the first problem. It also holds
// the small helpers messages share ("did you mean ...", "a, b and c"), and
// the registry of codes (codes.go): each code's meaning, its severity (the
// one place it is decided) and a mistake that gets it with its fix, which
// `arbiter doc codes` prints and tests load.
//
// It depends on nothing else of the engine.
package diag
