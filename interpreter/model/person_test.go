package model

import "testing"

func TestThirdPerson(t *testing.T) {
	for in, want := range map[string]string{
		"end your turn":           "end their turn",
		"cast your leader {card}": "cast their leader {card}",
		"Your move":               "Their move",
		"the choice is yours":     "the choice is theirs",
		"pass":                    "pass",
		"play a card you drew":    "play a card you drew",
		"yourself":                "yourself",
	} {
		if got := ThirdPerson(in); got != want {
			t.Errorf("ThirdPerson(%q) = %q, want %q", in, got, want)
		}
	}
}
