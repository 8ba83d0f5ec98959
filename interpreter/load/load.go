package load

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/lint"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"go.yaml.in/yaml/v3"
)

type compiler struct {
	*compile.ExprCompiler
	steps     int // steps compiled so far: aliases of aliases could make them explode
	tooMany   bool
	procs     map[string]*procedure
	procList  []*procedure
	expanding []*procedure // the procedures whose steps are being compiled, outermost first
	diags     diag.Diagnostics
	braces    []source.BraceText // values written {name}, see source.BraceTexts
	files     map[string][]byte
	hash      hash.Hash // of what each file says of the game (hashFile)
	// brokenCards: a card file could not be read, so a card a deck names
	// may be one of its own: unknown cards are not reported on top of it
	brokenCards bool
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
func LoadFile(path string, lib *model.Library) (*model.Ruleset, diag.Diagnostics) {
	data, err := source.ReadFile(path)
	if err != nil {
		return nil, diag.Diagnostics{{Severity: diag.SeverityError, Code: "io", Pos: diag.Pos{File: path, Line: 1, Column: 1}, Message: err.Error()}}
	}
	var cards []Source
	var diags diag.Diagnostics
	dirs := cardDirs(path, data)
	read := map[string]bool{}
	for _, d := range dirs {
		if d.named && strings.TrimSpace(d.text) == "" {
			// "" would be the ruleset's own folder: every .yaml file beside
			// it read as a card file
			diags = append(diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-folder", Pos: d.pos, Path: "cards", Message: "an empty card folder name: cards lists folders of card files, each named (cards: [../cards/NAME])"})
			continue
		}
		st, err := os.Stat(d.dir)
		if err != nil || !st.IsDir() {
			// a folder the ruleset names must exist; the default one may be absent
			if d.named {
				msg := fmt.Sprintf("the card folder %s does not exist (it is read relative to the ruleset file)", d.text)
				if err == nil {
					msg = fmt.Sprintf("%s is a file; cards lists folders, whose .yaml files are read: name %s", d.text, filepath.Dir(d.text))
				}
				diags = append(diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-folder", Pos: d.pos, End: diag.Pos{File: d.pos.File, Line: d.pos.Line, Column: d.pos.Column + len(d.text)}, Path: "cards", Message: msg})
			}
			continue
		}
		if clean := filepath.Clean(d.dir); read[clean] {
			// a folder listed twice: its cards once
			if d.named {
				diags = append(diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "unknown-folder", Pos: d.pos, Path: "cards", Message: fmt.Sprintf("the card folder %s is listed twice", d.text)})
			}
			continue
		} else {
			read[clean] = true
		}
		for _, m := range yamlFiles(d.dir) {
			if filepath.Clean(m) == filepath.Clean(path) {
				// the ruleset itself, in a folder of its cards (cards: [.])
				continue
			}
			b, err := source.ReadFile(m)
			if err != nil {
				if !d.flat {
					diags = append(diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "io", Pos: diag.Pos{File: m, Line: 1, Column: 1}, Message: err.Error()})
				}
				continue
			}
			if d.flat && !IsCardFile(b) || !d.flat && isRulesetOrScenario(b) {
				// beside the ruleset, only card files are cards; in a folder
				// of cards, another ruleset or a scenario is not one either
				continue
			}
			cards = append(cards, Source{Name: m, Data: b})
		}
	}
	rs, ds := LoadPartial(Source{Name: path, Data: data}, cards, lib)
	where := cardsWhere(dirs, len(cards))
	for i := range ds {
		ds[i].Detail = model.CardsDetail(ds[i], where)
	}
	diags = append(diags, ds...)
	diags.Sort()
	if diags.HasErrors() {
		return nil, diags
	}
	rs.CardsFrom = where
	return rs, diags
}

var rulesetKeys = []string{"name", "version", "doc", "goal", "players", "modes", "deck_rules", "keywords", "properties", "zones", "cards", "decks", "setup", "turn", "actions", "triggers", "checks", "limits", "concede", "concede_why", "value", "view", "card_text", "procedures", "predicates"}

// maxDiagnostics caps what one load reports: past it, more errors only bury
// the first ones.
const maxDiagnostics = 500

// Load compiles a ruleset and its card files. It returns the ruleset (nil when
// there are errors) and every diagnostic found, sorted by position.
func Load(src Source, cards []Source, lib *model.Library) (*model.Ruleset, diag.Diagnostics) {
	rs, diags := LoadPartial(src, cards, lib)
	if diags.HasErrors() {
		return nil, diags
	}
	return rs, diags
}

// LoadPartial is Load for tools: it returns whatever could be compiled even
// when there are errors. A ruleset with errors must not be played.
func LoadPartial(src Source, cards []Source, lib *model.Library) (rs *model.Ruleset, diags diag.Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			rs = nil
			diags = append(diags, diag.Diagnostic{Severity: diag.SeverityError, Code: "internal", Pos: diag.Pos{File: src.Name, Line: 1, Column: 1}, Message: fmt.Sprintf("internal error while loading (please report it): %v", r)})
		}
	}()
	c := &compiler{ExprCompiler: &compile.ExprCompiler{}, files: map[string][]byte{}}
	c.Rs = &model.Ruleset{Lib: lib, SymbolIx: map[string]int{}, CardPropIx: map[string]int{}, PlayerPropIx: map[string]int{},
		GamePropIx: map[string]int{}, ZoneIx: map[string]int{}, CardIx: map[string]int{}, DeckIx: map[string]int{},
		ActionIx: map[string]int{}, KeywordIx: map[string]int{}, DrainStack: -1}
	c.Rs.Intern("") // symbol 0 is the empty name
	for i := 1; i <= 8; i++ {
		c.Rs.Intern(fmt.Sprintf("p%d", i)) // seat names
	}
	for _, k := range builtinSymbols {
		c.Rs.Intern(k) // outcome kinds
	}
	if lib != nil {
		// the names every ruleset starts with are numbered before its own:
		// a state saved under other numbers is played again from its seed
		lh := sha256.Sum256([]byte(lib.Fingerprint() + "\x00" + strings.Join(builtinSymbols, ",")))
		c.Rs.LibraryHash = hex.EncodeToString(lh[:])[:16]
	}
	c.hash = sha256.New() // each file adds itself as it is parsed
	c.compile(src, cards)
	c.Rs.Hash = hex.EncodeToString(c.hash.Sum(nil))[:16]
	c.diags = source.ExplainBraces(c.braces, c.diags)
	for i := range c.diags {
		c.diags[i].Severity = diag.SeverityOf(c.diags[i].Code) // the registry decides
	}
	if c.brokenCards {
		c.diags = afterBrokenCards(c.diags)
	}
	c.diags = c.diags.Dedup()
	c.diags.Sort()
	c.diags = c.diags.Capped(maxDiagnostics)
	if c.Ts != nil {
		c.KeepEnv()
	}
	return c.Rs, c.diags
}

func (c *compiler) parse(src Source) *yaml.Node {
	c.R = &source.Reader{File: src.Name, Src: src.Data, Diags: &c.diags}
	c.files[src.Name] = src.Data
	var doc yaml.Node
	if err := yaml.Unmarshal(src.Data, &doc); err != nil {
		c.diags = append(c.diags, source.SyntaxPitfall(source.SyntaxError(src.Name, src.Data, err), src.Data))
		return nil
	}
	if len(doc.Content) == 0 {
		c.R.Errorf(nil, "empty-file", "", "the file is empty")
		return nil
	}
	if d := source.SecondDocument(src.Name, src.Data); d != nil {
		c.diags = append(c.diags, *d)
	}
	c.R.CutSelfAliases(doc.Content[0])
	c.R.ExpandMerges(doc.Content[0])
	c.R.RepairFlowSplits(doc.Content[0])
	c.braces = append(c.braces, c.R.BraceTexts(&doc)...)
	hashFile(c.hash, src.Name, doc.Content[0])
	return doc.Content[0]
}

func (c *compiler) compile(src Source, cards []Source) {
	root := c.parse(src)
	if root == nil {
		return
	}
	rs := c.Rs
	fs, ok := c.R.Mapping(root, "", rulesetKeys...)
	if !ok {
		return
	}
	c.R.Require(root, "", fs, requiredRulesetKeys...)
	if n := source.Get(fs, "name"); n != nil {
		rs.Name, _ = c.R.Str(n, "name")
	}
	if n := source.Get(fs, "cards"); n != nil {
		rn := source.ResolveAlias(n)
		switch {
		case rn.Kind != yaml.SequenceNode:
			c.R.Errorf(n, "type-mismatch", "cards", "cards is a list of folders: cards: [../cards/%s]", rs.Name)
		case len(rn.Content) > 0 && source.ResolveAlias(rn.Content[0]).Kind == yaml.MappingNode:
			// cards written out here, as a card file writes them
			c.R.Errorf(rn.Content[0], "type-mismatch", "cards[0]", "a ruleset's cards is a list of folders of card files (cards: [../cards/%s]), not the cards themselves: write the card definitions in a card file in such a folder, under its own cards:", rs.Name)
		default:
			c.R.StrList(n, "cards")
		}
	}
	if n := source.Get(fs, "version"); n != nil {
		rs.Version, _ = c.R.Str(n, "version")
	}
	if n := source.Get(fs, "doc"); n != nil {
		rs.Doc, _ = c.R.Str(n, "doc")
	}
	if n := source.Get(fs, "goal"); n != nil {
		rs.Goal, _ = c.R.Str(n, "goal")
	}
	rs.MinPlayers, rs.MaxPlayers = 2, 2
	if n := source.Get(fs, "players"); n != nil {
		c.players(n)
	}
	if n := source.Get(fs, "keywords"); n != nil {
		c.keywords(n)
	}
	if n := source.Get(fs, "modes"); n != nil {
		c.modes(n)
	}
	if n := source.Get(fs, "properties"); n != nil {
		c.properties(n)
	}
	if n := source.Get(fs, "zones"); n != nil {
		c.zones(n)
	}
	if n := source.Get(fs, "limits"); n != nil {
		c.limits(n)
	}
	if n := source.Get(fs, "deck_rules"); n != nil {
		c.deckRules(n)
	}
	c.Ts = closure.NewTypeSystem(rs)
	c.PhaseNames = phaseNames(source.Get(fs, "turn"))
	rulesetReader := c.R
	// card files: definitions first, so decks and effects can name them
	type cardNode struct {
		r   *source.Reader
		n   *yaml.Node
		p   string
		def *model.CardDef
	}
	var defs []cardNode
	var deckNodes []struct {
		r *source.Reader
		n *yaml.Node
	}
	var procNodes, predNodes []declSource
	if n := source.Get(fs, "predicates"); n != nil {
		predNodes = append(predNodes, declSource{c.R, n})
	}
	if n := source.Get(fs, "procedures"); n != nil {
		procNodes = append(procNodes, declSource{c.R, n})
	}
	for _, cs := range cards {
		croot := c.parse(cs)
		if croot == nil {
			c.brokenCards = true
			continue
		}
		if croot.Kind == yaml.SequenceNode {
			c.R.Errorf(croot, "type-mismatch", "", "a card file is a mapping, and this one is a list: write `cards:` on a line above the list of cards (and indent it)")
			c.brokenCards = true
			continue
		}
		cfs, ok := c.R.Mapping(croot, "", cardFileKeys...)
		if !ok {
			c.brokenCards = true
			continue
		}
		if n := source.Get(cfs, "predicates"); n != nil {
			predNodes = append(predNodes, declSource{c.R, n})
		}
		if n := source.Get(cfs, "procedures"); n != nil {
			procNodes = append(procNodes, declSource{c.R, n})
		}
		if n := source.Get(cfs, "cards"); n != nil {
			items, _ := c.R.Seq(n, "cards")
			for i, item := range items {
				p := fmt.Sprintf("cards[%d]", i)
				if d := c.cardDef(item, p); d != nil {
					defs = append(defs, cardNode{c.R, item, p, d})
				}
			}
		}
		if n := source.Get(cfs, "decks"); n != nil {
			deckNodes = append(deckNodes, struct {
				r *source.Reader
				n *yaml.Node
			}{c.R, n})
		}
	}
	// predicates and procedures, of every file, before anything calls them
	c.predicates(predNodes)
	c.procedures(procNodes)
	c.R = rulesetReader
	if n := source.Get(fs, "decks"); n != nil {
		c.decks(n)
	}
	for _, d := range deckNodes {
		c.R = d.r
		c.decks(d.n)
	}
	c.R = rulesetReader
	if n := source.Get(fs, "actions"); n != nil {
		c.actions(n)
	}
	if n := source.Get(fs, "setup"); n != nil {
		rs.Setup = c.rootSteps(n, "setup", closure.NewScope(), "setup")
	} else {
		rs.Setup = c.emptyProgram("setup")
	}
	if n := source.Get(fs, "turn"); n != nil {
		c.turn(n)
	}
	if n := source.Get(fs, "triggers"); n != nil {
		rs.Triggers = c.triggers(n, "triggers", -1)
	}
	if n := source.Get(fs, "checks"); n != nil {
		c.checks(n)
	}
	if n := source.Get(fs, "concede"); n != nil {
		rs.Concede = c.CompileExpr(n, "concede", closure.NewScope(), model.TBool)
	}
	if n := source.Get(fs, "concede_why"); n != nil {
		rs.ConcedeWhy, _ = c.R.Str(n, "concede_why")
		if source.Get(fs, "concede") == nil {
			c.R.Errorf(n, "missing-field", "concede_why", "`concede_why` explains `concede`, and there is none")
		}
	}
	if n := source.Get(fs, "value"); n != nil {
		rs.Value = c.CompileExpr(n, "value", closure.NewScope(), model.TInt)
	}
	if n := source.Get(fs, "view"); n != nil {
		c.view(n)
	}
	if n := source.Get(fs, "card_text"); n != nil {
		c.cardTextDecl(n)
	}
	for _, d := range defs {
		c.R = d.r
		c.cardEffects(d.n, d.p, d.def)
	}
	c.R = rulesetReader
	c.unusedProcedures()
	c.unusedPredicates()
	c.R = rulesetReader
	c.finish()
	c.writeCardTexts()
	if !c.tooMany {
		// steps left uncompiled would read as actions no window offers,
		// events nobody hears: the warnings of a whole ruleset only
		c.diags = append(c.diags, lint.Check(c.Rs)...)
	}
}

// phaseNames are the names of the turn's phases, read ahead and quietly: the
// turn itself is read, and its mistakes reported, in its place.
func phaseNames(turn *yaml.Node) []string {
	var names []string
	phases := mappingValue(turn, "phases")
	if phases == nil || phases.Kind != yaml.SequenceNode {
		return nil
	}
	for _, ph := range phases.Content {
		if n := mappingValue(ph, "name"); n != nil && n.Kind == yaml.ScalarNode {
			names = append(names, n.Value)
		}
	}
	return names
}

// mappingValue is the value of key in mapping n, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	n = source.ResolveAlias(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return source.ResolveAlias(n.Content[i+1])
		}
	}
	return nil
}

// finish resolves names that are only known once everything is read.
func (c *compiler) finish() {
	rs := c.Rs
	rs.StaticSlot = make([]int, len(rs.CardProps))
	for i := range rs.StaticSlot {
		rs.StaticSlot[i] = -1
	}
	for _, st := range rs.Statics {
		if rs.StaticSlot[st.Prop] < 0 {
			rs.StaticSlot[st.Prop] = len(rs.StaticProps)
			rs.StaticProps = append(rs.StaticProps, st.Prop)
		}
	}
	rs.StaticDeps, rs.StaticParts, rs.SeatParts = rs.StaticReads(), rs.StaticPropReads(), rs.SeatReads()
	for _, ch := range rs.Checks {
		ch.Reads, ch.OwnReads = model.ReadsAnything, 0
		if ch.Cond != nil {
			ch.Reads, ch.OwnReads = rs.Derived(ch.Cond.Reads), ch.Cond.OwnReads
			if ch.Reads != ch.Cond.Reads {
				// what the statics read is read for every seat
				ch.OwnReads &^= rs.StaticDeps
			}
		}
	}
	for i, p := range rs.CardProps {
		if p.ResetOnMove {
			rs.ResetOnMove = append(rs.ResetOnMove, i)
		}
	}
	for _, list := range [][]model.PropDecl{rs.CardProps, rs.PlayerProps, rs.GameProps} {
		for i := range list {
			if list[i].Type == model.TString {
				list[i].Valid = map[int64]bool{}
				for _, v := range list[i].Values {
					list[i].Valid[rs.Intern(v)] = true
				}
			}
			if list[i].Type == model.TStrings {
				for _, v := range list[i].Values {
					list[i].Syms = append(list[i].Syms, rs.Intern(v))
				}
				list[i].IndexNames()
			}
		}
	}
	for _, ph := range rs.Phases {
		rs.PhaseSyms = append(rs.PhaseSyms, rs.Intern(ph.Name))
	}
	for _, z := range rs.Zones {
		rs.ZoneSyms = append(rs.ZoneSyms, rs.Intern(z.Name))
	}
	// names an expression may read, interned so that comparing and listing
	// them needs no text
	for _, s := range state.SeatNames {
		rs.Intern(s)
	}
	for _, d := range rs.Cards {
		rs.Intern(d.ID)
		rs.Intern(d.Name)
		for _, f := range d.Faces {
			rs.Intern(f.Name)
		}
	}
	all := append([]*model.Trigger(nil), rs.Triggers...)
	for _, d := range rs.Cards {
		all = append(all, d.Triggers...)
		for _, f := range d.Faces {
			all = append(all, f.Triggers...)
		}
		for _, t := range d.Triggers {
			if len(t.Zones) > 0 {
				rs.Listeners = append(rs.Listeners, t)
			}
		}
		for fi, f := range d.Faces {
			for _, t := range f.Triggers {
				t.Face = fi
				if len(t.Zones) > 0 {
					rs.Listeners = append(rs.Listeners, t)
				}
			}
		}
	}
	for _, t := range all {
		t.Sym = rs.Intern(t.Event)
	}
	rs.IndexTriggers()
	rs.IndexFaces()
	rs.IndexActions()
	// the actions' names, which their events carry (event.from); interned
	// last, so the numbers of the names above stay what saves hold
	for _, a := range rs.Actions {
		rs.ActionSyms = append(rs.ActionSyms, rs.Intern(a.Name))
	}
	rs.IndexSymbols()
}

func (c *compiler) emptyProgram(name string) int {
	c.Rs.Programs = append(c.Rs.Programs, &model.Program{Name: name, Root: len(c.Rs.Programs)})
	return len(c.Rs.Programs) - 1
}

// builtinSymbols are the names every ruleset's symbols start with, after
// the seat names: outcome kinds and the engine's events.
var builtinSymbols = []string{"win", "draw", "loss", "error", "lost", "enter", "leave", "draw", "shuffle", "turn_start", "turn_end", "phase_start", "phase_end", "reveal", "action", "resolve"}

// afterBrokenCards keeps what a load says when a card file could not be
// read: a name that file may declare (a deck, a card, a predicate, an
// event its cards raise or hear) is said to be missing only with that
// reason beside it, and the warnings of what is not used or not heard,
// which the file may well use or hear, are left out until it is read.
func afterBrokenCards(ds diag.Diagnostics) diag.Diagnostics {
	out := ds[:0]
	for _, d := range ds {
		switch d.Code {
		case "unheard-event", "unemitted-event", "unused-predicate", "unused-procedure", "unplayable-card", "unused-deck":
			continue
		case "unknown-deck", "unknown-card", "unknown-name", "unknown-function", "unknown-event", "unknown-procedure":
			note := "a card file of this ruleset could not be read (see its error), and it may declare this name: fix that file first"
			if d.Detail == "" {
				d.Detail = note
			} else {
				d.Detail += "; " + note
			}
		}
		out = append(out, d)
	}
	return out
}
