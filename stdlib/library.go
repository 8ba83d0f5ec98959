package stdlib

import (
	"sync"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib/choices"
	"github.com/arbiter-games/arbiter/stdlib/control"
	"github.com/arbiter-games/arbiter/stdlib/costs"
	"github.com/arbiter-games/arbiter/stdlib/outcome"
	"github.com/arbiter-games/arbiter/stdlib/props"
	"github.com/arbiter-games/arbiter/stdlib/windows"
	"github.com/arbiter-games/arbiter/stdlib/zones"
)

var (
	once sync.Once
	lib  *model.Library
)

// Library returns the standard library of primitives and functions. It is
// built once and shared; it is read-only after that.
func Library() *model.Library {
	once.Do(func() {
		lib = model.NewLibrary()
		for _, family := range [][]*model.Primitive{zones.Primitives(), choices.Primitives(), control.Primitives(), props.Primitives(), outcome.Primitives(), windows.Primitives(), costs.Primitives()} {
			for _, p := range family {
				// a registration error is a mistake in this package, which
				// every test and every run meets at once
				if err := lib.AddPrimitive(p); err != nil {
					panic("stdlib: " + err.Error())
				}
			}
		}
		for _, f := range functions() {
			lib.AddFunc(f)
		}
		for _, k := range rulesetKeys() {
			lib.AddKey(k)
		}
	})
	return lib
}
