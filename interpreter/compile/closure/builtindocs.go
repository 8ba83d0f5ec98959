package closure

// BuiltinDoc is the reference of one of expr's functions a ruleset may
// call: how it is written and what it gives, in the engine's words (none
// for nothing, whole numbers and fractions, the game stopped with the
// position where a value cannot be had).
type BuiltinDoc struct {
	Name, Form, Doc string
}

// BuiltinDocs documents every function of RulesetBuiltins, in that order;
// a test checks that none is left out. In a predicate given to a function
// of a list (filter, count, find, sort_by, ...), # is the element and
// .name reads its property or field: filter(you.hand, .power > 2).
var BuiltinDocs = []BuiltinDoc{
	{"len", "len(list)", "How many elements the list holds."},
	{"first", "first(list)", "The first element (the top card of a zone), or none for an empty list."},
	{"last", "last(list)", "The last element (the bottom card of a zone), or none for an empty list."},
	{"get", "get(list, i)", "Element i, from 0; a negative i counts from the end (-1 is the last). None when the list has no such element."},
	{"take", "take(list, n)", "The first n elements, or all of them when there are fewer; an empty list for n below 1."},
	{"reverse", "reverse(list)", "The elements in the opposite order."},
	{"uniq", "uniq(list)", "The elements without repeats, each where it first appears."},
	{"concat", "concat(list, list, ...)", "The lists one after the other, in one list; they hold one kind of element."},
	{"sort", "sort(list) or sort(list, 'desc')", "A list of numbers in increasing order, or decreasing with 'desc'. To order cards or players, use sort_by."},
	{"sort_by", "sort_by(list, key) or sort_by(list, key, 'desc')", "The elements ordered by a key worked out for each (sort_by(you.hand, .cost), sort_by(players, -.life)); elements of equal keys come in the order expr gives them. A key that is none stops the game: write .color ?? '' for an enum that may be unset."},
	{"flatten", "flatten(list of lists)", "One list of the elements of every list in turn: flatten(map(players, .hand)) is every hand's cards."},
	{"filter", "filter(list, predicate)", "The elements the predicate holds for, in order: filter(you.board, .power >= 3)."},
	{"map", "map(list, expression)", "The expression's value for each element, in order: map(you.hand, .cost)."},
	{"count", "count(list, predicate)", "How many elements the predicate holds for: count(you.board, .power > 2)."},
	{"any", "any(list, predicate)", "Whether the predicate holds for at least one element; false for an empty list."},
	{"all", "all(list, predicate)", "Whether the predicate holds for every element; true for an empty list."},
	{"none", "none(list, predicate)", "Whether the predicate holds for no element; true for an empty list. (The value none, nothing, is written without brackets.)"},
	{"one", "one(list, predicate)", "Whether the predicate holds for exactly one element."},
	{"find", "find(list, predicate)", "The first element the predicate holds for, or none when it holds for none."},
	{"find_index", "find_index(list, predicate)", "The index (from 0) of the first element the predicate holds for, or none when it holds for none."},
	{"find_last", "find_last(list, predicate)", "The last element the predicate holds for, or none."},
	{"find_last_index", "find_last_index(list, predicate)", "The index of the last element the predicate holds for, or none."},
	{"sum", "sum(list) or sum(list, expression)", "The sum of a list of numbers, or of the expression's value for each element (sum(you.board, .power)); 0 for an empty list. A sum past the largest whole number stops the game with the position."},
	{"min", "min(a, b, ...) or min(list)", "The least of the numbers given, or of a list of numbers; none for an empty list."},
	{"max", "max(a, b, ...) or max(list)", "The greatest of the numbers given, or of a list of numbers; none for an empty list."},
	{"abs", "abs(n)", "The number without its sign: abs(-3) is 3."},
	{"int", "int(n)", "A whole number: a fraction is cut toward zero (int(3.7) is 3, int(-3.7) is -3); one that is no number, or too large, stops the game."},
	{"float", "float(n)", "The number as a fraction (float(3) is 3.0), for a division that must not be cut."},
	{"ceil", "ceil(n)", "The number rounded up, as a fraction: ceil(2.1) is 3.0; int(ceil(x / 2)) is half of x rounded up, as a whole number."},
	{"floor", "floor(n)", "The number rounded down, as a fraction: floor(2.9) is 2.0."},
	{"round", "round(n)", "The number rounded to the nearest whole, halves away from zero (round(2.5) is 3.0, round(-2.5) is -3.0), as a fraction."},
}

// BuiltinDocOf is the reference of a built-in function by name.
func BuiltinDocOf(name string) (BuiltinDoc, bool) {
	for _, d := range BuiltinDocs {
		if d.Name == name {
			return d, true
		}
	}
	return BuiltinDoc{}, false
}
