package view

import "testing"

// fillNames fills each place of a log line in one pass: {cards} with every
// name, {N} with the Nth, {pN} with the Nth part (itself filled), {{ and }}
// as a brace; a name is not filled again ({1} in a name), and a lone brace
// of an older log stays, a place inside it filled ({ {0} }).
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
		{"C {{0}} D {{p0}} {0} {p0}", "C {0} D {p0} Knight Archer Archer {1} then Knight"},
		{"}} and {{cards}}", "} and {cards}"},
		{"{p1} is no part", "{p1} is no part"},
	} {
		if got := fillNames(c.in, names, []string{"Archer {1} then {0}"}); got != c.want {
			t.Errorf("fillNames(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
