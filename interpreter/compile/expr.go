package compile

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// ExprCompiler compiles the expressions and templates of one ruleset against
// the type environment its declarations make.
type ExprCompiler struct {
	Rs       *model.Ruleset
	R        *source.Reader
	Ts       *typeSystem
	cfg      *conf.Config
	envCache map[string]nature.Nature
	preds    map[string]*Predicate
	predList []*Predicate
}

// posMap maps rune offsets of an expression's text to positions in its file,
// for plain, quoted, literal (|) and folded (>) scalars alike.
type posMap struct {
	file  string
	lines []int // line of each rune
	cols  []int
}

func newPosMap(file string, srcLines []string, n *yamlNode) posMap {
	pm := posMap{file: file}
	val := []rune(n.Value)
	pm.lines = make([]int, len(val)+1)
	pm.cols = make([]int, len(val)+1)
	// walk the source from the scalar's start and match each rune of the value
	// to the source rune it came from: indentation, line breaks that fold into
	// spaces, quotes and escapes are skipped over
	line, col := n.Line, n.Column
	if n.Style == styleLiteral || n.Style == styleFolded {
		line, col = n.Line+1, 1
	} else if n.Style == StyleDouble || n.Style == StyleSingle {
		col++
	}
	src := func(l, c int) (rune, bool) {
		if l-1 >= len(srcLines) {
			return 0, false
		}
		r := []rune(srcLines[l-1])
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
			if got == '\\' && n.Style == StyleDouble {
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
			for {
				r, ok := src(line, col)
				if !ok || (r != ' ' && r != '\t') {
					break
				}
				col++
			}
		} else {
			col++
			if n.Style == StyleSingle {
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
func (c *ExprCompiler) CompileExpr(n *yamlNode, path string, sc *Scope, want model.Type) *model.Expr {
	e, _, _ := c.compileExpr(n, path, sc, want)
	if e == nil {
		return nil
	}
	e.Index = len(c.Rs.Exprs)
	c.Rs.Exprs = append(c.Rs.Exprs, e)
	return e
}

// compileExpr compiles one expression: the Expr (not yet listed among the
// ruleset's), its checked and patched tree, and its static type. It is nil
// when the expression has an error, which it reports.
func (c *ExprCompiler) compileExpr(n *yamlNode, path string, sc *Scope, want model.Type) (*model.Expr, ast.Node, ctype) {
	n = source.ResolveAlias(n)
	if n == nil || n.Kind != scalarKind {
		c.R.Errorf(n, "type-mismatch", path, "%s must be an expression, found %s", source.DescribePath(path), source.KindName(n))
		return nil, nil, cNil
	}
	src := n.Value
	if n.Tag == "!!bool" || n.Tag == "!!int" {
		src = strings.ToLower(src)
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
	e := &model.Expr{Src: src, Pos: c.R.Pos(n)}
	if n.Style == StyleDouble || n.Style == StyleSingle {
		e.Pos.Column++
	}
	envN := c.envNature(sc)
	p := &patcher{rs: c.Rs, ts: c.Ts, preds: c.preds, members: map[*ast.MemberNode]patchInfo{}}
	cfgOpt := func(cfg *conf.Config) {
		base := c.baseConfig()
		cfg.Env = envN
		cfg.EnvObject = nil
		cfg.Functions = base.Functions
		cfg.Strict = true
		cfg.Optimize = false
	}
	// First pass: parse and type-check against the declared types to report errors.
	tree, err := c.check(src, cfgOpt)
	if err != nil {
		c.exprError(err, posOf(), path, src, sc)
		return nil, nil, cNil
	}
	p.plan(tree.Node)
	if len(p.errs) > 0 {
		for _, pe := range p.errs {
			code := pe.code
			if code == "" {
				code = "unknown-property"
				if strings.Contains(pe.msg, "keyword") {
					code = "unknown-keyword"
				}
			}
			c.R.DiagAt(posOf().at(pe.node.Location().From), code, path, fmt.Sprintf("in expression %q: %s", src, pe.msg))
		}
		return nil, nil, cNil
	}
	// Second pass: patch game-object accesses into indexed host calls on the
	// checked tree, check it again and compile it.
	prog, err := c.patchAndCompile(tree, cfgOpt, p)
	if err != nil {
		c.exprError(err, posOf(), path, src, sc)
		return nil, nil, cNil
	}
	e.Prog = prog
	e.Idents = identsOf(tree.Node, sc)
	cc := &closureCompiler{rs: c.Rs, sc: sc, preds: c.preds, locals: append([]local(nil), sc.params...)}
	fn, ct := cc.compile(tree.Node)
	e.Idents = withCalled(e.Idents, cc.called)
	if len(cc.errs) > 0 {
		// the first refusal only: the others mostly follow from it; a
		// variable whose own expression was refused is not reported again
		pe := cc.errs[0]
		if !(pe.untyped && c.R.Diags.HasErrors()) {
			code := pe.code
			if code == "" {
				code = "unsupported-expression"
			}
			c.R.DiagAt(posOf().at(pe.node.Location().From), code, path, fmt.Sprintf("in expression %q: %s", src, pe.msg))
		}
		return nil, nil, cNil
	}
	got := ct.typeOf()
	if !assignable(got, want) {
		c.R.DiagAt(e.Pos, "type-mismatch", path, fmt.Sprintf("expression %q gives %s where %s is needed", src, got, want))
		return nil, nil, cNil
	}
	e.Fn = fn
	e.Type = got
	if sn, ok := tree.Node.(*ast.StringNode); ok {
		v := sn.Value
		e.Lit = &v
	}
	if e.Type == model.TAny || want == model.TCards || want == model.TPlayers {
		e.Type = want
	}
	return e, tree.Node, ct
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

func (c *ExprCompiler) patchAndCompile(tree *astTree, opt expr.Option, p *patcher) (prog *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be compiled: %v", r)
		}
	}()
	ast.Walk(&tree.Node, p)
	cfg := *c.baseConfig() // a shallow copy: the shared tables are only read
	opt(&cfg)
	if _, err := checker.Check(tree, &cfg); err != nil {
		return nil, err
	}
	return exprcompiler.Compile(tree, &cfg)
}

func (c *ExprCompiler) check(src string, opt expr.Option) (tree *astTree, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("expression could not be checked: %v", r)
		}
	}()
	cfg := *c.baseConfig()
	opt(&cfg)
	return checkTree(src, &cfg)
}

// envNature is the type environment of a scope, built once per distinct scope.
func (c *ExprCompiler) envNature(sc *Scope) nature.Nature {
	var key strings.Builder
	fmt.Fprintf(&key, "%v%v%v", sc.card, sc.player, sc.event)
	names := make([]string, 0, len(sc.vars))
	for k := range sc.vars {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		fmt.Fprintf(&key, ";%s:%d", k, sc.vars[k].typ)
	}
	for _, p := range sc.params {
		fmt.Fprintf(&key, ";(%s:%d)", p.name, p.t.typeOf())
	}
	if n, ok := c.envCache[key.String()]; ok {
		return n
	}
	envN := mapNature()
	for k, v := range sc.envType(c.Ts) {
		envN.Fields[k] = v.Nature()
	}
	if c.envCache == nil {
		c.envCache = map[string]nature.Nature{}
	}
	c.envCache[key.String()] = envN
	return envN
}

func (c *ExprCompiler) exprError(err error, pm posMap, path, src string, sc *Scope) {
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
	msg = c.explain(msg, sc)
	if strings.Contains(msg, "mismatched types []interface {} and []interface {}") {
		msg = "lists cannot be added with +; to join lists of cards use concat(a, b), or everyone.<zone> for every player's cards"
	}
	if strings.Contains(msg, "unexpected token EOF") && c.R != nil && pos.Line >= 1 && pos.Line <= len(c.R.Lines()) && strings.Contains(c.R.Lines()[pos.Line-1], " #") {
		msg += " (a # after a space starts a YAML comment: put the expression in quotes)"
	}
	code := "bad-expression"
	switch {
	case strings.HasPrefix(msg, "unknown name"):
		code = "unknown-name"
	case strings.HasPrefix(msg, "unknown property"):
		code = "unknown-property"
	case strings.Contains(msg, "mismatched types") || strings.Contains(msg, "invalid operation") || strings.Contains(msg, "cannot use"):
		code = "type-mismatch"
	case strings.HasPrefix(msg, "unknown function"):
		code = "unknown-function"
	}
	c.R.DiagAt(pos, code, path, fmt.Sprintf("in expression %q: %s", src, msg))
}

// explain rewrites expr's messages about unknown names into the designer's terms,
// with the nearest known name.
func (c *ExprCompiler) explain(msg string, sc *Scope) string {
	if rest, ok := strings.CutPrefix(msg, "unknown name "); ok {
		name := strings.TrimSpace(rest)
		if sc.predicate && (name == "card" || name == "player" || name == "event") {
			return fmt.Sprintf("unknown name %s: a predicate reads its parameters and the names every expression has (you, this, game, ...); give it %s as an argument", name, name)
		}
		known := []string{}
		for k := range sc.envType(c.Ts) {
			known = append(known, k)
		}
		for _, f := range c.Rs.Lib.Funcs() {
			known = append(known, f.Name)
		}
		for pn := range c.preds {
			known = append(known, pn)
		}
		sort.Strings(known)
		out := "unknown name " + name
		if s := diag.Suggest(name, known); s != "" {
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
		if s := diag.Suggest(name, known); s != "" {
			out += fmt.Sprintf("; did you mean %q?", s)
		}
		return out
	}
	if rest, ok := strings.CutPrefix(msg, "unknown func "); ok {
		name := strings.TrimSpace(rest)
		if i := strings.IndexAny(name, " ("); i >= 0 {
			name = name[:i]
		}
		known := append([]string(nil), exprBuiltins...)
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
		return c.explain("type map[string]interface {} has no field "+strings.TrimSpace(rest), sc)
	}
	return msg
}
