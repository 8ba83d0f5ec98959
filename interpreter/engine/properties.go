package engine

import (
	"fmt"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// GrantKeywordFor gives a card a keyword (or takes it away) through a
// modifier that lasts as m says (its Until, Phase and By); m's Card, Prop,
// Keyword and Amount are filled in here.
func (g *machine) GrantKeywordFor(c int, kw string, on bool, m state.Modifier) error {
	i, ok := g.Rs.KeywordIndex(kw)
	if !ok {
		return fmt.Errorf("unknown keyword %q", kw)
	}
	m.Card, m.Prop, m.Keyword, m.Amount, m.Set = state.CardRef(c), -1, int8(i+1), 0, false
	if on {
		m.Amount = 1
	}
	g.AddModifier(m)
	return nil
}

// GrantKeyword gives a card a keyword (or takes it away).
func (g *machine) GrantKeyword(c int, kw string, on bool) error {
	i, ok := g.Rs.KeywordIx[kw]
	if !ok {
		return fmt.Errorf("unknown keyword %q", kw)
	}
	if on {
		g.S.Cards[c].Granted |= 1 << i
	} else {
		g.S.Cards[c].Granted &^= 1 << i
	}
	g.changed(model.ReadsCardFields)
	return nil
}

func (g *machine) clamp(d *model.PropDecl, v int64) int64 {
	if d.Type != model.TInt {
		return v
	}
	if d.Min != nil && v < *d.Min {
		v = *d.Min
	}
	if d.Max != nil && v > *d.Max {
		v = *d.Max
	}
	return v
}

// SetCardProp writes a card property's base value (clamped to its declared
// range). Writing the value it has changes nothing, and is not a change:
// no check or kept answer that reads it is worked out again.
func (g *machine) SetCardProp(c, idx int, v int64) {
	at := &g.S.CardProps[c*g.Stride()+idx]
	if v = g.clamp(&g.Rs.CardProps[idx], v); *at == v {
		return
	}
	*at = v
	g.changed(g.Rs.CardPropReads(idx))
}

// SetPlayerProp writes a player property (clamped to its declared range);
// writing the value it has is not a change.
func (g *machine) SetPlayerProp(p, idx int, v int64) {
	at := &g.S.PlayerProp[p*len(g.Rs.PlayerProps)+idx]
	if v = g.clamp(&g.Rs.PlayerProps[idx], v); *at == v {
		return
	}
	*at = v
	g.changedSeats(g.Rs.PlayerPropReads(idx), seatBit(p))
}

// seatBit is seat p's bit in a set of seats; every bit past the bits there are.
func seatBit(p int) uint64 {
	if p < 0 || p >= 64 {
		return ^uint64(0)
	}
	return 1 << p
}

// SetGameProp writes a game property (clamped to its declared range).
func (g *machine) SetGameProp(idx int, v int64) {
	at := &g.S.GameProps[idx]
	if v = g.clamp(&g.Rs.GameProps[idx], v); *at == v {
		return
	}
	*at = v
	g.changed(g.Rs.GamePropReads(idx))
}

// EndEffectsOf ends every modifier made by a player's effects (the player
// left the game) and returns those that ended.
func (g *machine) EndEffectsOf(p int) []state.Modifier {
	keep := g.S.Modifiers[:0]
	var ended []state.Modifier // made only when a player leaves: rare
	var parts model.ReadSet
	for _, m := range g.S.Modifiers {
		if int(m.By) == p {
			ended = append(ended, m)
			parts |= g.modifierParts(&m)
			continue
		}
		keep = append(keep, m)
	}
	g.S.Modifiers = keep
	if len(ended) > 0 {
		g.changed(parts)
	}
	return ended
}

// AddModifier adds a modifier; its derived value is computed on every read.
func (g *machine) AddModifier(m state.Modifier) {
	m.Seq = int32(g.S.ModSeq)
	g.S.ModSeq++
	m.Turn = int32(g.S.Turn)
	g.S.Modifiers = append(g.S.Modifiers, m)
	g.changed(g.modifierParts(&m))
}

// EndPhaseEffects ends now the modifiers that last until the end of phase
// ph (a turn structure that ends them at a point of the phase rather than
// at its end) and returns how many ended.
func (g *machine) EndPhaseEffects(ph int) int {
	n := len(g.S.Modifiers)
	g.expirePhase(ph)
	return n - len(g.S.Modifiers)
}

// EndEffectsUntil ends now the modifiers of duration u (end_of_turn,
// end_of_phase), for a turn structure that ends them at a point of the
// turn rather than at its end ("until end of turn" effects end, then damage
// is removed), and returns how many ended. Those that last until the end
// of a named phase are left to it.
func (g *machine) EndEffectsUntil(u state.Until) int {
	return g.endModifiers(func(m *state.Modifier) bool { return m.Until == u && m.Phase == 0 })
}

// expirePhase ends the modifiers that last until the end of phase ph.
func (g *machine) expirePhase(ph int) {
	g.endModifiers(func(m *state.Modifier) bool { return int(m.Phase) == ph+1 })
}

// expire ends the modifiers of a duration. At the end of a turn, those that
// last until the end of a phase end too: the phase did not come again this
// turn (it was skipped or already over), and they never outlive the turn.
func (g *machine) expire(until state.Until) {
	g.endModifiers(func(m *state.Modifier) bool {
		return !((until != state.UntilTurn || m.Phase == 0) && (m.Until != until || m.Phase != 0))
	})
}

// endModifiers ends the modifiers ends says end, noting the parts of the
// state they changed, and returns how many ended.
func (g *machine) endModifiers(ends func(m *state.Modifier) bool) int {
	if len(g.S.Modifiers) == 0 {
		return 0 // most of the time: nothing to end, and nothing written
	}
	keep := g.S.Modifiers[:0]
	var parts model.ReadSet
	for i := range g.S.Modifiers {
		if m := &g.S.Modifiers[i]; ends(m) {
			parts |= g.modifierParts(m)
		} else {
			keep = append(keep, *m)
		}
	}
	n := len(g.S.Modifiers) - len(keep)
	if n > 0 {
		g.changed(parts)
	}
	g.S.Modifiers = keep
	return n
}

// expireCard ends the modifiers of a card that moves to another place (a
// zone of another kind, not of its area), and returns the parts of the
// state they changed: there it is a new card, which nothing done to the old
// one changes (a card sent back to hand and played again the same turn
// comes back as printed), whatever their duration, but for those made
// permanent.
func (g *machine) expireCard(c int) model.ReadSet {
	if len(g.S.Modifiers) == 0 {
		return 0
	}
	keep := g.S.Modifiers[:0]
	var parts model.ReadSet
	for _, m := range g.S.Modifiers {
		if int(m.Card) != c || m.Until == state.UntilEver {
			keep = append(keep, m)
		} else {
			parts |= g.modifierParts(&m)
		}
	}
	// the parts the modifiers that ended changed are the caller's to mark
	// (a move): what was worked out from them is worked out again
	g.S.Modifiers = keep
	return parts
}
