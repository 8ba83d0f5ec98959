package diag

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Suggest returns the known name nearest to s, or "" when none is close.
func Suggest(s string, known []string) string {
	best, bestD := "", 1<<30
	limit := 2
	if len(s) > 6 {
		limit = 3
	}
	ls := strings.ToLower(s)
	for _, k := range known {
		lk := strings.ToLower(k)
		d := editDistance(ls, lk)
		close := d <= limit && d < len(s)
		// a name cut short or run on (len for lenght) is close too
		if !close && min(len(ls), len(lk)) >= 3 && (strings.HasPrefix(ls, lk) || strings.HasPrefix(lk, ls)) {
			close = true
		}
		if close && (d < bestD || (d == bestD && k < best)) {
			best, bestD = k, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func KeysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func DidYouMean(s string, known []string) string {
	if g := Suggest(s, known); g != "" {
		return fmt.Sprintf("; did you mean %q?", g)
	}
	return ""
}

// DidYouMeanOr is DidYouMean, or, when no name is close, the list of
// the names there are under what ("the zones are ..."), sorted, when
// they are few enough to read.
func DidYouMeanOr(s string, known []string, what string) string {
	if d := DidYouMean(s, known); d != "" {
		return d
	}
	if len(known) == 0 {
		return fmt.Sprintf("; there are no %s", what)
	}
	if len(known) > 30 {
		return ""
	}
	sorted := slices.Clone(known)
	slices.Sort(sorted)
	return fmt.Sprintf("; the %s are %s", what, JoinNames(sorted))
}

// listCards renders card names as "A, B and C" for a seat.
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return "nothing"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
