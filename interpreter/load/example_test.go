package load_test

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

func ExampleLoad_diagnostics() {
	broken := `
name: broken
zones:
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - shufle: hand
`
	_, diags := load.Load(load.Source{Name: "broken.yaml", Data: []byte(broken)}, nil, stdlib.Library())
	for _, d := range diags {
		fmt.Println(d)
	}
	// Output: broken.yaml:9:11: error: unknown effect primitive "shufle"; did you mean "shuffle"? [unknown-primitive]
}
