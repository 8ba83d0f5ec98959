package diag

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestApplyFixes(t *testing.T) {
	src := []byte("a: {card: x, value: 1}\nb: {é: café, card: y}\n")
	fix := func(line, col, endCol int, text string) Diagnostic {
		return Diagnostic{Code: "c", Fix: Fix{Pos: Pos{File: "f.yaml", Line: line, Column: col}, End: Pos{File: "f.yaml", Line: line, Column: endCol}, Text: text}}
	}
	ds := Diagnostics{
		fix(1, 14, 19, "amount"),
		fix(1, 5, 9, "cards"),
		fix(1, 5, 9, "cards"),   // the same fix twice is applied once
		fix(1, 6, 8, "xx"),      // overlaps the one before: left out
		fix(2, 14, 18, "cards"), // after a character of two bytes
		fix(9, 1, 2, "nowhere"), // not in the text
		{Code: "d"},             // no fix
		{Code: "e", Fix: Fix{Pos: Pos{File: "g.yaml", Line: 1, Column: 1}, End: Pos{File: "g.yaml", Line: 1, Column: 2}, Text: "z"}},
	}
	out, applied := ApplyFixes("./f.yaml", src, ds)
	require.Equal(t, "a: {cards: x, amount: 1}\nb: {é: café, cards: y}\n", string(out))
	require.Len(t, applied, 3)
	require.Equal(t, `1:5: "card" -> "cards" [c]`, applied[0].String())
}
