package interpreter

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

type compiler struct {
	*exprCompiler
	steps   int // steps compiled so far: aliases of aliases could make them explode
	tooMany bool
	diags   Diagnostics
	files   map[string][]byte
	// coverage names each rule part a scenario can exercise
}

func (r *reader) diagAt(p Pos, code, path, msg string) {
	*r.diags = append(*r.diags, Diagnostic{Severity: SeverityError, Code: code, Pos: p, Path: path, Message: msg})
}

// Source is one file of a ruleset: its name for messages and its bytes.
type Source struct {
	Name string
	Data []byte
}

// LoadFile loads a ruleset file and the card files it names: every .yaml
// file of the folders its cards: list names, or by default of cards/<name>/
// beside its folder, or, when there is no such folder, the card files beside
// the ruleset itself (told from other files by their content).
func LoadFile(path string, lib *Library) (*Ruleset, Diagnostics) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Diagnostics{{Severity: SeverityError, Code: "io", Pos: Pos{File: path, Line: 1, Column: 1}, Message: err.Error()}}
	}
	var cards []Source
	var diags Diagnostics
	dirs := cardDirs(path, data)
	for _, d := range dirs {
		if st, err := os.Stat(d.dir); err != nil || !st.IsDir() {
			// a folder the ruleset names must exist; the default one may be absent
			if d.named {
				diags = append(diags, Diagnostic{Severity: SeverityError, Code: "unknown-folder", Pos: d.pos, End: Pos{File: d.pos.File, Line: d.pos.Line, Column: d.pos.Column + len(d.text)}, Path: "cards", Message: fmt.Sprintf("the card folder %s does not exist (it is read relative to the ruleset file)", d.text)})
			}
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(d.dir, "*.yaml"))
		sort.Strings(matches)
		for _, m := range matches {
			if d.flat && filepath.Clean(m) == filepath.Clean(path) {
				continue
			}
			b, err := os.ReadFile(m)
			if err != nil {
				if !d.flat {
					diags = append(diags, Diagnostic{Severity: SeverityError, Code: "io", Pos: Pos{File: m, Line: 1, Column: 1}, Message: err.Error()})
				}
				continue
			}
			if d.flat && !IsCardFile(b) {
				continue
			}
			cards = append(cards, Source{Name: m, Data: b})
		}
	}
	rs, ds := LoadPartial(Source{Name: path, Data: data}, cards, lib)
	where := cardsWhere(dirs, len(cards))
	for i := range ds {
		ds[i].Detail = cardsDetail(ds[i], where)
	}
	diags = append(diags, ds...)
	diags.Sort()
	if diags.HasErrors() {
		return nil, diags
	}
	rs.CardsFrom = where
	return rs, diags
}

// CardFolders lists the folders a ruleset file reads its card files from
// (see LoadFile); flat is set when they are the card files beside it.
func CardFolders(path string) (dirs []string, flat bool, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	for _, d := range cardDirs(path, data) {
		dirs = append(dirs, filepath.Clean(d.dir))
		flat = flat || d.flat
	}
	return dirs, flat, nil
}

// cardsDetail is the detail of a diagnostic: for an unknown card whose
// message gives no hint (a near miss of a known card, generated names), where
// cards were looked for.
func cardsDetail(d Diagnostic, where string) string {
	if d.Code == "unknown-card" && d.Detail == "" && !strings.Contains(d.Message, "did you mean") && !strings.Contains(d.Message, "(cards named") {
		return where
	}
	return d.Detail
}

// cardsWhere says in words where a ruleset's cards were looked for.
func cardsWhere(dirs []cardDir, files int) string {
	found := fmt.Sprintf("%d card files", files)
	if files == 1 {
		found = "1 card file"
	}
	if len(dirs) == 0 {
		return "the ruleset reads no card files: its cards: list is empty"
	}
	if dirs[0].flat {
		return fmt.Sprintf("cards are read from the card files beside the ruleset in %s (found %s), as it has no cards: list and there is no folder %s",
			filepath.Clean(dirs[0].dir), found, filepath.Clean(dirs[0].dflt))
	}
	if !dirs[0].named {
		return fmt.Sprintf("cards are read from the .yaml files of %s (found %s), as the ruleset has no cards: list", filepath.Clean(dirs[0].dir), found)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, filepath.Clean(d.dir))
	}
	return fmt.Sprintf("cards are read from the .yaml files of the folders of the ruleset's cards: list, %s (found %s)", joinNames(names), found)
}

// IsCardFile tells a card file from a ruleset or a scenario by its content:
// a mapping with cards or decks and none of the keys a ruleset (name, zones,
// turn, ...) or a scenario (ruleset, steps) must have.
func IsCardFile(data []byte) bool {
	var top map[string]any
	if yaml.Unmarshal(data, &top) != nil || top == nil {
		return false
	}
	for _, k := range []string{"name", "zones", "turn", "properties", "ruleset", "steps"} {
		if _, ok := top[k]; ok {
			return false
		}
	}
	_, cards := top["cards"]
	_, decks := top["decks"]
	return cards || decks
}

type cardDir struct {
	dir   string
	text  string // as written in the ruleset
	named bool   // written in the ruleset, not the default
	flat  bool   // the card files beside the ruleset: the default folder does not exist
	dflt  string // for flat: the default folder that does not exist
	pos   Pos
}

// cardDirs finds the card folders of a ruleset: its `cards:` list, or cards/<name>.
// A ruleset that does not parse has none: its syntax error is the news.
func cardDirs(path string, data []byte) []cardDir {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	base := filepath.Dir(path)
	root := doc.Content[0]
	name := ""
	var out []cardDir
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], resolveAlias(root.Content[i+1])
		switch k.Value {
		case "name":
			name = v.Value
		case "cards":
			if v.Kind != yaml.SequenceNode {
				return nil // reported by the loader as a type mismatch
			}
			for _, item := range v.Content {
				if item.Kind == yaml.ScalarNode {
					col := item.Column
					if item.Style == yaml.DoubleQuotedStyle || item.Style == yaml.SingleQuotedStyle {
						col++
					}
					dir := item.Value
					if !filepath.IsAbs(dir) {
						dir = filepath.Join(base, dir)
					}
					out = append(out, cardDir{dir: dir, text: item.Value, named: true, pos: Pos{File: path, Line: item.Line, Column: col}})
				}
			}
			return out
		}
	}
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	dflt := filepath.Join(base, "..", "cards", name)
	if st, err := os.Stat(dflt); err != nil || !st.IsDir() {
		return []cardDir{{dir: base, flat: true, dflt: dflt}}
	}
	return []cardDir{{dir: dflt}}
}

var rulesetKeys = []string{"name", "version", "doc", "goal", "players", "modes", "deck_rules", "keywords", "properties", "zones", "cards", "decks", "setup", "turn", "actions", "triggers", "checks", "limits", "concede", "concede_why", "value", "view"}

// maxDiagnostics caps what one load reports: past it, more errors only bury
// the first ones.
const maxDiagnostics = 500

// Load compiles a ruleset and its card files. It returns the ruleset (nil when
// there are errors) and every diagnostic found, sorted by position.
func Load(src Source, cards []Source, lib *Library) (*Ruleset, Diagnostics) {
	rs, diags := LoadPartial(src, cards, lib)
	if diags.HasErrors() {
		return nil, diags
	}
	return rs, diags
}

// LoadPartial is Load for tools: it returns whatever could be compiled even
// when there are errors. A ruleset with errors must not be played.
func LoadPartial(src Source, cards []Source, lib *Library) (rs *Ruleset, diags Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			rs = nil
			diags = append(diags, Diagnostic{Severity: SeverityError, Code: "internal", Pos: Pos{File: src.Name, Line: 1, Column: 1}, Message: fmt.Sprintf("internal error while loading (please report it): %v", r)})
		}
	}()
	c := &compiler{exprCompiler: &exprCompiler{}, files: map[string][]byte{}}
	c.rs = &Ruleset{lib: lib, symbolIx: map[string]int{}, cardPropIx: map[string]int{}, playerPropIx: map[string]int{},
		gamePropIx: map[string]int{}, zoneIx: map[string]int{}, cardIx: map[string]int{}, deckIx: map[string]int{},
		actionIx: map[string]int{}, keywordIx: map[string]int{}, DrainStack: -1}
	c.rs.intern("") // symbol 0 is the empty name
	for i := 1; i <= 8; i++ {
		c.rs.intern(fmt.Sprintf("p%d", i)) // seat names
	}
	for _, k := range []string{"win", "draw", "error", "lost", "enter", "leave", "draw", "shuffle", "turn_start", "turn_end", "phase_start", "phase_end", "reveal", "action", "resolve"} {
		c.rs.intern(k) // outcome kinds
	}
	h := sha256.New()
	h.Write(src.Data)
	for _, cs := range cards {
		h.Write([]byte(filepath.Base(cs.Name)))
		h.Write(cs.Data)
	}
	c.rs.Hash = hex.EncodeToString(h.Sum(nil))[:16]
	c.compile(src, cards)
	c.diags = c.diags.dedup()
	c.diags.Sort()
	if len(c.diags) > maxDiagnostics {
		last := c.diags[maxDiagnostics-1]
		c.diags = append(c.diags[:maxDiagnostics:maxDiagnostics], Diagnostic{Severity: SeverityError, Code: "too-many-errors", Pos: last.Pos, Message: fmt.Sprintf("%d more problems not shown; fix these first", len(c.diags)-maxDiagnostics)})
	}
	if c.ts != nil {
		c.rs.ts = c.ts
		c.rs.cfg = c.baseConfig()
	}
	return c.rs, c.diags
}

func (c *compiler) parse(src Source) *yaml.Node {
	c.r = &reader{file: src.Name, src: src.Data, diags: &c.diags}
	c.files[src.Name] = src.Data
	var doc yaml.Node
	if err := yaml.Unmarshal(src.Data, &doc); err != nil {
		c.diags = append(c.diags, SyntaxError(src.Name, src.Data, err))
		return nil
	}
	if len(doc.Content) == 0 {
		c.r.errorf(nil, "empty-file", "", "the file is empty")
		return nil
	}
	return doc.Content[0]
}

func (c *compiler) compile(src Source, cards []Source) {
	root := c.parse(src)
	if root == nil {
		return
	}
	rs := c.rs
	fs, ok := c.r.mapping(root, "", rulesetKeys...)
	if !ok {
		return
	}
	c.r.require(root, "", fs, "name", "zones", "turn")
	if n := get(fs, "name"); n != nil {
		rs.Name, _ = c.r.str(n, "name")
	}
	if n := get(fs, "cards"); n != nil {
		if rn := resolveAlias(n); rn.Kind != yaml.SequenceNode {
			c.r.errorf(n, "type-mismatch", "cards", "cards is a list of folders: cards: [../cards/%s]", rs.Name)
		} else {
			c.r.strList(n, "cards")
		}
	}
	if n := get(fs, "version"); n != nil {
		rs.Version, _ = c.r.str(n, "version")
	}
	if n := get(fs, "doc"); n != nil {
		rs.Doc, _ = c.r.str(n, "doc")
	}
	if n := get(fs, "goal"); n != nil {
		rs.Goal, _ = c.r.str(n, "goal")
	}
	rs.MinPlayers, rs.MaxPlayers = 2, 2
	if n := get(fs, "players"); n != nil {
		c.players(n)
	}
	if n := get(fs, "keywords"); n != nil {
		c.keywords(n)
	}
	if n := get(fs, "modes"); n != nil {
		c.modes(n)
	}
	if n := get(fs, "properties"); n != nil {
		c.properties(n)
	}
	if n := get(fs, "zones"); n != nil {
		c.zones(n)
	}
	if n := get(fs, "limits"); n != nil {
		c.limits(n)
	}
	if n := get(fs, "deck_rules"); n != nil {
		c.deckRules(n)
	}
	c.ts = newTypeSystem(rs)
	rulesetReader := c.r
	// card files: definitions first, so decks and effects can name them
	type cardNode struct {
		r   *reader
		n   *yaml.Node
		p   string
		def *CardDef
	}
	var defs []cardNode
	var deckNodes []struct {
		r *reader
		n *yaml.Node
	}
	for _, cs := range cards {
		croot := c.parse(cs)
		if croot == nil {
			continue
		}
		cfs, ok := c.r.mapping(croot, "", "cards", "decks")
		if !ok {
			continue
		}
		if n := get(cfs, "cards"); n != nil {
			items, _ := c.r.seq(n, "cards")
			for i, item := range items {
				p := fmt.Sprintf("cards[%d]", i)
				if d := c.cardDef(item, p); d != nil {
					defs = append(defs, cardNode{c.r, item, p, d})
				}
			}
		}
		if n := get(cfs, "decks"); n != nil {
			deckNodes = append(deckNodes, struct {
				r *reader
				n *yaml.Node
			}{c.r, n})
		}
	}
	c.r = rulesetReader
	if n := get(fs, "decks"); n != nil {
		c.decks(n)
	}
	for _, d := range deckNodes {
		c.r = d.r
		c.decks(d.n)
	}
	c.r = rulesetReader
	if n := get(fs, "actions"); n != nil {
		c.actions(n)
	}
	if n := get(fs, "setup"); n != nil {
		rs.Setup = c.rootSteps(n, "setup", newScope(), "setup")
	} else {
		rs.Setup = c.emptyProgram("setup")
	}
	if n := get(fs, "turn"); n != nil {
		c.turn(n)
	}
	if n := get(fs, "triggers"); n != nil {
		rs.Triggers = c.triggers(n, "triggers", -1)
	}
	if n := get(fs, "checks"); n != nil {
		c.checks(n)
	}
	if n := get(fs, "concede"); n != nil {
		rs.Concede = c.compileExpr(n, "concede", newScope(), TBool)
	}
	if n := get(fs, "concede_why"); n != nil {
		rs.ConcedeWhy, _ = c.r.str(n, "concede_why")
		if rs.Concede == nil {
			c.r.errorf(n, "missing-field", "concede_why", "`concede_why` explains `concede`, and there is none")
		}
	}
	if n := get(fs, "value"); n != nil {
		rs.Value = c.compileExpr(n, "value", newScope(), TInt)
	}
	if n := get(fs, "view"); n != nil {
		c.view(n)
	}
	for _, d := range defs {
		c.r = d.r
		c.cardEffects(d.n, d.p, d.def)
	}
	c.r = rulesetReader
	c.finish()
	c.semantic(root)
}

// finish resolves names that are only known once everything is read.
func (c *compiler) finish() {
	rs := c.rs
	rs.staticSlot = make([]int, len(rs.CardProps))
	for i := range rs.staticSlot {
		rs.staticSlot[i] = -1
	}
	for _, st := range rs.statics {
		if rs.staticSlot[st.Prop] < 0 {
			rs.staticSlot[st.Prop] = len(rs.staticProps)
			rs.staticProps = append(rs.staticProps, st.Prop)
		}
	}
	for i, p := range rs.CardProps {
		if p.ResetOnMove {
			rs.resetOnMove = append(rs.resetOnMove, i)
		}
	}
	for _, list := range [][]PropDecl{rs.CardProps, rs.PlayerProps, rs.GameProps} {
		for i := range list {
			if list[i].Type == TString {
				list[i].valid = map[int64]bool{}
				for _, v := range list[i].Values {
					list[i].valid[rs.intern(v)] = true
				}
			}
		}
	}
	for _, ph := range rs.Phases {
		rs.phaseSyms = append(rs.phaseSyms, rs.intern(ph.Name))
	}
	for _, z := range rs.Zones {
		rs.zoneSyms = append(rs.zoneSyms, rs.intern(z.Name))
	}
	// names an expression may read, interned so that comparing and listing
	// them needs no text
	for _, s := range seatNames {
		rs.intern(s)
	}
	for _, d := range rs.Cards {
		rs.intern(d.ID)
		rs.intern(d.Name)
		for _, f := range d.Faces {
			rs.intern(f.Name)
		}
	}
	all := append([]*Trigger(nil), rs.Triggers...)
	for _, d := range rs.Cards {
		all = append(all, d.Triggers...)
		for _, f := range d.Faces {
			all = append(all, f.Triggers...)
		}
		for _, t := range d.Triggers {
			if len(t.Zones) > 0 {
				rs.listeners = append(rs.listeners, t)
			}
		}
		for fi, f := range d.Faces {
			for _, t := range f.Triggers {
				t.Face = fi
				if len(t.Zones) > 0 {
					rs.listeners = append(rs.listeners, t)
				}
			}
		}
	}
	for _, t := range all {
		t.sym = rs.intern(t.Event)
	}
}

func (c *compiler) emptyProgram(name string) int {
	c.rs.Programs = append(c.rs.Programs, &Program{Name: name, Root: len(c.rs.Programs)})
	return len(c.rs.Programs) - 1
}

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

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func didYouMean(s string, known []string) string {
	if g := suggest(s, known); g != "" {
		return fmt.Sprintf("; did you mean %q?", g)
	}
	return ""
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

func (c *compiler) decks(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "decks")
	if !ok {
		return
	}
	for _, f := range fs {
		path := "decks." + f.Key
		if _, dup := c.rs.deckIx[f.Key]; dup {
			c.r.errorf(f.KeyN, "duplicate-deck", path, "deck %q is declared twice", f.Key)
			continue
		}
		deck := &Deck{Name: f.Key, Pos: c.r.pos(f.KeyN)}
		entries, ok := c.r.mapping(f.Value, path)
		if !ok {
			continue
		}
		for _, e := range entries {
			// a deck split by zone: {deck: {id: n}, pool: {id: n}}
			if zi, isZone := c.rs.zoneIx[e.Key]; isZone && resolveAlias(e.Value).Kind == yaml.MappingNode {
				sub, _ := c.r.mapping(e.Value, path+"."+e.Key)
				for _, se := range sub {
					c.deckEntry(deck, se, path+"."+e.Key, zi)
				}
				continue
			}
			c.deckEntry(deck, e, path, -1)
		}
		c.rs.deckIx[f.Key] = len(c.rs.Decks)
		c.rs.Decks = append(c.rs.Decks, deck)
		c.checkDeck(deck, f.KeyN, path)
	}
}

func (c *compiler) deckEntry(deck *Deck, e field, path string, zone int) {
	ix, ok := c.rs.cardIx[e.Key]
	if !ok {
		c.r.errorf(e.KeyN, "unknown-card", path+"."+e.Key, "unknown card %q%s", e.Key, didYouMean(e.Key, keysOf(c.rs.cardIx)))
		return
	}
	cnt, _ := c.r.integer(e.Value, path+"."+e.Key)
	if cnt < 1 {
		c.r.errorf(e.Value, "bad-value", path+"."+e.Key, "a deck holds at least one copy of each card it lists")
	}
	deck.Entries = append(deck.Entries, DeckEntry{Def: ix, Count: cnt, Zone: zone})
}

func (c *compiler) deckRules(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "deck_rules", "sizes", "copies")
	if !ok {
		return
	}
	dr := &DeckRules{Sizes: map[int][2]int{}, Pos: c.r.pos(n)}
	if v := get(fs, "copies"); v != nil {
		dr.Copies, _ = c.r.integer(v, "deck_rules.copies")
	}
	if v := get(fs, "sizes"); v != nil {
		sizes, _ := c.r.mapping(v, "deck_rules.sizes")
		for _, sf := range sizes {
			zi := -1 // "all": a deck that is not split by zone
			if sf.Key != "all" {
				i, ok := c.rs.zoneIx[sf.Key]
				if !ok {
					c.r.errorf(sf.KeyN, "unknown-zone", "deck_rules.sizes."+sf.Key, "unknown zone %q%s (use all for a deck not split by zone)", sf.Key, didYouMean(sf.Key, keysOf(c.rs.zoneIx)))
					continue
				}
				zi = i
			}
			lim, _ := c.r.mapping(sf.Value, "deck_rules.sizes."+sf.Key, "min", "max")
			lo, hi := 0, 1<<30
			if x := get(lim, "min"); x != nil {
				lo, _ = c.r.integer(x, "deck_rules.sizes."+sf.Key+".min")
			}
			if x := get(lim, "max"); x != nil {
				hi, _ = c.r.integer(x, "deck_rules.sizes."+sf.Key+".max")
			}
			dr.Sizes[zi] = [2]int{lo, hi}
		}
	}
	c.rs.DeckRules = dr
}

// checkDeck applies the ruleset's deck-building limits to a deck.
func (c *compiler) checkDeck(d *Deck, at *yaml.Node, path string) {
	dr := c.rs.DeckRules
	if dr == nil {
		return
	}
	sizes := map[int]int{}
	copies := map[int]int{}
	for _, e := range d.Entries {
		sizes[e.Zone] += e.Count
		copies[e.Def] += e.Count
	}
	for zi, lim := range dr.Sizes {
		name := "the deck"
		if zi >= 0 {
			name = "its " + c.rs.Zones[zi].Name
		}
		if n := sizes[zi]; n < lim[0] || n > lim[1] {
			c.r.errorf(at, "deck-limit", path, "deck %q has %d cards in %s; the deck rules ask for %s", d.Name, n, name, rangeText(lim))
		}
	}
	for def, n := range copies {
		if dr.Copies > 0 && n > dr.Copies {
			c.r.errorf(at, "deck-limit", path, "deck %q has %d copies of %q; the deck rules allow %d", d.Name, n, c.rs.Cards[def].ID, dr.Copies)
		}
	}
}

func rangeText(lim [2]int) string {
	switch {
	case lim[0] == lim[1]:
		return fmt.Sprintf("exactly %d", lim[0])
	case lim[1] >= 1<<30:
		return fmt.Sprintf("at least %d", lim[0])
	}
	return fmt.Sprintf("%d to %d", lim[0], lim[1])
}

var actionKeys = []string{"label", "doc", "from", "filter", "timing", "condition", "targets", "cost", "effect", "stack", "recheck", "fizzle", "why", "timing_why", "filter_why"}

func (c *compiler) actions(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "actions")
	if !ok {
		return
	}
	// register names first so windows can list actions declared later
	for _, f := range fs {
		c.rs.actionIx[f.Key] = len(c.rs.Actions)
		c.rs.Actions = append(c.rs.Actions, &Action{Name: f.Key, Index: len(c.rs.Actions), Source: -1, Label: f.Key, Pos: c.r.pos(f.KeyN)})
		c.rs.intern(f.Key)
	}
	for _, f := range fs {
		a := c.rs.Actions[c.rs.actionIx[f.Key]]
		path := "actions." + f.Key
		af, ok := c.r.mapping(f.Value, path, actionKeys...)
		if !ok {
			continue
		}
		sc := newScope()
		var labelNode *yaml.Node
		if v := get(af, "label"); v != nil {
			a.Label, _ = c.r.str(v, path+".label")
			labelNode = v
		}
		if v := get(af, "doc"); v != nil {
			a.Doc, _ = c.r.str(v, path+".doc")
		}
		if v := get(af, "from"); v != nil {
			a.Source = c.zoneRef(v, path+".from")
			sc = sc.with(true, false, false)
		}
		if labelNode != nil && strings.ContainsAny(strings.ReplaceAll(a.Label, "{card}", ""), "{}") {
			// more than the source card's name: a template like any other text
			a.LabelTmpl = &Arg{Set: true, Text: a.Label, Pos: c.r.pos(labelNode)}
			c.template(a.LabelTmpl, labelNode, path+".label", sc.with(a.Source >= 0, false, false))
		}
		if v := get(af, "filter"); v != nil {
			if a.Source < 0 {
				c.r.errorf(v, "missing-field", path+".filter", "a filter needs `from`, the zone whose cards it filters")
			}
			a.Filter = c.compileExpr(v, path+".filter", sc.with(true, false, false), TBool)
		}
		if v := get(af, "timing"); v != nil {
			a.Timing = c.compileExpr(v, path+".timing", sc, TBool)
		}
		if v := get(af, "condition"); v != nil {
			a.Condition = c.compileExpr(v, path+".condition", sc, TBool)
		}
		if v := get(af, "why"); v != nil {
			a.Why, _ = c.r.str(v, path+".why")
			if a.Condition == nil {
				c.r.errorf(v, "missing-field", path+".why", "`why` explains a `condition`, and this action has none")
			}
		}
		if v := get(af, "timing_why"); v != nil {
			a.TimingWhy, _ = c.r.str(v, path+".timing_why")
			if a.Timing == nil {
				c.r.errorf(v, "missing-field", path+".timing_why", "`timing_why` explains a `timing`, and this action has none")
			}
		}
		if v := get(af, "filter_why"); v != nil {
			a.FilterWhy, _ = c.r.str(v, path+".filter_why")
			if a.Filter == nil {
				c.r.errorf(v, "missing-field", path+".filter_why", "`filter_why` explains a `filter`, and this action has none")
			}
		}
		if v := get(af, "stack"); v != nil {
			a.UseStack, _ = c.r.boolean(v, path+".stack")
		}
		root := c.newRoot(path, c.r.pos(f.KeyN))
		a.CostProg = root
		c.rs.Programs[root].Announces = a.UseStack
		if v := get(af, "targets"); v != nil {
			c.fillProgram(root, v, path+".targets", sc)
		}
		if v := get(af, "cost"); v != nil {
			items, _ := c.r.seq(v, path+".cost")
			for i, item := range items {
				st := c.compileStep(item, fmt.Sprintf("%s.cost[%d]", path, i), sc, root)
				if st == nil {
					continue
				}
				if st.Prim.CanPay == nil {
					c.r.errorf(item, "not-a-cost", fmt.Sprintf("%s.cost[%d]", path, i), "%q cannot be used as a cost; costs are primitives that can say whether they can be paid", st.Prim.Name)
					continue
				}
				a.Costs = append(a.Costs, st)
				c.rs.Programs[root].Steps = append(c.rs.Programs[root].Steps, st)
			}
		}
		if v := get(af, "effect"); v != nil {
			a.Effect = c.subProgram(v, path+".effect", sc, root)
		} else {
			a.Effect = c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, path+".effect", sc, root)
		}
		if v := get(af, "recheck"); v != nil {
			if !a.UseStack {
				c.r.errorf(v, "bad-value", path+".recheck", "recheck applies to actions that use the stack (stack: true)")
			}
			a.Recheck = c.compileExpr(v, path+".recheck", sc, TBool)
		}
		if v := get(af, "fizzle"); v != nil {
			a.Fizzle = c.subProgram(v, path+".fizzle", sc, root)
		} else {
			a.Fizzle = -1
		}
		word := ""
		if a.UseStack {
			word = "stack"
		}
		c.rs.Programs[root].Steps = append(c.rs.Programs[root].Steps, &Step{Prim: continuePrim, Pos: a.Pos, Args: []Arg{{Set: true, Prog: a.Effect, Word: word, Slot: a.Index}}})
		c.rs.Programs[root].NVars = *sc.nvars
	}
}

func (c *compiler) newRoot(name string, pos Pos) int {
	c.rs.Programs = append(c.rs.Programs, &Program{Name: name, Pos: pos})
	ix := len(c.rs.Programs) - 1
	c.rs.Programs[ix].Root = ix
	return ix
}

// rootSteps compiles a root effect: a step list with its own variable slots.
func (c *compiler) rootSteps(n *yaml.Node, path string, sc *scope, name string) int {
	root := c.newRoot(name, c.r.pos(n))
	c.fillProgram(root, n, path, sc)
	c.rs.Programs[root].NVars = *sc.nvars
	return root
}

func (c *compiler) fillProgram(ix int, n *yaml.Node, path string, sc *scope) {
	items, ok := c.r.seq(n, path)
	if !ok {
		return
	}
	root := c.rs.Programs[ix].Root
	for i, item := range items {
		if st := c.compileStep(item, fmt.Sprintf("%s[%d]", path, i), sc, root); st != nil {
			c.rs.Programs[ix].Steps = append(c.rs.Programs[ix].Steps, st)
		}
	}
}

// subProgram compiles a nested step list sharing its root's variables.
func (c *compiler) subProgram(n *yaml.Node, path string, sc *scope, root int) int {
	c.rs.Programs = append(c.rs.Programs, &Program{Name: path, Root: root, Pos: c.r.pos(n)})
	ix := len(c.rs.Programs) - 1
	c.fillProgram(ix, n, path, sc)
	return ix
}

// maxSteps bounds the compiled steps of one ruleset; YAML aliases nested in
// aliases can otherwise make a small file expand without end.
const maxSteps = 100000

func (c *compiler) compileStep(n *yaml.Node, path string, sc *scope, root int) *Step {
	c.steps++
	if c.steps > maxSteps {
		if !c.tooMany {
			c.tooMany = true
			c.r.errorf(n, "too-many-steps", path, "the effects expand to more than %d steps (YAML aliases inside aliases?); the rest is not compiled", maxSteps)
		}
		return nil
	}
	n = resolveAlias(n)
	var name string
	var argN *yaml.Node
	var keyN *yaml.Node
	switch n.Kind {
	case yaml.ScalarNode:
		name, keyN = n.Value, n
	case yaml.MappingNode:
		if len(n.Content) != 2 {
			c.r.errorf(n, "bad-step", path, "a step is one primitive name with its arguments, like `draw: {count: 1}`; found %d keys", len(n.Content)/2)
			return nil
		}
		keyN = n.Content[0]
		name, argN = keyN.Value, resolveAlias(n.Content[1])
	default:
		c.r.errorf(n, "bad-step", path, "a step must be a primitive name or a mapping, found %s", kindName(n))
		return nil
	}
	p, ok := c.rs.lib.prims[name]
	if !ok {
		c.r.errorf(keyN, "unknown-primitive", path, "unknown effect primitive %q%s", name, didYouMean(name, keysOf(c.rs.lib.prims)))
		return nil
	}
	path = path + "." + name
	st := &Step{Prim: p, Args: make([]Arg, len(p.Params)), Pos: c.r.pos(keyN)}
	if p.StateSlots > 0 {
		st.State = *sc.nvars
		*sc.nvars += p.StateSlots
	}
	given := map[string]*yaml.Node{}
	if argN != nil && !(argN.Kind == yaml.ScalarNode && argN.Tag == "!!null") {
		if argN.Kind == yaml.MappingNode {
			names := make([]string, len(p.Params))
			for i, pp := range p.Params {
				names[i] = pp.Name
			}
			fs, _ := c.r.mapping(argN, path, names...)
			for _, f := range fs {
				given[f.Key] = f.Value
			}
		} else if p.Shorthand != "" {
			given[p.Shorthand] = argN
		} else {
			c.r.errorf(argN, "bad-step", path, "%s takes a mapping of arguments", name)
			return nil
		}
	}
	// compile binding parameters last, so expressions of the step do not see its own result
	// arguments first, then the variables the step binds (its own arguments do
	// not see them), then nested steps (which do)
	order := make([]int, 0, len(p.Params))
	for _, pass := range []func(Param) bool{
		func(q Param) bool { return q.Kind != PBind && q.Kind != PSteps && q.Kind != PChoices && !q.Late },
		func(q Param) bool { return q.Kind == PBind },
		func(q Param) bool { return q.Late },
		func(q Param) bool { return q.Kind == PSteps || q.Kind == PChoices },
	} {
		for i, pp := range p.Params {
			if pass(pp) {
				order = append(order, i)
			}
		}
	}
	for _, i := range order {
		pp := p.Params[i]
		v := given[pp.Name]
		ap := path + "." + pp.Name
		if v == nil {
			if pp.Required {
				c.r.errorf(keyN, "missing-field", path, "%s needs the argument %q", name, pp.Name)
				continue
			}
			if pp.Default == "" {
				continue
			}
			v = &yaml.Node{Kind: yaml.ScalarNode, Value: pp.Default, Line: keyN.Line, Column: keyN.Column}
		}
		a := &st.Args[i]
		a.Set = true
		a.Type = pp.Type
		a.Pos = c.r.pos(v)
		if vv := resolveAlias(v); vv != nil && (vv.Style == styleDouble || vv.Style == styleSingle) {
			a.Pos.Column++
		}
		switch pp.Kind {
		case PExpr:
			scp := sc
			if pp.Card {
				scp = sc.with(true, false, false)
			}
			a.Expr = c.compileExpr(v, ap, scp, pp.Type)
		case PZone:
			a.Zone = c.zoneRef(v, ap)
		case PSteps:
			a.Prog = c.subProgram(v, ap, sc, root)
		case PExprList:
			items := []*yaml.Node{v}
			if vv := resolveAlias(v); vv.Kind == yaml.SequenceNode {
				items = vv.Content
			}
			for j, item := range items {
				a.Exprs = append(a.Exprs, c.compileExpr(item, fmt.Sprintf("%s[%d]", ap, j), sc.with(true, false, false), pp.Type))
			}
		case PBind:
			s, _ := c.r.str(v, ap)
			if !isIdent(s) {
				c.r.errorf(v, "bad-variable", ap, "%q is not a variable name: use letters, digits and _ , starting with a letter", s)
			}
			bt := pp.Type
			if bt == TAny && pp.TypedBy != "" {
				for j, q := range p.Params {
					if q.Name == pp.TypedBy && st.Args[j].Expr != nil {
						bt = st.Args[j].Expr.Type
					}
				}
			}
			a.Type = bt
			slot, err := sc.bind(s, bt, c.r.pos(v))
			if err != nil {
				c.r.errorf(v, "bad-variable", ap, "%v", err)
			}
			a.Slot = slot
			a.Text = s
		case PText, PPhase:
			a.Text, _ = c.r.str(v, ap)
			c.plainText(v, ap, a.Text)
		case PTemplate:
			a.Text, _ = c.r.str(v, ap)
			c.template(a, v, ap, sc)
		case PWord:
			a.Word, _ = c.r.str(v, ap)
			if !contains(pp.Words, a.Word) {
				c.r.errorf(v, "bad-value", ap, "%s is one of %s, not %q%s", pp.Name, strings.Join(pp.Words, ", "), a.Word, didYouMean(a.Word, pp.Words))
			}
		case PChoices:
			items, _ := c.r.seq(v, ap)
			for j, item := range items {
				cp := fmt.Sprintf("%s[%d]", ap, j)
				cf, ok := c.r.mapping(item, cp, "label", "if", "do")
				if !ok {
					continue
				}
				c.r.require(item, cp, cf, "label")
				ch := Choice{Prog: -1}
				if x := get(cf, "label"); x != nil {
					ch.Label, _ = c.r.str(x, cp+".label")
					if strings.ContainsAny(ch.Label, "{}") {
						ch.Tmpl = &Arg{Set: true, Text: ch.Label, Pos: c.r.pos(x)}
						c.template(ch.Tmpl, x, cp+".label", sc)
					}
				}
				if x := get(cf, "if"); x != nil {
					ch.If = c.compileExpr(x, cp+".if", sc, TBool)
				}
				if x := get(cf, "do"); x != nil {
					ch.Prog = c.subProgram(x, cp+".do", sc, root)
				} else {
					ch.Prog = c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, cp+".do", sc, root)
				}
				a.Choices = append(a.Choices, ch)
			}
		case PAction:
			names, _ := c.r.strList(v, ap)
			for j, nm := range names {
				ix, ok := c.rs.actionIx[nm]
				if !ok {
					at := v
					if resolveAlias(v).Kind == yaml.SequenceNode {
						at = resolveAlias(v).Content[j]
					}
					c.r.errorf(at, "unknown-action", ap, "unknown action %q%s", nm, didYouMean(nm, keysOf(c.rs.actionIx)))
					continue
				}
				a.Actions = append(a.Actions, ix)
			}
		}
	}
	if p.Validate != nil {
		p.Validate(&stepValidator{rs: c.rs, c: c, step: st, path: path}, st)
	}
	return st
}

// template compiles the {expression} parts of a text: the text keeps {0},
// {1}, ... in their place and Exprs holds them.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func (c *compiler) turn(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "turn", "phases", "next", "drain_stack")
	if v := get(fs, "next"); v != nil {
		c.rs.NextTurn = c.compileExpr(v, "turn.next", newScope(), TPlayer)
	}
	if v := get(fs, "drain_stack"); v != nil {
		c.rs.DrainStack = c.rootSteps(v, "turn.drain_stack", newScope(), "turn drain_stack")
	}
	if !ok {
		return
	}
	if !c.r.require(n, "turn", fs, "phases") {
		return
	}
	items, _ := c.r.seq(get(fs, "phases"), "turn.phases")
	seen := map[string]bool{}
	for i, item := range items {
		path := fmt.Sprintf("turn.phases[%d]", i)
		pf, ok := c.r.mapping(item, path, "name", "doc", "skip_if", "do")
		if !ok {
			continue
		}
		c.r.require(item, path, pf, "name")
		ph := &Phase{Pos: c.r.pos(item)}
		if v := get(pf, "name"); v != nil {
			ph.Name, _ = c.r.str(v, path+".name")
			if seen[ph.Name] {
				c.r.errorf(v, "duplicate-phase", path+".name", "phase %q is declared twice", ph.Name)
			}
			seen[ph.Name] = true
			c.rs.intern(ph.Name)
		}
		if v := get(pf, "doc"); v != nil {
			ph.Doc, _ = c.r.str(v, path+".doc")
		}
		if v := get(pf, "skip_if"); v != nil {
			ph.Skip = c.compileExpr(v, path+".skip_if", newScope(), TBool)
		}
		if v := get(pf, "do"); v != nil {
			ph.Body = c.rootSteps(v, path+".do", newScope(), "phase "+ph.Name)
		} else {
			ph.Body = c.emptyProgram("phase " + ph.Name)
		}
		c.rs.Phases = append(c.rs.Phases, ph)
	}
	if len(c.rs.Phases) == 0 {
		c.r.errorf(n, "missing-field", "turn.phases", "a turn needs at least one phase")
	}
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

func (c *compiler) checks(n *yaml.Node) {
	items, ok := c.r.seq(n, "checks")
	if !ok {
		return
	}
	for i, item := range items {
		path := fmt.Sprintf("checks[%d]", i)
		cf, ok := c.r.mapping(item, path, "name", "if", "do")
		if !ok {
			continue
		}
		c.r.require(item, path, cf, "if", "do")
		ch := &Check{Pos: c.r.pos(item), Name: path}
		if v := get(cf, "name"); v != nil {
			ch.Name, _ = c.r.str(v, path+".name")
		}
		sc := newScope().with(false, true, false)
		if v := get(cf, "if"); v != nil {
			ch.Cond = c.compileExpr(v, path+".if", sc, TBool)
		}
		if v := get(cf, "do"); v != nil {
			ch.Effect = c.rootSteps(v, path+".do", sc, path)
		}
		c.rs.Checks = append(c.rs.Checks, ch)
	}
}

// view compiles what boards show beside a card, a player and the game.
func (c *compiler) view(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "view", "card", "player", "game")
	if !ok {
		return
	}
	for _, f := range fs {
		path := "view." + f.Key
		switch f.Key {
		case "card":
			c.rs.View.Card = c.viewPartsOf(f.Value, path, newScope().with(true, false, false))
		case "player":
			c.rs.View.Player = c.viewPartsOf(f.Value, path, newScope().with(false, true, false))
		case "game":
			c.rs.View.Game = c.viewPartsOf(f.Value, path, newScope())
		}
	}
}

// viewParts reads a list whose items are a text (always shown) or
// {if, show}; the texts may hold {expression}s.
func (c *compiler) viewPartsOf(n *yaml.Node, path string, sc *scope) []ViewPart {
	items, ok := c.r.seq(n, path)
	if !ok {
		return nil
	}
	out := []ViewPart{}
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		var vp ViewPart
		show := item
		if rn := resolveAlias(item); rn != nil && rn.Kind == yaml.MappingNode {
			vf, ok := c.r.mapping(item, p, "if", "show")
			if !ok || !c.r.require(item, p, vf, "show") {
				continue
			}
			if v := get(vf, "if"); v != nil {
				vp.If = c.compileExpr(v, p+".if", sc, TBool)
			}
			show, p = get(vf, "show"), p+".show"
		}
		text, ok := c.r.str(show, p)
		if !ok {
			continue
		}
		vp.Show = &Arg{Text: text}
		c.template(vp.Show, show, p, sc)
		out = append(out, vp)
	}
	return out
}

// semantic runs checks that need the whole ruleset.
func (c *compiler) semantic(root *yaml.Node) {
	rs := c.rs
	if rs.Name == "" {
		return
	}
	used := map[int]bool{}
	for _, p := range rs.Programs {
		for _, s := range p.Steps {
			for _, a := range s.Args {
				for _, ix := range a.Actions {
					used[ix] = true
				}
			}
		}
	}
	for _, a := range rs.Actions {
		if !used[a.Index] {
			c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unused-action", Pos: a.Pos, Path: "actions." + a.Name, Message: fmt.Sprintf("action %q is never offered: no window lists it", a.Name)})
		}
	}
	// steps that can never run: after a step that ends the game
	for _, p := range rs.Programs {
		for i, st := range p.Steps {
			if st.Prim.EndsGame && i+1 < len(p.Steps) {
				next := p.Steps[i+1]
				c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unreachable-step", Pos: next.Pos, Message: fmt.Sprintf("this step never runs: the %s before it ends the game", st.Prim.Name)})
				break
			}
			for j, pp := range st.Prim.Params {
				if cond := st.Args[j].Expr; pp.Decides && cond != nil && (cond.Src == "false" || cond.Src == "true") {
					c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unreachable-step", Pos: cond.Pos, Message: fmt.Sprintf("the condition is always %s, so one branch never runs", cond.Src)})
				}
			}
		}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			for i, pp := range st.Prim.Params {
				if pp.Kind == PPhase && st.Args[i].Set && rs.PhaseIndex(st.Args[i].Text) < 0 {
					var names []string
					for _, ph := range rs.Phases {
						names = append(names, ph.Name)
					}
					c.diags = append(c.diags, Diagnostic{Severity: SeverityError, Code: "unknown-phase", Pos: st.Args[i].Pos, Message: fmt.Sprintf("unknown phase %q%s", st.Args[i].Text, didYouMean(st.Args[i].Text, names))})
				}
			}
		}
	}
	for _, ph := range rs.Phases {
		if ph.Skip != nil && ph.Skip.Src == "true" {
			c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unreachable-phase", Pos: ph.Skip.Pos, Message: fmt.Sprintf("phase %q is always skipped", ph.Name)})
		}
	}
	c.unplayable()
	c.events()
}

// BuiltinEvents are the events the engine raises itself.
var BuiltinEvents = []string{"enter", "leave", "draw", "shuffle", "reveal", "turn_start", "turn_end", "phase_start", "phase_end", "action", "resolve", "lost"}

// events warns about a trigger that listens to an event nothing raises (it
// can never run: a misspelled name, most likely) and about a custom event
// raised that no trigger listens to (it does nothing).
func (c *compiler) events() {
	rs := c.rs
	emitted := map[string]Pos{}
	var order []string
	for _, e := range BuiltinEvents {
		emitted[e] = Pos{}
	}
	for _, p := range rs.Programs {
		for _, st := range p.Steps {
			if st.Prim.Name != "emit" {
				continue
			}
			a := st.Arg("event")
			if _, seen := emitted[a.Text]; !seen && a.Text != "" {
				pos := a.Pos
				if pos.Line == 0 {
					pos = st.Pos
				}
				emitted[a.Text] = pos
				order = append(order, a.Text)
			}
		}
	}
	heard := map[string]bool{}
	all := append([]*Trigger(nil), rs.Triggers...)
	for _, d := range rs.Cards {
		all = append(all, d.Triggers...)
		for _, f := range d.Faces {
			all = append(all, f.Triggers...)
		}
	}
	names := keysOf(emitted)
	for _, t := range all {
		heard[t.Event] = true
		if _, ok := emitted[t.Event]; ok || t.Event == "" {
			continue
		}
		pos := t.EventPos
		if pos.Line == 0 {
			pos = t.Pos
		}
		c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unemitted-event", Pos: pos,
			Message: fmt.Sprintf("no trigger can run on %q: nothing emits it%s", t.Event, didYouMean(t.Event, names))})
	}
	for _, e := range order {
		if !heard[e] {
			c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unheard-event", Pos: emitted[e],
				Message: fmt.Sprintf("the event %q is emitted, but no trigger listens to it", e)})
		}
	}
}

// unplayable warns about cards that no action can take: every action that
// picks its card from a zone rejects the card by a filter that depends on
// the card alone.
func (c *compiler) unplayable() {
	rs := c.rs
	var sourced []*Action
	for _, a := range rs.Actions {
		if a.Source >= 0 {
			sourced = append(sourced, a)
		}
	}
	if len(sourced) == 0 || len(rs.Cards) == 0 {
		return
	}
	static := func(e *Expr) bool {
		for _, id := range e.idents {
			if id.kind != idCard && id.kind != idThis {
				return false
			}
		}
		return true
	}
	for _, a := range sourced {
		if a.Filter == nil || !static(a.Filter) {
			return // some action may take any card
		}
	}
	g := newGame(rs, rs.MinPlayers)
	g.S = &State{Players: make([]PlayerState, rs.MinPlayers), PlayerProp: make([]int64, rs.MinPlayers*len(rs.PlayerProps)), GameProps: make([]int64, len(rs.GameProps))}
	for k, z := range rs.Zones {
		n := 1
		if z.PerPlayer {
			n = rs.MinPlayers
		}
		for o := 0; o < n; o++ {
			g.S.Zones = append(g.S.Zones, ZoneInstance{Kind: int32(k), Owner: int8(o)})
		}
	}
	for _, d := range rs.Cards {
		cidx := g.CreateCard(d.Index, 0, g.ZoneInst(sourced[0].Source, 0))
		playable := false
		for _, a := range sourced {
			f := Frame{Card: int32(cidx), This: int32(cidx), Event: Event{Card: -1, Source: -1}}
			ok, err := g.EvalBool(a.Filter, &f)
			if err != nil || ok {
				playable = true
				break
			}
		}
		if !playable {
			c.diags = append(c.diags, Diagnostic{Severity: SeverityWarning, Code: "unplayable-card", Pos: d.Pos, Path: "cards." + d.ID, Message: fmt.Sprintf("card %q can never be played: the filter of every action that takes a card rejects it", d.ID)})
		}
	}
}

// stepValidator is the Validator of one step being loaded.
type stepValidator struct {
	rs   *Ruleset
	c    *compiler
	step *Step
	path string
}

// Ruleset is the ruleset being loaded.
func (v *stepValidator) Ruleset() *Ruleset { return v.rs }

// Errorf reports a problem with an argument of the step.
func (v *stepValidator) Errorf(arg, code, format string, args ...any) {
	pos := v.step.Pos
	if a := v.step.Arg(arg); a.Set && a.Pos.Line > 0 {
		pos = a.Pos
	}
	v.c.r.diagAt(pos, code, v.path+"."+arg, fmt.Sprintf(format, args...))
}

// Suggest returns "; did you mean X?" for the nearest of known, or "".
func (v *stepValidator) Suggest(name string, known []string) string { return didYouMean(name, known) }

// InternName makes a name usable as a symbol; only during load (Validate).
func (v *stepValidator) InternName(name string) int64 { return v.rs.intern(name) }
