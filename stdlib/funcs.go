package stdlib

import (
	"maps"
	"math"
	"slices"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

func functions() []*model.Func {
	return append([]*model.Func{
		{
			Name: "count_where", Family: "cards",
			Doc:       "How many of the cards have a property equal to a value. Faster than count() with a predicate.",
			Params:    []model.Type{model.TCards, model.TString, model.TAny},
			Names:     []string{"cards", "prop", "value"},
			Result:    model.TInt,
			Example:   "count_where(you.table, 'color', 'red') >= 2",
			PropArgs:  []int{1},
			ValueArgs: map[int]int{2: 1},
			Reads:     model.FuncReadsProps,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				idx := g.Ruleset().SymbolPropIndex(a[1].N)
				n := 0
				if idx >= 0 {
					for _, c := range a[0].L {
						if g.CardProp(c, idx) == a[2].N {
							n++
						}
					}
				}
				return model.Datum{K: model.DInt, N: int64(n)}
			},
		},
		{
			Name: "max_group", Family: "cards",
			Doc:      "The size of the largest group of the cards that share a value of a property.",
			Params:   []model.Type{model.TCards, model.TString},
			Names:    []string{"cards", "prop"},
			Result:   model.TInt,
			Example:  "max_group(you.table, 'color') >= 3",
			PropArgs: []int{1},
			Reads:    model.FuncReadsProps,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				return model.Datum{K: model.DInt, N: int64(maxGroup(g, a[0].L, g.Ruleset().SymbolPropIndex(a[1].N)))}
			},
			CardsProp: func(g *model.Evaluator, cards []int, prop int) int64 { return int64(maxGroup(g, cards, prop)) },
		},
		{
			Name: "distinct", Family: "cards",
			Doc:      "How many different values of a property the cards have.",
			Params:   []model.Type{model.TCards, model.TString},
			Names:    []string{"cards", "prop"},
			Result:   model.TInt,
			Example:  "distinct(you.table, 'color') == 4",
			PropArgs: []int{1},
			Reads:    model.FuncReadsProps,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				return model.Datum{K: model.DInt, N: int64(distinct(g, a[0].L, g.Ruleset().SymbolPropIndex(a[1].N)))}
			},
			CardsProp: func(g *model.Evaluator, cards []int, prop int) int64 { return int64(distinct(g, cards, prop)) },
		},
		{
			Name: "total", Family: "cards",
			Doc:      "The sum of an int property over the cards.",
			Params:   []model.Type{model.TCards, model.TString},
			Names:    []string{"cards", "prop"},
			Result:   model.TInt,
			Example:  "total(you.table, 'power') > 10",
			PropArgs: []int{1},
			IntProps: true,
			Reads:    model.FuncReadsProps,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				return model.Datum{K: model.DInt, N: total(g, a[0].L, g.Ruleset().SymbolPropIndex(a[1].N))}
			},
			CardsProp: total,
		},
		{
			Name: "count_sums", Family: "cards",
			Doc:      "How many different sets of the cards (one card or more, each card at most once) have an int property adding up to a number: the ways to make a total from a hand. Two cards of the same value are two ways.",
			Params:   []model.Type{model.TCards, model.TString, model.TInt},
			Names:    []string{"cards", "prop", "total"},
			Result:   model.TInt,
			Example:  "count_sums(you.hand, 'power', 15) * 2",
			PropArgs: []int{1},
			IntProps: true,
			Reads:    model.FuncReadsProps,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				n, ok := countSums(g, a[0].L, g.Ruleset().SymbolPropIndex(a[1].N), a[2].N)
				if !ok {
					return model.Datum{} // the evaluation failed, with the reason
				}
				return model.Datum{K: model.DInt, N: n}
			},
		},
		{
			Name: "has", Family: "cards",
			Doc:         "Whether a card has a keyword (printed or granted). The keyword is written bare (has(this, swift)) or in quotes (has(this, 'swift')); a bare name bound where it is written (a variable, a parameter) is that name's value instead.",
			Params:      []model.Type{model.TCard, model.TString},
			Names:       []string{"card", "keyword"},
			Result:      model.TBool,
			Example:     "has(this, swift)",
			KeywordArgs: []int{1},
			Reads:       model.FuncReadsCardFields,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				if a[0].K != model.DCard {
					return model.Datum{K: model.DBool}
				}
				return model.Datum{K: model.DBool, N: b2i(g.HasKeywordSym(int(a[0].N), a[1].N))}
			},
		},
		{
			Name: "count_keyword", Family: "cards",
			Doc:         "How many of the cards have a keyword (written bare or in quotes, as has's).",
			Params:      []model.Type{model.TCards, model.TString},
			Names:       []string{"cards", "keyword"},
			Result:      model.TInt,
			Example:     "count_keyword(you.table, 'guard') > 0",
			KeywordArgs: []int{1},
			Reads:       model.FuncReadsCardFields,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				n := 0
				for _, c := range a[0].L {
					if g.HasKeywordSym(c, a[1].N) {
						n++
					}
				}
				return model.Datum{K: model.DInt, N: int64(n)}
			},
		},
		{
			Name: "knows", Family: "cards",
			Doc:     "Whether a player knows which card a card is.",
			Params:  []model.Type{model.TPlayer, model.TCard},
			Names:   []string{"player", "card"},
			Result:  model.TBool,
			Example: "knows(opponent, this)",
			Reads:   model.FuncReadsKnowledge,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				if a[0].K == model.DNil || a[1].K != model.DCard {
					return model.Datum{K: model.DBool}
				}
				return model.Datum{K: model.DBool, N: b2i(g.Knows(int(a[0].N), int(a[1].N)))}
			},
		},
		{
			Name: "occupied", Family: "zones",
			Doc:      "Whether a position of a player's positional zone holds a card.",
			Params:   []model.Type{model.TPlayer, model.TString, model.TInt},
			Names:    []string{"player", "zone", "slot"},
			ZoneArgs: []int{1},
			Result:   model.TBool,
			Example:  "occupied(you, row, 0)",
			Reads:    model.FuncReadsPlaces,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				k, ok := g.Ruleset().Zone(g.Text(a[1]))
				if !ok || a[0].K != model.DPlayer {
					return model.Datum{K: model.DBool}
				}
				return model.Datum{K: model.DBool, N: b2i(g.CardAt(g.ZoneInst(k, int(a[0].N)), int(a[2].N)) >= 0)}
			},
		},
		{
			Name: "value_at", Family: "properties",
			Doc:      "The i-th declared value (from 0) of an enum or names property (of cards, players or the game): for generating cards in loops; nothing when the property has no i-th value (value_count says how many it has).",
			Params:   []model.Type{model.TString, model.TInt},
			Names:    []string{"prop", "i"},
			Result:   model.TString,
			Example:  "value_at(color, 0) == 'red'",
			EnumArgs: []int{0},
			Reads:    model.FuncReadsNothing,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				d := g.Ruleset().EnumProp(g.Text(a[0]))
				ok := d != nil
				i := int(a[1].N)
				if !ok || i < 0 || i >= len(d.Values) {
					return model.Datum{} // nothing: no such value
				}
				return g.NameDatum(d.Values[i])
			},
		},
		{
			Name: "value_count", Family: "properties",
			Doc:      "How many values an enum or names property (of cards, players or the game) declares.",
			Params:   []model.Type{model.TString},
			Names:    []string{"prop"},
			Result:   model.TInt,
			Example:  "value_count('color') == 2",
			EnumArgs: []int{0},
			Reads:    model.FuncReadsNothing,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				d := g.Ruleset().EnumProp(g.Text(a[0]))
				ok := d != nil
				if !ok {
					return model.Datum{K: model.DInt}
				}
				return model.Datum{K: model.DInt, N: int64(len(d.Values))}
			},
		},
		{
			Name: "value_index", Family: "properties",
			Doc:      "The position (from 0) of a value among the values an enum or names property (of cards, players or the game) declares, in their order: to rank cards by an enum (two < three < ... < king), value_index(rank, a.rank) > value_index(rank, b.rank). -1 for a value it does not declare (nothing, say).",
			Params:   []model.Type{model.TString, model.TString},
			Names:    []string{"prop", "value"},
			Result:   model.TInt,
			Example:  "value_index(color, this.color) == 0",
			EnumArgs: []int{0},
			Reads:    model.FuncReadsNothing,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				d := g.Ruleset().EnumProp(g.Text(a[0]))
				ok := d != nil
				if !ok || a[1].K == model.DNil {
					return model.Datum{K: model.DInt, N: -1}
				}
				return model.Datum{K: model.DInt, N: int64(slices.Index(d.Values, g.Text(a[1])))}
			},
		},
		{
			Name: "face_value", Family: "properties",
			Doc:      "The value an int property of a card has on one of its faces (from 0), whichever face it shows now: the face's own value, or the card's when the face does not set it. For a card played as one of its faces, to read that face's cost before it is turned to it. A card without that face (or nothing) gives 0.",
			Params:   []model.Type{model.TCard, model.TInt, model.TString},
			Names:    []string{"card", "face", "prop"},
			Result:   model.TInt,
			Example:  "face_value(this, 1, 'price') <= you.gold",
			PropArgs: []int{2},
			Reads:    model.FuncReadsCardFields,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				idx := g.Ruleset().SymbolPropIndex(a[2].N)
				if a[0].K != model.DCard || idx < 0 {
					return model.Datum{K: model.DInt}
				}
				g.NoteRead(int(a[0].N))
				d := g.Ruleset().Cards[g.Card(int(a[0].N)).Def]
				face := int(a[1].N)
				if face < 0 || (face >= len(d.Faces) && !(face == 0 && len(d.Faces) == 0)) {
					return model.Datum{K: model.DInt}
				}
				v := d.Props[idx]
				if face < len(d.Faces) {
					f := &d.Faces[face]
					if d.FaceProps != nil {
						if j := slices.Index(d.FaceProps, idx); j >= 0 {
							v = f.Shown[j] // as the face shows it (Ruleset.IndexFaces)
						}
					} else if fv, ok := f.Props[idx]; ok {
						v = fv
					}
				}
				return model.Datum{K: model.DInt, N: v}
			},
		},
		{
			Name: "clamp", Family: "numbers",
			Doc:     "A number limited to a range.",
			Params:  []model.Type{model.TInt, model.TInt, model.TInt},
			Names:   []string{"x", "low", "high"},
			Result:  model.TInt,
			Example: "clamp(you.gold - 3, 0, 10)",
			Reads:   model.FuncReadsNothing,
			Fn: func(g *model.Evaluator, a []model.Datum) model.Datum {
				return model.Datum{K: model.DInt, N: min(max(a[0].N, a[1].N), a[2].N)}
			},
		},
	}, positionFunctions()...)
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// smallGroups is how many values of a property maxGroup and distinct count
// on the stack; more go to a map.
const smallGroups = 16

// maxGroup is the size of the largest group of cards sharing a property value.
func maxGroup(g *model.Evaluator, cards []int, idx int) int {
	if idx < 0 {
		return 0
	}
	var vals [smallGroups]int64
	var counts [smallGroups]int
	var more map[int64]int // the values past the first smallGroups
	n, best := 0, 0
	// a name never given is none, no value of its own (a card of no
	// colour is in no colour's group)
	unset := g.Rs.CardProps[idx].Type == model.TString
	props := readProp(g, idx)
	for _, c := range cards {
		v := props.of(c)
		if unset && v == 0 {
			continue
		}
		j := 0
		for j < n && vals[j] != v {
			j++
		}
		switch {
		case j < n:
			counts[j]++
			best = max(best, counts[j])
		case n < len(vals):
			vals[n], counts[n] = v, 1
			n++
			best = max(best, 1)
		default:
			if more == nil {
				more = map[int64]int{}
			}
			more[v]++
			best = max(best, more[v])
		}
	}
	return best
}

// propReader reads one card property of many cards: from its table
// itself when nothing can change what it reads (Evaluator.PlainProp),
// else through CardProp, modifiers and all.
type propReader struct {
	g           *model.Evaluator
	table       []int64
	stride, idx int
	plain       bool
}

func readProp(g *model.Evaluator, idx int) propReader {
	table, stride, plain := g.PlainProp(idx)
	return propReader{g: g, table: table, stride: stride, idx: idx, plain: plain}
}

// of is card c's value of the property.
func (r *propReader) of(c int) int64 {
	if r.plain {
		return r.table[c*r.stride+r.idx]
	}
	return r.g.CardProp(c, r.idx)
}

// total sums an int property over cards (0 for no property). A sum past
// the whole numbers stops the evaluation, as + and sum() do, rather than
// wrap around to a number no card holds.
func total(g *model.Evaluator, cards []int, idx int) int64 {
	n := int64(0)
	props := readProp(g, idx)
	if !props.plain && idx < 0 {
		return 0
	}
	for _, c := range cards {
		v := props.of(c)
		s, ok := model.AddWhole(n, v)
		if !ok {
			g.Overflow(n, "+", v)
			return 0
		}
		n = s
	}
	return n
}

// distinct counts the different values of a property among cards.
func distinct(g *model.Evaluator, cards []int, idx int) int {
	if idx < 0 {
		return 0
	}
	var vals [smallGroups]int64
	var more map[int64]bool // the values past the first smallGroups
	n := 0
	// a name never given is none, no value of its own (a card of no
	// colour is in no colour's group)
	unset := g.Rs.CardProps[idx].Type == model.TString
	props := readProp(g, idx)
	for _, c := range cards {
		v := props.of(c)
		if unset && v == 0 {
			continue
		}
		j := 0
		for j < n && vals[j] != v {
			j++
		}
		switch {
		case j < n:
		case n < len(vals):
			vals[n] = v
			n++
		default:
			if more == nil {
				more = map[int64]bool{}
			}
			more[v] = true
		}
	}
	return n + len(more)
}

// countSums counts the non-empty sets of the cards whose property adds up
// to want. With no negative value, a table of the ways to make each sum up
// to want, a card at a time (largest sums first, so that no card counts
// twice): the cards times the total, counted as the built-ins count their
// elements. A negative value (or a total too large for a table) goes
// through a map of the sums met instead, each counted too: a runaway (many
// cards of values far apart) stops the game with its position. A count
// past the largest whole number is an overflow, as an operator's. false:
// the evaluation failed, with its reason.
func countSums(g *model.Evaluator, cards []int, idx int, want int64) (int64, bool) {
	if idx < 0 || len(cards) == 0 {
		return 0, true
	}
	const tableMax = 1 << 16
	nonNeg := true
	for _, c := range cards {
		if g.CardProp(c, idx) < 0 {
			nonNeg = false
		}
	}
	if nonNeg && want < 0 {
		return 0, true
	}
	add := func(a, b int64) (int64, bool) {
		if a > math.MaxInt64-b {
			g.Overflow(a, "+", b)
			return 0, false
		}
		return a + b, true
	}
	var n int64
	if nonNeg && want <= tableMax {
		if !g.Spend(len(cards) * int(want+1)) {
			return 0, false
		}
		ways := make([]int64, want+1)
		ways[0] = 1 // the empty set, taken away below
		for _, c := range cards {
			v := g.CardProp(c, idx)
			for s := want; s >= v; s-- {
				var ok bool
				if ways[s], ok = add(ways[s], ways[s-v]); !ok {
					return 0, false
				}
			}
		}
		n = ways[want]
	} else {
		ways := map[int64]int64{0: 1}
		for _, c := range cards {
			if !g.Spend(len(ways)) {
				return 0, false
			}
			v := g.CardProp(c, idx)
			next := maps.Clone(ways)
			for s, k := range ways {
				if nonNeg && s+v > want {
					continue // sums only grow
				}
				var ok bool
				if next[s+v], ok = add(next[s+v], k); !ok {
					return 0, false
				}
			}
			ways = next
		}
		n = ways[want]
	}
	if want == 0 {
		n-- // the empty set adds up to 0 too
	}
	return n, true
}
