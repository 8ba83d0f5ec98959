package model

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
)

// A card whose name is written with {expression} parts ("{card.color}
// {card.size}") is one definition for many cards, each named from its
// properties. A setup places such a card by the name it ends up with ("blue
// 7"): the name is read back into the property values that give it.
// That works when each part reads one property of the card (card.x or
// this.x) of type int, enum or bool; other parts cannot be read back.

// PropValue is one card property value read from a generated name.
type PropValue struct {
	Prop  int
	Value int64
}

// nameReader reads the names of one definition's generated cards.
type nameReader struct {
	Def   *CardDef
	re    *regexp.Regexp
	loose *regexp.Regexp // the same with any text for each part: a name of its shape
	props []int          // the property each group of re reads
}

// Props is the card properties the name is read into, one per part.
func (nr *nameReader) Props() []int { return nr.props }

// NameReaders builds the readers of the definitions whose names are
// templates, and lists the templates that cannot be read back.
func (rs *Ruleset) NameReaders() (readers []nameReader, unreadable []string) {
	for _, d := range rs.Cards {
		t := d.NameTmpl
		if t == nil {
			continue
		}
		var pat, loose strings.Builder
		pat.WriteString("(?i)^")
		loose.WriteString("(?i)^")
		var props []int
		ok := len(t.Segs) == len(t.Exprs)+1
		for i, e := range t.Exprs {
			if !ok {
				break
			}
			pat.WriteString(regexp.QuoteMeta(t.Segs[i]))
			loose.WriteString(regexp.QuoteMeta(t.Segs[i]) + "(.+?)")
			src := strings.TrimSpace(e.Src)
			name, isProp := strings.CutPrefix(src, "card.")
			if !isProp {
				name, isProp = strings.CutPrefix(src, "this.")
			}
			ix, known := rs.CardPropIx[name]
			if !isProp || !known {
				ok = false
				break
			}
			decl := &rs.CardProps[ix]
			switch decl.Type {
			case TInt:
				pat.WriteString(`(-?[0-9]+)`)
			case TBool:
				pat.WriteString(`(true|false)`)
			case TString:
				values := append([]string(nil), decl.Values...)
				// the longest first, so that "red" does not take the start of "redwood"
				sort.SliceStable(values, func(a, b int) bool { return len(values[a]) > len(values[b]) })
				for k := range values {
					values[k] = regexp.QuoteMeta(values[k])
				}
				pat.WriteString("(" + strings.Join(values, "|") + ")")
			default:
				ok = false
			}
			if !ok {
				break
			}
			props = append(props, ix)
		}
		if !ok {
			unreadable = append(unreadable, d.Name)
			continue
		}
		pat.WriteString(regexp.QuoteMeta(t.Segs[len(t.Segs)-1]) + "$")
		loose.WriteString(regexp.QuoteMeta(t.Segs[len(t.Segs)-1]) + "$")
		re, err := regexp.Compile(pat.String())
		lre, lerr := regexp.Compile(loose.String())
		if err != nil || lerr != nil {
			unreadable = append(unreadable, d.Name)
			continue
		}
		readers = append(readers, nameReader{Def: d, re: re, loose: lre, props: props})
	}
	return readers, unreadable
}

// read gives the property values that name a card this way, or false.
func (nr *nameReader) read(rs *Ruleset, name string) ([]PropValue, bool) {
	m := nr.re.FindStringSubmatch(name)
	if m == nil {
		return nil, false
	}
	var out []PropValue
	for k, ix := range nr.props {
		decl := &rs.CardProps[ix]
		s := m[k+1]
		var v int64
		switch decl.Type {
		case TInt:
			n, err := strconv.ParseInt(s, 10, 64)
			// the name is what the value prints as: no leading zeros, within
			// the property's range
			if err != nil || strconv.FormatInt(n, 10) != s || decl.Min != nil && n < *decl.Min || decl.Max != nil && n > *decl.Max {
				return nil, false
			}
			v = n
		case TBool:
			if strings.EqualFold(s, "true") {
				v = 1
			}
		case TString:
			for _, val := range decl.Values {
				if strings.EqualFold(val, s) {
					v = int64(rs.SymbolIx[val])
				}
			}
		}
		// a property named twice must be read the same both times
		for _, pv := range out {
			if pv.Prop == ix && pv.Value != v {
				return nil, false
			}
		}
		out = append(out, PropValue{Prop: ix, Value: v})
	}
	return out, true
}

// WhyNotMade says why no card is named name when the name has the shape
// of a name made from properties ("3 of moon" beside "{card.rank} of
// {card.suit}"): the part that is no value of its property, or a number
// outside its bounds. It is "" when no template has the name's shape.
func (rs *Ruleset) WhyNotMade(name string) string {
	readers, _ := rs.NameReaders()
	for _, nr := range readers {
		if strings.TrimSpace(strings.Join(nr.Def.NameTmpl.Segs, "")) == "" {
			// a name of parts alone ("{card.color}") has every shape
			continue
		}
		m := nr.loose.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		for k, ix := range nr.props {
			decl := &rs.CardProps[ix]
			part := m[k+1]
			switch decl.Type {
			case TInt:
				n, err := strconv.ParseInt(part, 10, 64)
				switch {
				case err != nil || strconv.FormatInt(n, 10) != part:
					return fmt.Sprintf("%q would be the %s of a %q card, which is a whole number", part, decl.Name, nr.Def.Name)
				case decl.Min != nil && n < *decl.Min:
					return fmt.Sprintf("%s %d is below the least a card's %s may be, %d", decl.Name, n, decl.Name, *decl.Min)
				case decl.Max != nil && n > *decl.Max:
					return fmt.Sprintf("%s %d is above the most a card's %s may be, %d", decl.Name, n, decl.Name, *decl.Max)
				}
			case TBool:
				if !strings.EqualFold(part, "true") && !strings.EqualFold(part, "false") {
					return fmt.Sprintf("%q would be the %s of a %q card, which is true or false", part, decl.Name, nr.Def.Name)
				}
			case TString:
				known := false
				for _, v := range decl.Values {
					known = known || strings.EqualFold(v, part)
				}
				if !known {
					return fmt.Sprintf("%q is no %s (%s)%s", part, decl.Name, strings.Join(decl.Values, ", "), diag.DidYouMean(part, decl.Values))
				}
			}
		}
	}
	return ""
}

// GeneratedCard finds the definition whose name template gives a card this
// name, with the property values that give it. It returns nil and no error
// when no template gives the name.
func (rs *Ruleset) GeneratedCard(name string) (*CardDef, []PropValue, error) {
	readers, _ := rs.NameReaders()
	var found *CardDef
	var values []PropValue
	var defs []string
	for i := range readers {
		vals, ok := readers[i].read(rs, name)
		if !ok {
			continue
		}
		if found == nil {
			found, values = readers[i].Def, vals
		}
		defs = append(defs, readers[i].Def.ID)
	}
	if len(defs) > 1 {
		return nil, nil, fmt.Errorf("%q is the name of cards of %d definitions (%s): place one by its id and set its properties", name, len(defs), strings.Join(defs, ", "))
	}
	return found, values, nil
}

// CardsDetail is the detail of a diagnostic: for an unknown card whose
// message gives no hint (a near miss of a known card, generated names), where
// cards were looked for.
func CardsDetail(d diag.Diagnostic, where string) string {
	if d.Code == "unknown-card" && d.Detail == "" && !strings.Contains(d.Message, "did you mean") && !strings.Contains(d.Message, "(cards named") {
		return where
	}
	return d.Detail
}
