package load

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"go.yaml.in/yaml/v3"
)

// Procedures are named step lists with typed parameters; any step list
// calls one as a step of its name: `- deal_damage: {first: true}`.
//
// A call is expanded where it is written: the procedure's steps are
// compiled again at each call, into the caller's effect, against a scope of
// their own (the parameters, bound to fresh variable slots of the caller's
// effect, and the names of the caller's frame: you, this, and card, player
// or event where the caller has them; none of the caller's variables). The
// call step evaluates the arguments into those slots, then runs the steps
// as a nested step list of the caller's effect. So a call is no new effect:
// the state checks never run between its steps (they are the caller's
// steps), frames, saves and the stack are as they were, and the body is
// checked against what each caller's frame has (event in a trigger, say).
// A problem in the body is reported once, at its place in the body, naming
// the first call that met it. Recursion, direct or through other
// procedures, is refused at load, so the expansion is finite.

// procedure is one declared procedure.
type procedure struct {
	name   string
	doc    string
	params []procParam
	body   *yaml.Node
	r      *source.Reader
	path   string
	pos    diag.Pos
	prim   *model.Primitive
	calls  []procCall // the calls written in its steps
	// recursive: it calls itself, directly or through others (reported);
	// it is never expanded
	recursive bool
	outside   bool            // a step outside every procedure calls it
	expanded  bool            // compiled at least once
	reported  map[string]bool // problems of its steps already reported
}

type procParam struct {
	name string
	typ  model.Type
	pos  diag.Pos
}

// procCall is a call of a procedure written in the steps of another.
type procCall struct {
	to  *procedure
	key *yaml.Node
}

// declSource is a procedures: or predicates: mapping with the file it is in.
type declSource struct {
	r *source.Reader
	n *yaml.Node
}

// procedures reads the declared procedures of the ruleset and the card files
// and refuses recursion; their steps are compiled at each call.
func (c *compiler) procedures(srcs []declSource) {
	for _, s := range srcs {
		c.R = s.r
		fs, ok := c.R.Mapping(s.n, "procedures")
		if !ok {
			continue
		}
		for _, f := range fs {
			c.procedure(f)
		}
	}
	for _, pr := range c.procList {
		c.R = pr.r
		pr.calls = c.callsIn(pr.body, map[*yaml.Node]bool{})
	}
	c.procRecursion()
}

var procKeys = []string{"doc", "params", "do"}

func (c *compiler) procedure(f source.Field) {
	path := "procedures." + f.Key
	name := f.Key
	if !isIdent(name) {
		c.R.Errorf(f.KeyN, "bad-variable", path, "%q is not a procedure name: use letters, digits and _ , starting with a letter", name)
		return
	}
	if _, ok := c.Rs.Lib.Primitive(name); ok {
		c.R.Errorf(f.KeyN, "reserved-name", path, "procedure %q is named like the primitive %s: a step %s: would run the primitive; name it otherwise", name, name, name)
		return
	}
	if prev, ok := c.procs[name]; ok {
		c.R.Errorf(f.KeyN, "duplicate-name", path, "procedure %q is declared twice (first at %s)", name, prev.pos)
		return
	}
	fs, ok := c.R.Mapping(f.Value, path, procKeys...)
	if !ok {
		return
	}
	c.R.Require(f.Value, path, fs, "do")
	pr := &procedure{name: name, r: c.R, path: path, pos: c.R.Pos(f.KeyN), reported: map[string]bool{}}
	if v := source.Get(fs, "doc"); v != nil {
		pr.doc, _ = c.R.Str(v, path+".doc")
	}
	if v := source.Get(fs, "params"); v != nil {
		pfs, _ := c.R.Mapping(v, path+".params")
		for _, pf := range pfs {
			if q, ok := c.param(pf, path+".params."+pf.Key); ok {
				pr.params = append(pr.params, procParam{name: q.Name, typ: q.Type, pos: c.R.Pos(pf.KeyN)})
			}
		}
	}
	pr.body = source.Get(fs, "do")
	if pr.body == nil {
		pr.body = &yaml.Node{Kind: yaml.SequenceNode, Line: f.KeyN.Line, Column: f.KeyN.Column}
	}
	params := make([]model.Param, 0, len(pr.params)+1)
	for _, q := range pr.params {
		params = append(params, model.Param{Name: q.name, Kind: model.PExpr, Type: q.typ, Required: true, Doc: "a parameter"})
	}
	params = append(params, model.Param{Name: "do", Kind: model.PSteps, Doc: "the procedure's steps"})
	pr.prim = &model.Primitive{Name: name, Doc: pr.doc, Family: "procedure", Params: params, Exec: execProcedure}
	// registered alone, so that the primitive is complete (it emits no event)
	if err := model.NewLibrary().AddPrimitive(pr.prim); err != nil {
		c.R.Errorf(f.KeyN, "internal", path, "%v", err)
		return
	}
	if c.procs == nil {
		c.procs = map[string]*procedure{}
	}
	c.procs[name] = pr
	c.procList = append(c.procList, pr)
}

// param reads one declared parameter, name: type, of a procedure or a
// predicate.
func (c *compiler) param(f source.Field, path string) (closure.PredicateParam, bool) {
	if !isIdent(f.Key) {
		c.R.Errorf(f.KeyN, "bad-variable", path, "%q is not a parameter name: use letters, digits and _ , starting with a letter", f.Key)
		return closure.PredicateParam{}, false
	}
	if closure.Builtin(f.Key) || f.Key == "event" {
		c.R.Errorf(f.KeyN, "bad-variable", path, "%q is a built-in name and cannot be used as a parameter", f.Key)
		return closure.PredicateParam{}, false
	}
	s, ok := c.R.Str(f.Value, path)
	if !ok {
		return closure.PredicateParam{}, false
	}
	t, ok := closure.ParamTypes[s]
	if !ok {
		c.R.Errorf(f.Value, "unknown-type", path, "unknown type %q%s (a parameter is one of %s)", s, diag.DidYouMean(s, diag.KeysOf(closure.ParamTypes)), paramTypeList())
		return closure.PredicateParam{}, false
	}
	return closure.PredicateParam{Name: f.Key, Type: t}, true
}

func paramTypeList() string {
	names := diag.KeysOf(closure.ParamTypes)
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// callsIn finds the calls of procedures in a step list, following the step
// lists nested in steps (if's then and else, a choice's options, ...) as
// compiling them would. A node reached twice (a YAML alias) is walked once.
func (c *compiler) callsIn(n *yaml.Node, seen map[*yaml.Node]bool) []procCall {
	n = source.ResolveAlias(n)
	if n == nil || n.Kind != yaml.SequenceNode || seen[n] {
		return nil
	}
	seen[n] = true
	var out []procCall
	for _, item := range n.Content {
		item = source.ResolveAlias(item)
		var keyN, argN *yaml.Node
		switch {
		case item.Kind == yaml.ScalarNode:
			keyN = item
		case item.Kind == yaml.MappingNode && len(item.Content) == 2:
			keyN, argN = item.Content[0], source.ResolveAlias(item.Content[1])
		default:
			continue
		}
		p, ok := c.Rs.Lib.Primitive(keyN.Value)
		if !ok {
			if to, ok := c.procs[keyN.Value]; ok {
				out = append(out, procCall{to: to, key: keyN})
			}
			continue
		}
		if argN == nil || argN.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(argN.Content); i += 2 {
			q := p.ParamIndex(argN.Content[i].Value)
			if q == model.NoArg {
				continue
			}
			v := argN.Content[i+1]
			switch p.Params[q].Kind {
			case model.PSteps:
				out = append(out, c.callsIn(v, seen)...)
			case model.PChoices:
				if rv := source.ResolveAlias(v); rv.Kind == yaml.SequenceNode {
					for _, ch := range rv.Content {
						if rc := source.ResolveAlias(ch); rc.Kind == yaml.MappingNode {
							for j := 0; j+1 < len(rc.Content); j += 2 {
								if rc.Content[j].Value == "do" {
									out = append(out, c.callsIn(rc.Content[j+1], seen)...)
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

// procRecursion reports every circle of calls once, at the call that closes
// it, and marks the procedures on it.
func (c *compiler) procRecursion() {
	callees := func(pr *procedure) []*procedure {
		out := make([]*procedure, len(pr.calls))
		for i, call := range pr.calls {
			out[i] = call.to
		}
		return out
	}
	compile.WalkCalls(c.procList, callees, func(pr *procedure, i int, on []*procedure) {
		call := pr.calls[i]
		var names []string
		for _, q := range on {
			q.recursive = true
			names = append(names, q.name)
		}
		names = append(names, call.to.name)
		what := fmt.Sprintf("procedure %s calls itself", pr.name)
		if len(names) > 2 {
			what = fmt.Sprintf("procedure %s calls %s, which leads back to it (%s)", pr.name, call.to.name, strings.Join(names, " → "))
		}
		pr.r.Errorf(call.key, "recursion", pr.path+".do", "%s: a procedure cannot call itself, directly or through other procedures", what)
	}, nil)
}

// compileCall compiles a step that calls a procedure: its arguments against
// the caller's scope and the declared types, then the procedure's steps,
// expanded here.
func (c *compiler) compileCall(pr *procedure, keyN, argN *yaml.Node, path string, sc *closure.Scope, root int) *model.Step {
	st := &model.Step{Prim: pr.prim, Args: make([]model.Arg, len(pr.params)+1), Pos: c.R.Pos(keyN)}
	given := map[string]*yaml.Node{}
	if argN != nil && !(argN.Kind == yaml.ScalarNode && argN.Tag == "!!null") {
		if argN.Kind != yaml.MappingNode {
			c.R.Errorf(argN, "bad-step", path, "%s is a procedure: its arguments are a mapping, %s", pr.name, pr.usage())
			return nil
		}
		names := make([]string, len(pr.params))
		for i, q := range pr.params {
			names[i] = q.name
		}
		if len(pr.params) == 0 && len(argN.Content) > 0 {
			// the call is still compiled: a slip in it is one mistake
			c.R.Errorf(argN.Content[0], "unknown-field", path, "%s is a procedure of the ruleset that takes no arguments: write - %s alone", pr.name, pr.name)
		} else {
			fs, _ := c.R.Mapping(argN, path, names...)
			for _, f := range fs {
				given[f.Key] = f.Value
			}
		}
	}
	for i, q := range pr.params {
		v := given[q.name]
		if v == nil {
			c.R.Errorf(keyN, "missing-field", path, "%s needs the argument %q (%s)", pr.name, q.name, pr.usage())
			continue
		}
		a := &st.Args[i]
		a.Set, a.Type, a.Pos = true, q.typ, c.R.Pos(v)
		if vv := source.ResolveAlias(v); vv != nil && (vv.Style == yaml.DoubleQuotedStyle || vv.Style == yaml.SingleQuotedStyle) {
			a.Pos.Column++
		}
		a.Expr = c.procArg(v, q.name, path+"."+q.name, sc, q.typ)
	}
	if len(c.expanding) == 0 {
		pr.outside = true
	}
	body := &st.Args[len(pr.params)]
	body.Set, body.Pos = true, pr.pos
	inner := sc.Body()
	for i, q := range pr.params {
		slot, _ := inner.Bind(q.name, q.typ, q.pos)
		st.Args[i].Var = model.Var{Slot: slot, Type: q.typ, Name: q.name}
	}
	body.Prog = c.expand(pr, inner, root, fmt.Sprintf("called at %s", c.R.Pos(keyN)))
	return st
}

// procArg compiles an argument of a procedure's call. A name given bare to
// a name parameter (col: red) that is a value of an enum or names property
// is that value, as set's value is: it need not be quoted twice ("'red'").
// A variable of that name stays the variable; a bare name that is neither
// is told to be quoted.
func (c *compiler) procArg(v *yaml.Node, param, path string, sc *closure.Scope, t model.Type) *model.Expr {
	w := source.ResolveAlias(v)
	if t != model.TString || w == nil || w.Kind != yaml.ScalarNode || !isIdent(w.Value) || closure.Builtin(w.Value) {
		return c.CompileExpr(v, path, sc, t)
	}
	if c.isPropValue(w.Value) {
		return c.CompileAssigned(v, path, sc, t, []string{w.Value})
	}
	if _, ok := c.TypeOf(v, sc); !ok {
		c.R.Errorf(v, "unknown-name", path, "%s is no value of the game's enum or names properties: a name given bare to %s must be one; write any other name in quotes within the quotes, %s: \"'%s'\"%s", w.Value, param, param, w.Value, diag.DidYouMean(w.Value, c.propValues()))
		return nil
	}
	return c.CompileExpr(v, path, sc, t)
}

// isPropValue reports whether name is a value of an enum or names property.
func (c *compiler) isPropValue(name string) bool {
	return slices.Contains(c.propValues(), name)
}

// propValues are the values of every enum and names property.
func (c *compiler) propValues() []string {
	var out []string
	for _, decls := range [][]model.PropDecl{c.Rs.CardProps, c.Rs.PlayerProps, c.Rs.GameProps} {
		for i := range decls {
			if decls[i].Type == model.TString || decls[i].Type == model.TStrings {
				out = append(out, decls[i].Values...)
			}
		}
	}
	return out
}

// usage shows how a procedure is called.
func (pr *procedure) usage() string {
	parts := make([]string, len(pr.params))
	for i, q := range pr.params {
		parts[i] = fmt.Sprintf("%s: <%s>", q.name, closure.ParamTypeName(q.typ))
	}
	return fmt.Sprintf("%s: {%s}", pr.name, strings.Join(parts, ", "))
}

// expand compiles a procedure's steps as a step list of the effect root, in
// scope sc. The problems found in them are reported once each, at their
// place in the procedure, with where (the call that met them first).
func (c *compiler) expand(pr *procedure, sc *closure.Scope, root int, where string) int {
	if pr.recursive || c.onStack(pr) {
		return c.subProgram(&yaml.Node{Kind: yaml.SequenceNode}, pr.path+".do", sc, root)
	}
	pr.expanded = true
	saved := c.R
	c.R = pr.r
	mark := len(c.diags)
	c.expanding = append(c.expanding, pr)
	prog := c.subProgram(pr.body, pr.path+".do", sc, root)
	c.Rs.Programs[prog].Name = "procedure " + pr.name
	c.expanding = c.expanding[:len(c.expanding)-1]
	c.R = saved
	added := append([]diag.Diagnostic(nil), c.diags[mark:]...)
	c.diags = c.diags[:mark]
	for _, d := range added {
		key := fmt.Sprintf("%s|%d|%s|%s", d.Pos, d.Severity, d.Code, d.Message)
		if pr.reported[key] {
			continue
		}
		pr.reported[key] = true
		d.Message += fmt.Sprintf(" (in procedure %s, %s)", pr.name, where)
		c.diags = append(c.diags, d)
	}
	return prog
}

func (c *compiler) onStack(pr *procedure) bool {
	for _, q := range c.expanding {
		if q == pr {
			return true
		}
	}
	return false
}

// unusedProcedures checks the steps of the procedures no step outside them
// calls (in a scope with every frame name: card, player, event), and warns
// about them.
func (c *compiler) unusedProcedures() {
	reached := map[*procedure]bool{}
	var reach func(pr *procedure)
	reach = func(pr *procedure) {
		if reached[pr] {
			return
		}
		reached[pr] = true
		for _, call := range pr.calls {
			reach(call.to)
		}
	}
	for _, pr := range c.procList {
		if pr.outside {
			reach(pr)
		}
	}
	calledBy := map[*procedure]bool{}
	for _, pr := range c.procList {
		for _, call := range pr.calls {
			calledBy[call.to] = true
		}
	}
	for _, pr := range c.procList {
		if !reached[pr] {
			msg := fmt.Sprintf("procedure %q is never called", pr.name)
			if calledBy[pr] {
				msg = fmt.Sprintf("procedure %q is never called: only procedures that are never called call it", pr.name)
			}
			c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityOf("unused-procedure"), Code: "unused-procedure", Pos: pr.pos, Path: pr.path, Message: msg})
		}
		if pr.expanded || pr.recursive {
			continue
		}
		root := c.newRoot("procedure "+pr.name, pr.pos)
		sc := closure.NewScope().With(true, true, true)
		for _, q := range pr.params {
			_, _ = sc.Bind(q.name, q.typ, q.pos)
		}
		c.expand(pr, sc, root, "which no step calls")
		c.Rs.Programs[root].NVars = *sc.Nvars
	}
}

// unusedPredicates warns about the predicates no expression calls; only
// when everything compiled, since a call may be in an expression that did
// not.
func (c *compiler) unusedPredicates() {
	if c.diags.HasErrors() {
		return
	}
	for _, p := range c.Predicates() {
		if !p.Used() {
			c.diags = append(c.diags, diag.Diagnostic{Severity: diag.SeverityOf("unused-predicate"), Code: "unused-predicate", Pos: p.Pos(), Path: "predicates." + p.Name,
				Message: fmt.Sprintf("predicate %q is never called", p.Name)})
		}
	}
}

// execProcedure runs a call: the arguments into the parameters' variables,
// then the procedure's steps as a nested step list.
func execProcedure(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	last := len(s.Args) - 1
	for i := 0; i < last; i++ {
		a := &s.Args[i]
		if a.Expr == nil {
			continue
		}
		v, err := g.EvalVal(a.Expr, f, a.Var.Type)
		if err != nil {
			return model.Next, err
		}
		g.SetVar(f, a.Var.Slot, v)
	}
	g.Call(f, s.Args[last].Prog)
	return model.Next, nil
}

// predicates declares the predicates of the ruleset and the card files, then
// compiles them.
func (c *compiler) predicates(srcs []declSource) {
	for _, s := range srcs {
		c.R = s.r
		fs, ok := c.R.Mapping(s.n, "predicates")
		if !ok {
			continue
		}
		for _, f := range fs {
			c.predicate(f)
		}
	}
	c.CompilePredicates()
}

var predKeys = []string{"doc", "params", "value", "internal"}

// predicate declares one predicate, written `name: {doc, params, value}` or
// `name(a card, b int): value`.
func (c *compiler) predicate(f source.Field) {
	name, rest, short := strings.Cut(f.Key, "(")
	name = strings.TrimSpace(name)
	path := "predicates." + name
	// where the key's text starts, for positions inside it
	col := f.KeyN.Column
	if f.KeyN.Style == yaml.DoubleQuotedStyle || f.KeyN.Style == yaml.SingleQuotedStyle {
		col++
	}
	at := func(offset int) diag.Pos {
		return diag.Pos{File: c.R.File, Line: f.KeyN.Line, Column: col + utf8.RuneCountInString(f.Key[:offset])}
	}
	if !isIdent(name) {
		c.R.Errorf(f.KeyN, "bad-variable", path, "%q is not a predicate name: use letters, digits and _ , starting with a letter (with parameters: name(a card, b int))", name)
		return
	}
	if why := c.ReservedName(name); why != "" {
		c.R.Errorf(f.KeyN, "reserved-name", path, "predicate %q cannot take this name: %s", name, why)
		return
	}
	for _, p := range c.Predicates() {
		if p.Name == name {
			c.R.Errorf(f.KeyN, "duplicate-name", path, "predicate %q is declared twice", name)
			return
		}
	}
	// a declaration with an error declares the name all the same, as a
	// predicate with an error: its calls are not told again as calls of
	// an unknown function
	declared := false
	defer func() {
		if !declared {
			c.DeclareBrokenPredicate(name, f.KeyN, c.R, path)
		}
	}()
	var params []closure.PredicateParam
	var doc string
	internal := false // a helper of the rules (of the bot's value, say): arbiter rules leaves it out
	body := f.Value
	if rv := source.ResolveAlias(f.Value); short && rv != nil && rv.Kind == yaml.MappingNode {
		// the long form under the short form's key
		c.R.Errorf(f.KeyN, "bad-value", path, "the long form of a predicate is written without parentheses: %s: {doc, params, value}; with parentheses, %s is followed by its expression", name, f.Key)
		if strings.TrimSpace(rest) != ")" {
			return
		}
		// name(): {...} is read as the long form it is, so that its calls
		// are not told again as calls of nothing
		short = false
	}
	if short {
		// name(a card, b int): value
		inside, tail, closed := strings.Cut(rest, ")")
		if !closed || strings.TrimSpace(tail) != "" {
			c.R.DiagAt(at(len(f.Key)-1), "bad-value", path, fmt.Sprintf("a predicate with parameters is written name(a card, b int): value, not %q", f.Key))
			return
		}
		offset := len(name) + 1
		seen := map[string]bool{}
		if strings.TrimSpace(inside) != "" {
			for _, part := range strings.Split(inside, ",") {
				lead := len(part) - len(strings.TrimLeft(part, " "))
				fields := strings.Fields(part)
				pos := at(offset + lead)
				offset += len(part) + 1
				switch {
				case len(fields) == 1:
					c.R.DiagAt(pos, "unknown-type", path, fmt.Sprintf("the parameter %s of %s needs a type: %s(%s card), say (a parameter is one of %s)", fields[0], name, name, fields[0], paramTypeList()))
					return
				case len(fields) != 2:
					c.R.DiagAt(pos, "bad-value", path, fmt.Sprintf("a parameter is written as its name and its type (a card), not %q", strings.TrimSpace(part)))
					return
				}
				pn, tn := strings.TrimSuffix(fields[0], ":"), fields[1]
				if !isIdent(pn) {
					c.R.DiagAt(pos, "bad-variable", path, fmt.Sprintf("%q is not a parameter name: use letters, digits and _ , starting with a letter", pn))
					return
				}
				if closure.Builtin(pn) || pn == "event" {
					c.R.DiagAt(pos, "bad-variable", path, fmt.Sprintf("%q is a built-in name and cannot be used as a parameter", pn))
					return
				}
				if seen[pn] {
					c.R.DiagAt(pos, "duplicate-key", path, fmt.Sprintf("the parameter %s is declared twice", pn))
					return
				}
				seen[pn] = true
				t, ok := closure.ParamTypes[tn]
				if !ok {
					tpos := pos
					tpos.Column += utf8.RuneCountInString(strings.TrimLeft(part, " ")) - utf8.RuneCountInString(tn)
					c.R.DiagAt(tpos, "unknown-type", path, fmt.Sprintf("unknown type %q%s (a parameter is one of %s)", tn, diag.DidYouMean(tn, diag.KeysOf(closure.ParamTypes)), paramTypeList()))
					return
				}
				params = append(params, closure.PredicateParam{Name: pn, Type: t})
			}
		}
	} else if rv := source.ResolveAlias(f.Value); rv != nil && rv.Kind == yaml.MappingNode {
		fs, ok := c.R.Mapping(f.Value, path, predKeys...)
		if !ok || !c.R.Require(f.Value, path, fs, "value") {
			return
		}
		if v := source.Get(fs, "doc"); v != nil {
			doc, _ = c.R.Str(v, path+".doc")
		}
		if v := source.Get(fs, "internal"); v != nil {
			internal, _ = c.R.Boolean(v, path+".internal")
		}
		if v := source.Get(fs, "params"); v != nil {
			pfs, _ := c.R.Mapping(v, path+".params")
			for _, pf := range pfs {
				q, ok := c.param(pf, path+".params."+pf.Key)
				if !ok {
					return
				}
				params = append(params, q)
			}
		}
		body = source.Get(fs, "value")
	}
	c.DeclarePredicate(name, doc, params, f.KeyN, body, c.R, path)
	declared = true
	if doc == "" && body != nil && body.Kind == yaml.ScalarNode {
		// one without a doc says what it is by its expression, the
		// beginning of a long one
		doc = "= " + strings.Join(strings.Fields(body.Value), " ")
		if r := []rune(doc); len(r) > 102 {
			doc = string(r[:100]) + "…"
		}
	}
	if doc != "" && !internal {
		names := make([]string, len(params))
		for i, q := range params {
			names[i] = q.Name + " " + closure.ParamTypeName(q.Type)
		}
		c.Rs.Predicates = append(c.Rs.Predicates, model.PredicateDoc{Call: name + "(" + strings.Join(names, ", ") + ")", Doc: doc})
	}
}
