package interpreter

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"

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
		c.keepEnv()
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
