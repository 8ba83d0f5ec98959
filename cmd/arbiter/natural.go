package main

import "strings"

// naturalLess orders names as people read them: the numbers in them by
// their value (Cheque 2 before Cheque 10, 9 of Clubs before 10 of Clubs),
// the rest by its letters, case aside first.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitsAt(a), digitsAt(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		ra, rb := strings.ToLower(a[:1]), strings.ToLower(b[:1])
		if ra != rb {
			return ra < rb
		}
		a, b = a[1:], b[1:]
	}
	if a == "" && b == "" {
		return false
	}
	return a == ""
}

// digitsAt is how many ASCII digits s begins with.
func digitsAt(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// naturalCompare is naturalLess as a comparison for slices.SortFunc.
func naturalCompare(a, b string) int {
	switch {
	case naturalLess(a, b):
		return -1
	case naturalLess(b, a):
		return 1
	}
	return 0
}
