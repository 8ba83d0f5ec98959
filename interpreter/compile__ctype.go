package interpreter

// ctype is the static type of an expression node as the evaluator sees it.
type ctype struct{ k, e DatumKind }

var (
	cNil    = ctype{k: DNil}
	cInt    = ctype{k: DInt}
	cBool   = ctype{k: DBool}
	cSym    = ctype{k: DSym}
	cFloat  = ctype{k: DFloat}
	cCard   = ctype{k: DCard}
	cPlayer = ctype{k: DPlayer}
)

func listOf(e DatumKind) ctype { return ctype{k: DList, e: e} }

func (t ctype) numeric() bool { return t.k == DInt || t.k == DFloat }

func (t ctype) isText() bool { return t.k == DSym || t.k == DStr }

func (t ctype) String() string {
	name := func(k DatumKind) string {
		return [...]string{"nothing", "a number", "true or false", "a name", "a card", "a player", "a list", "a fraction", "a name"}[k]
	}
	if t.k == DList {
		if t.e == DNil {
			return "an empty list"
		}
		return "a list of " + [...]string{"", "numbers", "true/false values", "names", "cards", "players", "lists", "fractions", "names"}[t.e]
	}
	return name(t.k)
}

// typeOf is the ruleset type of a static type (TAny where it has none).
func (t ctype) typeOf() Type {
	switch t.k {
	case DInt:
		return TInt
	case DBool:
		return TBool
	case DSym, DStr:
		return TString
	case DCard:
		return TCard
	case DPlayer:
		return TPlayer
	case DFloat:
		return TFloat
	case DList:
		switch t.e {
		case DCard:
			return TCards
		case DPlayer:
			return TPlayers
		case DInt:
			return TInts
		case DSym, DStr:
			return TStrings
		}
	}
	return TAny
}

// ctypeOf is the static type of values of a ruleset type.
func ctypeOf(t Type) ctype {
	switch t {
	case TInt:
		return cInt
	case TBool:
		return cBool
	case TString:
		return cSym
	case TCard:
		return cCard
	case TPlayer:
		return cPlayer
	case TCards:
		return listOf(DCard)
	case TPlayers:
		return listOf(DPlayer)
	case TFloat:
		return cFloat
	case TInts:
		return listOf(DInt)
	case TStrings:
		return listOf(DSym)
	}
	return cNil
}

// unify is the type of a value that is one of a or b (the branches of a
// conditional, the elements of a literal list); ok is false when they differ.
func unify(a, b ctype) (ctype, bool) {
	switch {
	case a == b:
		return a, true
	case a.k == DNil:
		return b, true
	case b.k == DNil:
		return a, true
	case a.numeric() && b.numeric():
		return cFloat, true
	case a.isText() && b.isText():
		return cSym, true
	case a.k == DList && b.k == DList:
		if a.e == DNil {
			return b, true
		}
		if b.e == DNil {
			return a, true
		}
		if (a.e == DSym || a.e == DStr) && (b.e == DSym || b.e == DStr) {
			return listOf(DSym), true
		}
	}
	return a, false
}
