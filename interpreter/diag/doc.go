// Package diag owns what the engine tells a designer about their files: a
// position (file:line:col), a Diagnostic (severity, code, position, path in
// the ruleset, message, detail) and Diagnostics, the list every phase of
// loading collects instead of stopping at the first problem. It also holds
// the small helpers messages share ("did you mean ...", "a, b and c").
//
// It depends on nothing else of the engine.
package diag
