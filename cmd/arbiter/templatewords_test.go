package main

import "testing"

// A template's worked-out parts read as …, a card as CARD in an action's
// name, and a brace written as text ({{ }}) as a brace.
func TestTemplateWords(t *testing.T) {
	for _, c := range []struct{ in, words, action string }{
		{"Draw card {i} of {n}", "Draw card … of …", "Draw card … of …"},
		{"play {card}", "play …", "play CARD"},
		{"Spend {{gold}}? You have {you.gold}", "Spend {gold}? You have …", "Spend {gold}? You have …"},
		{"take {{1}} gold", "take {1} gold", "take {1} gold"},
		{"no parts", "no parts", "no parts"},
	} {
		if got := templateWords(c.in); got != c.words {
			t.Errorf("templateWords(%q) = %q, want %q", c.in, got, c.words)
		}
		if got := actionName(c.in); got != c.action {
			t.Errorf("actionName(%q) = %q, want %q", c.in, got, c.action)
		}
	}
}
