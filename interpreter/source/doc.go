// Package source reads the YAML files of a ruleset as nodes with positions:
// typed reads of scalars, lists and mappings that report a diagnostic at the
// node instead of failing, the check of a mapping's keys against the ones it
// allows, and the translation of a YAML syntax error into a diagnostic at
// the line and column where the problem is. It also finds the values YAML
// reads otherwise than a designer wrote them (quoting.go): a comma inside
// {...}, a colon in a plain value, a text that starts with a brace.
//
// It knows YAML, not the ruleset language: which keys a ruleset has is
// package load's business.
package source
