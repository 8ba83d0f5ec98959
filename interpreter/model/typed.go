package model

import "strings"

// SameName reports whether a name or label a person typed names the one
// shown: case does not matter, nor which form of apostrophe or quotation
// mark either is written with (a keyboard gives ', a text copied from a
// card or a phone may give ’).
func SameName(typed, shown string) bool {
	return strings.EqualFold(plainQuotes(typed), plainQuotes(shown))
}

// plainQuotes writes typographic apostrophes and quotation marks as the
// plain ones. A string with none is returned as it is, without a copy.
func plainQuotes(s string) string {
	if !strings.ContainsAny(s, "\u2018\u2019\u02bc\u201c\u201d") {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '\u2018', '\u2019', '\u02bc':
			return '\''
		case '\u201c', '\u201d':
			return '"'
		}
		return r
	}, s)
}

// PlainQuotes is s with typographic apostrophes and quotation marks written
// as the plain ones, for text a person typed that is then cut at them
// (p1's Knight).
func PlainQuotes(s string) string { return plainQuotes(s) }

// NamesLabel reports whether what a person typed names a label: the whole
// label, or its words before what it adds in brackets (buy Gold for buy
// Gold (6)), as SameName compares them.
func NamesLabel(typed, label string) bool {
	if SameName(typed, label) {
		return true
	}
	base, _, ok := strings.Cut(label, " (")
	return ok && SameName(typed, base)
}
