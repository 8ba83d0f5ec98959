package load

import (
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

func (c *compiler) players(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "players", playersKeys...)
	if !ok {
		return
	}
	c.Rs.PlayersPos = c.R.Pos(n)
	good := true
	if v := source.Get(fs, "min"); v != nil {
		var ok bool
		c.Rs.MinPlayers, ok = c.R.Integer(v, "players.min")
		good = good && ok
	}
	if v := source.Get(fs, "max"); v != nil {
		var ok bool
		c.Rs.MaxPlayers, ok = c.R.Integer(v, "players.max")
		good = good && ok
	}
	if v := source.Get(fs, "together"); v != nil {
		c.Rs.Together, _ = c.R.Boolean(v, "players.together")
	}
	if !good {
		c.Rs.MinPlayers, c.Rs.MaxPlayers = 2, 2
	} else if c.Rs.MinPlayers < 1 || c.Rs.MaxPlayers > 8 || c.Rs.MinPlayers > c.Rs.MaxPlayers {
		c.R.Errorf(n, "bad-value", "players", "players must satisfy 1 <= min <= max <= 8")
		// what the rest of the load sizes by stays within reason
		c.Rs.MinPlayers, c.Rs.MaxPlayers = 2, 2
	}
}

// maxStepBudget bounds limits.steps: a runaway of more steps than this
// would fill memory with what it leaves before the budget stopped it.
const maxStepBudget = 1000000

// checkWord refuses a name expressions could never compare with: none,
// nil, true and false are read as values wherever an expression names
// them (a zone named none: card.zone == none is false for its cards), and
// an empty name names nothing. what says what is named (a zone).
func (c *compiler) checkWord(n *yaml.Node, path, name, what string) {
	switch strings.TrimSpace(name) {
	case "none", "nil", "true", "false":
		c.R.Errorf(n, "bad-value", path, "%s cannot be named %s: expressions read %s as a value, never as this name, so nothing could compare with it; choose another name", what, name, name)
	case "":
		c.R.Errorf(n, "bad-value", path, "%s needs a name, written out: an empty one names nothing", what)
	}
}

func (c *compiler) keywords(n *yaml.Node) {
	n = source.ResolveAlias(n)
	var names []string
	docs := map[string]string{}
	switch n.Kind {
	case yaml.MappingNode:
		fs, _ := c.R.Mapping(n, "keywords")
		for _, f := range fs {
			c.checkWord(f.KeyN, "keywords."+f.Key, f.Key, "a keyword")
			names = append(names, f.Key)
			docs[f.Key], _ = c.R.Str(f.Value, "keywords."+f.Key)
		}
	default:
		names, _ = c.R.StrList(n, "keywords")
		for i, k := range names {
			if i < len(n.Content) {
				c.checkWord(n.Content[i], "keywords", k, "a keyword")
			}
		}
	}
	for _, k := range names {
		if len(c.Rs.Keywords) >= 64 {
			c.R.Errorf(n, "bad-value", "keywords", "a ruleset may declare at most 64 keywords")
			return
		}
		c.Rs.KeywordIx[k] = len(c.Rs.Keywords)
		c.Rs.Keywords = append(c.Rs.Keywords, k)
		c.Rs.KeywordDocs = append(c.Rs.KeywordDocs, docs[k])
		c.Rs.Intern(k)
	}
}

func (c *compiler) modes(n *yaml.Node) {
	n = source.ResolveAlias(n)
	if n.Kind == yaml.MappingNode {
		fs, _ := c.R.Mapping(n, "modes")
		for _, f := range fs {
			c.checkWord(f.KeyN, "modes."+f.Key, f.Key, "a mode")
			doc, _ := c.R.Str(f.Value, "modes."+f.Key)
			c.Rs.Modes = append(c.Rs.Modes, f.Key)
			c.Rs.ModeDocs = append(c.Rs.ModeDocs, doc)
			c.Rs.Intern(f.Key)
		}
		return
	}
	names, _ := c.R.StrList(n, "modes")
	for i, m := range names {
		if i < len(n.Content) {
			c.checkWord(n.Content[i], "modes", m, "a mode")
		}
		c.Rs.Modes = append(c.Rs.Modes, m)
		c.Rs.ModeDocs = append(c.Rs.ModeDocs, "")
		c.Rs.Intern(m)
	}
}

func (c *compiler) properties(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "properties", propertiesKeys...)
	if !ok {
		return
	}
	for _, f := range fs {
		path := "properties." + f.Key
		props, _ := c.R.Mapping(f.Value, path)
		var list *[]model.PropDecl
		var ix map[string]int
		switch f.Key {
		case "card":
			list, ix = &c.Rs.CardProps, c.Rs.CardPropIx
		case "player":
			list, ix = &c.Rs.PlayerProps, c.Rs.PlayerPropIx
		default:
			list, ix = &c.Rs.GameProps, c.Rs.GamePropIx
		}
		for _, p := range props {
			d := c.propDecl(p.Value, path+"."+p.Key, p.Key)
			d.Pos = c.R.Pos(p.KeyN)
			d.Index = len(*list)
			if f.Key == "card" && compile.FieldIndex(p.Key, len(model.CardFields), func(i int) string { return model.CardFields[i].Name }) >= 0 {
				c.R.Errorf(p.KeyN, "reserved-name", path+"."+p.Key, "%q is a field every card has; choose another name", p.Key)
			}
			if f.Key == "player" {
				if doc, ok := playerField(p.Key); ok {
					c.R.Errorf(p.KeyN, "reserved-name", path+"."+p.Key, "%q is a field every player has (p1.%s: %s); choose another name", p.Key, p.Key, doc)
				}
			}
			ix[p.Key] = d.Index
			*list = append(*list, d)
		}
	}
}

func (c *compiler) propDecl(n *yaml.Node, path, name string) model.PropDecl {
	d := model.PropDecl{Type: model.TInt, Name: name}
	n = source.ResolveAlias(n)
	if n.Kind == yaml.ScalarNode {
		t, ok := model.TypeNames[n.Value]
		if !ok {
			c.R.Errorf(n, "unknown-type", path, "unknown type %q%s", n.Value, diag.DidYouMean(n.Value, diag.KeysOf(model.TypeNames)))
		}
		d.Type = t
		if t == model.TString {
			c.R.Errorf(n, "missing-field", path, "an enum property needs its values: {type: enum, values: [a, b]}")
		}
		if t == model.TStrings {
			c.R.Errorf(n, "missing-field", path, "a names property needs its values: {type: names, values: [a, b]}")
		}
		return d
	}
	fs, ok := c.R.Mapping(n, path, propertyKeys...)
	if !ok {
		return d
	}
	if t := source.Get(fs, "type"); t != nil {
		s, _ := c.R.Str(t, path+".type")
		tt, ok := model.TypeNames[s]
		if !ok {
			c.R.Errorf(t, "unknown-type", path+".type", "unknown type %q%s", s, diag.DidYouMean(s, diag.KeysOf(model.TypeNames)))
			return d
		}
		d.Type = tt
	} else if source.Get(fs, "values") != nil {
		d.Type = model.TString
	}
	if v := source.Get(fs, "values"); v != nil {
		d.Values, _ = c.R.StrList(v, path+".values")
		if len(d.Values) == 0 && (d.Type == model.TString || d.Type == model.TStrings) {
			c.R.Errorf(v, "bad-value", path+".values", "%s lists no value: a property of values needs at least one", path)
		}
		for i, s := range d.Values {
			if slices.Contains(d.Values[:i], s) {
				c.R.Errorf(v, "bad-value", path+".values", "%q is listed twice among the values of %s", s, path)
			}
			c.Rs.Intern(s)
		}
		if d.Type != model.TString && d.Type != model.TStrings {
			c.R.Errorf(v, "type-mismatch", path+".values", "only enum and names properties list values")
		}
		if d.Type == model.TStrings && len(d.Values) > model.MaxNames {
			c.R.Errorf(v, "out-of-range", path+".values", "a names property declares at most %d values", model.MaxNames)
		}
	} else if d.Type == model.TString {
		c.R.Errorf(n, "missing-field", path, "an enum property needs its `values`")
	} else if d.Type == model.TStrings {
		c.R.Errorf(n, "missing-field", path, "a names property needs its `values`")
	}
	if d.Type == model.TStrings && !strings.HasPrefix(path, "properties.card.") {
		c.R.Errorf(n, "unknown-type", path, "only card properties hold several names (a player or the game: one bool property per name)")
	}
	if v := source.Get(fs, "doc"); v != nil {
		d.Doc, _ = c.R.Str(v, path+".doc")
	}
	if v := source.Get(fs, "label"); v != nil {
		d.Label, _ = c.R.Str(v, path+".label")
	}
	if v := source.Get(fs, "label_one"); v != nil {
		d.LabelOne, _ = c.R.Str(v, path+".label_one")
		if d.Type != model.TInt {
			c.R.Errorf(v, "bad-value", path+".label_one", "only an int property is counted in amounts; label_one names one of it")
		}
	}
	if v := source.Get(fs, "internal"); v != nil {
		d.Internal, _ = c.R.Boolean(v, path+".internal")
	}
	if v := source.Get(fs, "reset_on_move"); v != nil {
		d.ResetOnMove, _ = c.R.Boolean(v, path+".reset_on_move")
		if !strings.HasPrefix(path, "properties.card.") {
			c.R.Errorf(v, "bad-value", path+".reset_on_move", "only card properties reset when their card moves")
		}
	}
	if v := source.Get(fs, "min"); v != nil {
		x, _ := c.R.Integer(v, path+".min")
		m := int64(x)
		d.Min = &m
	}
	if v := source.Get(fs, "max"); v != nil {
		x, _ := c.R.Integer(v, path+".max")
		m := int64(x)
		d.Max = &m
	}
	if d.Min != nil && d.Max != nil && *d.Min > *d.Max {
		c.R.Errorf(source.Get(fs, "max"), "bad-value", path+".max", "max (%d) is below min (%d): no value would fit", *d.Max, *d.Min)
	}
	if (d.Min != nil || d.Max != nil) && d.Type != model.TInt {
		at := source.Get(fs, "min")
		if at == nil {
			at = source.Get(fs, "max")
		}
		c.R.Errorf(at, "bad-value", path, "only an int property has a min and a max")
	}
	if d.Type == model.TCards || d.Type == model.TPlayers {
		c.R.Errorf(n, "unknown-type", path, "a property holds one value; for a list of cards use a zone, and for a list of players a bool player property")
	}
	if d.Type == model.TCard || d.Type == model.TPlayer {
		d.Default = -1
	}
	if v := source.Get(fs, "default"); v != nil {
		d.Default = c.literal(v, path+".default", d)
	}
	return d
}

// literal reads a constant property value written in YAML.
func (c *compiler) literal(n *yaml.Node, path string, d model.PropDecl) int64 {
	switch d.Type {
	case model.TInt:
		v, _ := c.R.Integer(n, path)
		if d.Min != nil && int64(v) < *d.Min || d.Max != nil && int64(v) > *d.Max {
			c.R.Errorf(n, "out-of-range", path, "%d is outside the declared range of %s", v, d.Name)
		}
		return int64(v)
	case model.TBool:
		v, _ := c.R.Boolean(n, path)
		if v {
			return 1
		}
		return 0
	case model.TString:
		s, _ := c.R.Str(n, path)
		if !source.Contains(d.Values, s) {
			c.R.Errorf(n, "bad-value", path, "%q is not one of the values of %s (%s)%s", s, d.Name, strings.Join(d.Values, ", "), diag.DidYouMean(s, d.Values))
		}
		return c.Rs.Intern(s)
	case model.TStrings:
		// a list of some of the declared values: bit i for the i-th
		list, _ := c.R.StrList(n, path)
		var v int64
		for _, s := range list {
			i := slices.Index(d.Values, s)
			if i < 0 {
				c.R.Errorf(n, "bad-value", path, "%q is not one of the values of %s (%s)%s", s, d.Name, strings.Join(d.Values, ", "), diag.DidYouMean(s, d.Values))
				continue
			}
			v |= 1 << uint(i)
		}
		return v
	}
	c.R.Errorf(n, "type-mismatch", path, "a %s property cannot have a constant value", d.Type)
	return -1
}

// maxSlots bounds the positions of a zone: a board of a thousand is far
// beyond any game, and a number past it is a typo that would take the
// machine's memory.
const maxSlots = 1000

var zoneKeys = []string{"per", "visibility", "face_down", "blind", "slots", "slot_names", "beside", "area", "max", "refill_from", "shown", "first_face", "keeps_owner", "doc"}

func (c *compiler) zones(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "zones")
	if !ok {
		return
	}
	refills := map[int]*yaml.Node{}
	besides := map[int]*yaml.Node{}
	areas := map[string]int{} // an area's name: its number, from 1
	for _, f := range fs {
		path := "zones." + f.Key
		c.checkWord(f.KeyN, path, f.Key, "a zone")
		z := model.ZoneDecl{Name: f.Key, Index: len(c.Rs.Zones), PerPlayer: true, Visibility: model.Public, RefillFrom: -1, Pos: c.R.Pos(f.KeyN)}
		zf, ok := c.R.Mapping(f.Value, path, zoneKeys...)
		if ok {
			if v := source.Get(zf, "per"); v != nil {
				s, _ := c.R.Str(v, path+".per")
				switch s {
				case "player":
				case "game":
					z.PerPlayer = false
				default:
					c.R.Errorf(v, "bad-value", path+".per", "`per` is player or game, not %q", s)
				}
			}
			if v := source.Get(zf, "visibility"); v != nil {
				s, _ := c.R.Str(v, path+".visibility")
				switch s {
				case "hidden":
					z.Visibility = model.Hidden
				case "owner":
					z.Visibility = model.OwnerOnly
				case "public":
					z.Visibility = model.Public
				case "others":
					z.Visibility = model.Others
				default:
					c.R.Errorf(v, "bad-value", path+".visibility", "visibility is hidden, owner, public or others, not %q%s", s, diag.DidYouMean(s, []string{"hidden", "owner", "public", "others"}))
				}
			}
			if v := source.Get(zf, "face_down"); v != nil {
				z.FaceDown, _ = c.R.Boolean(v, path+".face_down")
			}
			if v := source.Get(zf, "slots"); v != nil {
				z.Slots, _ = c.R.Integer(v, path+".slots")
				if z.Slots < 1 || z.Slots > maxSlots {
					c.R.Errorf(v, "out-of-range", path+".slots", "slots is the number of positions, from 1 to %d, not %d (a zone without positions has no slots)", maxSlots, z.Slots)
					z.Slots = 0
				}
			}
			if v := source.Get(zf, "blind"); v != nil {
				z.Blind, _ = c.R.Boolean(v, path+".blind")
			}
			if v := source.Get(zf, "slot_names"); v != nil {
				z.SlotNames, _ = c.R.StrList(v, path+".slot_names")
				if len(z.SlotNames) != z.Slots {
					c.R.Errorf(v, "bad-value", path+".slot_names", "slot_names names each of the zone's %d positions: %d names given", z.Slots, len(z.SlotNames))
				}
			}
			if v := source.Get(zf, "beside"); v != nil {
				besides[z.Index] = v
			}
			if v := source.Get(zf, "area"); v != nil {
				if name, ok := c.R.Str(v, path+".area"); ok && name != "" {
					if _, ok := areas[name]; !ok {
						areas[name] = len(areas) + 1
					}
					z.Area = areas[name]
				}
			}
			if v := source.Get(zf, "max"); v != nil {
				z.Max, _ = c.R.Integer(v, path+".max")
			}
			if v := source.Get(zf, "shown"); v != nil {
				shown, _ := c.R.Boolean(v, path+".shown")
				z.NotShown = !shown
			}
			if v := source.Get(zf, "first_face"); v != nil {
				z.FirstFace, _ = c.R.Boolean(v, path+".first_face")
			}
			if v := source.Get(zf, "keeps_owner"); v != nil {
				z.KeepsOwner, _ = c.R.Boolean(v, path+".keeps_owner")
				if z.KeepsOwner && z.PerPlayer {
					c.R.Errorf(v, "bad-value", path+".keeps_owner", "keeps_owner is for a shared zone (per: game): a card in a player's zone keeps its owner when it leaves")
				}
			}
			if v := source.Get(zf, "doc"); v != nil {
				z.Doc, _ = c.R.Str(v, path+".doc")
			}
			if v := source.Get(zf, "refill_from"); v != nil {
				refills[z.Index] = v
			}
		}
		if z.PerPlayer {
			// p1.<zone> reads the zone: a field or a property of the
			// same name would be read as the zone, or the zone as it
			if doc, ok := playerField(f.Key); ok {
				c.R.Errorf(f.KeyN, "reserved-name", path, "zone %q is named like a field every player has (p1.%s: %s), which p1.%s must keep reading; choose another name", f.Key, f.Key, doc, f.Key)
			} else if _, ok := c.Rs.PlayerPropIx[f.Key]; ok {
				c.R.Errorf(f.KeyN, "duplicate-name", path, "zone %q has the name of a player property: p1.%s would read one of them; choose another name for one", f.Key, f.Key)
			}
		} else if _, ok := c.Rs.GamePropIx[f.Key]; ok {
			c.R.Errorf(f.KeyN, "duplicate-name", path, "shared zone %q has the name of a game property: game.%s would read one of them; choose another name for one", f.Key, f.Key)
		}
		c.Rs.ZoneIx[f.Key] = z.Index
		c.Rs.Intern(f.Key)
		c.Rs.Zones = append(c.Rs.Zones, z)
	}
	for i, v := range refills {
		zi := c.zoneRef(v, "zones."+c.Rs.Zones[i].Name+".refill_from")
		c.Rs.Zones[i].RefillFrom = zi
		if zi >= 0 && (c.Rs.Zones[i].Slots > 0 || c.Rs.Zones[zi].Slots > 0) {
			// a refill shuffles a pile into a pile: positions have no top
			c.R.Errorf(v, "bad-value", "zones."+c.Rs.Zones[i].Name+".refill_from", "refill_from shuffles one pile into another: %s and %s must be zones without positions (slots)", c.Rs.Zones[i].Name, c.Rs.Zones[zi].Name)
		}
	}
	for i := range c.Rs.Zones { // in declaration order: the diagnostics come out in a fixed order
		v := besides[i]
		if v == nil {
			continue
		}
		path := "zones." + c.Rs.Zones[i].Name + ".beside"
		names, _ := c.R.StrList(v, path)
		z := &c.Rs.Zones[i]
		for _, nm := range names {
			j, ok := c.Rs.ZoneIx[nm]
			switch {
			case !ok:
				c.R.Errorf(v, "unknown-zone", path, "unknown zone %q%s", nm, diag.DidYouMean(nm, diag.KeysOf(c.Rs.ZoneIx)))
			case j == i || z.Slots == 0 || c.Rs.Zones[j].Slots != z.Slots || c.Rs.Zones[j].PerPlayer != z.PerPlayer:
				c.R.Errorf(v, "bad-value", path, "beside joins positional zones of the same number of positions, each player's or both shared: %s (%d positions) and %s (%d positions)", z.Name, z.Slots, nm, c.Rs.Zones[j].Slots)
			default:
				if !slices.Contains(z.Beside, j) {
					z.Beside = append(z.Beside, j)
				}
				if o := &c.Rs.Zones[j]; !slices.Contains(o.Beside, i) {
					o.Beside = append(o.Beside, i)
				}
			}
		}
	}
}

func (c *compiler) zoneRef(n *yaml.Node, path string) int {
	s, ok := c.R.Str(n, path)
	if !ok {
		return -1
	}
	i, ok := c.Rs.ZoneIx[s]
	if !ok {
		c.R.Errorf(n, "unknown-zone", path, "unknown zone %q%s", s, diag.DidYouMean(s, diag.KeysOf(c.Rs.ZoneIx)))
		return -1
	}
	return i
}

func (c *compiler) limits(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "limits", limitsKeys...)
	if !ok {
		return
	}
	if v := source.Get(fs, "turns"); v != nil {
		var ok bool
		if c.Rs.TurnLimit, ok = c.R.Integer(v, "limits.turns"); ok && c.Rs.TurnLimit < 1 {
			c.R.Errorf(v, "out-of-range", "limits.turns", "limits.turns is at least 1 (leave it out for a game without a turn limit)")
			c.Rs.TurnLimit = 0
		}
	}
	if v := source.Get(fs, "steps"); v != nil {
		var ok bool
		if c.Rs.StepBudget, ok = c.R.Integer(v, "limits.steps"); ok && (c.Rs.StepBudget < 1 || c.Rs.StepBudget > maxStepBudget) {
			c.R.Errorf(v, "out-of-range", "limits.steps", "limits.steps is 1 to %d (leave it out for a budget that grows with the game)", maxStepBudget)
			c.Rs.StepBudget = 0
		}
	}
}

// playerField is the doc of the field every player has of that name (p1.won).
func playerField(name string) (string, bool) {
	for _, f := range model.PlayerFields {
		if f.Name == name {
			return f.Doc, true
		}
	}
	return "", false
}
