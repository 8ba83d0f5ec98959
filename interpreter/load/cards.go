package load

import (
	"fmt"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

var cardKeys = []string{"id", "name", "text", "props", "keywords", "faces", "triggers", "statics"}

func (c *compiler) cardDef(n *yaml.Node, path string) *model.CardDef {
	fs, ok := c.R.Mapping(n, path, cardKeys...)
	if !ok {
		return nil
	}
	if !c.R.Require(n, path, fs, "id") {
		return nil
	}
	d := &model.CardDef{Index: len(c.Rs.Cards), Pos: c.R.Pos(n)}
	d.ID, _ = c.R.Str(source.Get(fs, "id"), path+".id")
	if prev, dup := c.Rs.CardIx[d.ID]; dup {
		c.R.Errorf(source.Get(fs, "id"), "duplicate-card-id", path+".id", "card id %q is already used by the card at %s", d.ID, c.Rs.Cards[prev].Pos)
		return nil
	}
	d.Name = d.ID
	if v := source.Get(fs, "name"); v != nil {
		d.Name, _ = c.R.Str(v, path+".name")
	}
	if v := source.Get(fs, "text"); v != nil {
		d.Text, _ = c.R.Str(v, path+".text")
	}
	c.Rs.Intern(d.ID)
	c.Rs.Intern(d.Name)
	d.Props = make([]int64, len(c.Rs.CardProps))
	for i, p := range c.Rs.CardProps {
		d.Props[i] = p.Default
	}
	if v := source.Get(fs, "props"); v != nil {
		for k, x := range c.cardProps(v, path+".props") {
			d.Props[k] = x
			d.Written = append(d.Written, k)
		}
	}
	if v := source.Get(fs, "keywords"); v != nil {
		kws, _ := c.R.StrList(v, path+".keywords")
		for i, k := range kws {
			ix, ok := c.Rs.KeywordIx[k]
			if !ok {
				c.R.Errorf(source.ResolveAlias(v).Content[min(i, len(source.ResolveAlias(v).Content)-1)], "unknown-keyword", fmt.Sprintf("%s.keywords[%d]", path, i), "unknown keyword %q%s", k, diag.DidYouMean(k, c.Rs.Keywords))
				continue
			}
			d.Keywords |= 1 << ix
		}
	}
	if v := source.Get(fs, "faces"); v != nil {
		items, _ := c.R.Seq(v, path+".faces")
		for i, item := range items {
			fp := fmt.Sprintf("%s.faces[%d]", path, i)
			ff, ok := c.R.Mapping(item, fp, faceKeys...)
			if !ok {
				continue
			}
			face := model.Face{Name: d.Name, Props: map[int]int64{}}
			if x := source.Get(ff, "name"); x != nil {
				face.Name, _ = c.R.Str(x, fp+".name")
				c.Rs.Intern(face.Name)
			}
			if x := source.Get(ff, "text"); x != nil {
				face.Text, _ = c.R.Str(x, fp+".text")
			}
			if x := source.Get(ff, "props"); x != nil {
				face.Props = c.cardProps(x, fp+".props")
			}
			d.Faces = append(d.Faces, face)
		}
		if source.Get(fs, "name") == nil && len(d.Faces) > 0 {
			d.Name = d.Faces[0].Name
		}
	}
	c.Rs.CardIx[d.ID] = d.Index
	c.Rs.Cards = append(c.Rs.Cards, d)
	return d
}

func (c *compiler) cardProps(n *yaml.Node, path string) map[int]int64 {
	out := map[int]int64{}
	fs, ok := c.R.Mapping(n, path)
	if !ok {
		return out
	}
	for _, f := range fs {
		ix, ok := c.Rs.CardPropIx[f.Key]
		if !ok {
			c.R.Errorf(f.KeyN, "unknown-property", path+"."+f.Key, "unknown card property %q%s", f.Key, diag.DidYouMean(f.Key, diag.KeysOf(c.Rs.CardPropIx)))
			continue
		}
		out[ix] = c.literal(f.Value, path+"."+f.Key, c.Rs.CardProps[ix])
	}
	return out
}

// cardEffects compiles a card's triggers (and its faces') once every declaration is known.
func (c *compiler) cardEffects(n *yaml.Node, path string, d *model.CardDef) {
	fs := c.quiet(func() []source.Field { f, _ := c.R.Mapping(n, path, cardKeys...); return f })
	if v := source.Get(fs, "triggers"); v != nil {
		d.Triggers = c.triggers(v, path+".triggers", d.Index)
	}
	if v := source.Get(fs, "statics"); v != nil {
		c.statics(v, path+".statics", d)
	}
	if v := source.Get(fs, "name"); v != nil && strings.Contains(d.Name, "{") {
		a := c.Template(d.Name, v, path+".name", compile.NewScope().With(true, false, false))
		if len(a.Exprs) > 0 {
			d.NameTmpl = a
		}
	}
	if v := source.Get(fs, "faces"); v != nil {
		items, _ := c.R.Seq(v, path+".faces")
		for i, item := range items {
			fp := fmt.Sprintf("%s.faces[%d]", path, i)
			ff := c.quiet(func() []source.Field { f, _ := c.R.Mapping(item, fp, faceKeys...); return f })
			if x := source.Get(ff, "triggers"); x != nil && i < len(d.Faces) {
				d.Faces[i].Triggers = c.triggers(x, fp+".triggers", d.Index)
			}
		}
	}
}

// quiet reads again something already read and reported: its problems are not repeated.
func (c *compiler) quiet(read func() []source.Field) []source.Field {
	saved := c.R.Diags
	var sink diag.Diagnostics
	c.R.Diags = &sink
	out := read()
	c.R.Diags = saved
	return out
}

func (c *compiler) triggers(n *yaml.Node, path string, card int) []*model.Trigger {
	items, ok := c.R.Seq(n, path)
	if !ok {
		return nil
	}
	var out []*model.Trigger
	for i, item := range items {
		tp := fmt.Sprintf("%s[%d]", path, i)
		tf, ok := c.R.Mapping(item, tp, triggerKeys...)
		if !ok {
			continue
		}
		c.R.Require(item, tp, tf, "on", "do")
		t := &model.Trigger{Card: card, Face: -1, Pos: c.R.Pos(item)}
		if v := source.Get(tf, "on"); v != nil {
			t.Event, _ = c.R.Str(v, tp+".on")
			t.EventPos = c.R.Pos(v)
			c.Rs.Intern(t.Event)
		}
		if v := source.Get(tf, "name"); v != nil {
			t.Coverage, _ = c.R.Str(v, tp+".name")
		}
		if v := source.Get(tf, "face_down"); v != nil {
			t.FaceDown, _ = c.R.Boolean(v, tp+".face_down")
			if card < 0 {
				c.R.Errorf(v, "bad-value", tp+".face_down", "face_down is for card triggers that listen in zones")
			}
		}
		if v := source.Get(tf, "stack"); v != nil {
			t.UseStack, _ = c.R.Boolean(v, tp+".stack")
		}
		if v := source.Get(tf, "zones"); v != nil && card < 0 {
			c.R.Errorf(v, "bad-value", tp+".zones", "zones is for card triggers (the zones in which the card listens); a ruleset trigger always listens")
		} else if v != nil {
			names, _ := c.R.StrList(v, tp+".zones")
			for j, z := range names {
				zi, ok := c.Rs.ZoneIx[z]
				if !ok {
					at := v
					if rv := source.ResolveAlias(v); rv.Kind == yaml.SequenceNode && j < len(rv.Content) {
						at = rv.Content[j]
					}
					c.R.Errorf(at, "unknown-zone", tp+".zones", "unknown zone %q%s", z, diag.DidYouMean(z, diag.KeysOf(c.Rs.ZoneIx)))
					continue
				}
				t.Zones = append(t.Zones, zi)
			}
		}
		sc := compile.NewScope().With(false, false, true)
		if v := source.Get(tf, "if"); v != nil {
			t.Cond = c.CompileExpr(v, tp+".if", sc, model.TBool)
		}
		if v := source.Get(tf, "do"); v != nil {
			t.Effect = c.rootSteps(v, tp+".do", sc, tp)
			c.Rs.Programs[t.Effect].Stack = t.UseStack
		}
		if t.Coverage == "" {
			t.Coverage = tp
			if card >= 0 {
				t.Coverage = fmt.Sprintf("%s trigger %d", c.Rs.Cards[card].ID, i+1)
			}
		}
		out = append(out, t)
	}
	return out
}

func (c *compiler) statics(n *yaml.Node, path string, d *model.CardDef) {
	items, ok := c.R.Seq(n, path)
	if !ok {
		return
	}
	for i, item := range items {
		sp := fmt.Sprintf("%s[%d]", path, i)
		sf, ok := c.R.Mapping(item, sp, staticKeys...)
		if !ok {
			continue
		}
		c.R.Require(item, sp, sf, "zones", "applies_to", "prop")
		st := &model.Static{Card: d.Index, Pos: c.R.Pos(item), Prop: -1}
		if v := source.Get(sf, "zones"); v != nil {
			names, _ := c.R.StrList(v, sp+".zones")
			for _, z := range names {
				zi, ok := c.Rs.ZoneIx[z]
				if !ok {
					c.R.Errorf(v, "unknown-zone", sp+".zones", "unknown zone %q%s", z, diag.DidYouMean(z, diag.KeysOf(c.Rs.ZoneIx)))
					continue
				}
				st.Zones = append(st.Zones, zi)
			}
		}
		var decl *model.PropDecl
		if v := source.Get(sf, "prop"); v != nil {
			name, _ := c.R.Str(v, sp+".prop")
			ix, ok := c.Rs.CardPropIx[name]
			if !ok {
				c.R.Errorf(v, "unknown-property", sp+".prop", "unknown card property %q%s", name, diag.DidYouMean(name, diag.KeysOf(c.Rs.CardPropIx)))
			} else {
				st.Prop, decl = ix, &c.Rs.CardProps[ix]
			}
		}
		sc := compile.NewScope().With(true, false, false)
		if v := source.Get(sf, "applies_to"); v != nil {
			st.Applies = c.CompileExpr(v, sp+".applies_to", sc, model.TBool)
		}
		if v := source.Get(sf, "add"); v != nil {
			st.Add = c.CompileExpr(v, sp+".add", sc, model.TInt)
		}
		if v := source.Get(sf, "set"); v != nil {
			want := model.TAny
			if decl != nil {
				want = decl.Type
			}
			st.Set = c.CompileExpr(v, sp+".set", sc, want)
		}
		if (st.Add == nil) == (st.Set == nil) {
			c.R.Errorf(item, "missing-field", sp, "a static effect takes either add or set")
		}
		if st.Prop >= 0 && st.Applies != nil {
			d.Statics = append(d.Statics, st)
			c.Rs.Statics = append(c.Rs.Statics, st)
		}
	}
}
