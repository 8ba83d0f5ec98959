package view

import "testing"

// fillNames fills each place of a log line in one pass: {cards} with every
// name, {N} with the Nth, and leaves the rest of the text as it is, braces
// included, even around a place ({ {0} }) or in a name ({1} in a name is
// not filled again).
func TestFillNames(t *testing.T) {
	names := []string{"Knight", "Archer {1}"}
	for _, c := range []struct{ in, want string }{
		{"{0} attacks {1}.", "Knight attacks Archer {1}."},
		{"{cards} leave.", "Knight and Archer {1} leave."},
		{"Braces { {0} } here.", "Braces { Knight } here."},
		{"Open { then {0} and close }.", "Open { then Knight and close }."},
		{"{2} is no card, {01} no place, {x} text", "{2} is no card, {01} no place, {x} text"},
		{"unclosed {0", "unclosed {0"},
		{"", ""},
	} {
		if got := fillNames(c.in, names); got != c.want {
			t.Errorf("fillNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
