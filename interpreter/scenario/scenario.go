package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// Scenario is a parsed scenario file.
type Scenario struct {
	File    string
	Name    string
	Doc     string
	Ruleset string // the ruleset file
	// RulesetNote warns that the game named is found as another file
	// from the working folder; empty when not
	RulesetNote string
	Seed        uint64
	Rolls       []int // the results of the first die rolls, fixed
	Players     int
	Mode        string
	Decks       []string
	Setup       *setup.Setup
	// where ruleset, players, mode and each deck are written, for messages
	rulesetPos, playersPos, modePos diag.Pos
	// playersBad: players was written wrong (told already); the seats are
	// checked against the most the game takes
	playersBad bool
	deckPos    []diag.Pos
	Steps      []Step
	src        []byte
}

// Step is one line of a scenario: an answer, an expectation or a check of
// what is asked and offered.
type Step struct {
	Pos    diag.Pos
	Seat   int
	Answer *yaml.Node // for answers and refusals
	Refuse bool
	// RefuseWhy is words the reason of a refusal must hold (refuse's why)
	RefuseWhy string
	Expect    *yaml.Node
	// Until is pass_until's condition: every question asked is passed
	// until it holds
	Until    *yaml.Node
	Offered  []string
	Absent   []string
	Exact    bool
	Waiting  []int
	hasWait  bool
	NotAsked []int // seats that must have no question now
	expr     *model.Expr
	until    *model.Expr
	parts    []*model.Expr // an expectation's terms joined by and, to say which is false
	partSrc  []string
	// sides are the left sides of the comparisons of the terms (of the
	// whole expectation when it has one term), nil where a term is none:
	// a failure says what the left side read (p2.life is 30)
	sides   []*model.Expr
	sideSrc []string
}

var topKeys = []string{"name", "doc", "ruleset", "seed", "rolls", "players", "decks", "mode", "setup", "steps"}

// LoadOption changes how Load reads a scenario.
type LoadOption func(*loadConfig)

type loadConfig struct {
	games func(name string) (string, error)
}

// WithGames gives Load the games to look in by name when no
// rulesets/<name>.yaml is found on disk: games gives the path of the
// ruleset of a game's name, or "" for a name it does not know.
func WithGames(games func(name string) (string, error)) LoadOption {
	return func(c *loadConfig) { c.games = games }
}

// Load reads a scenario file. Rulesets are found by name in the rulesets/
// folder above the scenario, or by a path relative to the file.
func Load(path string, opts ...LoadOption) (*Scenario, error) {
	sc, err := LoadPartial(path, opts...)
	if err != nil {
		return nil, err
	}
	return sc, nil
}

// LoadPartial is Load, but for a file with mistakes it gives also what
// it read of it (nil when not even that was read): the steps and the setup
// that are right, its ruleset when found, so that a check against the
// ruleset (Check) reports their mistakes too, all in one go.
func LoadPartial(path string, opts ...LoadOption) (*Scenario, error) {
	var cfg loadConfig
	for _, o := range opts {
		o(&cfg)
	}
	data, err := source.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sc := &Scenario{File: path, Seed: 1, src: data}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		// a value YAML reads otherwise than written (a colon and a space in a
		// name) is told with the quotes that mend it, as validate tells it
		return nil, diag.Diagnostics{source.SyntaxPitfall(source.SyntaxError(path, data, err), data)}
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: a scenario is a mapping with ruleset and steps", path)
	}
	if d := source.SecondDocument(path, data); d != nil {
		return nil, diag.Diagnostics{*d}
	}
	root := doc.Content[0]
	pos := func(n *yaml.Node) diag.Pos { return diag.Pos{File: path, Line: n.Line, Column: n.Column} }
	errAt := func(n *yaml.Node, format string, args ...any) error {
		return fmt.Errorf("%s: %s", pos(n), fmt.Sprintf(format, args...))
	}
	// every mistake of the file is reported at once, not the first alone
	var errs []error
	// a value a comma cut inside {...} or [...] is put back together and
	// said to need quotes, as in a ruleset ([len(hand) == 8, count(hand,
	// .gold) > 0] is two expressions, not three pieces)
	var cut diag.Diagnostics
	(&source.Reader{File: path, Src: data, Diags: &cut}).RepairFlowSplits(root)
	for _, d := range cut {
		errs = append(errs, fmt.Errorf("%s: %s", d.Pos, d.Message))
	}
	source.DuplicateKeys(root, func(again, first *yaml.Node) {
		errs = append(errs, errAt(again, "key %q appears twice (first at line %d): the second would hide the first", again.Value, first.Line))
	})
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if r, bad := source.ControlIn(v.Value); bad && v.Kind == yaml.ScalarNode {
			// printed in messages and golden files
			errs = append(errs, errAt(v, "%s holds the control character %U, which screens would not show as text: write printable text", k.Value, r))
			continue
		}
		switch k.Value {
		case "name":
			sc.Name = v.Value
		case "doc":
			sc.Doc = v.Value
		case "ruleset":
			rp, err := findRuleset(path, v.Value, cfg.games, &sc.RulesetNote)
			if err != nil {
				errs = append(errs, errAt(v, "%v", err))
				continue
			}
			sc.Ruleset, sc.rulesetPos = rp, pos(v)
		case "seed":
			n, err := strconv.ParseUint(v.Value, 10, 64)
			if err != nil {
				errs = append(errs, errAt(v, "seed is a whole number from 0 to %d", uint64(math.MaxUint64)))
				continue
			}
			sc.Seed = n
		case "rolls":
			if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
				errs = append(errs, errAt(v, "rolls lists the results of the game's first die rolls, in order: rolls: [20, 3]"))
				continue
			}
			for _, x := range v.Content {
				n, err := strconv.Atoi(x.Value)
				if err != nil || n < 1 || x.Kind != yaml.ScalarNode {
					errs = append(errs, errAt(x, "a roll is a whole number, 1 or more, not %q", x.Value))
					continue
				}
				sc.Rolls = append(sc.Rolls, n)
			}
		case "players":
			n, err := strconv.Atoi(v.Value)
			if err != nil {
				errs = append(errs, errAt(v, "players must be a whole number"))
				sc.playersBad = true
				continue
			}
			if n < 1 {
				// 0 would read as not given: the game's least
				errs = append(errs, errAt(v, "players must be 1 or more, not %d (without it, the game's least number of players)", n))
				sc.playersBad = true
				continue
			}
			sc.Players, sc.playersPos = n, pos(v)
		case "mode":
			sc.Mode, sc.modePos = v.Value, pos(v)
		case "decks":
			if v.Kind != yaml.MappingNode {
				errs = append(errs, errAt(v, "decks maps seats to deck names: {p1: starter}"))
				continue
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				p, err := parseSeat(v.Content[j].Value)
				if err != nil {
					errs = append(errs, errAt(v.Content[j], "%v", err))
					continue
				}
				for len(sc.Decks) <= p {
					sc.Decks = append(sc.Decks, "")
					sc.deckPos = append(sc.deckPos, diag.Pos{})
				}
				sc.Decks[p], sc.deckPos[p] = v.Content[j+1].Value, pos(v.Content[j+1])
			}
		case "setup":
			su, err := readSetup(v, errAt, pos)
			if err != nil {
				errs = append(errs, err)
			}
			if su != nil {
				sc.Setup = su
			}
		case "steps":
			if v.Kind != yaml.SequenceNode {
				errs = append(errs, errAt(v, "steps is a list"))
				continue
			}
			for _, item := range v.Content {
				st, err := readStep(item, errAt, pos)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				if st.Expect != nil && st.Expect.Kind == yaml.SequenceNode && len(st.Expect.Content) == 0 {
					errs = append(errs, errAt(st.Expect, "expect lists no expectation: write one, or a list of them"))
					continue
				}
				if st.Expect != nil && st.Expect.Kind == yaml.SequenceNode {
					// a list of expectations: each one a step of its own,
					// at its own place
					for _, x := range st.Expect.Content {
						one := st
						one.Expect, one.Pos = x, pos(x)
						sc.Steps = append(sc.Steps, one)
					}
					continue
				}
				sc.Steps = append(sc.Steps, st)
			}
		default:
			errs = append(errs, errAt(k, "unknown field %q in a scenario (known: %s)", k.Value, strings.Join(topKeys, ", ")))
			continue
		}
	}
	if len(errs) > 0 {
		if sc.Ruleset == "" {
			return nil, errors.Join(errs...)
		}
		return sc, errors.Join(errs...)
	}
	if sc.Ruleset == "" {
		return nil, errAt(root, "a scenario needs `ruleset`")
	}
	if sc.Name == "" {
		sc.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return sc, nil
}

// findRuleset resolves the ruleset a scenario names: a path (a .yaml file, or
// with a folder in it) is read relative to the scenario; a game's name is
// looked for as rulesets/<name>.yaml in the scenario's folder and the folders
// above it, then in the working folder and the folders above it, where arbiter
// play looks, and last among the games given WithGames.
//
// When the name is found from the scenario's folder and the working folder
// would find another file of other content, note says so: a copy of a
// game left beside a scenario is read in silence otherwise.
func findRuleset(scenario, name string, games func(string) (string, error), note *string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("ruleset names a game or a ruleset file")
	}
	if strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml") || strings.ContainsAny(name, `/\`) || filepath.IsAbs(name) {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(scenario), name)
		}
		// a path that names nothing is the scenario's mistake, said at
		// its ruleset line rather than at a file that is not there
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			where := ""
			if p != name {
				where = fmt.Sprintf(" (%s, from the scenario's folder)", p)
			}
			return "", fmt.Errorf("the ruleset %s is not there%s", name, where)
		}
		if ext := strings.ToLower(filepath.Ext(p)); ext != ".yaml" && ext != ".yml" {
			// a path to some other file (a system's, a note): it is not
			// read, and its lines are not printed in messages
			return "", fmt.Errorf("the ruleset %s is no ruleset file: a ruleset file's name ends in .yaml or .yml", name)
		}
		return p, nil
	}
	dir, err := filepath.Abs(filepath.Dir(scenario))
	if err != nil {
		return "", err
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	if found := load.FindRuleset(name, dir, wd); found != "" {
		if other := load.FindRuleset(name, wd); other != "" && other != found && !sameContent(found, other) {
			*note = fmt.Sprintf("ruleset %s is %s, found from the scenario's folder, not %s, found from the working folder; the two differ (name the file to choose: ruleset: path/to/%s.yaml)", name, found, other, name)
		}
		return found, nil
	}
	if games != nil {
		if found, err := games(name); found != "" || err != nil {
			return found, err
		}
	}
	where := fmt.Sprintf("in %s and the folders above it", dir)
	if wd != dir {
		where += fmt.Sprintf(", and in the working folder %s and the folders above it", wd)
	}
	if games != nil {
		where += ", and among the games that come with arbiter"
	}
	return "", fmt.Errorf("no ruleset %q: looked for rulesets/%s.yaml %s; name the file instead (ruleset: path/to/%s.yaml, relative to the scenario)", name, name, where, name)
}

// labelKey is a label as the checks of options compare it: in lower case,
// its apostrophes and quotation marks plain (Gambler’s Spark is Gambler's
// Spark), as an answer is compared (model.SameName).
func labelKey(s string) string { return strings.ToLower(model.PlainQuotes(s)) }

// kindWords names the kind of a YAML value: a list, a mapping, a value.
func kindWords(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	return "a value"
}

// sameContent reports whether two files hold the same bytes.
func sameContent(a, b string) bool {
	da, errA := os.ReadFile(a)
	db, errB := os.ReadFile(b)
	return errA == nil && errB == nil && bytes.Equal(da, db)
}

// readSetup reads a scenario's setup. A field it does not know is an
// error returned with the setup read from the others.
func readSetup(n *yaml.Node, errAt func(*yaml.Node, string, ...any) error, pos func(*yaml.Node) diag.Pos) (*setup.Setup, error) {
	if n.Kind != yaml.MappingNode {
		return nil, errAt(n, "setup is a mapping")
	}
	su := &setup.Setup{}
	var unknown error
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		switch k.Value {
		case "active", "turn", "phase":
			if v.Kind != yaml.ScalarNode {
				// a list or a mapping has no value of its own: it read as ""
				what := map[string]string{"active": "a seat (active: p2)", "turn": "a number (turn: 3)", "phase": "a phase's name (phase: main)"}[k.Value]
				return nil, errAt(v, "%s is %s, not %s", k.Value, what, kindWords(v))
			}
		}
		switch k.Value {
		case "active":
			p, err := parseSeat(v.Value)
			if err != nil {
				return nil, errAt(v, "%v", err)
			}
			su.Active, su.ActivePos = p, pos(v)
		case "turn":
			t, err := strconv.Atoi(v.Value)
			if errors.Is(err, strconv.ErrRange) {
				return nil, errAt(v, "the turn is 1 or more, and %s is past any game's", v.Value)
			}
			if err != nil {
				return nil, errAt(v, "turn must be a whole number")
			}
			if t == 0 {
				// 0 would read as not given: turn 1
				return nil, errAt(v, "the turn is 1 or more, not 0")
			}
			su.Turn, su.TurnPos = t, pos(v)
		case "phase":
			su.Phase, su.PhasePos = v.Value, pos(v)
		case "zones", "face_down", "face_up":
			if v.Kind != yaml.MappingNode {
				return nil, errAt(v, "%s maps zones (p1.hand, or a shared zone) to lists of cards", k.Value)
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				zk, zv := v.Content[j], v.Content[j+1]
				pl := setup.Placement{Seat: -1, Zone: zk.Value, Down: k.Value == "face_down", Up: k.Value == "face_up", Pos: pos(zk)}
				if seat, zone, ok := strings.Cut(zk.Value, "."); ok && seat != "game" {
					p, err := parseSeat(seat)
					if err != nil {
						return nil, errAt(zk, "%v", err)
					}
					pl.Seat, pl.Zone = p, zone
				}
				if zv.Kind != yaml.SequenceNode {
					return nil, errAt(zv, "list the cards, top first: [Knight, Archer]")
				}
				for _, c := range zv.Content {
					pl.Cards = append(pl.Cards, c.Value)
					pl.CardPos = append(pl.CardPos, pos(c))
				}
				su.Zones = append(su.Zones, pl)
			}
		case "props":
			if v.Kind != yaml.MappingNode {
				return nil, errAt(v, "props maps targets to values: {p1.life: 3, game.round: 2}")
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				key := v.Content[j].Value
				dot := strings.LastIndex(key, ".")
				if dot < 0 {
					return nil, errAt(v.Content[j], "write target.prop: p1.life, game.round, p1.board[0].power, game.pile[0].power")
				}
				var val any
				if err := v.Content[j+1].Decode(&val); err != nil {
					return nil, errAt(v.Content[j+1], "%v", err)
				}
				su.Props = append(su.Props, setup.PropSetting{Target: key[:dot], Prop: key[dot+1:], Value: val, Pos: pos(v.Content[j]), ValuePos: pos(v.Content[j+1])})
			}
		case "keywords":
			if v.Kind != yaml.MappingNode {
				return nil, errAt(v, "keywords maps placed cards to keywords they get on top of their own: {p1.board[0]: [swift, guard]}")
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				ck, kv := v.Content[j], v.Content[j+1]
				ks := setup.KeywordSetting{Target: ck.Value, Pos: pos(ck)}
				kws := []*yaml.Node{kv}
				if kv.Kind == yaml.SequenceNode {
					kws = kv.Content
				}
				for _, kw := range kws {
					if kw.Kind != yaml.ScalarNode {
						return nil, errAt(kw, "a keyword is a name: [swift, guard]")
					}
					ks.Keywords, ks.KeywordPos = append(ks.Keywords, kw.Value), append(ks.KeywordPos, pos(kw))
				}
				su.Keywords = append(su.Keywords, ks)
			}
		case "lost":
			seats := []*yaml.Node{v}
			if v.Kind == yaml.SequenceNode {
				seats = v.Content
			}
			for _, sn := range seats {
				p, err := parseSeat(sn.Value)
				if err != nil {
					return nil, errAt(sn, "%v", err)
				}
				su.Lost, su.LostPos = append(su.Lost, p), append(su.LostPos, pos(sn))
			}
		default:
			// told, and the fields known are read all the same, so that
			// their own mistakes are told in the same go
			if unknown == nil {
				unknown = errAt(k, "unknown setup field %q (known: active, turn, phase, zones, face_down, face_up, props, keywords, lost)", k.Value)
			}
		}
	}
	return su, unknown
}

func readStep(n *yaml.Node, errAt func(*yaml.Node, string, ...any) error, pos func(*yaml.Node) diag.Pos) (Step, error) {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		return Step{}, errAt(n, "a step is one of `p1: <answer>`, `expect: <expression>`, `offered:`, `not_offered:`, `options:`, `refuse:`, `waiting:`, `not_asked:`")
	}
	k, v := n.Content[0], n.Content[1]
	st := Step{Pos: pos(k), Seat: -1}
	seatLists := func() (int, []string, error) {
		if v.Kind == yaml.MappingNode && len(v.Content) > 2 {
			return 0, nil, errAt(v.Content[2], "%s names one seat a step: write {%s: [label, label]}, and the next seat in a step of its own", k.Value, v.Content[0].Value)
		}
		if v.Kind != yaml.MappingNode || len(v.Content) != 2 {
			return 0, nil, errAt(v, "write {p1: [label, label]}")
		}
		p, err := parseSeat(v.Content[0].Value)
		if err != nil {
			return 0, nil, errAt(v.Content[0], "%v", err)
		}
		var labels []string
		lv := v.Content[1]
		switch lv.Kind {
		case yaml.ScalarNode:
			labels = []string{lv.Value}
		case yaml.SequenceNode:
			for _, x := range lv.Content {
				if x.Kind != yaml.ScalarNode {
					return 0, nil, errAt(x, "%s lists labels: %s is no label", k.Value, kindWords(x))
				}
				labels = append(labels, x.Value)
			}
		default:
			// a mapping's keys and values would be read as labels, each
			return 0, nil, errAt(lv, "%s lists labels, a list: {%s: [label, label]}, not %s", k.Value, v.Content[0].Value, kindWords(lv))
		}
		return p, labels, nil
	}
	switch k.Value {
	case "expect":
		st.Expect = v
	case "pass_until":
		st.Until = v
	case "offered", "not_offered", "options":
		p, labels, err := seatLists()
		if err != nil {
			return st, err
		}
		if len(labels) == 0 {
			// an empty list checks nothing: such a step would always pass
			return st, errAt(v, "%s lists no option, so it checks nothing: name the options (or write not_asked: %s for a seat with no question)", k.Value, state.SeatName(p))
		}
		st.Seat = p
		switch k.Value {
		case "offered":
			st.Offered = labels
		case "not_offered":
			st.Absent = labels
		default:
			st.Offered, st.Exact = labels, true
		}
	case "refuse":
		if v.Kind != yaml.MappingNode || len(v.Content) != 2 && len(v.Content) != 4 {
			return st, errAt(v, "write {p1: <answer that must be refused>}, and why: <words of the reason> to check why")
		}
		seatAt := 0
		if len(v.Content) == 4 {
			// the seat's answer and why, in either order
			w := 2
			if v.Content[0].Value == "why" {
				seatAt, w = 2, 0
			}
			if v.Content[w].Value != "why" {
				return st, errAt(v.Content[w], "refuse takes one seat's answer and why (words the reason for the refusal must hold), not %q", v.Content[w].Value)
			}
			why := v.Content[w+1]
			if why.Kind != yaml.ScalarNode || strings.TrimSpace(why.Value) == "" {
				return st, errAt(why, "why is the words the reason for the refusal must hold, a text: why: you must follow")
			}
			st.RefuseWhy = strings.TrimSpace(why.Value)
		}
		p, err := parseSeat(v.Content[seatAt].Value)
		if err != nil {
			return st, errAt(v.Content[seatAt], "%v", err)
		}
		st.Seat, st.Answer, st.Refuse = p, v.Content[seatAt+1], true
	case "waiting":
		st.hasWait = true
		items := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			items = v.Content
		}
		for _, x := range items {
			if x.Value == "" || x.Value == "nobody" {
				continue
			}
			p, err := parseSeat(x.Value)
			if err != nil {
				return st, errAt(x, "%v", err)
			}
			if slices.Contains(st.Waiting, p) {
				return st, errAt(x, "waiting lists %s twice: a seat is asked once at a time", x.Value)
			}
			st.Waiting = append(st.Waiting, p)
		}
	case "not_asked":
		items := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			items = v.Content
		}
		for _, x := range items {
			p, err := parseSeat(x.Value)
			if err != nil {
				return st, errAt(x, "not_asked names seats: not_asked: p2, or not_asked: [p2, p3]; %v", err)
			}
			st.NotAsked = append(st.NotAsked, p)
		}
		if len(st.NotAsked) == 0 {
			return st, errAt(v, "not_asked names seats: not_asked: p2, or not_asked: [p2, p3]")
		}
	default:
		p, err := parseSeat(k.Value)
		if err != nil {
			return st, errAt(k, "unknown step %q: a step is a seat's answer (p1: ...) or expect, pass_until, offered, not_offered, options, refuse, waiting, not_asked", k.Value)
		}
		st.Seat, st.Answer = p, v
	}
	return st, nil
}

// Result is the outcome of running a scenario.
type Result struct {
	Scenario *Scenario
	Output   string   // log and final state: what the golden file holds
	Failures []string // expectations that did not hold
	Game     *engine.Game
	// Stopped is the step whose answer was not given because a step before
	// it failed (the zero Pos when every step ran): the game, and Output,
	// stay at the failure
	Stopped diag.Pos
}

// RulesetPos is where the scenario names its ruleset.
func (sc *Scenario) RulesetPos() diag.Pos { return sc.rulesetPos }

// Passed reports whether every expectation held.
func (r *Result) Passed() bool { return len(r.Failures) == 0 }

// Options change how a scenario runs.
type Options struct {
	Library  *model.Library // the primitives and functions rulesets are compiled with (required)
	Coverage map[string]int // when set, counts the rule parts exercised
}

// Run plays a scenario and returns its output and failed expectations. An
// error means the scenario could not be run at all.
func Run(sc *Scenario, o Options) (*Result, error) {
	if o.Library == nil {
		return nil, fmt.Errorf("%s: no library to compile the ruleset with", sc.File)
	}
	rs, diags := load.LoadFile(sc.Ruleset, o.Library)
	if rs == nil {
		return nil, fmt.Errorf("%s: the ruleset does not load:\n%v", sc.File, diags)
	}
	return RunWith(rs, sc, o)
}

// RunWith plays a scenario against an already loaded ruleset.
func RunWith(rs *model.Ruleset, sc *Scenario, o Options) (*Result, error) {
	if why := refusal(rs, sc); why != "" {
		return runRefused(sc, why), nil
	}
	players, vars := queryVars(rs, sc)
	if ds := checkGame(rs, sc, players); ds.HasErrors() {
		// every mistake of the file at once, as validate tells them
		return nil, Check(rs, sc)
	}
	for i := range sc.Steps {
		st := &sc.Steps[i]
		if st.Until != nil {
			e, diags := compile.CompileQuery(rs, sc.File, sc.src, st.Until, "pass_until", vars, model.TBool)
			if diags.HasErrors() || e == nil {
				return nil, diags
			}
			st.until = e
			continue
		}
		if st.Expect == nil {
			continue
		}
		e, diags := compile.CompileQuery(rs, sc.File, sc.src, st.Expect, "expect", vars, model.TBool)
		if diags.HasErrors() || e == nil {
			return nil, diags
		}
		st.expr = e
		st.parts, st.partSrc = compileTerms(rs, sc, st.Expect, vars)
		terms := st.partSrc
		if terms == nil {
			terms = []string{st.Expect.Value}
		}
		for _, t := range terms {
			side, src := compileSide(rs, sc, st.Expect, vars, t)
			st.sides, st.sideSrc = append(st.sides, side), append(st.sideSrc, src)
		}
	}
	opts := engine.Options{Players: players, Seed: sc.Seed, Rolls: sc.Rolls, Decks: sc.Decks, Mode: sc.Mode, KeepForced: true}
	// a seat that resigns in some step may have had its moment to while
	// the engine played on without asking it: the moment is kept
	resigners := resigningSeats(sc)
	opts.WatchResign = resigners
	var g *engine.Game
	var err error
	if sc.Setup != nil {
		g, err = engine.New(rs, withRun(opts, sc.Setup, o.Coverage))
	} else {
		g, err = engine.New(rs, withRun(opts, nil, o.Coverage))
	}
	if err != nil {
		if ds, ok := err.(diag.Diagnostics); ok {
			return nil, ds
		}
		return nil, fmt.Errorf("%s: %v", sc.File, err)
	}
	res := &Result{Scenario: sc, Game: g}
	fail := func(st *Step, format string, args ...any) {
		res.Failures = append(res.Failures, fmt.Sprintf("%s: %s", st.Pos, fmt.Sprintf(format, args...)))
	}
	// what was asked before the last answer: the questions since then are the
	// ones a step can be about
	// (at the start: every question since the game began, the ones the
	// engine answered itself as it ran to the first step included)
	since := asked{}
	// the questions answered at once that steps have answered again
	taken := forcedTaken{}
	var words map[string]bool // rulesetWords, made when a refuse step needs them
	// the turn of the last answer (at the start, the turn the game began
	// in): an expectation that fails in a later one is told so, as the
	// engine may have played on through turns with nothing to choose
	answeredIn, began := 1, true
	if sc.Setup != nil {
		answeredIn = max(sc.Setup.Turn, 1)
	}
	for i := range sc.Steps {
		st := &sc.Steps[i]
		if len(res.Failures) > 0 && (st.until != nil || st.Answer != nil && !st.Refuse) {
			// the game stays where the first failure was found: the
			// checks after it still run, the answers do not, so the state
			// shown is the failure's
			res.Stopped = st.Pos
			break
		}
		switch {
		case st.until != nil:
			at := mark(g)
			n, msg := passUntil(g, rs, st.until, players)
			if n > 0 {
				answeredIn, began, since = g.Evaluator().S.Turn, false, at
			}
			if msg != "" {
				fail(st, "%s", msg)
				return finish(res), nil
			}
		case st.expr != nil:
			vals := queryVals(g, rs, players)
			x, err := g.EvalQuery(st.expr, 0, vals)
			if err != nil {
				fail(st, "expectation could not be evaluated: %v", err)
			} else if x != true {
				fail(st, "does not hold: %s%s%s", st.expr.Src, falseTerm(g, st, vals), playedOn(g, answeredIn, began))
			}
		case st.hasWait:
			var got []int
			for _, d := range g.Pending() {
				got = append(got, d.Player)
			}
			sort.Ints(got)
			sort.Ints(st.Waiting)
			if fmt.Sprint(got) != fmt.Sprint(st.Waiting) {
				verb := "are"
				if len(got) <= 1 {
					verb = "is"
				}
				fail(st, "expected %s to be asked, but %s %s", seats(st.Waiting), seats(got), verb)
			}
		case st.NotAsked != nil:
			for _, p := range st.NotAsked {
				if d, ok := g.PendingFor(p); ok {
					fail(st, "%s is asked %q (%s), but must not be asked", state.SeatName(p), d.Prompt, optionList(d))
				}
			}
		case st.Offered != nil || st.Absent != nil:
			if msg, rest := resignOffered(g, rs, st); msg != "" || rest != st {
				if msg != "" {
					fail(st, "%s", msg)
				}
				if rest == nil {
					// resign was all the step named: it is no option
					continue
				}
				st = rest
			}
			d, ok := g.PendingFor(st.Seat)
			if !ok && st.Offered == nil {
				// the seat's questions since the last answer had one way to
				// answer each, which the engine took: what they did not
				// offer is all that was offered (also when the game ended
				// after them: a card that wins as it lands was not
				// countered, and need not have been)
				if labels := forcedLabels(g, st.Seat, since); len(labels) > 0 {
					for _, l := range st.Absent {
						if slices.ContainsFunc(labels, func(x string) bool { return model.SameName(x, l) }) {
							fail(st, "%s was offered %q, the one way to answer a question the engine answered itself since the last answer (see the log), which must not be offered", state.SeatName(st.Seat), l)
						}
					}
					continue
				}
			}
			if !ok {
				hint := ""
				if len(st.Offered) > 0 && since.forced(g, st.Seat) > 0 {
					// options and offered read a question asked; what the
					// questions answered at once offered, not_offered reads
					kind := "offered"
					if st.Exact {
						kind = "options"
					}
					hint = fmt.Sprintf(" (%s reads a question asked now; not_offered: {%s: [...]} also reads the questions the engine answered itself, to check what they did not offer)", kind, state.SeatName(st.Seat))
				}
				fail(st, "%s%s", noQuestion(g, st.Seat, since), hint)
				continue
			}
			labels := map[string]bool{}
			bases := map[string]int{}
			for _, o := range d.Options {
				if base, _, ok := strings.Cut(o.Label, " ("); ok {
					bases[labelKey(base)]++
				}
			}
			// a question of a number offers its numbers
			offered := len(d.Options)
			// (unsigned and by index: Max - Min, and a count up to Max,
			// may wrap around)
			if d.Kind == state.DecideNumber && d.Max >= d.Min && uint64(d.Max)-uint64(d.Min) < maxListedNumbers {
				for i := range d.NumberCount() {
					labels[strconv.Itoa(d.NumberAt(uint64(i)))] = true
				}
				offered = d.NumberCount()
			}
			for _, o := range d.Options {
				labels[labelKey(o.Label)] = true
				// a label's words before what it adds in brackets name it,
				// as an answer finds it (Arc Bolt for Arc Bolt (pitch 1))
				if base, _, ok := strings.Cut(o.Label, " ("); ok && bases[labelKey(base)] == 1 {
					labels[labelKey(base)] = true
				}
				// another player's card (p2's Knight) by its name alone, as
				// an answer finds it
				if name, ok := othersCardName(o); ok {
					for _, n := range []string{name, "a " + name, "an " + name} {
						labels[labelKey(n)] = true
					}
				}
			}
			// none, in a choice that may be declined, is declining it
			declines := d.Min == 0 && d.Max > 0 && d.Kind != state.DecideAction && !labels["none"]
			named := len(st.Offered)
			for _, l := range st.Offered {
				if declines && strings.EqualFold(strings.TrimSpace(l), "none") {
					named--
					continue
				}
				l = byFaceName(g, d, l)
				if !labels[labelKey(l)] {
					// the one way to answer a question the engine took
					// since the last answer is no option of the question
					// of now: say so, rather than only what is offered now
					took := ""
					if slices.ContainsFunc(forcedLabels(g, st.Seat, since), func(x string) bool { return namesForced(l, x) }) {
						took = fmt.Sprintf(" (%q was the one way to answer a question the engine answered itself since the last answer: see the log; a step reads the question asked now)", l)
					}
					fail(st, "%s is not offered %q; the options are %s%s", state.SeatName(st.Seat), l, optionList(d), took)
				}
			}
			var possible map[string]bool
			if d.Kind == state.DecideAction {
				possible = map[string]bool{}
				for _, l := range g.ActionLabels(st.Seat) {
					possible[labelKey(l)] = true
				}
			}
			window := g.WindowActions(d)
			forced := forcedLabels(g, st.Seat, since)
			for _, l := range st.Absent {
				if slices.ContainsFunc(forced, func(x string) bool { return model.SameName(x, l) }) {
					// the one answer of a question since the last answer
					fail(st, "%s was offered %q, the one way to answer a question the engine answered itself since the last answer (see the log), which must not be offered", state.SeatName(st.Seat), l)
					continue
				}
				// a card with faces named by a face, as an answer names it
				l = byFaceName(g, d, l)
				// a label with a place ("... (frontline 2)") names the card
				// there, offered under the plain label when no other copy is
				offeredAt, base := placedOption(g, d, l)
				if words == nil {
					words = rulesetWords(rs)
				}
				switch {
				case labels[labelKey(l)]:
					// the question asked now: a step after questions the
					// engine answered reads this one too, which may be why
					also := ""
					if n := since.forced(g, st.Seat); n > 0 {
						what := "the question"
						if n > 1 {
							what = fmt.Sprintf("the %d questions", n)
						}
						also = fmt.Sprintf(" (%s the engine answered itself since the last answer did not offer it; not_offered reads those and the question asked now)", what)
					}
					fail(st, "%s is offered %q at the question asked now (%q), which must not be offered%s", state.SeatName(st.Seat), l, d.Prompt, also)
				case implausible(rs, words, madeNames(rs, g.Evaluator()), d, &yaml.Node{Kind: yaml.ScalarNode, Value: l}) != "":
					// a misspelt label is never offered: the check would
					// pass whatever the rules said
					fail(st, "%q names no option, card, action or seat of the game, so not_offered proves nothing (a misspelt label is never offered); the options are %s", l, optionList(d))
				case offeredAt != "":
					fail(st, "%s is offered %q (as %q), which must not be offered", state.SeatName(st.Seat), l, offeredAt)
				case possible != nil && !possible[labelKey(l)] && !possible[labelKey(base)] && !possibleByFace(rs, possible, l) && namesCardAction(rs, l):
					// such a check could never fail: no action of the ruleset has this label here
					fail(st, "%q could not be offered to %s here whatever the rules said (its card is not in the zone the action takes cards from), so not_offered proves nothing", l, state.SeatName(st.Seat))
				case window != nil:
					// a label the question of now could not offer is read
					// at the questions the engine answered itself since the
					// last answer, if there were any (above); else it
					// proves nothing
					if msg := outsideWindow(g, rs, st.Seat, d, l, window, since); msg != "" && len(forced) == 0 {
						fail(st, "%s", msg)
					}
				case d.Kind != state.DecideAction:
					if msg := notAWindow(g, rs, st.Seat, d, l, since); msg != "" && len(forced) == 0 {
						fail(st, "%s", msg)
					}
				}
			}
			if st.Exact && named != offered {
				fail(st, "%s is offered %s, not exactly %s", state.SeatName(st.Seat), optionList(d), quotedList(st.Offered))
			}
		case st.Refuse:
			resign := st.Answer.Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(st.Answer.Value), "resign")
			if g.Over() && resign {
				// a game won is over for good; one ended in a draw may
				// still take a resignation made in a turn played unasked
				before, outcome := g.Evaluator().S.Clone(), g.Outcome()
				if resignBeforeDraw(g, st) {
					fail(st, "the resignation was accepted but must be refused: the game ended in a draw (%s), and %s could have resigned in a turn played without asking them", outcome, state.SeatName(st.Seat))
					g.Evaluator().S = before
					g.Evaluator().Invalidate()
				}
				continue
			}
			if g.Over() {
				fail(st, "the game is over (%s): nothing %s answers could be refused", g.Outcome(), state.SeatName(st.Seat))
				continue
			}
			if st.Answer.Kind == yaml.ScalarNode && !resign {
				// the engine took this answer itself since the last one, the
				// one way to answer a question of the seat's: it was not refused
				want := strings.TrimSpace(st.Answer.Value)
				if slices.ContainsFunc(forcedLabels(g, st.Seat, since), func(l string) bool { return namesForced(want, l) }) {
					fail(st, "%s was answered %q since the last answer, the one way to answer a question the engine answered itself (see the log): it was taken, not refused", state.SeatName(st.Seat), want)
					continue
				}
			}
			if _, ok := g.PendingFor(st.Seat); !ok && !resign {
				// an answer to no question is refused whatever it says
				fail(st, "%s; an answer can only be refused when there is a question, so this proves nothing", noQuestion(g, st.Seat, since))
				continue
			}
			a, err := ParseAnswerByName(g, st.Seat, st.Answer)
			if err != nil {
				// an answer that names no option is refused, unless it
				// names nothing of the game: a typo would be refused too
				if words == nil {
					words = rulesetWords(rs)
				}
				d, asked := g.PendingFor(st.Seat)
				if _, nerr := strconv.Atoi(strings.TrimSpace(st.Answer.Value)); nerr == nil && st.Answer.Kind == yaml.ScalarNode && asked && d.Kind != state.DecideNumber {
					// a number where no number is asked is refused whatever
					// the rules of the number question it was meant for
					fail(st, "%s is asked %q (%s), which takes no number: refusing %s proves nothing; refuse it at the question that asks for a number", state.SeatName(st.Seat), d.Prompt, optionList(d), strings.TrimSpace(st.Answer.Value))
					continue
				}
				if bad := implausible(rs, words, madeNames(rs, g.Evaluator()), d, st.Answer); bad != "" && asked {
					fail(st, "%q names no option, card, action or seat of the game, so refusing it proves nothing (a misspelt answer is refused too); the options are %s", bad, optionList(d))
				} else if st.RefuseWhy != "" && asked {
					why := ""
					if st.Answer.Kind == yaml.ScalarNode {
						why = view.WhyNotOffered(g, d, st.Answer.Value)
					}
					refusedWhy(st, why, fail)
				}
				continue
			}
			before := g.Evaluator().S.Clone()
			if err := g.Answer(st.Seat, a); err == nil {
				fail(st, "the answer was accepted but must be refused")
				g.Evaluator().S = before
				g.Evaluator().Invalidate()
			} else if _, kept := g.ResignPoint(st.Seat); a.Resign && kept && g.ResignAtPoint(st.Seat) == nil {
				// as a step's resign is made at a moment played past
				fail(st, "the resignation was accepted but must be refused: %s could resign in a turn played since the last answer without asking them", state.SeatName(st.Seat))
				g.Evaluator().S = before
				g.Evaluator().Invalidate()
			} else if st.RefuseWhy != "" {
				refusedWhy(st, err.Error(), fail)
			}
		case st.Answer != nil:
			if g.Over() {
				if resignBeforeDraw(g, st) {
					since = mark(g)
					continue
				}
				if taken.match(g, st, since) {
					// a question the engine answered itself, which
					// ended the game: the transcript goes on as written
					since = since.took(st.Seat)
					continue
				}
				fail(st, "the game is over (%s); %s cannot answer", g.Outcome(), state.SeatName(st.Seat))
				return finish(res), nil
			}
			a, err := ParseAnswer(g, st.Seat, st.Answer)
			if err != nil && taken.match(g, st, since) {
				// the step answers a question the engine answered itself,
				// as the engine did: it is that answer, and the game is
				// where the engine took it; later messages no longer count
				// that question among those nobody answered
				since = since.took(st.Seat)
				continue
			}
			if err != nil {
				// a card's name for the option of that card, as at the
				// terminal, once no question the engine answered was meant
				if byName, nerr := ParseAnswerByName(g, st.Seat, st.Answer); nerr == nil {
					a, err = byName, nil
				}
			}
			if err != nil {
				if _, ok := g.PendingFor(st.Seat); !ok && !a.Resign {
					err = fmt.Errorf("%s", noQuestion(g, st.Seat, since))
				} else if n := since.forced(g, st.Seat); n > 0 {
					// the answer may be meant for a question the engine answered
					err = fmt.Errorf("%v (%s %s was also asked %s with one way to answer, which the engine answered itself: see the log)", err, since.when(), state.SeatName(st.Seat), questions(n))
				}
				fail(st, "%v", err)
				return finish(res), nil
			}
			at := mark(g)
			answeredIn, began = g.Evaluator().S.Turn, false
			if !a.Resign && len(resigners) > 0 {
				g.WatchResign(resigners...)
			}
			if err := g.Answer(st.Seat, a); err != nil {
				// the rules let the seat resign at a moment the engine
				// played past without asking it (a turn whose every
				// question had one answer): it resigns there
				if _, kept := g.ResignPoint(st.Seat); !a.Resign || !kept || g.ResignAtPoint(st.Seat) != nil {
					fail(st, "the answer was refused: %v", err)
					return finish(res), nil
				}
			}
			since = at
		}
	}
	return finish(res), nil
}

// resignBeforeDraw resigns st's seat at the first moment since the last
// answer at which the rules let it resign, when the step is a resignation
// and the game has ended since in a draw: the engine played on
// without asking anyone (turns with nothing to choose) to a draw, by the
// turn limit say, past turns in which the seat could have resigned and
// lost instead. A game won is over as soon as it is won, and stays so.
func resignBeforeDraw(g *engine.Game, st *Step) bool {
	if st.Answer.Kind != yaml.ScalarNode || !strings.EqualFold(strings.TrimSpace(st.Answer.Value), "resign") || g.OutcomeKind() != "draw" {
		// a game won stays won, one stopped by an error stays stopped, and
		// a loss of players who play together is theirs
		return false
	}
	if _, kept := g.ResignPoint(st.Seat); !kept {
		return false
	}
	return g.ResignAtPoint(st.Seat) == nil
}

// queryVals are the values of the variables a scenario's expressions read
// besides the game's (queryVars): winner, over, outcome, reason, and the
// seats.
func queryVals(g *engine.Game, rs *model.Ruleset, players int) []state.Val {
	vals := []state.Val{{N: rs.SymbolIndex(winnerOf(g))}, {N: b2i(g.Over())}, {N: rs.SymbolIndex(g.OutcomeKind())}, {N: rs.SymbolIndex(g.OutcomeReason())}}
	for p := 0; p < players; p++ {
		vals = append(vals, state.Val{N: int64(p)})
	}
	return vals
}

// maxPasses bounds pass_until: a condition that never holds (a phase
// misspelt as a condition that is always false) fails the step instead of
// passing turn after turn until a game's turn limit.
const maxPasses = 500

// passUntil answers every question asked with its pass, the first asked
// first, until cond holds (at once when it already does). It returns how
// many passes it made and, when it stopped before cond held, why: a
// question with no pass (a choice), the game's end or an error, or too
// many passes.
func passUntil(g *engine.Game, rs *model.Ruleset, cond *model.Expr, players int) (int, string) {
	for n := 0; ; n++ {
		x, err := g.EvalQuery(cond, 0, queryVals(g, rs, players))
		switch {
		case err != nil:
			return n, fmt.Sprintf("pass_until %s could not be evaluated: %v", cond.Src, err)
		case x == true:
			return n, ""
		case g.Over():
			return n, fmt.Sprintf("the game ended (%s) after %d passes, before %s held", g.Outcome(), n, cond.Src)
		case n == maxPasses:
			return n, fmt.Sprintf("%s still does not hold after %d passes", cond.Src, n)
		}
		pending := g.Pending()
		if len(pending) == 0 {
			if err := g.Err(); err != nil {
				return n, fmt.Sprintf("the game stopped after %d passes, before %s held: %v", n, cond.Src, err)
			}
			return n, fmt.Sprintf("nobody is asked anything after %d passes, and %s does not hold", n, cond.Src)
		}
		d := pending[0]
		pass := -1
		if d.Kind == state.DecideAction {
			for i, o := range d.Options {
				if o.Action < 0 {
					pass = i
					break
				}
			}
		}
		if pass < 0 {
			return n, fmt.Sprintf("after %d passes %s does not hold, and %s is asked %q (%s), which is not a window that can be passed: answer it in a step of its own", n, cond.Src, state.SeatName(d.Player), d.Prompt, optionList(&d))
		}
		if err := g.Answer(d.Player, state.Answer{Picks: []int{pass}}); err != nil {
			return n, fmt.Sprintf("%s's pass was refused after %d passes: %v", state.SeatName(d.Player), n, err)
		}
	}
}

// outsideWindow explains why not_offered proves nothing when a label names
// only actions the window asking the seat now does not list: no rule could
// have put it among these options. It returns "" when the label names an
// action of the window, or none at all.
func outsideWindow(g *engine.Game, rs *model.Ruleset, seat int, d *state.Decision, label string, window []int, since asked) string {
	named := g.ActionsLabelled(seat, label)
	if len(named) == 0 {
		return ""
	}
	var actions []string
	for _, a := range named {
		if slices.Contains(window, a) {
			return ""
		}
		actions = append(actions, rs.Actions[a].Name)
	}
	var offers []string
	for _, a := range window {
		offers = append(offers, rs.Actions[a].Name)
	}
	who := state.SeatName(seat)
	msg := fmt.Sprintf("%q is the label of action %s, which the question %s is asked now (%q) could not offer whatever the rules said: its window offers only %s. not_offered looks at the question asked now, so it proves nothing here",
		label, strings.Join(actions, ", "), who, d.Prompt, strings.Join(offers, ", "))
	if n := since.forced(g, seat); n > 0 {
		msg += fmt.Sprintf(" (%s %s was also asked %s with one way to answer, which the engine answered itself: see the log)", since.when(), who, questions(n))
	}
	return msg
}

// notAWindow explains why not_offered proves nothing when a label names an
// action while the seat is asked a question that offers no actions at all
// (which cards pay a cost, which target): the action is absent from it
// whatever the rules say. It returns "" when the label names no action.
func notAWindow(g *engine.Game, rs *model.Ruleset, seat int, d *state.Decision, label string, since asked) string {
	named := g.ActionsLabelled(seat, label)
	what := ""
	switch {
	case len(named) > 0:
		var actions []string
		for _, a := range named {
			actions = append(actions, rs.Actions[a].Name)
		}
		what = "is the label of action " + strings.Join(actions, ", ")
	case namesCardAction(rs, label):
		// its card is not where the action takes cards from: still an action
		what = "names an action"
	default:
		return ""
	}
	who := state.SeatName(seat)
	msg := fmt.Sprintf("%q %s, but the question %s is asked now (%q) offers no actions, only %s. not_offered looks at the question asked now, so it proves nothing here: answer it first",
		label, what, who, d.Prompt, optionList(d))
	if n := since.forced(g, seat); n > 0 {
		msg += fmt.Sprintf(" (%s %s was also asked %s with one way to answer, which the engine answered itself: see the log)", since.when(), who, questions(n))
	}
	return msg
}

// asked is what had been asked at one moment of a game: per seat, how many
// questions (those the engine answered itself included), and the sequence
// number the next question gets.
type asked struct {
	counts []int
	seq    int
}

func mark(g *engine.Game) asked {
	return asked{counts: append([]int(nil), g.Evaluator().S.Asked...), seq: g.Evaluator().S.DecSeq}
}

// forced counts the questions of a seat since the mark that are no longer
// open: those with one way to answer, which the engine answered itself.
func (a asked) forced(g *engine.Game, seat int) int {
	n := 0
	if seat < len(g.Evaluator().S.Asked) {
		n = g.Evaluator().S.Asked[seat]
	}
	if seat < len(a.counts) {
		n -= a.counts[seat]
	}
	for _, d := range g.Pending() {
		if d.Player == seat && d.Seq >= a.seq {
			n--
		}
	}
	return n
}

// forcedTaken is, per seat, the place in Game.Forced of the last question
// the engine answered itself that a step answered again (forcedTaken.match):
// a place, not the question's number, which a card taken with no question
// shares with the next question.
type forcedTaken map[int]int

// match reports whether answer step st names the answer the engine gave
// itself to a question of its seat since the mark, after the last one a
// step answered, a question with one way to answer (a window where all the
// seat may do is pass, most of the time), and takes the first such
// question if so. A scenario written as the whole transcript of a game,
// its forced answers included, then runs as written; one that leaves out
// some of them (a target that was the only one) runs too.
func (t forcedTaken) match(g *engine.Game, st *Step, since asked) bool {
	if st.Answer.Kind != yaml.ScalarNode {
		return false
	}
	last, ok := t[st.Seat]
	if !ok {
		last = -1
	}
	for i, f := range g.Forced() {
		if f.Player != st.Seat || f.Seq < since.seq || i <= last {
			continue
		}
		want := strings.TrimSpace(st.Answer.Value)
		// the card of the answer by its name, as the seat knows it (Fire
		// for play Fire), as an answer to a question asked now may name it
		byCard := f.Card >= 0 && model.SameName(want, g.CardLabel(f.Card, st.Seat))
		if f.Label == "" || !byCard && !namesForced(want, f.Label) && want != "#1" {
			continue
		}
		t[st.Seat] = i
		return true
	}
	return false
}

// namesForced reports whether an answer as a step writes it names the
// answer the engine took, as an answer to a real question would: the label
// as shown, its words before what it adds in brackets (Ember Whelp for
// Ember Whelp (pitch 1)), or another player's card by its name alone
// (Shield Bearer for p2's Shield Bearer).
func namesForced(want, label string) bool {
	if model.SameName(want, label) {
		return true
	}
	if seat, name, ok := strings.Cut(label, "'s "); ok && isSeatName(seat) {
		label = name
	}
	base, _, _ := strings.Cut(label, " (")
	return model.SameName(want, label) || model.SameName(want, base)
}

// took is the mark with one more question of seat counted before it: a
// question the engine answered itself that a step has answered again.
func (a asked) took(seat int) asked {
	counts := make([]int, max(len(a.counts), seat+1))
	copy(counts, a.counts)
	counts[seat]++
	a.counts = counts
	return a
}

// when says from when the questions are counted.
func (a asked) when() string {
	if a.seq == 0 {
		return "since the game began"
	}
	return "since the last answer"
}

// playedOn says, when the game is in a later turn than the one of the last
// answer (or the one it began in), that the engine played on to there.
func playedOn(g *engine.Game, from int, began bool) string {
	now := g.Evaluator().S.Turn
	if now <= from {
		// the same turn, or the setup's questions before the first turn
		// (turn 0): the engine has played on to nothing later
		return ""
	}
	when := "the last answer was given in"
	if began {
		when = "the game began in"
	}
	return fmt.Sprintf(" (the game is in turn %d now; %s turn %d: the engine plays on until some seat has a choice; to check the game where the answer left it, give a seat a real choice there: two different cards in a hand, say)", now, when, from)
}

// noQuestion says why a seat has nothing to answer now, and how a scenario
// says so.
func noQuestion(g *engine.Game, seat int, since asked) string {
	var waiting []int
	for _, d := range g.Pending() {
		waiting = append(waiting, d.Player)
	}
	who := state.SeatName(seat)
	if g.Over() {
		return fmt.Sprintf("%s has no question: the game is over (%s)", who, g.Outcome())
	}
	// what the seats waited for are asked: a step meant for one of them
	// is told what it is
	asked := seats(waiting)
	if ps := g.Pending(); len(ps) == 1 && ps[0].Prompt != "" {
		asked += fmt.Sprintf(", asked %q", ps[0].Prompt)
	}
	if n := since.forced(g, seat); n > 0 {
		return fmt.Sprintf("%s has no question: %s %s was asked %s with one way to answer, which the engine answered itself (see the log); waiting for: %s. To say %s had no choice, write not_asked: %s", who, since.when(), who, questions(n), asked, who, who)
	}
	return fmt.Sprintf("%s has no question (waiting for: %s); to say so, write not_asked: %s", who, asked, who)
}

// possibleByFace reports whether label is one of the possible labels (in
// lower case) with a card's name put as one of the card's faces (play top
// of Ember Drake, for play top of Ember Drake // Firestorm).
func possibleByFace(rs *model.Ruleset, possible map[string]bool, label string) bool {
	want := strings.ToLower(strings.TrimSpace(label))
	for p := range possible {
		for _, d := range rs.Cards {
			full := strings.ToLower(d.Name)
			if len(d.Faces) == 0 || !strings.Contains(p, full) {
				continue
			}
			for _, f := range d.Faces[1:] {
				if strings.Replace(p, full, strings.ToLower(f.Name), 1) == want {
					return true
				}
			}
		}
	}
	return false
}

// forcedLabels lists the labels of the answers the engine gave a seat
// itself since the mark: each the one way to answer its question.
func forcedLabels(g *engine.Game, seat int, since asked) []string {
	var out []string
	for _, f := range g.Forced() {
		if f.Player == seat && f.Seq >= since.seq {
			out = append(out, f.Label)
		}
	}
	return out
}

func questions(n int) string {
	if n == 1 {
		return "a question"
	}
	return fmt.Sprintf("%d questions", n)
}

func finish(res *Result) *Result {
	if g := res.Game; g != nil && g.OutcomeKind() == "error" && !expectsError(res.Scenario) {
		// a game stopped by an error in the rules passes no scenario that
		// does not say it means to stop it so
		res.Failures = append(res.Failures, fmt.Sprintf("%s: the game stopped with an error: %v (a scenario that tests such an error says so: expect: outcome == 'error')", res.Scenario.File, g.Err()))
	}
	res.Output = Render(res.Game, res.Scenario.Name)
	// positions in messages name files from the game's folder, wherever the run started
	if root := filepath.Dir(filepath.Dir(res.Scenario.Ruleset)); root != "." {
		res.Output = strings.ReplaceAll(res.Output, root+string(filepath.Separator), "")
	}
	return res
}

// errorExpected is an expectation that reads that the game stopped with an
// error.
var errorExpected = regexp.MustCompile(`outcome\s*==\s*['"]error['"]`)

// expectsError reports whether a scenario expects its game to stop with an
// error (a loop the step budget stops, say).
func expectsError(sc *Scenario) bool {
	for i := range sc.Steps {
		if e := sc.Steps[i].expr; e != nil && errorExpected.MatchString(e.Src) {
			return true
		}
	}
	return false
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func winnerOf(g *engine.Game) string {
	w := g.Winners()
	if len(w) == 0 {
		return ""
	}
	return state.SeatName(w[0])
}

func seats(ps []int) string {
	if len(ps) == 0 {
		return "nobody"
	}
	var s []string
	for _, p := range ps {
		s = append(s, state.SeatName(p))
	}
	return strings.Join(s, ", ")
}

// maxListedNumbers bounds the numbers of a question that options and
// offered read as its labels: a question of a number from 0 to a million
// is not listed.
const maxListedNumbers = 1000

// quotedList is labels as a message lists them: "a", "b".
func quotedList(labels []string) string {
	var s []string
	for _, l := range labels {
		s = append(s, strconv.Quote(l))
	}
	return strings.Join(s, ", ")
}

func optionList(d *state.Decision) string {
	if d.Kind == state.DecideNumber {
		// a question of a number has no options to list
		return d.NumberRange()
	}
	if len(d.Options) == 0 {
		return fmt.Sprintf("none: the question %q asks for no option", d.Prompt)
	}
	var s []string
	for _, o := range d.Options {
		s = append(s, fmt.Sprintf("%q", o.Label))
	}
	return strings.Join(s, ", ")
}

// Render is the golden text of a game: the full log, the final state and what
// is still asked.
func Render(g *engine.Game, name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n== log\n", name)
	for _, l := range view.LogText(g, -1, 0) {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString("== final state\n")
	b.WriteString(view.For(g, -1).Summary())
	for _, d := range g.Pending() {
		fmt.Fprintf(&b, "asked %s (%s): %s%s\n", state.SeatName(d.Player), d.Kind, d.Prompt, howMany(&d))
		for i, o := range d.Options {
			fmt.Fprintf(&b, "  %d. %s\n", i+1, o.Label)
		}
	}
	if err := g.Err(); err != nil {
		fmt.Fprintf(&b, "error: %v\n", err)
	}
	return b.String()
}

// howMany says how many options a question of options takes, where that is
// not exactly one: a step may then answer none, or a list.
func howMany(d *state.Decision) string {
	if d.Kind != state.DecideCards && d.Kind != state.DecideChoice && d.Kind != state.DecideTarget {
		return ""
	}
	switch {
	case d.Min == d.Max && d.Min == 1:
		return ""
	case d.Min == d.Max:
		return fmt.Sprintf(" (choose %d)", d.Min)
	case d.Min == 0 && d.Max == 1:
		return " (choose one, or none)"
	default:
		return fmt.Sprintf(" (choose %d to %d)", d.Min, d.Max)
	}
}

// queryVars is the player count of a scenario and the names its
// expectations may use besides the ruleset's: winner, over, outcome, p1...
func queryVars(rs *model.Ruleset, sc *Scenario) (int, []compile.QueryVar) {
	players := sc.Players
	switch {
	case sc.playersBad:
		// a count told wrong already: the seats are checked against the
		// most the game takes, not a count nobody wrote
		players = rs.MaxPlayers
	case players == 0:
		players = rs.MinPlayers
	}
	vars := []compile.QueryVar{{Name: "winner", Type: model.TString}, {Name: "over", Type: model.TBool}, {Name: "outcome", Type: model.TString}, {Name: "reason", Type: model.TString}}
	// a count the game does not take is refused by checkGame; the names
	// are made for the seats the game may have at most
	for p := 0; p < min(players, rs.MaxPlayers); p++ {
		vars = append(vars, compile.QueryVar{Name: state.SeatName(p), Type: model.TPlayer})
	}
	return players, vars
}

// Check compiles a scenario's expectations and checks its setup against a
// ruleset without running it.
func Check(rs *model.Ruleset, sc *Scenario) error {
	if why := refusal(rs, sc); why != "" {
		return checkRefused(sc, why)
	}
	players, vars := queryVars(rs, sc)
	all := checkGame(rs, sc, players)
	for i := range sc.Steps {
		st := &sc.Steps[i]
		if st.Expect != nil {
			_, diags := compile.CompileQuery(rs, sc.File, sc.src, st.Expect, "expect", vars, model.TBool)
			all = append(all, diags...)
		}
		if st.Until != nil {
			_, diags := compile.CompileQuery(rs, sc.File, sc.src, st.Until, "pass_until", vars, model.TBool)
			all = append(all, diags...)
		}
	}
	if all.HasErrors() {
		all.Sort()
		return all
	}
	return nil
}

// checkGame reports what of a scenario's game does not fit the ruleset: the
// number of players, the decks, the mode and the setup.
func checkGame(rs *model.Ruleset, sc *Scenario, players int) diag.Diagnostics {
	var ds diag.Diagnostics
	fail := func(p diag.Pos, code, format string, args ...any) {
		ds = append(ds, diag.Diagnostic{Severity: diag.SeverityError, Code: code, Pos: p, Message: fmt.Sprintf(format, args...)})
	}
	if players < rs.MinPlayers || players > rs.MaxPlayers {
		fail(sc.playersPos, "out-of-range", "%s is played by %s players, not %d", rs.Name, rs.PlayerCount(), players)
		return ds // the rest depends on the seats
	}
	// every seat a step names must be one of the game's
	for i := range sc.Steps {
		st := &sc.Steps[i]
		seats := append(append([]int{}, st.Waiting...), st.NotAsked...)
		if st.Answer != nil || len(st.Offered) > 0 || len(st.Absent) > 0 {
			seats = append(seats, st.Seat)
		}
		for _, seat := range seats {
			if seat >= players {
				fail(st.Pos, "unknown-seat", "%s is not a seat of this game: it has %d players (p1 to %s; players: sets how many)", state.SeatName(seat), players, state.SeatName(players-1))
				break
			}
		}
	}
	deckNames := rs.PlayerDeckNames()
	for p, name := range sc.Decks {
		ix, known := rs.DeckIx[name]
		switch {
		case name == "":
		case p >= players:
			fail(sc.deckPos[p], "bad-value", "there is no %s in a game of %d players", state.SeatName(p), players)
		case known && !rs.PlayerDeck(ix):
			fail(sc.deckPos[p], "unknown-deck", "%s's deck %q is the game's (a create_deck step puts it into play), not one a player plays; its players' decks are %s", rs.Name, name, strings.Join(deckNames, ", "))
		case len(deckNames) == 0:
			fail(sc.deckPos[p], "unknown-deck", "%s has no decks", rs.Name)
		case !slices.Contains(deckNames, name):
			fail(sc.deckPos[p], "unknown-deck", "%s has no deck %q; its decks are %s", rs.Name, name, strings.Join(deckNames, ", "))
		}
	}
	switch {
	case sc.Mode == "" || slices.Contains(rs.Modes, sc.Mode):
	case len(rs.Modes) == 0:
		fail(sc.modePos, "bad-value", "%s has no game modes", rs.Name)
	default:
		fail(sc.modePos, "bad-value", "%s has no mode %q; its modes are %s", rs.Name, sc.Mode, strings.Join(rs.Modes, ", "))
	}
	if sc.Setup != nil {
		ds = append(ds, setup.CheckSetup(rs, *sc.Setup, players)...)
		for _, pl := range setup.OnNoStack(rs, *sc.Setup) {
			fail(pl.Pos, "bad-value", "a card placed in %s is on no stack: nothing resolves it, and nobody may respond to it (stack_size is 0); play the card in a step (p1: cast ...), or place it where it comes from", pl.Zone)
		}
		ds.Sort()
	}
	return ds
}

// namesCardAction reports whether a label has the form of an action that
// takes a card ("cast {card}" for "cast Knight").
func namesCardAction(rs *model.Ruleset, label string) bool {
	l := strings.ToLower(label)
	for _, a := range rs.Actions {
		if a.Source < 0 {
			continue
		}
		prefix, _, ok := strings.Cut(strings.ToLower(a.Label), "{card}")
		if !ok {
			prefix = strings.ToLower(a.Label) + " "
		}
		if prefix != "" && strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// withRun adds a scenario's position and coverage counter to its options.
func withRun(o engine.Options, su *setup.Setup, coverage map[string]int) engine.Options {
	o.Setup, o.Coverage = su, coverage
	return o
}

// compileTerms compiles the terms of an expectation written as a and b
// and ..., so that a failure can say which one is false. It gives nothing
// for an expectation of one term, or when a term does not compile alone.
func compileTerms(rs *model.Ruleset, sc *Scenario, n *yaml.Node, vars []compile.QueryVar) ([]*model.Expr, []string) {
	terms := splitAnd(n.Value)
	if len(terms) < 2 {
		return nil, nil
	}
	var out []*model.Expr
	for _, t := range terms {
		tn := *n
		tn.Value = t
		e, diags := compile.CompileQuery(rs, sc.File, sc.src, &tn, "expect", vars, model.TBool)
		if diags.HasErrors() || e == nil {
			return nil, nil
		}
		out = append(out, e)
	}
	return out, terms
}

// splitAnd cuts an expression at its top-level and (or &&): not inside
// brackets or quotes. An expression with a top-level or, ?, ?? or let
// (whose terms and would not join) is not cut.
func splitAnd(src string) []string {
	var terms []string
	start, cut := 0, false
	topLevel(src, func(i int) (int, bool) {
		c := src[i]
		switch {
		case c == '?' || c == ';' || c == '|':
			cut = true
			return 0, true
		case c == ' ' && strings.HasPrefix(src[i+1:], "or "):
			cut = true
			return 0, true
		case c == ' ':
			for _, op := range []string{"and ", "&& "} {
				if strings.HasPrefix(src[i+1:], op) {
					terms = append(terms, strings.TrimSpace(src[start:i]))
					start = i + 1 + len(op)
					return len(op), false
				}
			}
		}
		return 0, false
	})
	if cut {
		return nil
	}
	return append(terms, strings.TrimSpace(src[start:]))
}

// topLevel calls visit with the index of each byte of src that is outside
// quotes and brackets (but for the brackets and quotes themselves), in
// order; visit gives how many bytes after it to pass over, and whether to
// stop.
func topLevel(src string, visit func(i int) (skip int, stop bool)) {
	depth := 0
	var quote byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0:
			skip, stop := visit(i)
			if stop {
				return
			}
			i += skip
		}
	}
}

// falseTerm names the first term of a failed expectation that is false,
// and what the left side of its comparison read.
func falseTerm(g *engine.Game, st *Step, vals []state.Val) string {
	if st.parts == nil {
		return sideValue(g, st, 0, vals)
	}
	for i, e := range st.parts {
		if x, err := g.EvalQuery(e, 0, vals); err == nil && x != true {
			return fmt.Sprintf("; %s is false", st.partSrc[i]) + sideValue(g, st, i, vals)
		}
	}
	return ""
}

// sideValue says what the left side of term i's comparison reads, when it
// is a number, a text or a truth: "; p2.life is 30".
func sideValue(g *engine.Game, st *Step, i int, vals []state.Val) string {
	if i >= len(st.sides) || st.sides[i] == nil {
		return ""
	}
	if strings.TrimSpace(st.sideSrc[i]) == "reason" {
		// a reason is a name of the ruleset only when some expression
		// wrote it (a reason no expect named reads as none): say the text
		return fmt.Sprintf("; reason is %q", g.OutcomeReason())
	}
	x, err := g.EvalQuery(st.sides[i], 0, vals)
	if err != nil {
		return ""
	}
	if n, ok := x.(int); ok {
		// a seat or a card reads as a number: say which it is
		switch st.sides[i].Type {
		case model.TPlayer:
			if n < 0 || n >= len(g.Evaluator().S.Players) {
				return fmt.Sprintf("; %s is none", st.sideSrc[i])
			}
			return fmt.Sprintf("; %s is %s", st.sideSrc[i], state.SeatName(n))
		case model.TCard:
			if n < 0 || n >= len(g.Evaluator().S.Cards) {
				return fmt.Sprintf("; %s is none", st.sideSrc[i])
			}
			return fmt.Sprintf("; %s is %s", st.sideSrc[i], g.Evaluator().CardName(n))
		}
	}
	switch v := x.(type) {
	case nil:
		return fmt.Sprintf("; %s is none", st.sideSrc[i])
	case int, float64, bool:
		return fmt.Sprintf("; %s is %v", st.sideSrc[i], v)
	case string:
		return fmt.Sprintf("; %s is %q", st.sideSrc[i], v)
	case []string, []bool:
		return fmt.Sprintf("; %s is %s", st.sideSrc[i], listWords(v))
	case []int:
		// a list of cards or seats reads as numbers: say which they are
		words := make([]string, len(v))
		for j, n := range v {
			switch {
			case st.sides[i].Type == model.TCards && n >= 0 && n < len(g.Evaluator().S.Cards):
				words[j] = g.Evaluator().CardName(n)
			case st.sides[i].Type == model.TPlayers && n >= 0 && n < len(g.Evaluator().S.Players):
				words[j] = state.SeatName(n)
			default:
				words[j] = strconv.Itoa(n)
			}
		}
		return fmt.Sprintf("; %s is %s", st.sideSrc[i], listWords(words))
	}
	return ""
}

// listWords writes a list as an expression would: [1, 2], [Fire, Water];
// a long one is cut after its first twenty values.
func listWords(list any) string {
	var parts []string
	switch l := list.(type) {
	case []string:
		parts = l
	case []bool:
		for _, b := range l {
			parts = append(parts, strconv.FormatBool(b))
		}
	}
	if len(parts) > 20 {
		return fmt.Sprintf("[%s, ... (%d in all)]", strings.Join(parts[:20], ", "), len(parts))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// compileSide compiles the left side of a term that compares (a == b, a <
// b, ...) at its top level, with its text; nil when the term does not
// compare or its left side does not compile alone.
func compileSide(rs *model.Ruleset, sc *Scenario, n *yaml.Node, vars []compile.QueryVar, term string) (*model.Expr, string) {
	left := leftOfComparison(term)
	if left == "" {
		return nil, ""
	}
	tn := *n
	tn.Value = left
	e, diags := compile.CompileQuery(rs, sc.File, sc.src, &tn, "expect", vars, model.TAny)
	if diags.HasErrors() || e == nil {
		return nil, ""
	}
	return e, left
}

// leftOfComparison is what stands left of a term's comparison operator at
// its top level (not inside brackets or quotes), or "" when it has none or
// joins several (or, and, ?).
func leftOfComparison(src string) string {
	if len(splitAnd(src)) != 1 || strings.Contains(src, " or ") || strings.Contains(src, "||") {
		return ""
	}
	left := ""
	topLevel(src, func(i int) (int, bool) {
		c := src[i]
		if (c == '=' || c == '!') && i+1 < len(src) && src[i+1] == '=' || c == '<' || c == '>' {
			left = strings.TrimSpace(src[:i])
			return 0, true
		}
		return 0, false
	})
	return left
}

// resigningSeats lists the seats some step of sc resigns, refuses to let
// resign, or says may or may not resign (offered, not_offered).
func resigningSeats(sc *Scenario) []int {
	var seats []int
	for _, st := range sc.Steps {
		names := st.Answer != nil && st.Answer.Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(st.Answer.Value), "resign")
		names = names || slices.ContainsFunc(st.Offered, isResign) || slices.ContainsFunc(st.Absent, isResign)
		if names && !slices.Contains(seats, st.Seat) {
			seats = append(seats, st.Seat)
		}
	}
	return seats
}

func isResign(label string) bool { return strings.EqualFold(strings.TrimSpace(label), "resign") }

// resignOffered checks the resign an offered or not_offered step names
// (not options: resigning is open to a seat the rules let, asked or not),
// and returns what failed and the step left to check against the
// question's options (st itself when it names no resign), nil when resign
// was all it named. A question that offers an option labelled resign keeps
// it among its options.
func resignOffered(g *engine.Game, rs *model.Ruleset, st *Step) (string, *Step) {
	if d, ok := g.PendingFor(st.Seat); ok && slices.ContainsFunc(d.Options, func(o state.Option) bool { return isResign(o.Label) }) {
		return "", st
	}
	if !slices.ContainsFunc(st.Offered, isResign) && !slices.ContainsFunc(st.Absent, isResign) {
		return "", st
	}
	if st.Exact {
		return "options lists the options of a question, which resign is not: check it with offered: {" + state.SeatName(st.Seat) + ": [resign]} in a step of its own", nil
	}
	who := state.SeatName(st.Seat)
	may := g.CanResign(st.Seat)
	// a seat may also resign at a moment of a turn played past without
	// asking it, as a resign step would (see resign)
	_, kept := g.ResignPoint(st.Seat)
	var msg string
	switch {
	case slices.ContainsFunc(st.Offered, isResign) && rs.Concede == nil:
		msg = fmt.Sprintf("%s lets no player resign", rs.Name)
	case slices.ContainsFunc(st.Offered, isResign) && g.Over():
		msg = fmt.Sprintf("the game is over (%s): %s cannot resign", g.Outcome(), who)
	case slices.ContainsFunc(st.Offered, isResign) && !may && !kept:
		msg = who + " may not resign now"
		if rs.ConcedeWhy != "" {
			msg += ", as the rules say: " + rs.ConcedeWhy
		}
	case slices.ContainsFunc(st.Absent, isResign) && may:
		msg = who + " may resign now, which must not be offered"
	case slices.ContainsFunc(st.Absent, isResign) && kept && (!g.Over() || g.OutcomeKind() == "draw"):
		msg = fmt.Sprintf("%s may resign in a turn played since the last answer without asking them, which must not be offered", who)
	}
	rest := func(l []string) []string {
		if l == nil {
			return nil
		}
		return slices.DeleteFunc(slices.Clone(l), isResign)
	}
	if o, a := rest(st.Offered), rest(st.Absent); len(o) > 0 || len(a) > 0 {
		left := *st
		left.Offered, left.Absent = o, a
		return msg, &left
	}
	return msg, nil
}

// parseSeat reads a seat of a step before the game's number of players is
// known: whether the game has it is checked once it is.
func parseSeat(s string) (int, error) {
	p, err := setup.ParseSeat(s, 8)
	if err != nil {
		return -1, fmt.Errorf("%q is not a seat: seats are written p1, p2, ... (a game has at most 8)", s)
	}
	return p, nil
}

// placedOption reads label as an option's label with its card's place
// ("attack with Knight (row 3)", as options of one label are told apart)
// and returns the label of the option of d for the card in that place,
// under whatever label it is offered now, or "" when none is; base is the
// label without its place ("" when it has none).
func placedOption(g *engine.Game, d *state.Decision, label string) (offered, base string) {
	i := strings.LastIndex(label, " (")
	if i < 0 || !strings.HasSuffix(label, ")") {
		return "", ""
	}
	base, place := label[:i], label[i+2:len(label)-1]
	ev := g.Evaluator()
	for _, o := range d.Options {
		if o.Card < 0 {
			continue
		}
		where := ev.PlaceName(o.Card)
		if where == "" || !model.SameName(where, place) {
			continue
		}
		if model.SameName(strings.TrimSuffix(o.Label, " ("+where+")"), base) {
			return o.Label, base
		}
	}
	return "", base
}

// refusedWhy checks the reason a refused answer was given (why, "" when
// none is told) against the words a refuse step's why wants.
func refusedWhy(st *Step, why string, failed func(st *Step, format string, args ...any)) {
	switch {
	case why == "":
		failed(st, "the answer is refused, but no reason is told for it (why wants %q): an option that is not offered is told why when it is an action or a card of one", st.RefuseWhy)
	case !strings.Contains(strings.ToLower(why), strings.ToLower(st.RefuseWhy)):
		failed(st, "the answer is refused, but the reason is %q, not %q", why, st.RefuseWhy)
	}
}
