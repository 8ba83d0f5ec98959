package interpreter

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

func (c *compiler) players(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "players", "min", "max")
	if !ok {
		return
	}
	good := true
	if v := get(fs, "min"); v != nil {
		var ok bool
		c.rs.MinPlayers, ok = c.r.integer(v, "players.min")
		good = good && ok
	}
	if v := get(fs, "max"); v != nil {
		var ok bool
		c.rs.MaxPlayers, ok = c.r.integer(v, "players.max")
		good = good && ok
	}
	if !good {
		c.rs.MinPlayers, c.rs.MaxPlayers = 2, 2
	} else if c.rs.MinPlayers < 1 || c.rs.MaxPlayers > 8 || c.rs.MinPlayers > c.rs.MaxPlayers {
		c.r.errorf(n, "bad-value", "players", "players must satisfy 1 <= min <= max <= 8")
	}
}

func (c *compiler) keywords(n *yaml.Node) {
	n = resolveAlias(n)
	var names []string
	docs := map[string]string{}
	switch n.Kind {
	case yaml.MappingNode:
		fs, _ := c.r.mapping(n, "keywords")
		for _, f := range fs {
			names = append(names, f.Key)
			docs[f.Key], _ = c.r.str(f.Value, "keywords."+f.Key)
		}
	default:
		names, _ = c.r.strList(n, "keywords")
	}
	for _, k := range names {
		if len(c.rs.Keywords) >= 64 {
			c.r.errorf(n, "bad-value", "keywords", "a ruleset may declare at most 64 keywords")
			return
		}
		c.rs.keywordIx[k] = len(c.rs.Keywords)
		c.rs.Keywords = append(c.rs.Keywords, k)
		c.rs.KeywordDocs = append(c.rs.KeywordDocs, docs[k])
		c.rs.intern(k)
	}
}

func (c *compiler) modes(n *yaml.Node) {
	n = resolveAlias(n)
	if n.Kind == yaml.MappingNode {
		fs, _ := c.r.mapping(n, "modes")
		for _, f := range fs {
			doc, _ := c.r.str(f.Value, "modes."+f.Key)
			c.rs.Modes = append(c.rs.Modes, f.Key)
			c.rs.ModeDocs = append(c.rs.ModeDocs, doc)
			c.rs.intern(f.Key)
		}
		return
	}
	names, _ := c.r.strList(n, "modes")
	for _, m := range names {
		c.rs.Modes = append(c.rs.Modes, m)
		c.rs.ModeDocs = append(c.rs.ModeDocs, "")
		c.rs.intern(m)
	}
}

func (c *compiler) properties(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "properties", "card", "player", "game")
	if !ok {
		return
	}
	for _, f := range fs {
		path := "properties." + f.Key
		props, _ := c.r.mapping(f.Value, path)
		var list *[]PropDecl
		var ix map[string]int
		switch f.Key {
		case "card":
			list, ix = &c.rs.CardProps, c.rs.cardPropIx
		case "player":
			list, ix = &c.rs.PlayerProps, c.rs.playerPropIx
		default:
			list, ix = &c.rs.GameProps, c.rs.gamePropIx
		}
		for _, p := range props {
			d := c.propDecl(p.Value, path+"."+p.Key, p.Key)
			d.Pos = c.r.pos(p.KeyN)
			d.Index = len(*list)
			if f.Key == "card" && fieldIndex(p.Key, len(cardFields), func(i int) string { return cardFields[i].name }) >= 0 {
				c.r.errorf(p.KeyN, "reserved-name", path+"."+p.Key, "%q is a field every card has; choose another name", p.Key)
			}
			ix[p.Key] = d.Index
			*list = append(*list, d)
		}
	}
}

func (c *compiler) propDecl(n *yaml.Node, path, name string) PropDecl {
	d := PropDecl{Type: TInt, Name: name}
	n = resolveAlias(n)
	if n.Kind == yaml.ScalarNode {
		t, ok := typeNames[n.Value]
		if !ok {
			c.r.errorf(n, "unknown-type", path, "unknown type %q%s", n.Value, didYouMean(n.Value, keysOf(typeNames)))
		}
		d.Type = t
		if t == TString {
			c.r.errorf(n, "missing-field", path, "an enum property needs its values: {type: enum, values: [a, b]}")
		}
		return d
	}
	fs, ok := c.r.mapping(n, path, "type", "values", "default", "min", "max", "doc", "label", "reset_on_move", "internal")
	if !ok {
		return d
	}
	if t := get(fs, "type"); t != nil {
		s, _ := c.r.str(t, path+".type")
		tt, ok := typeNames[s]
		if !ok {
			c.r.errorf(t, "unknown-type", path+".type", "unknown type %q%s", s, didYouMean(s, keysOf(typeNames)))
			return d
		}
		d.Type = tt
	} else if get(fs, "values") != nil {
		d.Type = TString
	}
	if v := get(fs, "values"); v != nil {
		d.Values, _ = c.r.strList(v, path+".values")
		for _, s := range d.Values {
			c.rs.intern(s)
		}
		if d.Type != TString {
			c.r.errorf(v, "type-mismatch", path+".values", "only enum properties list values")
		}
	} else if d.Type == TString {
		c.r.errorf(n, "missing-field", path, "an enum property needs its `values`")
	}
	if v := get(fs, "doc"); v != nil {
		d.Doc, _ = c.r.str(v, path+".doc")
	}
	if v := get(fs, "label"); v != nil {
		d.Label, _ = c.r.str(v, path+".label")
	}
	if v := get(fs, "internal"); v != nil {
		d.Internal, _ = c.r.boolean(v, path+".internal")
	}
	if v := get(fs, "reset_on_move"); v != nil {
		d.ResetOnMove, _ = c.r.boolean(v, path+".reset_on_move")
		if !strings.HasPrefix(path, "properties.card.") {
			c.r.errorf(v, "bad-value", path+".reset_on_move", "only card properties reset when their card moves")
		}
	}
	if v := get(fs, "min"); v != nil {
		x, _ := c.r.integer(v, path+".min")
		m := int64(x)
		d.Min = &m
	}
	if v := get(fs, "max"); v != nil {
		x, _ := c.r.integer(v, path+".max")
		m := int64(x)
		d.Max = &m
	}
	if d.Type == TCards || d.Type == TPlayers {
		c.r.errorf(n, "unknown-type", path, "a property holds one value; for a list of cards use a zone, and for a list of players a bool player property")
	}
	if d.Type == TCard || d.Type == TPlayer {
		d.Default = -1
	}
	if v := get(fs, "default"); v != nil {
		d.Default = c.literal(v, path+".default", d)
	}
	return d
}

// literal reads a constant property value written in YAML.
func (c *compiler) literal(n *yaml.Node, path string, d PropDecl) int64 {
	switch d.Type {
	case TInt:
		v, _ := c.r.integer(n, path)
		if d.Min != nil && int64(v) < *d.Min || d.Max != nil && int64(v) > *d.Max {
			c.r.errorf(n, "out-of-range", path, "%d is outside the declared range of %s", v, d.Name)
		}
		return int64(v)
	case TBool:
		v, _ := c.r.boolean(n, path)
		if v {
			return 1
		}
		return 0
	case TString:
		s, _ := c.r.str(n, path)
		if !contains(d.Values, s) {
			c.r.errorf(n, "bad-value", path, "%q is not one of the values of %s (%s)%s", s, d.Name, strings.Join(d.Values, ", "), didYouMean(s, d.Values))
		}
		return c.rs.intern(s)
	}
	c.r.errorf(n, "type-mismatch", path, "a %s property cannot have a constant value", d.Type)
	return -1
}

var zoneKeys = []string{"per", "visibility", "face_down", "slots", "max", "refill_from", "doc"}

func (c *compiler) zones(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "zones")
	if !ok {
		return
	}
	refills := map[int]*yaml.Node{}
	for _, f := range fs {
		path := "zones." + f.Key
		z := ZoneDecl{Name: f.Key, Index: len(c.rs.Zones), PerPlayer: true, Visibility: Public, RefillFrom: -1, Pos: c.r.pos(f.KeyN)}
		zf, ok := c.r.mapping(f.Value, path, zoneKeys...)
		if ok {
			if v := get(zf, "per"); v != nil {
				s, _ := c.r.str(v, path+".per")
				switch s {
				case "player":
				case "game":
					z.PerPlayer = false
				default:
					c.r.errorf(v, "bad-value", path+".per", "`per` is player or game, not %q", s)
				}
			}
			if v := get(zf, "visibility"); v != nil {
				s, _ := c.r.str(v, path+".visibility")
				switch s {
				case "hidden":
					z.Visibility = Hidden
				case "owner":
					z.Visibility = OwnerOnly
				case "public":
					z.Visibility = Public
				default:
					c.r.errorf(v, "bad-value", path+".visibility", "visibility is hidden, owner or public, not %q%s", s, didYouMean(s, []string{"hidden", "owner", "public"}))
				}
			}
			if v := get(zf, "face_down"); v != nil {
				z.FaceDown, _ = c.r.boolean(v, path+".face_down")
			}
			if v := get(zf, "slots"); v != nil {
				z.Slots, _ = c.r.integer(v, path+".slots")
			}
			if v := get(zf, "max"); v != nil {
				z.Max, _ = c.r.integer(v, path+".max")
			}
			if v := get(zf, "doc"); v != nil {
				z.Doc, _ = c.r.str(v, path+".doc")
			}
			if v := get(zf, "refill_from"); v != nil {
				refills[z.Index] = v
			}
		}
		c.rs.zoneIx[f.Key] = z.Index
		c.rs.intern(f.Key)
		c.rs.Zones = append(c.rs.Zones, z)
	}
	for i, v := range refills {
		zi := c.zoneRef(v, "zones."+c.rs.Zones[i].Name+".refill_from")
		c.rs.Zones[i].RefillFrom = zi
	}
}

func (c *compiler) zoneRef(n *yaml.Node, path string) int {
	s, ok := c.r.str(n, path)
	if !ok {
		return -1
	}
	i, ok := c.rs.zoneIx[s]
	if !ok {
		c.r.errorf(n, "unknown-zone", path, "unknown zone %q%s", s, didYouMean(s, keysOf(c.rs.zoneIx)))
		return -1
	}
	return i
}

func (c *compiler) limits(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "limits", "turns", "steps")
	if !ok {
		return
	}
	if v := get(fs, "turns"); v != nil {
		c.rs.TurnLimit, _ = c.r.integer(v, "limits.turns")
	}
	if v := get(fs, "steps"); v != nil {
		var ok bool
		if c.rs.StepBudget, ok = c.r.integer(v, "limits.steps"); ok && c.rs.StepBudget < 1 {
			c.r.errorf(v, "out-of-range", "limits.steps", "limits.steps is at least 1 (leave it out for a budget that grows with the game)")
			c.rs.StepBudget = 0
		}
	}
}
