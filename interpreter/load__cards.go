package interpreter

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

var cardKeys = []string{"id", "name", "text", "props", "keywords", "faces", "triggers", "statics"}

func (c *compiler) cardDef(n *yaml.Node, path string) *CardDef {
	fs, ok := c.r.mapping(n, path, cardKeys...)
	if !ok {
		return nil
	}
	if !c.r.require(n, path, fs, "id") {
		return nil
	}
	d := &CardDef{Index: len(c.rs.Cards), Pos: c.r.pos(n)}
	d.ID, _ = c.r.str(get(fs, "id"), path+".id")
	if prev, dup := c.rs.cardIx[d.ID]; dup {
		c.r.errorf(get(fs, "id"), "duplicate-card-id", path+".id", "card id %q is already used by the card at %s", d.ID, c.rs.Cards[prev].Pos)
		return nil
	}
	d.Name = d.ID
	if v := get(fs, "name"); v != nil {
		d.Name, _ = c.r.str(v, path+".name")
	}
	if v := get(fs, "text"); v != nil {
		d.Text, _ = c.r.str(v, path+".text")
	}
	c.rs.intern(d.ID)
	c.rs.intern(d.Name)
	d.Props = make([]int64, len(c.rs.CardProps))
	for i, p := range c.rs.CardProps {
		d.Props[i] = p.Default
	}
	if v := get(fs, "props"); v != nil {
		for k, x := range c.cardProps(v, path+".props") {
			d.Props[k] = x
			d.Written = append(d.Written, k)
		}
	}
	if v := get(fs, "keywords"); v != nil {
		kws, _ := c.r.strList(v, path+".keywords")
		for i, k := range kws {
			ix, ok := c.rs.keywordIx[k]
			if !ok {
				c.r.errorf(resolveAlias(v).Content[min(i, len(resolveAlias(v).Content)-1)], "unknown-keyword", fmt.Sprintf("%s.keywords[%d]", path, i), "unknown keyword %q%s", k, didYouMean(k, c.rs.Keywords))
				continue
			}
			d.Keywords |= 1 << ix
		}
	}
	if v := get(fs, "faces"); v != nil {
		items, _ := c.r.seq(v, path+".faces")
		for i, item := range items {
			fp := fmt.Sprintf("%s.faces[%d]", path, i)
			ff, ok := c.r.mapping(item, fp, "name", "text", "props", "triggers")
			if !ok {
				continue
			}
			face := Face{Name: d.Name, Props: map[int]int64{}}
			if x := get(ff, "name"); x != nil {
				face.Name, _ = c.r.str(x, fp+".name")
				c.rs.intern(face.Name)
			}
			if x := get(ff, "text"); x != nil {
				face.Text, _ = c.r.str(x, fp+".text")
			}
			if x := get(ff, "props"); x != nil {
				face.Props = c.cardProps(x, fp+".props")
			}
			d.Faces = append(d.Faces, face)
		}
		if get(fs, "name") == nil && len(d.Faces) > 0 {
			d.Name = d.Faces[0].Name
		}
	}
	c.rs.cardIx[d.ID] = d.Index
	c.rs.Cards = append(c.rs.Cards, d)
	return d
}

func (c *compiler) cardProps(n *yaml.Node, path string) map[int]int64 {
	out := map[int]int64{}
	fs, ok := c.r.mapping(n, path)
	if !ok {
		return out
	}
	for _, f := range fs {
		ix, ok := c.rs.cardPropIx[f.Key]
		if !ok {
			c.r.errorf(f.KeyN, "unknown-property", path+"."+f.Key, "unknown card property %q%s", f.Key, didYouMean(f.Key, keysOf(c.rs.cardPropIx)))
			continue
		}
		out[ix] = c.literal(f.Value, path+"."+f.Key, c.rs.CardProps[ix])
	}
	return out
}

// cardEffects compiles a card's triggers (and its faces') once every declaration is known.
func (c *compiler) cardEffects(n *yaml.Node, path string, d *CardDef) {
	fs := c.quiet(func() []field { f, _ := c.r.mapping(n, path, cardKeys...); return f })
	if v := get(fs, "triggers"); v != nil {
		d.Triggers = c.triggers(v, path+".triggers", d.Index)
	}
	if v := get(fs, "statics"); v != nil {
		c.statics(v, path+".statics", d)
	}
	if v := get(fs, "name"); v != nil && strings.Contains(d.Name, "{") {
		a := &Arg{Text: d.Name}
		c.template(a, v, path+".name", newScope().with(true, false, false))
		if len(a.Exprs) > 0 {
			d.NameTmpl = a
		}
	}
	if v := get(fs, "faces"); v != nil {
		items, _ := c.r.seq(v, path+".faces")
		for i, item := range items {
			fp := fmt.Sprintf("%s.faces[%d]", path, i)
			ff := c.quiet(func() []field { f, _ := c.r.mapping(item, fp, "name", "text", "props", "triggers"); return f })
			if x := get(ff, "triggers"); x != nil && i < len(d.Faces) {
				d.Faces[i].Triggers = c.triggers(x, fp+".triggers", d.Index)
			}
		}
	}
}

// quiet reads again something already read and reported: its problems are not repeated.
func (c *compiler) quiet(read func() []field) []field {
	saved := c.r.diags
	var sink Diagnostics
	c.r.diags = &sink
	out := read()
	c.r.diags = saved
	return out
}

func (c *compiler) triggers(n *yaml.Node, path string, card int) []*Trigger {
	items, ok := c.r.seq(n, path)
	if !ok {
		return nil
	}
	var out []*Trigger
	for i, item := range items {
		tp := fmt.Sprintf("%s[%d]", path, i)
		tf, ok := c.r.mapping(item, tp, "on", "if", "do", "zones", "name", "face_down", "stack")
		if !ok {
			continue
		}
		c.r.require(item, tp, tf, "on", "do")
		t := &Trigger{Card: card, Face: -1, Pos: c.r.pos(item)}
		if v := get(tf, "on"); v != nil {
			t.Event, _ = c.r.str(v, tp+".on")
			t.EventPos = c.r.pos(v)
			c.rs.intern(t.Event)
		}
		if v := get(tf, "name"); v != nil {
			t.Coverage, _ = c.r.str(v, tp+".name")
		}
		if v := get(tf, "face_down"); v != nil {
			t.FaceDown, _ = c.r.boolean(v, tp+".face_down")
			if card < 0 {
				c.r.errorf(v, "bad-value", tp+".face_down", "face_down is for card triggers that listen in zones")
			}
		}
		if v := get(tf, "stack"); v != nil {
			t.UseStack, _ = c.r.boolean(v, tp+".stack")
		}
		if v := get(tf, "zones"); v != nil && card < 0 {
			c.r.errorf(v, "bad-value", tp+".zones", "zones is for card triggers (the zones in which the card listens); a ruleset trigger always listens")
		} else if v != nil {
			names, _ := c.r.strList(v, tp+".zones")
			for j, z := range names {
				zi, ok := c.rs.zoneIx[z]
				if !ok {
					at := v
					if rv := resolveAlias(v); rv.Kind == yaml.SequenceNode && j < len(rv.Content) {
						at = rv.Content[j]
					}
					c.r.errorf(at, "unknown-zone", tp+".zones", "unknown zone %q%s", z, didYouMean(z, keysOf(c.rs.zoneIx)))
					continue
				}
				t.Zones = append(t.Zones, zi)
			}
		}
		sc := newScope().with(false, false, true)
		if v := get(tf, "if"); v != nil {
			t.Cond = c.compileExpr(v, tp+".if", sc, TBool)
		}
		if v := get(tf, "do"); v != nil {
			t.Effect = c.rootSteps(v, tp+".do", sc, tp)
			c.rs.Programs[t.Effect].Stack = t.UseStack
		}
		if t.Coverage == "" {
			t.Coverage = tp
			if card >= 0 {
				t.Coverage = fmt.Sprintf("%s trigger %d", c.rs.Cards[card].ID, i+1)
			}
		}
		out = append(out, t)
	}
	return out
}

func (c *compiler) statics(n *yaml.Node, path string, d *CardDef) {
	items, ok := c.r.seq(n, path)
	if !ok {
		return
	}
	for i, item := range items {
		sp := fmt.Sprintf("%s[%d]", path, i)
		sf, ok := c.r.mapping(item, sp, "zones", "applies_to", "prop", "add", "set")
		if !ok {
			continue
		}
		c.r.require(item, sp, sf, "zones", "applies_to", "prop")
		st := &Static{Card: d.Index, Pos: c.r.pos(item), Prop: -1}
		if v := get(sf, "zones"); v != nil {
			names, _ := c.r.strList(v, sp+".zones")
			for _, z := range names {
				zi, ok := c.rs.zoneIx[z]
				if !ok {
					c.r.errorf(v, "unknown-zone", sp+".zones", "unknown zone %q%s", z, didYouMean(z, keysOf(c.rs.zoneIx)))
					continue
				}
				st.Zones = append(st.Zones, zi)
			}
		}
		var decl *PropDecl
		if v := get(sf, "prop"); v != nil {
			name, _ := c.r.str(v, sp+".prop")
			ix, ok := c.rs.cardPropIx[name]
			if !ok {
				c.r.errorf(v, "unknown-property", sp+".prop", "unknown card property %q%s", name, didYouMean(name, keysOf(c.rs.cardPropIx)))
			} else {
				st.Prop, decl = ix, &c.rs.CardProps[ix]
			}
		}
		sc := newScope().with(true, false, false)
		if v := get(sf, "applies_to"); v != nil {
			st.Applies = c.compileExpr(v, sp+".applies_to", sc, TBool)
		}
		if v := get(sf, "add"); v != nil {
			st.Add = c.compileExpr(v, sp+".add", sc, TInt)
		}
		if v := get(sf, "set"); v != nil {
			want := TAny
			if decl != nil {
				want = decl.Type
			}
			st.Set = c.compileExpr(v, sp+".set", sc, want)
		}
		if (st.Add == nil) == (st.Set == nil) {
			c.r.errorf(item, "missing-field", sp, "a static effect takes either add or set")
		}
		if st.Prop >= 0 && st.Applies != nil {
			d.Statics = append(d.Statics, st)
			c.rs.statics = append(c.rs.statics, st)
		}
	}
}
