package compile

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/model/oracle"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
	"go.yaml.in/yaml/v3"
)

// ExprCompiler compiles the expressions and templates of one ruleset against
// the type environment its declarations make.
type ExprCompiler struct {
	Rs *model.Ruleset
	R  *source.Reader
	Ts *closure.TypeSystem
	// PhaseNames are the turn's phases, known before any expression is
	// compiled, so that a bare phase name reads as one everywhere
	// (phase == main), even in steps written before the turn.
	PhaseNames []string
	// assigned are the values of the enum property a value being compiled
	// is assigned to (see CompileAssigned)
	assigned []string
	// printing: the expression being compiled is a template's part, whose
	// value is printed (a ?: there may give a number or a name)
	printing bool
	cfg      *conf.Config
	envCache map[string]nature.Nature
	preds    map[string]*closure.Predicate
	predList []*closure.Predicate
	// zonesAt, when set, is the node of a trigger's condition being
	// compiled: its event zones are worked out from its checked tree before
	// it is patched, into zonesTo and zonesFrom (CompileTrigger)
	zonesAt            *yaml.Node
	zonesTo, zonesFrom []int
	zonesExact         bool
	// done are the expressions compiled so far, by what their compilation
	// depends on (exprKey): the same text in the same scope is compiled
	// once, however many cards write it
	done map[string]*compiledExpr
	// last is done's entry of the expression compileExpr gave last (nil
	// when it keeps none), for list to mark it the same as the first
	last *compiledExpr
}

// compiledExpr is an expression compiled once, for the next place that
// writes it: the Expr as compiled (its position is each place's own),
// its patched tree and static type, and the event zones of a trigger's
// condition.
type compiledExpr struct {
	e        model.Expr
	tree     ast.Node
	ct       closure.Type
	to, from []int
	exact    bool // the zone tests decide the condition (zonesDecide)
	// first is the first of its places listed among the ruleset's
	// expressions: the others are the same as it (model.Expr.Same)
	first *model.Expr
}

// list puts an expression just compiled among the ruleset's, and marks it
// the same as the first place listed with the same compilation.
func (c *ExprCompiler) list(e *model.Expr) {
	e.Index = len(c.Rs.Exprs)
	c.Rs.Exprs = append(c.Rs.Exprs, e)
	ent := c.last
	c.last = nil
	if ent == nil {
		return
	}
	if f := ent.first; f != nil && f != e && f.Index < len(c.Rs.Exprs) && c.Rs.Exprs[f.Index] == f {
		e.Same = f
		return
	}
	ent.first = e
}

// listText is a YAML list of plain values written as an expression's list
// ("[1, 2]"), when n is one.
func listText(n *yaml.Node) (string, bool) {
	if n == nil || n.Kind != yaml.SequenceNode {
		return "", false
	}
	items := make([]string, 0, len(n.Content))
	for _, it := range n.Content {
		if it.Kind != yaml.ScalarNode || strings.ContainsAny(it.Value, "[]{},'\"\n") {
			return "", false
		}
		v := it.Value
		if it.Style != 0 || (it.Tag == "!!str" && !isName(v)) {
			v = "'" + v + "'"
		}
		items = append(items, v)
	}
	return "[" + strings.Join(items, ", ") + "]", true
}

// isName reports whether s is written bare in an expression: a name, or a
// number.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// posMap maps rune offsets of an expression's text to positions in its file,
// for plain, quoted, literal (|) and folded (>) scalars alike.
type posMap struct {
	file  string
	lines []int // line of each rune
	cols  []int
}

func newPosMap(file string, srcLines []string, n *yaml.Node) posMap {
	pm := posMap{file: file}
	val := []rune(n.Value)
	pm.lines = make([]int, len(val)+1)
	pm.cols = make([]int, len(val)+1)
	// walk the source from the scalar's start and match each rune of the value
	// to the source rune it came from: indentation, line breaks that fold into
	// spaces, quotes and escapes are skipped over
	line, col := n.Line, n.Column
	// layout is the indentation skipped after a line break: a block
	// scalar's own (a line indented further keeps the rest in its value),
	// all of it in a plain or quoted one, which folds it away
	layout := -1
	block := n.Style == yaml.LiteralStyle || n.Style == yaml.FoldedStyle
	if block {
		line, col = n.Line+1, 1
		layout = blockIndent(srcLines, n.Line, n.Column)
	} else if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
		col++
	}
	// the line's runes, made once per line: a long line made again for
	// every rune of the value took a time that grew with its square
	var r []rune
	rl := 0
	src := func(l, c int) (rune, bool) {
		if l-1 >= len(srcLines) {
			return 0, false
		}
		if l != rl {
			r, rl = []rune(srcLines[l-1]), l
		}
		if c-1 >= len(r) {
			return '\n', true
		}
		return r[c-1], true
	}
	for i, want := range val {
		// skip layout until the rune matches (or a line break stands for it)
		for steps := 0; steps < 10000; steps++ {
			got, ok := src(line, col)
			if !ok {
				break
			}
			if got == want {
				break
			}
			if got == '\n' && (want == ' ' || want == '\n') {
				break
			}
			if got == '\\' && n.Style == yaml.DoubleQuotedStyle {
				// an escape: its source runs several runes for one value rune
				pm.lines[i], pm.cols[i] = line, col
				col += 2
				goto matched
			}
			if got == '\n' {
				line, col = line+1, 1
				continue
			}
			col++
		}
		pm.lines[i], pm.cols[i] = line, col
		if r, _ := src(line, col); r == '\n' {
			line, col = line+1, 1
			// the next line's indentation is layout
			for layout < 0 || col <= layout {
				r, ok := src(line, col)
				if !ok || (r != ' ' && r != '\t') {
					break
				}
				col++
			}
		} else {
			col++
			if n.Style == yaml.SingleQuotedStyle {
				if r, _ := src(line, col-1); r == '\'' {
					col++ // '' stands for one quote
				}
			}
		}
		continue
	matched:
	}
	pm.lines[len(val)], pm.cols[len(val)] = line, col
	return pm
}

// blockIndent is the indentation of the content of the block scalar whose
// header (| or > and its indicators) is at line:col: the indentation of
// the header's line plus its indentation indicator (>2-) when it has one,
// else that of its first line that is not blank.
func blockIndent(srcLines []string, line, col int) int {
	if line-1 < len(srcLines) {
		h := srcLines[line-1]
		lead := len(h) - len(strings.TrimLeft(h, " "))
		for i := col; i < len(h) && i < col+3; i++ {
			// the indicators follow the | or > at col, in either order
			if c := h[i]; c >= '1' && c <= '9' {
				return lead + int(c-'0')
			} else if c != '-' && c != '+' {
				break
			}
		}
	}
	for l := line + 1; l-1 < len(srcLines); l++ {
		t := srcLines[l-1]
		if strings.TrimSpace(t) == "" {
			continue
		}
		return len(t) - len(strings.TrimLeft(t, " "))
	}
	return -1
}

func (pm posMap) at(offset int) diag.Pos {
	if offset < 0 {
		offset = 0
	}
	if offset >= len(pm.lines) {
		offset = len(pm.lines) - 1
	}
	return diag.Pos{File: pm.file, Line: pm.lines[offset], Column: pm.cols[offset]}
}

// CompileExpr compiles one expression against a scope; want is the type the
// place of the expression needs (TAny accepts anything).
func (c *ExprCompiler) CompileExpr(n *yaml.Node, path string, sc *closure.Scope, want model.Type) *model.Expr {
	e, _, _ := c.compileExpr(n, path, sc, want)
	if e == nil {
		return nil
	}
	c.list(e)
	return e
}

// CompileAssigned compiles the value a step assigns to an enum property with
// values: a bare name of one of them, anywhere in the expression, is that
// value (set: {this.mood: calm}, value: "x > 2 ? angry : calm"), unless the
// expression binds the name.
func (c *ExprCompiler) CompileAssigned(n *yaml.Node, path string, sc *closure.Scope, want model.Type, values []string) *model.Expr {
	c.assigned = values
	defer func() { c.assigned = nil }()
	return c.CompileExpr(n, path, sc, want)
}

// TypeOf is the static type of the expression written at n, compiled in sc
// without reporting anything; ok is false when it does not compile (its
// compilation in earnest reports why).
func (c *ExprCompiler) TypeOf(n *yaml.Node, sc *closure.Scope) (t model.Type, ok bool) {
	saved := c.R.Diags
	var scratch diag.Diagnostics
	c.R.Diags = &scratch
	defer func() { c.R.Diags = saved }()
	e, _, _ := c.compileExpr(n, "", sc, model.TAny)
	if e == nil || scratch.HasErrors() {
		return model.TAny, false
	}
	return e.Type, true
}

// compileExpr compiles one expression: the Expr (not yet listed among the
// ruleset's), its checked and patched tree, and its static type. It is nil
// when the expression has an error, which it reports.
func (c *ExprCompiler) compileExpr(n *yaml.Node, path string, sc *closure.Scope, want model.Type) (*model.Expr, ast.Node, closure.Type) {
	n = source.ResolveAlias(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		if text, ok := listText(n); ok {
			// a list of values where an expression is read: the list
			// written as one, in quotes, is what was meant
			c.R.Errorf(n, "type-mismatch", path, "%s must be an expression, found a list: write the list as an expression, in quotes: %q", source.DescribePath(path), text)
			return nil, nil, closure.CNil
		}
		if n != nil && n.Kind == yaml.MappingNode && len(n.Content) == 2 && n.Content[0].Kind == yaml.ScalarNode && n.Content[0].Style == 0 && n.Content[1].Kind == yaml.ScalarNode && n.Content[1].Style == 0 {
			// reason == 'a: b' written bare: YAML read a key and its value
			text := n.Content[0].Value + ": " + n.Content[1].Value
			c.R.Errorf(n, "needs-quotes", path, "%s must be an expression, found a mapping: a colon then a space (\": \") in a value without quotes makes a key and its value; put the whole expression in quotes: %s", source.DescribePath(path), source.Quoted(text))
			return nil, nil, closure.CNil
		}
		c.R.Errorf(n, "type-mismatch", path, "%s must be an expression, found %s", source.DescribePath(path), source.KindName(n))
		return nil, nil, closure.CNil
	}
	src := n.Value
	if n.Tag == "!!bool" || n.Tag == "!!int" {
		src = strings.ToLower(src)
	}
	e := &model.Expr{Src: src, Pos: c.R.Pos(n)}
	if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
		e.Pos.Column++
	}
	zones := c.zonesAt != nil && n == c.zonesAt
	// the text as expr reads it: none for nothing, snake_case built-ins
	text, spellings := rewriteEdition(src)
	// an old spelling is reported at every place that writes it, so its
	// text is compiled at each
	key, keep := "", len(spellings) == 0
	if keep {
		key, keep = c.exprKey(src, sc, want, zones)
	}
	c.last = nil
	if keep {
		if done := c.done[key]; done != nil {
			c.last = done
			again := done.e
			again.Pos = e.Pos
			if zones {
				c.zonesTo, c.zonesFrom, c.zonesExact = done.to, done.from, done.exact
			}
			return &again, done.tree, done.ct
		}
	}
	// positions inside the text are worked out only when there is an error to place
	var pmCache *posMap
	posOf := func() posMap {
		if pmCache == nil {
			pm := newPosMap(c.R.File, c.R.Lines(), n)
			pmCache = &pm
		}
		return *pmCache
	}
	envN := c.envNature(sc)
	p := &patcher{rs: c.Rs, ts: c.Ts, preds: c.preds, members: map[*ast.MemberNode]patchInfo{}, broken: sc.Broken}
	// the names as they are now: the oracle's program is made later
	assigned, frozen := c.assigned, sc.Frozen()
	cfgOpt := func(cfg *conf.Config) {
		base := c.baseConfig()
		cfg.Env = envN
		cfg.EnvObject = nil
		cfg.Functions = base.Functions
		cfg.Strict = true
		cfg.Optimize = false
		cfg.Visitors = []ast.Visitor{newBareKeywords(c.Rs, c.PhaseNames, assigned, frozen, src)}
	}
	for _, sp := range spellings {
		pm := posOf()
		at, last := pm.at(sp.from), pm.at(sp.from+len([]rune(sp.old))-1)
		last.Column++
		var msg string
		if sp.code == "write-none" {
			msg = fmt.Sprintf("in expression %s: nothing is written none, not nil: write none instead of nil", diag.Quoted(src))
		} else {
			msg = fmt.Sprintf("in expression %s: functions are spelled snake_case: write %s instead of %s", diag.Quoted(src), sp.now, sp.old)
		}
		c.R.DiagAt(at, sp.code, path, msg)
		if last.Line == at.Line {
			(*c.R.Diags)[len(*c.R.Diags)-1].End = last
			(*c.R.Diags)[len(*c.R.Diags)-1].Fix = diag.Fix{Pos: at, End: last, Text: sp.now, Old: sp.old}
		}
	}
	// First pass: parse and type-check against the declared types to report errors.
	tree, err := c.check(text, cfgOpt)
	if err != nil {
		c.exprError(err, posOf(), path, src, sc)
		return nil, nil, closure.CNil
	}
	// a text written in the expression with an escape (\u001b) is printed
	// as its value: what a terminal would act on is refused as in YAML text
	bad := false
	ast.Walk(&tree.Node, visitFunc(func(node *ast.Node) {
		if str, ok := (*node).(*ast.StringNode); ok && !bad {
			if r, found := source.ControlIn(str.Value); found {
				bad = true
				c.R.DiagAt(posOf().at(str.Location().From), "bad-value", path, fmt.Sprintf("in expression %s: the text %q holds the control character %U, which players' screens would not show as text: write printable text", diag.Quoted(src), str.Value, r))
			}
		}
	}))
	if bad {
		return nil, nil, closure.CNil
	}
	p.plan(tree.Node)
	if len(p.errs) > 0 {
		for _, pe := range p.errs {
			code := pe.Code
			if code == "" {
				code = "unknown-property"
				if strings.Contains(pe.Msg, "keyword") {
					code = "unknown-keyword"
				}
			}
			c.R.DiagAt(posOf().at(pe.Node.Location().From), code, path, fmt.Sprintf("in expression %s: %s", diag.Quoted(src), pe.Msg))
		}
		return nil, nil, closure.CNil
	}
	var to, from []int
	exact := false
	if zones {
		to, from = c.eventZones(tree.Node, "to"), c.eventZones(tree.Node, "from")
		exact = c.zonesDecide(tree.Node)
		c.zonesTo, c.zonesFrom, c.zonesExact = to, from, exact
	}
	// the names it reads, from the tree as written: a patched access (a
	// game property) no longer names its object
	idents := identsOf(tree.Node, sc)
	// Second pass: patch game-object accesses into indexed host calls on the
	// checked tree, check it again and compile it.
	if err := c.patch(tree, p); err != nil {
		c.exprError(err, posOf(), path, src, sc)
		return nil, nil, closure.CNil
	}
	// expr's own program is for the test oracle only: made when the oracle
	// first asks for it, from a tree of its own (checking a tree writes
	// into it, and the closures' tree stays as it is)
	e.SetProgram(func() (*vm.Program, error) {
		tree, err := c.check(text, cfgOpt)
		if err != nil {
			return nil, err
		}
		p := &patcher{rs: c.Rs, ts: c.Ts, preds: c.preds, members: map[*ast.MemberNode]patchInfo{}}
		p.plan(tree.Node)
		if len(p.errs) > 0 {
			return nil, errors.New(p.errs[0].Msg)
		}
		if err := c.patch(tree, p); err != nil {
			return nil, err
		}
		return c.checkAndCompile(tree, cfgOpt)
	})
	e.Idents = idents
	cc := &closure.Compiler{Rs: c.Rs, Sc: sc, Preds: c.preds, Locals: append([]closure.Local(nil), sc.Params...)}
	if c.printing {
		cc.TextRoot = tree.Node
	}
	fn, ct := cc.Compile(tree.Node)
	e.Idents = withCalled(e.Idents, cc.Called)
	if len(cc.Errs) > 0 {
		// the first refusal only: the others mostly follow from it; a
		// variable whose own expression was refused is not reported again
		pe := cc.Errs[0]
		if !(pe.Untyped && c.R.Diags.HasErrors()) {
			code, msg := pe.Code, pe.Msg
			if strings.HasPrefix(msg, "unknown name ") && code == "" {
				// a name the evaluator has no value for (a value of an
				// enum given bare to a predicate): said as checking says
				// it, with what the name is and how to write it
				msg, code = c.explainName(msg, sc), "unknown-name"
			}
			if code == "" {
				code = "unsupported-expression"
			}
			c.R.DiagAt(posOf().at(pe.Node.Location().From), code, path, fmt.Sprintf("in expression %s: %s", diag.Quoted(src), msg))
		}
		return nil, nil, closure.CNil
	}
	got := ct.TypeOf()
	if !assignable(got, want) {
		msg := fmt.Sprintf("expression %q gives %s where %s is needed", src, got, want)
		if listOf(got) == want {
			// one where a list is asked: a list of one is written in brackets
			msg += fmt.Sprintf("; a list of one is written [%s]", src)
		}
		c.R.DiagAt(e.Pos, "type-mismatch", path, msg)
		return nil, nil, closure.CNil
	}
	e.Fn = fn
	e.Cond = cc.Cond(tree.Node)
	e.Fill = cc.Fill(tree.Node)
	e.Seat = cc.SeatOf(tree.Node)
	e.Zone = cc.ZoneOf(tree.Node)
	e.Ref = cc.RefOf(tree.Node)
	if got == model.TInt {
		e.Int = cc.Int(tree.Node)
	}
	e.Reads, e.OwnReads = cc.Reads|cc.Own, cc.Own&^cc.Reads
	switch tree.Node.(type) {
	case *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.StringNode, *ast.NilNode:
		d := fn(nil) // a literal's closure is its value, whatever it is evaluated on
		e.Const = &d
	}
	e.Type = got
	if sn, ok := tree.Node.(*ast.StringNode); ok {
		v := sn.Value
		e.Lit = &v
	}
	if e.Type == model.TAny || want == model.TCards || want == model.TPlayers {
		e.Type = want
	}
	if keep {
		if c.done == nil {
			c.done = map[string]*compiledExpr{}
		}
		c.done[key] = &compiledExpr{e: *e, tree: tree.Node, ct: ct, to: to, from: from, exact: exact}
		c.last = c.done[key]
	}
	return e, tree.Node, ct
}

// exprKey is what the compilation of an expression depends on besides its
// text: the type its place wants, the scope's names and their slots, the
// values a bare name may stand for, whether its event zones are wanted.
// keep is false for a predicate's body, compiled once anyway.
func (c *ExprCompiler) exprKey(src string, sc *closure.Scope, want model.Type, zones bool) (key string, keep bool) {
	if sc.Predicate || len(sc.Params) > 0 {
		return "", false
	}
	b := make([]byte, 0, 64+len(src))
	b = strconv.AppendInt(b, int64(want), 10)
	b = strconv.AppendBool(b, zones)
	b = sc.AppendKey(b)
	for _, v := range c.assigned {
		b = append(b, v...)
		b = append(b, ',')
	}
	b = append(b, '|')
	b = append(b, src...)
	return string(b), true
}

// assignable reports whether a value of type got may stand where want is
// needed: a card for a list of cards, a fraction for a number (cut to its
// whole part), nothing (TAny: nil, an empty list) for anything.
func assignable(got, want model.Type) bool {
	switch {
	case want == model.TAny || got == model.TAny || got == want:
		return true
	case want == model.TCards && got == model.TCard, want == model.TPlayers && got == model.TPlayer:
		return true
	case want == model.TInt && got == model.TFloat:
		return true
	}
	return false
}

// patch rewrites the checked tree's reads of game objects into indexed host
// calls.
func (c *ExprCompiler) patch(tree *parser.Tree, p *patcher) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be compiled: %v", r)
		}
	}()
	ast.Walk(&tree.Node, p)
	return nil
}

// checkAndCompile checks the patched tree again and compiles it for expr's VM.
func (c *ExprCompiler) checkAndCompile(tree *parser.Tree, opt expr.Option) (prog *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be compiled: %v", r)
		}
	}()
	cfg := *c.baseConfig() // a shallow copy: the shared tables are only read
	opt(&cfg)
	if _, err := checker.Check(tree, &cfg); err != nil {
		return nil, err
	}
	return exprcompiler.Compile(tree, &cfg)
}

func (c *ExprCompiler) check(src string, opt expr.Option) (tree *parser.Tree, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be checked: %v", r)
		}
	}()
	cfg := *c.baseConfig()
	opt(&cfg)
	return closure.CheckTree(src, &cfg)
}

// envNature is the type environment of a scope, built once per distinct scope.
func (c *ExprCompiler) envNature(sc *closure.Scope) nature.Nature {
	var key strings.Builder
	fmt.Fprintf(&key, "%v%v%v", sc.Card, sc.Player, sc.Event)
	names := make([]string, 0, len(sc.Vars))
	for k := range sc.Vars {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(&key, ";%s:%d", k, sc.Vars[k].Typ)
	}
	for _, p := range sc.Params {
		fmt.Fprintf(&key, ";(%s:%d)", p.Name, p.T.TypeOf())
	}
	if n, ok := c.envCache[key.String()]; ok {
		return n
	}
	envN := closure.MapNature()
	for k, v := range sc.EnvType(c.Ts) {
		envN.Fields[k] = v.Nature()
	}
	if c.envCache == nil {
		c.envCache = map[string]nature.Nature{}
	}
	c.envCache[key.String()] = envN
	return envN
}

func (c *ExprCompiler) exprError(err error, pm posMap, path, src string, sc *closure.Scope) {
	var fe *file.Error
	msg := err.Error()
	pos := pm.at(0)
	from := 0
	if errors.As(err, &fe) {
		pos = pm.at(fe.From)
		from = fe.From
		msg = fe.Message
		if fe.Prev != nil && msg == "" {
			msg = fe.Prev.Error()
		}
	}
	// an unknown name right before "(" is a function
	if rest, ok := strings.CutPrefix(msg, "unknown name "); ok {
		name := strings.TrimSpace(rest)
		r := []rune(src)
		if end := from + len([]rune(name)); end < len(r) && strings.HasPrefix(strings.TrimLeft(string(r[end:]), " "), "(") {
			msg = "unknown func " + name
		}
	}
	msg, code := c.explain(msg, sc, src, from)
	if strings.Contains(msg, "mismatched types []interface {} and []interface {}") {
		msg = "lists cannot be added with +; to join lists of cards use concat(a, b), or everyone.<zone> for every player's cards"
	}
	cutByComment := strings.Contains(msg, "unexpected token EOF") && c.R != nil && pos.Line >= 1 && pos.Line <= len(c.R.Lines()) && strings.Contains(c.R.Lines()[pos.Line-1], " #")
	// a function's type in a message is a name written without its call
	called := ""
	if strings.Contains(msg, "func(") {
		called = c.callHint(src)
		msg = funcTypeRE.ReplaceAllString(msg, "a function not called")
	}
	msg = plainTypes(msg)
	if strings.Contains(msg, "(a text and a list cannot") || strings.Contains(msg, "(a list and a text cannot") {
		msg += c.zoneListHint(src)
	}
	if strings.Contains(msg, "cannot be compared or combined") {
		msg += c.shadowHint(src, sc)
	}
	if strings.Contains(msg, "(an int and a fraction cannot") || strings.Contains(msg, "(a fraction and an int cannot") {
		msg += "; / and ** always give a fraction (2 ** 3 is the fraction 8): int() makes a whole number of one, int(2 ** n)"
	}
	if strings.HasPrefix(msg, "array elements can only be selected using an integer") {
		msg, code = "a list's elements are read by a whole number, and this is a fraction (what / and ** give): int() makes a whole number of one, list[int(n / 2)]", "type-mismatch"
	}
	msg += called
	msg = plainSyntax(msg, src)
	msg = goTypesOut.Replace(msg)
	if strings.Contains(msg, "cannot use string as type a card or player in array") {
		// 'Fire' in p1.hand: a name looked for among cards
		msg, code = "a name is looked for in a list of cards or players, which holds no names: any(p1.hand, .name == 'Fire') asks whether a card of that name is in a list", "type-mismatch"
	}
	if cutByComment {
		// the comment may be meant, or may have cut the expression
		msg += " (a # after a space starts a YAML comment: if it is part of the expression, put the expression in quotes)"
	}
	switch {
	case code != "":
	case strings.HasPrefix(msg, "unknown name"):
		code = "unknown-name"
	case strings.HasPrefix(msg, "unknown property"):
		code = "unknown-property"
	case strings.Contains(msg, "mismatched types") || strings.Contains(msg, "invalid operation") || strings.Contains(msg, "cannot use"):
		code = "type-mismatch"
	case strings.HasPrefix(msg, "unknown function"):
		code = "unknown-function"
	default:
		code = "bad-expression"
	}
	c.R.DiagAt(pos, code, path, fmt.Sprintf("in expression %s: %s", diag.Quoted(src), msg))
}

// explain rewrites expr's messages into the designer's terms, with the
// nearest known name, and names the common mistakes with their fix; from is
// the offset (in runes) of src expr's message is about. It returns the code
// of a mistake it names, or "" to let the message decide.
func (c *ExprCompiler) explain(msg string, sc *closure.Scope, src string, from int) (text, code string) {
	if m, k := c.mistake(msg, sc, []rune(src), from); m != "" {
		return m, k
	}
	return c.explainName(msg, sc), ""
}

// valueOwner names what declares name as one of its values (an enum
// property, the phases, the zones, the modes, the keywords), or "".
func (c *ExprCompiler) valueOwner(name string) string {
	for _, decls := range [][]model.PropDecl{c.Rs.CardProps, c.Rs.PlayerProps, c.Rs.GameProps} {
		for _, d := range decls {
			if source.Contains(d.Values, name) {
				return d.Name
			}
		}
	}
	switch {
	case source.Contains(c.PhaseNames, name):
		return "phase"
	case source.Contains(c.Rs.Modes, name):
		return "mode"
	}
	for _, z := range c.Rs.Zones {
		if z.Name == name {
			return "a card's zone"
		}
	}
	return ""
}

// tooLarge rewords expr's message for an integer literal past int64, which
// names Go's parser, in words.
func tooLarge(msg string) (string, bool) {
	_, rest, ok := strings.Cut(msg, "invalid integer literal: strconv.ParseInt: parsing ")
	if !ok {
		return "", false
	}
	lit, _, _ := strings.Cut(rest, ":")
	return fmt.Sprintf("the number %s is too large for a whole number (they go from -9223372036854775807 to 9223372036854775807)", strings.Trim(lit, `"`)), true
}

func (c *ExprCompiler) explainName(msg string, sc *closure.Scope) string {
	if m, ok := tooLarge(msg); ok {
		return m
	}
	if rest, ok := strings.CutPrefix(msg, "unknown name "); ok {
		name := strings.TrimSpace(rest)
		if sc.Predicate && (name == "card" || name == "player" || name == "event") {
			return fmt.Sprintf("unknown name %s: a predicate reads its parameters and the names every expression has (you, this, game, ...); give it %s as an argument", name, name)
		}
		if at, ok := sc.Ended(name); ok {
			return fmt.Sprintf("unknown name %s: the step at %d:%d asks several players at once and binds it for each in turn, in its own steps alone; read it there (after the step only the last answer would be left)", name, at.Line, at.Column)
		}
		known := []string{}
		for k := range sc.EnvType(c.Ts) {
			known = append(known, k)
		}
		for _, f := range c.Rs.Lib.Funcs() {
			known = append(known, f.Name)
		}
		for pn := range c.preds {
			known = append(known, pn)
		}
		// and the names that read as values where they are compared:
		// phases, zones, modes, keywords, enum values (phase == main)
		known = append(known, c.PhaseNames...)
		for _, z := range c.Rs.Zones {
			known = append(known, z.Name)
		}
		known = append(append(known, c.Rs.Modes...), c.Rs.Keywords...)
		for _, decls := range [][]model.PropDecl{c.Rs.CardProps, c.Rs.PlayerProps, c.Rs.GameProps} {
			for _, d := range decls {
				known = append(known, d.Values...)
			}
		}
		sort.Strings(known)
		out := "unknown name " + name
		if owner := c.valueOwner(name); owner != "" {
			// a value of some declared thing, where it is not read as one:
			// compared with what does not have it
			msg := fmt.Sprintf(": %s is a value of %s, read as a name only where it is compared with %s (write '%s' in quotes for the text)", name, owner, owner, name)
			if zi, ok := c.Rs.ZoneIx[name]; ok && owner == "a card's zone" {
				// most often the zone's cards were meant
				if !c.Rs.Zones[zi].PerPlayer {
					msg += fmt.Sprintf("; the cards in the zone are game.%s", name)
				} else {
					msg += fmt.Sprintf("; the cards in a player's %s are you.%s, p1.%s, ...", name, name, name)
				}
			}
			return out + msg
		}
		if _, ok := c.Rs.CardByID(name); ok {
			// a card's id, compared bare with id or name
			return out + fmt.Sprintf(": %s is a card's id; a card's id and name are texts, written in quotes: .id == '%s'", name, name)
		}
		if s := diag.Suggest(name, known); s != "" && s != name {
			out += fmt.Sprintf("; did you mean %q?", s)
		}
		return out
	}
	if i := strings.Index(msg, "type map[string]interface {} has no field "); i >= 0 {
		name := strings.TrimSpace(msg[i+len("type map[string]interface {} has no field "):])
		known := []string{}
		for _, p := range c.Rs.CardProps {
			known = append(known, p.Name)
		}
		for _, p := range c.Rs.PlayerProps {
			known = append(known, p.Name)
		}
		for _, p := range c.Rs.GameProps {
			known = append(known, p.Name)
		}
		for _, z := range c.Rs.Zones {
			known = append(known, z.Name)
		}
		for _, f := range model.CardFields {
			known = append(known, f.Name)
		}
		for _, f := range model.PlayerFields {
			known = append(known, f.Name)
		}
		for _, f := range model.EventFields {
			known = append(known, f.Name)
		}
		out := "unknown property " + name
		switch s := diag.Suggest(name, known); {
		case s == name:
			// a name of another kind of object: say whose it is
			if owner := fieldOwner(name); owner != "" {
				return out + " here" + owner
			}
			return out + " here: it is a field of another kind of object (a card's, a player's or the event's)"
		case s != "":
			out += fmt.Sprintf("; did you mean %q?", s)
		}
		return out
	}
	if rest, ok := strings.CutPrefix(msg, "unknown func "); ok {
		name := strings.TrimSpace(rest)
		if i := strings.IndexAny(name, " ("); i >= 0 {
			name = name[:i]
		}
		var known []string
		known = append(known, closure.RulesetBuiltins...)
		for _, f := range c.Rs.Lib.Funcs() {
			known = append(known, f.Name)
		}
		for pn := range c.preds {
			known = append(known, pn)
		}
		sort.Strings(known)
		return "unknown function " + name + diag.DidYouMean(name, known)
	}
	if rest, ok := strings.CutPrefix(msg, "unknown field "); ok {
		return c.explainName("type map[string]interface {} has no field "+strings.TrimSpace(rest), sc)
	}
	return msg
}

// predicateFuncs are expr's built-ins that take a condition (or a value)
// on each item of a list, written with a leading dot: filter(you.hand, .x > 1).
var predicateFuncs = map[string]bool{"filter": true, "map": true, "count": true, "any": true, "all": true, "none": true, "one": true,
	"find": true, "findIndex": true, "findLast": true, "findLastIndex": true, "sum": true, "sortBy": true, "groupBy": true, "reduce": true,
	"find_index": true, "find_last": true, "find_last_index": true, "sort_by": true, "group_by": true}

// call is a function call open at some offset of an expression.
type call struct {
	name       string
	open       int // offset of its (
	arg        int // which argument the offset is in, from 0
	firstComma int // offset of the comma after its first argument, or -1
}

// enclosingCall is the innermost call whose parentheses hold offset at.
func enclosingCall(r []rune, at int) (call, bool) {
	var stack []call
	for i := 0; i < at && i < len(r); i++ {
		switch r[i] {
		case '\'', '"':
			q := r[i]
			for i++; i < len(r) && r[i] != q; i++ {
				if r[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{':
			cl := call{open: i, firstComma: -1}
			if r[i] == '(' {
				j := i
				for j > 0 && r[j-1] == ' ' {
					j--
				}
				k := j
				for k > 0 && isIdentRune(r[k-1]) {
					k--
				}
				cl.name = string(r[k:j])
			}
			stack = append(stack, cl)
		case ')', ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case ',':
			if n := len(stack); n > 0 {
				if stack[n-1].arg == 0 {
					stack[n-1].firstComma = i
				}
				stack[n-1].arg++
			}
		}
	}
	if len(stack) == 0 || stack[len(stack)-1].name == "" {
		return call{}, false
	}
	return stack[len(stack)-1], true
}

func isIdentRune(r rune) bool {
	return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}

// argEnd is the offset where the argument that starts at i ends: the comma
// or parenthesis that closes it.
func argEnd(r []rune, i int) int {
	depth := 0
	for ; i < len(r); i++ {
		switch r[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return i
			}
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		}
	}
	return len(r)
}

// objectBefore is the name read just before the field at offset at: game in
// game.hand.
func objectBefore(r []rune, at int) string {
	if at < len(r) && r[at] == '.' {
		at++
	}
	if at < 1 || at > len(r) || r[at-1] != '.' {
		return ""
	}
	i := at - 1
	j := i
	for j > 0 && isIdentRune(r[j-1]) {
		j--
	}
	if j > 0 && (r[j-1] == '.' || r[j-1] == ']' || r[j-1] == ')') {
		return "" // the field of something longer than a name
	}
	return string(r[j:i])
}

// mistake names the common mistakes expr's messages do not: a zone read
// through the wrong owner, a condition given to a function that takes a
// list, an item's property written without its leading dot.
func (c *ExprCompiler) mistake(msg string, sc *closure.Scope, r []rune, from int) (text, code string) {
	if from < 0 || from > len(r) {
		return "", ""
	}
	field := ""
	if rest, ok := strings.CutPrefix(msg, "unknown field "); ok {
		field = strings.TrimSpace(rest)
	} else if i := strings.Index(msg, "has no field "); i >= 0 {
		field = strings.TrimSpace(msg[i+len("has no field "):])
	}
	if zi, ok := c.Rs.ZoneIx[field]; ok && field != "" {
		obj := objectBefore(r, from)
		z := c.Rs.Zones[zi]
		switch {
		case z.PerPlayer && obj == "game":
			return fmt.Sprintf("%s is a zone of each player: write you.%s (or opponent.%s, player.%s), or declare it per: game to share it", field, field, field, field), "zone-owner"
		case !z.PerPlayer && obj != "game" && obj != "":
			return fmt.Sprintf("%s is a shared zone (per: game), not a player's: write game.%s", field, field), "zone-owner"
		}
	}
	if strings.HasPrefix(msg, "unexpected token Operator(\".\")") && from < len(r) && r[from] == '.' {
		cond := string(r[from:argEnd(r, from)])
		cl, ok := enclosingCall(r, from)
		if !ok || predicateFuncs[cl.name] {
			return "", ""
		}
		if cl.firstComma < 0 {
			return fmt.Sprintf("%s is a condition on each item of a list: it goes after the list, in a function that takes one (filter, count, any, all, none, one, find, find_last, sum, map, sort_by): find(you.hand, %s)", cond, cond), "takes-no-condition"
		}
		list := strings.TrimSpace(string(r[cl.open+1 : cl.firstComma]))
		switch cl.name {
		case "first":
			return fmt.Sprintf("first takes a list, not a condition: for the first item for which %s holds, write find(%s, %s)", cond, list, cond), "takes-no-condition"
		case "last":
			return fmt.Sprintf("last takes a list, not a condition: for the last item for which %s holds, write find_last(%s, %s)", cond, list, cond), "takes-no-condition"
		case "len":
			return fmt.Sprintf("len takes a list, not a condition: to count the items for which %s holds, write count(%s, %s)", cond, list, cond), "takes-no-condition"
		case "max", "min":
			return fmt.Sprintf("%s takes numbers, not a condition: for the %s %s of %s, write %s(map(%s, %s))", cl.name, map[string]string{"max": "largest", "min": "smallest"}[cl.name], cond, list, cl.name, list, cond), "takes-no-condition"
		}
		return fmt.Sprintf("%s takes no condition: filter(%s, %s) is the list of the items for which it holds; give %s that list", cl.name, list, cond, cl.name), "takes-no-condition"
	}
	if rest, ok := strings.CutPrefix(msg, "unknown name "); ok {
		name := strings.TrimSpace(rest)
		cl, ok := enclosingCall(r, from)
		if !ok || !predicateFuncs[cl.name] || cl.arg < 1 {
			return "", ""
		}
		prop := name
		if name == "card" || name == "this" {
			// card.color inside filter, where no card is bound
			if end := from + len([]rune(name)); end < len(r) && r[end] == '.' {
				k := end + 1
				for k < len(r) && isIdentRune(r[k]) {
					k++
				}
				prop = string(r[end+1 : k])
			}
		}
		if !c.isItemField(prop) {
			return "", ""
		}
		if prop != name {
			return fmt.Sprintf("unknown name %s: inside %s(...), each item's %s is written with a leading dot: .%s, not %s.%s", name, cl.name, prop, prop, name, prop), "missing-dot"
		}
		return fmt.Sprintf("unknown name %s: inside %s(...), each item's %s is written with a leading dot: .%s", name, cl.name, prop, prop), "missing-dot"
	}
	if strings.HasPrefix(msg, "predicate should return boolean") {
		if cl, ok := enclosingCall(r, from); ok {
			got := strings.TrimSuffix(strings.TrimPrefix(msg, "predicate should return boolean (got "), ")")
			return fmt.Sprintf("the condition of %s gives %s, where true or false is needed: compare it, as in .power > 0", cl.name, got), "type-mismatch"
		}
	}
	return "", ""
}

// isItemField: a name that is a property or field of cards or players, so
// that written alone inside filter(...) it was meant as .name.
func (c *ExprCompiler) isItemField(name string) bool {
	if _, ok := c.Rs.CardPropIx[name]; ok {
		return true
	}
	if _, ok := c.Rs.PlayerPropIx[name]; ok {
		return true
	}
	for _, f := range model.CardFields {
		if f.Name == name {
			return true
		}
	}
	for _, f := range model.PlayerFields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// baseConfig builds the expr configuration shared by every expression of a
// ruleset: game functions with typed signatures, and the host functions the
// patcher calls.
func (c *ExprCompiler) baseConfig() *conf.Config {
	if c.cfg != nil {
		return c.cfg
	}
	cfg := conf.CreateNew()
	anyT := closure.GoType(model.TAny)
	wrap := func(f func(g *model.Evaluator, a []any) any) func(params ...any) (any, error) {
		return func(params ...any) (any, error) {
			g := params[0].(map[string]any)["$c"].(*model.Evaluator)
			return f(g, params), nil
		}
	}
	var opts []expr.Option
	for name, h := range closure.HostFunctions() {
		in := make([]reflect.Type, h.N)
		for i := range in {
			in[i] = anyT
		}
		in[len(in)-1] = reflect.TypeOf(0)
		ft := reflect.FuncOf(in, []reflect.Type{anyT}, false)
		opts = append(opts, expr.Function(name, wrap(h.Fn), reflect.New(ft).Interface()))
	}
	for _, f := range c.Rs.Lib.Funcs() {
		in := make([]reflect.Type, len(f.Params))
		for i, p := range f.Params {
			in[i] = closure.GoType(p)
		}
		out := []reflect.Type{closure.GoType(f.Result)}
		user := reflect.FuncOf(in, out, false)
		opts = append(opts, expr.Function(f.Name, func(params ...any) (any, error) {
			return nil, fmt.Errorf("%s called without a game", f.Name)
		}, reflect.New(user).Interface()))
		inner := reflect.FuncOf(append([]reflect.Type{anyT}, in...), out, false)
		fn := f
		opts = append(opts, expr.Function("$"+f.Name, func(params ...any) (any, error) {
			g := params[0].(map[string]any)["$c"].(*model.Evaluator)
			return oracle.Call(g, fn, params[1:])
		}, reflect.New(inner).Interface()))
	}
	for _, o := range opts {
		o(cfg)
	}
	c.cfg = cfg
	return cfg
}

// goTypeWords are the Go types expr names in its messages, in the words
// of a ruleset (its property types: int, bool, float), so a designer never
// sees map[string]interface {}.
var goTypeWords = strings.NewReplacer(
	"map[string]interface {}", "a card or player",
	"[]interface {}", "a list",
	"interface {}", "a value",
	"float64", "a fraction",
	"int64", "an int",
	"int", "an int",
	"string", "a text",
	"bool", "a bool",
)

// goTypesOut names Go's own types in any message of expr that is left, in
// the ruleset's words ("invalid argument for abs (type a card or player)").
var goTypesOut = strings.NewReplacer(
	"map[string]interface {}", "a card or player",
	"[]interface {}", "a list",
	"interface {}", "a value",
	"float64", "a fraction",
	"int64", "an int",
	"time.Time", "a date",
)

// plainTypes rewrites the types of expr's "mismatched types A and B" in
// words, and says how a text is compared with a player, which is the usual
// reason for one (a scenario's winner is a seat's name).
func plainTypes(msg string) string {
	i := strings.Index(msg, "(mismatched types ")
	if i < 0 {
		return msg
	}
	// the parenthesis that closes it: a type may hold some (func() bool)
	j, depth := -1, 0
	for k, r := range msg[i:] {
		if r == '(' {
			depth++
		} else if r == ')' {
			if depth--; depth == 0 {
				j = k
				break
			}
		}
	}
	if j < 0 {
		return msg
	}
	inner := msg[i+len("(mismatched types ") : i+j]
	a, b, ok := strings.Cut(inner, " and ")
	if !ok {
		return msg
	}
	a, b = goTypeWords.Replace(a), goTypeWords.Replace(b)
	out := msg[:i] + "(" + a + " and " + b + " cannot be compared or combined)" + msg[i+j+1:]
	if (a == "a text" && b == "a card or player") || (b == "a text" && a == "a card or player") {
		out += "; compare a text with a text (winner == 'p1', card.name == 'Knight') and a card or player with a card or player (p1, you, this)"
	}
	return out
}

// listOf is the type of a list of t, or TAny when there is none.
func listOf(t model.Type) model.Type {
	switch t {
	case model.TInt:
		return model.TInts
	case model.TCard:
		return model.TCards
	case model.TPlayer:
		return model.TPlayers
	}
	return model.TAny
}

// bareNameRE finds the names of an expression that are not fields
// (.kind) nor in quotes.
var bareNameRE = regexp.MustCompile(`(^|[^.\w'"])([a-z_][a-z0-9_]*)\b`)

// shadowHint says, when a comparison mixes types, that a name of it is a
// variable that hides a value of an enum property of the same name: the
// comparison reads the variable, which the designer did not mean.
func (c *ExprCompiler) shadowHint(src string, sc *closure.Scope) string {
	if c.Rs == nil || sc == nil {
		return ""
	}
	for _, m := range bareNameRE.FindAllStringSubmatch(src, -1) {
		name := m[2]
		pos, typ, ok := sc.VarAt(name)
		if !ok {
			continue
		}
		for _, props := range [][]model.PropDecl{c.Rs.CardProps, c.Rs.PlayerProps, c.Rs.GameProps} {
			for _, d := range props {
				if slices.Contains(d.Values, name) {
					return fmt.Sprintf("; %s here is the variable bound at %s (%s), which hides the value %s of %s: name the variable otherwise, or write the value in quotes ('%s')", name, pos, typ, name, d.Name, name)
				}
			}
		}
	}
	return ""
}

// funcTypeRE matches a function's type as expr names it (func() bool,
// func() interface {} for one whose value has no type, its body being
// wrong).
var funcTypeRE = regexp.MustCompile(`func\([^()]*\) ?(?:[\w.\[\]]*interface \{\}|[\w.\[\]{}]*)`)

// callHint names a predicate of the ruleset that the expression names
// without calling it (not alive, for not alive()): its value is then the
// predicate itself, which nothing can compare or combine.
func (c *ExprCompiler) callHint(src string) string {
	for _, loc := range bareNameRE.FindAllStringSubmatchIndex(src, -1) {
		name := src[loc[4]:loc[5]]
		p, ok := c.preds[name]
		if !ok || strings.HasPrefix(strings.TrimLeft(src[loc[5]:], " "), "(") {
			continue
		}
		args := ""
		if len(p.Params) > 0 {
			names := make([]string, len(p.Params))
			for i, q := range p.Params {
				names[i] = q.Name
			}
			args = strings.Join(names, ", ")
		}
		return fmt.Sprintf("; %s is a predicate of the ruleset: call it, %s(%s)", name, name, args)
	}
	return ""
}

// zoneListRE finds a zone reached through its owner (game.market,
// you.hand): the list of the zone's cards, not the zone's name.
var zoneListRE = regexp.MustCompile(`\b(?:game|you|opponent|active|player|p[1-8])\.([a-z_][a-z0-9_]*)\b`)

// zoneListHint says how a zone is compared, when a text (a zone's name, as
// event.to and card.zone give) meets a zone's list of cards.
func (c *ExprCompiler) zoneListHint(src string) string {
	for _, m := range zoneListRE.FindAllStringSubmatch(src, -1) {
		if c.Rs == nil {
			break
		}
		if _, ok := c.Rs.ZoneIx[m[1]]; ok {
			return fmt.Sprintf("; %s is the list of the zone's cards: a zone is compared by its bare name (event.to == %s, card.zone == %s)", m[0], m[1], m[1])
		}
	}
	return ""
}

// tokenRE matches expr's name for a token it did not expect.
var tokenRE = regexp.MustCompile(`unexpected token (\w+)\("((?:[^"\\]|\\.)*)"\)`)

// plainSyntax tells expr's syntax errors in words: an expression that ends
// too soon says what is left open, a token out of place is quoted as it
// is written.
func plainSyntax(msg, src string) string {
	if strings.TrimSpace(src) == "" {
		return "the expression is empty: write a condition or a value here"
	}
	if strings.Contains(msg, "unexpected token EOF") {
		open := ""
		for _, pair := range [][2]string{{"(", ")"}, {"[", "]"}} {
			if strings.Count(src, pair[0]) > strings.Count(src, pair[1]) {
				open = fmt.Sprintf(": a %q is not closed", pair[0])
			}
		}
		if open == "" {
			open = ": something is missing at its end (a value after an operator?)"
		}
		return strings.Replace(msg, "unexpected token EOF", "the expression ends too soon"+open, 1)
	}
	return tokenRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := tokenRE.FindStringSubmatch(m)
		return fmt.Sprintf("unexpected %q here", sub[2])
	})
}
