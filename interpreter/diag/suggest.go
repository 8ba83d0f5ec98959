package diag

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// synonyms are words of one meaning that a name written from habit (another
// engine's, or plain English) takes where the language has chosen the other:
// turn_begin for turn_start, bind for as. Each group is tried word by word.
var synonyms = [][]string{
	{"start", "begin", "beginning", "starts", "begins"},
	{"end", "finish", "ends", "finishes", "stop"},
	{"as", "bind", "into", "var", "variable", "store", "save"},
	{"cards", "card"},
	{"player", "seat"},
	{"players", "seats"},
	{"amount", "number", "n", "value", "qty", "quantity"},
	{"condition", "cond", "when", "if", "predicate"},
	{"to", "dest", "destination"},
	{"from", "source", "src"},
	{"enter", "enters", "entered", "arrive", "arrives"},
	{"leave", "leaves", "left", "exit", "exits"},
	{"text", "message", "msg", "line"},
}

// Suggest returns the known name nearest to s, or "" when none is close:
// the last part of a dotted name that is known by itself (game.market for
// market), a name of the same meaning, or one a typing slip away.
func Suggest(s string, known []string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 && i+1 < len(s) {
		if k := knownAs(s[i+1:], known); k != "" {
			return k
		}
	}
	if k := sameMeaning(s, known); k != "" {
		return k
	}
	best, bestD := "", 1<<30
	limit := 2
	if len(s) > 6 {
		limit = 3
	}
	ls := strings.ToLower(s)
	if ls == "" {
		return "" // nothing typed is close to no name
	}
	for _, k := range known {
		lk := strings.ToLower(k)
		if lk == "" {
			continue // a name left empty (told where it is written)
		}
		d := editDistance(ls, lk)
		close := d <= limit && d < len(s)
		// two slips in a short name keep its first letter (sute for suit);
		// "bind" is not "min"
		if close && d == 2 && len(ls) <= 4 && ls[0] != lk[0] {
			close = false
		}
		// a name cut short or run on (len for lenght) is close too
		if !close && min(len(ls), len(lk)) >= 3 && (strings.HasPrefix(ls, lk) || strings.HasPrefix(lk, ls)) {
			close = true
		}
		// and so is one written without some of its letters (rnd for round),
		// which wins over another name as far (rank)
		abbrev := len(ls) >= 3 && ls[0] == lk[0] && isSubsequence(ls, lk)
		close = close || abbrev
		d *= 2
		if !abbrev {
			d++
		}
		if close && (d < bestD || (d == bestD && k < best)) {
			best, bestD = k, d
		}
	}
	return best
}

// knownAs is the known name equal to s but for case, or "".
func knownAs(s string, known []string) string {
	for _, k := range known {
		if strings.EqualFold(k, s) {
			return k
		}
	}
	return ""
}

// sameMeaning is the known name s becomes when one of its words (parts
// between underscores) is put for a synonym, or "".
func sameMeaning(s string, known []string) string {
	words := strings.Split(strings.ToLower(s), "_")
	for i, w := range words {
		for _, group := range synonyms {
			if !slices.Contains(group, w) {
				continue
			}
			for _, alt := range group {
				if alt == w {
					continue
				}
				words[i] = alt
				if k := knownAs(strings.Join(words, "_"), known); k != "" {
					return k
				}
			}
			words[i] = w
		}
	}
	return ""
}

// isSubsequence: every letter of a is in b, in order.
func isSubsequence(a, b string) bool {
	i := 0
	for j := 0; j < len(b) && i < len(a); j++ {
		if a[i] == b[j] {
			i++
		}
	}
	return i == len(a)
}

// editDistance counts the letters added, dropped or changed, and the
// neighbours swapped (itme for item), that make a into b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// three rows: the one before the last is for a swap
	prev2 := make([]int, len(rb)+1)
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
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
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
