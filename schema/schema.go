// Package schema embeds the JSON Schemas of ruleset, card and scenario files.
//
// Editors that speak the YAML language server protocol read them through a
// modeline on the first line of each file, for example
//
//	# yaml-language-server: $schema=../schema/ruleset.schema.json
//
// and use them for completion, hover documentation and checking. The schemas
// are written by hand; the package tests keep the effect step definitions in
// step with the primitives of the standard library and validate every example
// file against them.
//
// The card schema refers to definitions of the ruleset schema by a relative
// reference (ruleset.schema.json beside it), so the two are used together.
package schema

//go:generate go test -run TestGenerateSteps -update .

import (
	"embed"
	"sort"
)

//go:embed *.json
var files embed.FS

// kinds maps each kind of file to the name of its schema.
var kinds = map[string]string{
	"ruleset":  "ruleset.schema.json",
	"cards":    "cards.schema.json",
	"scenario": "scenario.schema.json",
}

// Get returns the JSON Schema of a kind of file: "ruleset", "cards" or
// "scenario". It reports false for any other kind.
func Get(kind string) ([]byte, bool) {
	name, ok := kinds[kind]
	if !ok {
		return nil, false
	}
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, false
	}
	return b, true
}

// FileName returns the file name of a kind's schema, like
// "ruleset.schema.json"; other schemas refer to it by that name.
func FileName(kind string) (string, bool) {
	name, ok := kinds[kind]
	return name, ok
}

// Kinds lists the kinds of file that have a schema, sorted.
func Kinds() []string {
	out := make([]string, 0, len(kinds))
	for k := range kinds {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
