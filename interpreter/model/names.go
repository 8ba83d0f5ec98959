package model

import (
	"fmt"
	"strings"
)

// A property of type names holds several of its declared values at once (a
// card's suits, say): a set, stored as one number whose bit i says whether
// the i-th declared value is held. Expressions read it as a list of names,
// in declaration order, and test membership with `in`.

// MaxNames is the most values a names property may declare.
const MaxNames = 62

// NamesDatum is the list of names a stored value of a names property
// holds. The list may be the property's own (PropDecl.Lists): never to be
// written.
func (d *PropDecl) NamesDatum(v int64) Datum {
	if v >= 0 && v < int64(len(d.Lists)) {
		return Datum{K: DList, E: DSym, L: d.Lists[v]}
	}
	return Datum{K: DList, E: DSym, L: d.namesOf(v)}
}

// namesOf is the list of the names value v holds, in one allocation.
func (d *PropDecl) namesOf(v int64) []int {
	n := 0
	for i := range d.Syms {
		if v&(1<<uint(i)) != 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]int, 0, n)
	for i, s := range d.Syms {
		if v&(1<<uint(i)) != 0 {
			out = append(out, int(s))
		}
	}
	return out
}

// NamesList is the names a stored value holds, as text.
func (d *PropDecl) NamesList(v int64) []string {
	var out []string
	for i, s := range d.Values {
		if v&(1<<uint(i)) != 0 {
			out = append(out, s)
		}
	}
	return out
}

// namesValue is the stored value of a list of names (symbols), each one of
// the property's declared values.
func (g *Evaluator) namesValue(syms []int, d *PropDecl) (int64, error) {
	var v int64
	for _, s := range syms {
		i := -1
		for j, x := range d.Syms {
			if int64(s) == x {
				i = j
			}
		}
		if i < 0 {
			return 0, fmt.Errorf("%q is not one of the values of %s (%s)", g.Rs.Symbol(int64(s)), d.Name, strings.Join(d.Values, ", "))
		}
		v |= 1 << uint(i)
	}
	return v, nil
}

// NamesAny is a stored value of a names property as expr's VM reads it:
// the list of names held.
func NamesAny(d *PropDecl, v int64) any {
	out := []any{}
	for _, s := range d.NamesList(v) {
		out = append(out, s)
	}
	return out
}
