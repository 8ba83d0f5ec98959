package source

import "testing"

func TestPrintableEscapesWhatATerminalActsOn(t *testing.T) {
	for in, want := range map[string]string{
		"boom":                "boom",
		"boom \x1b[2J":        `boom \u001b[2J`,
		"a\nb\tc\a":           "a\nb\tc\\u0007",
		"left \u202eright":    `left \u202eright`,
		"plain é and ünïcode": "plain é and ünïcode",
		"line\r\n":            "line\r\n",
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}
