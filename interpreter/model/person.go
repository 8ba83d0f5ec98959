package model

import (
	"regexp"
	"strings"
)

// ThirdPerson turns a label written to the player who takes it (end your
// turn, cast your leader) into the log's words about them (p1: end their
// turn): your becomes their, yours theirs. Other words stay as they are.
func ThirdPerson(label string) string {
	if !strings.Contains(label, "your") && !strings.Contains(label, "Your") {
		return label
	}
	return yourRE.ReplaceAllStringFunc(label, func(w string) string {
		out := "their" + w[4:]
		if w[0] == 'Y' {
			out = "Their" + w[4:]
		}
		return out
	})
}

var yourRE = regexp.MustCompile(`\b[Yy]ours?\b`)
