package props

import (
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

// writeProp serves set and add with set's indexes: the two primitives must
// put their target arguments at the same places.
func TestSetAndAddShareTheirTarget(t *testing.T) {
	lib := model.NewLibrary()
	for _, p := range Primitives() {
		if err := lib.AddPrimitive(p); err != nil {
			t.Fatal(err)
		}
	}
	if propChangeArgs.Cards != addArgs.Cards || propChangeArgs.Player != addArgs.Player || propChangeArgs.Prop != addArgs.Prop {
		t.Fatalf("set's targets %+v and add's %+v are at different places", propChangeArgs, addArgs)
	}
}
