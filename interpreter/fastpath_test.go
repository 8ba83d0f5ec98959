package interpreter_test

import (
	"testing"

	in "github.com/arbiter-games/arbiter/interpreter"
	"github.com/arbiter-games/arbiter/stdlib"
)

// TestLandsRunsWithoutTheVM guards the fast path: every expression of Lands
// runs as closures, not on the expression VM.
func TestLandsRunsWithoutTheVM(t *testing.T) {
	rs, d := in.LoadFile("../rulesets/lands.yaml", stdlib.Library())
	if rs == nil {
		t.Fatal(d)
	}
	for _, e := range rs.Exprs {
		if !in.IsFast(e) {
			t.Errorf("%s: %q runs on the expression VM", e.Pos, e.Src)
		}
	}
}
