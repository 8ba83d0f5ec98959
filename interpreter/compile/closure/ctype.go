package closure

import "github.com/arbiter-games/arbiter/interpreter/model"

// Type is the static type of an expression node as the evaluator sees it.
type Type struct{ k, e model.DatumKind }

var (
	CNil    = Type{k: model.DNil}
	cInt    = Type{k: model.DInt}
	cBool   = Type{k: model.DBool}
	cSym    = Type{k: model.DSym}
	cFloat  = Type{k: model.DFloat}
	cCard   = Type{k: model.DCard}
	cPlayer = Type{k: model.DPlayer}
)

func listOf(e model.DatumKind) Type { return Type{k: model.DList, e: e} }

// Kind is the kind of the type's values (a list's: DList).
func (t Type) Kind() model.DatumKind { return t.k }

func (t Type) numeric() bool { return t.k == model.DInt || t.k == model.DFloat }

func (t Type) isText() bool { return t.k == model.DSym || t.k == model.DStr }

// String names the type as a diagnostic does.
func (t Type) String() string {
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

// TypeOf is the ruleset type of a static type (TAny where it has none).
func (t Type) TypeOf() model.Type {
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

// TypeFor is the static type of values of a ruleset type.
func TypeFor(t model.Type) Type {
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
	return CNil
}

// unify is the type of a value that is one of a or b (the branches of a
// conditional, the elements of a literal list); ok is false when they differ.
func unify(a, b Type) (Type, bool) {
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
