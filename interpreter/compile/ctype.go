package compile

import "github.com/arbiter-games/arbiter/interpreter/model"

// ctype is the static type of an expression node as the evaluator sees it.
type ctype struct{ k, e model.DatumKind }

var (
	cNil    = ctype{k: model.DNil}
	cInt    = ctype{k: model.DInt}
	cBool   = ctype{k: model.DBool}
	cSym    = ctype{k: model.DSym}
	cFloat  = ctype{k: model.DFloat}
	cCard   = ctype{k: model.DCard}
	cPlayer = ctype{k: model.DPlayer}
)

func listOf(e model.DatumKind) ctype { return ctype{k: model.DList, e: e} }

func (t ctype) numeric() bool { return t.k == model.DInt || t.k == model.DFloat }

func (t ctype) isText() bool { return t.k == model.DSym || t.k == model.DStr }

func (t ctype) String() string {
	name := func(k model.DatumKind) string {
		return [...]string{"nothing", "a number", "true or false", "a name", "a card", "a player", "a list", "a fraction", "a name"}[k]
	}
	if t.k == model.DList {
		if t.e == model.DNil {
			return "an empty list"
		}
		return "a list of " + [...]string{"", "numbers", "true/false values", "names", "cards", "players", "lists", "fractions", "names"}[t.e]
	}
	return name(t.k)
}

// typeOf is the ruleset type of a static type (TAny where it has none).
func (t ctype) typeOf() model.Type {
	switch t.k {
	case model.DInt:
		return model.TInt
	case model.DBool:
		return model.TBool
	case model.DSym, model.DStr:
		return model.TString
	case model.DCard:
		return model.TCard
	case model.DPlayer:
		return model.TPlayer
	case model.DFloat:
		return model.TFloat
	case model.DList:
		switch t.e {
		case model.DCard:
			return model.TCards
		case model.DPlayer:
			return model.TPlayers
		case model.DInt:
			return model.TInts
		case model.DSym, model.DStr:
			return model.TStrings
		}
	}
	return model.TAny
}

// ctypeOf is the static type of values of a ruleset type.
func ctypeOf(t model.Type) ctype {
	switch t {
	case model.TInt:
		return cInt
	case model.TBool:
		return cBool
	case model.TString:
		return cSym
	case model.TCard:
		return cCard
	case model.TPlayer:
		return cPlayer
	case model.TCards:
		return listOf(model.DCard)
	case model.TPlayers:
		return listOf(model.DPlayer)
	case model.TFloat:
		return cFloat
	case model.TInts:
		return listOf(model.DInt)
	case model.TStrings:
		return listOf(model.DSym)
	}
	return cNil
}

// unify is the type of a value that is one of a or b (the branches of a
// conditional, the elements of a literal list); ok is false when they differ.
func unify(a, b ctype) (ctype, bool) {
	switch {
	case a == b:
		return a, true
	case a.k == model.DNil:
		return b, true
	case b.k == model.DNil:
		return a, true
	case a.numeric() && b.numeric():
		return cFloat, true
	case a.isText() && b.isText():
		return cSym, true
	case a.k == model.DList && b.k == model.DList:
		if a.e == model.DNil {
			return b, true
		}
		if b.e == model.DNil {
			return a, true
		}
		if (a.e == model.DSym || a.e == model.DStr) && (b.e == model.DSym || b.e == model.DStr) {
			return listOf(model.DSym), true
		}
	}
	return a, false
}
