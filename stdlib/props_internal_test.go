package stdlib

import "testing"

// writeProp serves set and add with set's indexes: the two primitives must
// put their target arguments at the same places.
func TestSetAndAddShareTheirTarget(t *testing.T) {
	Library()
	if propChangeArgs.Cards != addArgs.Cards || propChangeArgs.Player != addArgs.Player || propChangeArgs.Prop != addArgs.Prop {
		t.Fatalf("set's targets %+v and add's %+v are at different places", propChangeArgs, addArgs)
	}
}
