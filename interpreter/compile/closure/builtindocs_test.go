package closure

import "testing"

// Every built-in function a ruleset may call is documented, in the order
// RulesetBuiltins lists them.
func TestEveryBuiltinIsDocumented(t *testing.T) {
	if len(BuiltinDocs) != len(RulesetBuiltins) {
		t.Fatalf("%d built-ins documented, %d callable", len(BuiltinDocs), len(RulesetBuiltins))
	}
	for i, name := range RulesetBuiltins {
		if BuiltinDocs[i].Name != name || BuiltinDocs[i].Doc == "" || BuiltinDocs[i].Form == "" {
			t.Errorf("entry %d documents %q, want %q with its form and doc", i, BuiltinDocs[i].Name, name)
		}
	}
}
