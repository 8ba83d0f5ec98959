package load

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"go.yaml.in/yaml/v3"
)

var cardKeys = []string{"id", "name", "text", "props", "keywords", "faces", "triggers", "on", "statics"}

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
	if strings.TrimSpace(d.ID) == "" {
		// decks, setups and create name a card by it
		c.R.Errorf(source.Get(fs, "id"), "bad-value", path+".id", "a card's id is a name, written out: decks, setups and create name the card by it")
	}
	if prev, dup := c.Rs.CardIx[d.ID]; dup {
		c.R.Errorf(source.Get(fs, "id"), "duplicate-card-id", path+".id", "card id %q is already used by the card at %s", d.ID, c.Rs.Cards[prev].Pos)
		return nil
	}
	d.Name = d.ID
	if v := source.Get(fs, "name"); v != nil {
		d.Name, _ = c.R.Str(v, path+".name")
		c.shownName(v, path+".name", d.Name)
	}
	if v := source.Get(fs, "text"); v != nil {
		d.Text, _ = c.R.Str(v, path+".text")
		d.TextPos = c.R.Pos(v)
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
	if v := source.Get(fs, "keywords"); v != nil && source.ResolveAlias(v).Tag == "!!null" {
		c.R.Errorf(v, "bad-value", path+".keywords", "keywords is empty: write a list of keywords, as keywords: [swift], or leave it out")
	} else if v != nil {
		kws, _ := c.R.StrList(v, path+".keywords")
		for i, k := range kws {
			ix, ok := c.Rs.KeywordIx[k]
			if !ok {
				at := v // a scalar, or an empty value: the key's own place
				if items := source.ResolveAlias(v).Content; len(items) > 0 {
					at = items[min(i, len(items)-1)]
				}
				c.R.Errorf(at, "unknown-keyword", fmt.Sprintf("%s.keywords[%d]", path, i), "unknown keyword %q%s", k, diag.DidYouMean(k, c.Rs.Keywords))
				continue
			}
			if d.Keywords&(1<<ix) == 0 {
				d.Listed = append(d.Listed, ix)
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
				c.shownName(x, fp+".name", face.Name)
				c.Rs.Intern(face.Name)
			}
			if x := source.Get(ff, "text"); x != nil {
				face.Text, _ = c.R.Str(x, fp+".text")
				face.TextPos = c.R.Pos(x)
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
	if v := source.Get(fs, "on"); v != nil {
		d.Triggers = append(d.Triggers, c.onTriggers(v, path+".on", d.Index)...)
	}
	if v := source.Get(fs, "statics"); v != nil {
		c.statics(v, path+".statics", d)
	}
	if v := source.Get(fs, "name"); v != nil && strings.Contains(d.Name, "{") {
		a := c.Template(d.Name, v, path+".name", closure.NewScope().With(true, false, false))
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
			if x := source.Get(ff, "on"); x != nil && i < len(d.Faces) {
				d.Faces[i].Triggers = append(d.Faces[i].Triggers, c.onTriggers(x, fp+".on", d.Index)...)
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

// onTriggers reads a card's short form of triggers, on: {event: steps}: for
// each event, a trigger with those steps, run at once, with no condition,
// while the card is where the event is about it (the form of
// `- on: event\n  do: steps`, which triggers keeps for the others).
func (c *compiler) onTriggers(n *yaml.Node, path string, card int) []*model.Trigger {
	fs, ok := c.R.Mapping(n, path)
	if !ok {
		return nil
	}
	seq := &yaml.Node{Kind: yaml.SequenceNode, Line: n.Line, Column: n.Column}
	for _, f := range fs {
		at := func(v string) *yaml.Node {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v, Line: f.KeyN.Line, Column: f.KeyN.Column}
		}
		seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.MappingNode, Line: f.KeyN.Line, Column: f.KeyN.Column,
			Content: []*yaml.Node{at("on"), at(f.Key), at("do"), f.Value}})
	}
	return c.triggers(seq, path, card)
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
		sc := closure.NewScope().With(false, false, true)
		if v := source.Get(tf, "if"); v != nil {
			t.Cond, t.ToZones, t.FromZones, t.ByZones = c.CompileTrigger(v, tp+".if", sc)
		}
		if v := source.Get(tf, "do"); v != nil {
			t.Effect = c.rootSteps(v, tp+".do", sc, tp)
			c.Rs.Programs[t.Effect].Stack = t.UseStack
			if r := source.Get(tf, "recheck"); r != nil {
				if again, ok := c.R.Boolean(r, tp+".recheck"); ok && again {
					// the trigger judged again as its effect starts: a step
					// of the engine's own first, told nowhere else
					p := c.Rs.Programs[t.Effect]
					p.Recheck = t
					p.Steps = append([]*model.Step{{Prim: model.RecheckTrigger, Pos: c.R.Pos(r)}}, p.Steps...)
				}
			}
		}
		if t.Coverage == "" {
			t.Coverage = tp
			if card >= 0 {
				// by its event and line: a card's triggers are listed under
				// triggers, on and each face, and a number counted in each
				// list named two of them alike
				t.Coverage = fmt.Sprintf("%s trigger on %s (%s:%d)", c.Rs.Cards[card].ID, t.Event, filepath.Base(t.Pos.File), t.Pos.Line)
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
		sc := closure.NewScope().With(true, false, false)
		if v := source.Get(sf, "applies_to"); v != nil {
			st.Applies = c.CompileExpr(v, sp+".applies_to", sc, model.TBool)
			if st.Applies != nil {
				st.OnZones, st.OnList = c.StaticCandidates(v, sc)
			}
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

// cardTextDecl compiles card_text: how the lines of a card's text that follow
// from its properties and keywords are written. Its parts read the card
// alone, as its definition has it: nothing of a game is known when a card's
// text is written.
func (c *compiler) cardTextDecl(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "card_text", cardTextKeys...)
	if !ok {
		return
	}
	rs := c.Rs
	ct := &model.CardTextDecl{Pos: c.R.Pos(n), Names: map[string]string{}, Reads: map[int]bool{}}
	sc := closure.NewScope().With(true, false, false)
	var exprs []*model.Expr
	if v := source.Get(fs, "lines"); v != nil {
		ct.Lines = c.viewPartsOf(v, "card_text.lines", sc)
		for _, p := range ct.Lines {
			if p.If != nil {
				exprs = append(exprs, p.If)
			}
			exprs = append(exprs, p.Show.Exprs...)
		}
	}
	if v := source.Get(fs, "names"); v != nil {
		nf, _ := c.R.Mapping(v, "card_text.names")
		var values []string
		known := map[string]bool{}
		for _, p := range rs.CardProps {
			if p.Type == model.TString {
				for _, x := range p.Values {
					if !known[x] {
						known[x] = true
						values = append(values, x)
					}
				}
			}
		}
		for _, f := range nf {
			if !known[f.Key] {
				c.R.Errorf(f.KeyN, "unknown-name", "card_text.names."+f.Key, "%q is no value of a card property%s", f.Key, diag.DidYouMean(f.Key, values))
				continue
			}
			ct.Names[f.Key], _ = c.R.Str(f.Value, "card_text.names."+f.Key)
		}
	}
	if v := source.Get(fs, "keywords"); v != nil {
		ct.Keywords = true
		ct.KeywordLines = make([]*model.Template, len(rs.Keywords))
		kf, _ := c.R.Mapping(v, "card_text.keywords")
		for _, f := range kf {
			p := "card_text.keywords." + f.Key
			ix, ok := rs.KeywordIx[f.Key]
			if !ok {
				c.R.Errorf(f.KeyN, "unknown-keyword", p, "unknown keyword %q%s", f.Key, diag.DidYouMean(f.Key, rs.Keywords))
				continue
			}
			text, ok := c.R.Str(f.Value, p)
			if !ok {
				continue
			}
			t := c.Template(text, f.Value, p, sc)
			ct.KeywordLines[ix] = t
			exprs = append(exprs, t.Exprs...)
		}
	}
	for _, e := range exprs {
		if name, beyond := e.ReadBeyondCard(); beyond {
			c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "bad-card-text", Pos: e.Pos, Path: "card_text",
				Message: fmt.Sprintf("card_text reads the card alone: %q is not known when a card's text is written", name)})
		}
		for _, m := range cardReads.FindAllStringSubmatch(e.Src, -1) {
			if ix, ok := rs.CardPropIx[m[1]]; ok {
				ct.Reads[ix] = true
			}
		}
	}
	rs.CardText = ct
}

// cardReads finds the card properties an expression of card_text reads.
var cardReads = regexp.MustCompile(`\b(?:card|this)\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)`)

// writeCardTexts generates the lines card_text says for every card (for
// each face of a card with faces, from the face's properties over the
// card's), on a scratch state where each card lies alone, so no static
// changes what it prints.
func (c *compiler) writeCardTexts() {
	rs := c.Rs
	ct := rs.CardText
	if ct == nil || rs.Name == "" || len(rs.Zones) == 0 || len(rs.Cards) == 0 || c.diags.HasErrors() {
		return // with errors, some part may not be compiled
	}
	g := model.EmptyGame(rs)
	for n, d := range rs.Cards {
		ci := g.AddCard(d.Index, 0, 0)
		// the first card whose text cannot be written is told, and no
		// more are tried: the same lines would fail, or run to their
		// budget, card after card (minutes for a few hundred cards)
		failed := false
		report := func(err error) {
			more := ""
			switch rest := len(rs.Cards) - n - 1; {
			case rest == 1:
				more = " (the text of the card after it is not written until this is mended)"
			case rest > 1:
				more = fmt.Sprintf(" (the texts of the %d cards after it are not written until this is mended)", rest)
			}
			c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "bad-card-text", Pos: d.Pos, Path: "cards." + d.ID,
				Message: fmt.Sprintf("card_text cannot write the text of card %q: %v%s", d.ID, err, more)})
			failed = true
		}
		if len(d.Faces) == 0 {
			lines, err := cardTextOf(g, d, ci)
			if err != nil {
				report(err)
				return
			}
			d.Lines = lines
			continue
		}
		stride := g.Stride()
		for i := range d.Faces {
			g.S.Cards[ci].Face = int8(i)
			copy(g.S.CardProps[ci*stride:], d.Props)
			for k, v := range d.Faces[i].Props {
				g.S.CardProps[ci*stride+k] = v
			}
			lines, err := cardTextOf(g, d, ci)
			if err != nil {
				report(err)
				break
			}
			d.Faces[i].Lines = lines
		}
		if failed {
			return
		}
	}
}

// CardTextLines writes the lines card_text gives a card of definition d
// whose properties hold props: what the loader writes for d itself, for a
// card made from d with values of its own (a card named from its
// properties, 7 of clubs, whose definition's text was written with the
// defaults). Nil when the ruleset has no card_text.
func CardTextLines(rs *model.Ruleset, d *model.CardDef, props []int64) ([]string, error) {
	if rs.CardText == nil || len(rs.Zones) == 0 {
		return nil, nil
	}
	g := model.EmptyGame(rs)
	ci := g.AddCard(d.Index, 0, 0)
	copy(g.S.CardProps[ci*g.Stride():], props)
	return cardTextOf(g, d, ci)
}

// cardTextOf writes the card_text lines of card ci of g, a card of d, as
// it is: its properties and its face.
func cardTextOf(g *model.Evaluator, d *model.CardDef, ci int) ([]string, error) {
	rs := g.Rs
	ct := rs.CardText
	name := func(s string) string {
		if t, ok := ct.Names[s]; ok {
			return t
		}
		return s
	}
	g.Invalidate()
	f := g.TempFrame(state.Frame{Card: state.CardRef(ci), This: state.CardRef(ci), Event: state.Event{Card: state.NoCard, Source: state.NoCard}})
	defer g.ReleaseFrame()
	var lines []string
	for _, p := range ct.Lines {
		if p.If != nil {
			ok, err := g.EvalBool(p.If, f)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
		}
		text, err := g.RenderNamed(p.Show, f, name)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(text) != "" {
			lines = append(lines, text)
		}
	}
	if ct.Keywords {
		for _, k := range d.Listed {
			if t := ct.KeywordLines[k]; t != nil {
				text, err := g.RenderNamed(t, f, name)
				if err != nil {
					return nil, err
				}
				if strings.TrimSpace(text) != "" {
					lines = append(lines, text)
				}
				continue
			}
			lines = append(lines, keywordWords(rs.Keywords[k])+".")
		}
	}
	return lines, nil
}

// keywordWords writes a keyword's name as words: underscores as spaces, the
// first letter a capital (double_strike: Double strike).
func keywordWords(k string) string {
	s := strings.ReplaceAll(k, "_", " ")
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// shownName refuses a name that would not print as itself on a player's
// terminal: a control character (an escape sequence, a line break, a NUL)
// or a mark that turns the direction of the text round.
// maxNameLen is the longest a card's name or a face's may be.
const maxNameLen = 200

func (c *compiler) shownName(n *yaml.Node, path, name string) {
	if len(name) > maxNameLen {
		// a name is read in every log line and option that shows the card
		c.R.Errorf(n, "out-of-range", path, "%s is %d bytes long, more than a card's name takes (%d): put the rest in text", path, len(name), maxNameLen)
		return
	}
	for _, r := range name {
		// other control characters are refused for every text (Reader.Str)
		if r == '\n' || r == '\t' || r == '\r' {
			c.R.Errorf(n, "bad-value", path, "%s holds the control character %U, which players' screens would not show as text: a name is printable text", path, r)
			return
		}
	}
}
