package conformance_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/compile"
	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
)

// exprGen writes random well-typed expressions over a ruleset's declared
// properties, zones and keywords, from a stream of fuzz bytes.
type exprGen struct {
	rs    *model.Ruleset
	data  []byte
	pos   int
	depth int // nesting of predicates: # is a card inside one
}

func (g *exprGen) pick(n int) int {
	if n <= 1 {
		return 0
	}
	if g.pos >= len(g.data) {
		return 0
	}
	b := g.data[g.pos]
	g.pos++
	return int(b) % n
}

func (g *exprGen) props(owner string, t model.Type) []model.PropDecl {
	var list []model.PropDecl
	switch owner {
	case "card":
		list = g.rs.CardProps
	case "player":
		list = g.rs.PlayerProps
	default:
		list = g.rs.GameProps
	}
	var out []model.PropDecl
	for _, p := range list {
		if p.Type == t {
			out = append(out, p)
		}
	}
	return out
}

func (g *exprGen) zones(perPlayer bool) []string {
	var out []string
	for _, z := range g.rs.Zones {
		if z.PerPlayer == perPlayer {
			out = append(out, z.Name)
		}
	}
	return out
}

// gen writes an expression of type t, at most budget levels deep.
func (g *exprGen) gen(t model.Type, budget int) string {
	if budget <= 0 {
		return g.leaf(t)
	}
	b := budget - 1
	// a predicate of the ruleset that gives t (no byte is read for a ruleset
	// without one, so its expressions stay what they were)
	if ps := g.predicates(t); len(ps) > 0 && g.pick(4) == 0 {
		p := ps[g.pick(len(ps))]
		args := make([]string, len(p.Params))
		for i, q := range p.Params {
			args[i] = g.gen(q.Type, b)
		}
		return fmt.Sprintf("%s(%s)", p.Name, strings.Join(args, ", "))
	}
	switch t {
	case model.TInt:
		switch g.pick(12) {
		case 0:
			op := []string{"+", "-", "*", "%"}[g.pick(4)]
			return fmt.Sprintf("(%s %s %s)", g.gen(model.TInt, b), op, g.divisor(op, b))
		case 1:
			return fmt.Sprintf("len(%s)", g.gen(model.TCards, b))
		case 2:
			return fmt.Sprintf("count(%s, %s)", g.gen(model.TCards, b), g.pred(model.TBool, b))
		case 3:
			return fmt.Sprintf("clamp(%s, %s, %s)", g.gen(model.TInt, b), g.gen(model.TInt, b), g.gen(model.TInt, b))
		case 4:
			return fmt.Sprintf("%s(%s, %s)", []string{"min", "max"}[g.pick(2)], g.gen(model.TInt, b), g.gen(model.TInt, b))
		case 5:
			return fmt.Sprintf("(%s ? %s : %s)", g.gen(model.TBool, b), g.gen(model.TInt, b), g.gen(model.TInt, b))
		case 6:
			return fmt.Sprintf("sum(%s, %s)", g.gen(model.TCards, b), g.pred(model.TInt, b))
		case 7:
			if ps := g.props("card", model.TInt); len(ps) > 0 {
				return fmt.Sprintf("total(%s, '%s')", g.gen(model.TCards, b), ps[g.pick(len(ps))].Name)
			}
		case 8:
			if ps := g.props("card", model.TString); len(ps) > 0 {
				p := ps[g.pick(len(ps))]
				return fmt.Sprintf("count_where(%s, '%s', '%s')", g.gen(model.TCards, b), p.Name, p.Values[g.pick(len(p.Values))])
			}
		case 9:
			// a divisor written with numbers alone that comes to 0 is
			// refused at load; one read from the game may still be 0
			return fmt.Sprintf("int(%s / %s)", g.gen(model.TInt, b), g.divisor("/", b))
		case 10:
			return fmt.Sprintf("find_index(%s, %s)", g.gen(model.TCards, b), g.pred(model.TBool, b))
		}
		return g.leaf(t)
	case model.TBool:
		switch g.pick(10) {
		case 0:
			return fmt.Sprintf("(%s %s %s)", g.gen(model.TInt, b), []string{"<", "<=", ">", ">=", "==", "!="}[g.pick(6)], g.gen(model.TInt, b))
		case 1:
			return fmt.Sprintf("(%s %s %s)", g.gen(model.TBool, b), []string{"and", "or"}[g.pick(2)], g.gen(model.TBool, b))
		case 2:
			return fmt.Sprintf("not %s", g.gen(model.TBool, b))
		case 3:
			return fmt.Sprintf("%s(%s, %s)", []string{"any", "all", "none", "one"}[g.pick(4)], g.gen(model.TCards, b), g.pred(model.TBool, b))
		case 4:
			return fmt.Sprintf("(%s == %s)", g.gen(model.TCard, b), g.gen(model.TCard, b))
		case 5:
			if len(g.rs.Keywords) > 0 {
				return fmt.Sprintf("has(%s, '%s')", g.gen(model.TCard, b), g.rs.Keywords[g.pick(len(g.rs.Keywords))])
			}
		case 6:
			return fmt.Sprintf("(%s in %s)", g.gen(model.TCard, b), g.gen(model.TCards, b))
		case 7:
			l, r := g.gen(model.TString, b), g.gen(model.TString, b)
			if lp, rp := g.enumRead(l), g.enumRead(r); lp != nil && rp != nil && !shareValue(lp.Values, rp.Values) {
				r = l // two enums with no value in common are refused at load
			}
			return fmt.Sprintf("(%s == %s)", g.sameEnum(l, r), g.sameEnum(r, l))
		case 8:
			return fmt.Sprintf("(%s == %s)", g.gen(model.TPlayer, b), g.gen(model.TPlayer, b))
		}
		return g.leaf(t)
	case model.TCard:
		switch g.pick(5) {
		case 0:
			return fmt.Sprintf("%s(%s)", []string{"first", "last"}[g.pick(2)], g.gen(model.TCards, b))
		case 1:
			return fmt.Sprintf("find(%s, %s)", g.gen(model.TCards, b), g.pred(model.TBool, b))
		case 2:
			return fmt.Sprintf("get(%s, %s)", g.gen(model.TCards, b), g.gen(model.TInt, b))
		}
		return g.leaf(t)
	case model.TCards:
		switch g.pick(6) {
		case 0:
			return fmt.Sprintf("filter(%s, %s)", g.gen(model.TCards, b), g.pred(model.TBool, b))
		case 1:
			return fmt.Sprintf("sort_by(%s, %s)", g.gen(model.TCards, b), g.pred(model.TInt, b))
		case 2:
			return fmt.Sprintf("%s[%d:]", g.gen(model.TCards, b), g.pick(3))
		case 3:
			return fmt.Sprintf("concat(%s, %s)", g.gen(model.TCards, b), g.gen(model.TCards, b))
		}
		return g.leaf(t)
	case model.TPlayer:
		if g.pick(3) == 0 {
			return fmt.Sprintf("%s.%s", g.gen(model.TCard, b), []string{"owner", "controller"}[g.pick(2)])
		}
		return g.leaf(t)
	case model.TString:
		if ps := g.props("card", model.TString); len(ps) > 0 && g.pick(2) == 0 {
			return fmt.Sprintf("%s.%s", g.gen(model.TCard, b), ps[g.pick(len(ps))].Name)
		}
		return g.leaf(t)
	}
	return g.leaf(t)
}

// predicates lists the ruleset's predicates that give t and whose
// parameters the generator can write arguments for.
func (g *exprGen) predicates(t model.Type) []*closure.Predicate {
	var out []*closure.Predicate
	for _, p := range compile.Predicates(g.rs) {
		ok := p.Result == t
		for _, q := range p.Params {
			switch q.Type {
			case model.TInt, model.TBool, model.TCard, model.TCards, model.TPlayer, model.TString:
			default:
				ok = false
			}
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// sameEnum is name, or, when name is a literal compared with a read of an
// enum property that does not declare it (a load error), one of the values
// that property declares.
// enumRead is the enum card property an expression ends by reading, or nil.
func (g *exprGen) enumRead(e string) *model.PropDecl {
	for _, p := range g.props("card", model.TString) {
		if len(p.Values) > 0 && strings.HasSuffix(e, "."+p.Name) {
			return &p
		}
	}
	return nil
}

func shareValue(a, b []string) bool {
	for _, v := range a {
		if slices.Contains(b, v) {
			return true
		}
	}
	return false
}

func (g *exprGen) sameEnum(name, other string) string {
	if !strings.HasPrefix(name, "'") {
		return name
	}
	for _, p := range g.props("card", model.TString) {
		if strings.HasSuffix(other, "."+p.Name) && !slices.Contains(p.Values, strings.Trim(name, "'")) {
			return "'" + p.Values[g.pick(len(p.Values))] + "'"
		}
	}
	return name
}

// divisor writes the right side of op; for / and %, one written with numbers
// alone is given a part read from the game: a divisor that is 0 whatever the
// game is refused at load, one read from the game may still be 0.
func (g *exprGen) divisor(op string, budget int) string {
	d := g.gen(model.TInt, budget)
	if (op == "/" || op == "%") && !strings.ContainsAny(d, "abcdefghijklmnopqrstuvwxyz") {
		d = "(" + d + " + turn)"
	}
	return d
}

// pred writes the body of a predicate over cards: # is the element.
func (g *exprGen) pred(t model.Type, budget int) string {
	g.depth++
	defer func() { g.depth-- }()
	return g.gen(t, budget)
}

func (g *exprGen) player() string {
	return []string{"you", "opponent", "active"}[g.pick(3)]
}

func (g *exprGen) card() string {
	if g.depth > 0 && g.pick(3) > 0 {
		return "#"
	}
	return "this"
}

// leaf writes an expression of type t with no nesting.
func (g *exprGen) leaf(t model.Type) string {
	switch t {
	case model.TInt:
		switch g.pick(5) {
		case 0:
			if ps := g.props("card", model.TInt); len(ps) > 0 {
				return g.card() + "." + ps[g.pick(len(ps))].Name
			}
		case 1:
			if ps := g.props("player", model.TInt); len(ps) > 0 {
				return g.player() + "." + ps[g.pick(len(ps))].Name
			}
		case 2:
			if ps := g.props("game", model.TInt); len(ps) > 0 {
				return "game." + ps[g.pick(len(ps))].Name
			}
		case 3:
			return "turn"
		}
		return fmt.Sprint(g.pick(7) - 1)
	case model.TBool:
		switch g.pick(3) {
		case 0:
			if ps := g.props("card", model.TBool); len(ps) > 0 {
				return g.card() + "." + ps[g.pick(len(ps))].Name
			}
		case 1:
			return g.card() + ".face_down"
		}
		return []string{"true", "false"}[g.pick(2)]
	case model.TCard:
		return g.card()
	case model.TCards:
		if zs := g.zones(false); len(zs) > 0 && g.pick(4) == 0 {
			return "game." + zs[g.pick(len(zs))]
		}
		zs := g.zones(true)
		if len(zs) == 0 {
			return "[]"
		}
		if g.pick(4) == 0 {
			return "everyone." + zs[g.pick(len(zs))]
		}
		return g.player() + "." + zs[g.pick(len(zs))]
	case model.TPlayer:
		return g.player()
	case model.TString:
		if ps := g.props("card", model.TString); len(ps) > 0 {
			p := ps[g.pick(len(ps))]
			return "'" + p.Values[g.pick(len(p.Values))] + "'"
		}
		return "phase"
	}
	return "none"
}

// fuzzStates holds, per ruleset, a few states of a random game to evaluate on.
var fuzzStates = sync.OnceValues(func() ([]*model.Ruleset, [][]*engine.Game) {
	rss, err := loadAll()
	if err != nil {
		panic(err)
	}
	states := make([][]*engine.Game, len(rss))
	for i, rs := range rss {
		g, err := engine.New(rs, engine.Options{Seed: 3, NoLog: true})
		if err == nil {
			r := rand.New(rand.NewPCG(3, 1))
			for a := 0; a < 400 && !g.Over(); a++ {
				if a%40 == 0 {
					states[i] = append(states[i], g.Clone())
				}
				p := g.Pending()
				if len(p) == 0 || g.Answer(p[0].Player, bot.RandomAnswer(r, &p[0])) != nil {
					break
				}
			}
		}
		if g, err := engine.New(rs, engine.Options{Players: rs.MaxPlayers, Seed: 5, Setup: everywhere(rs)}); err == nil {
			states[i] = append(states[i], g)
		}
	}
	return rss, states
})

// FuzzExpressions builds random well-typed expressions, nested calls
// included, over the declared properties of every ruleset; each must compile
// (the closure compiler covers every form the generator writes) and give the
// same value with the evaluator and with expr's VM on states of a real game.
func FuzzExpressions(f *testing.F) {
	f.Add(uint8(0), []byte{0, 3, 1, 2, 9, 4, 7, 1, 1, 0, 5})
	f.Add(uint8(1), []byte{2, 2, 3, 8, 1, 0, 6, 6, 2, 1})
	f.Add(uint8(2), []byte{5, 1, 7, 3, 3, 0, 9, 2, 4, 4, 4, 1})
	f.Add(uint8(3), []byte{1, 5, 0, 2, 7, 1, 3, 3})
	f.Add(uint8(4), []byte{3, 6, 2, 0, 1, 5, 8, 2, 2, 9, 0})
	f.Add(uint8(5), []byte{0, 0, 4, 1, 6, 2, 5, 3})
	f.Add(uint8(6), []byte{7, 10, 1, 4, 0, 3, 2, 6})
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		rss, states := fuzzStates()
		i := int(which) % len(rss)
		rs := rss[i]
		gen := &exprGen{rs: rs, data: data}
		types := []model.Type{model.TInt, model.TBool, model.TCard, model.TCards, model.TPlayer, model.TString}
		typ := types[gen.pick(len(types))]
		src := gen.gen(typ, 4)
		var doc yaml.Node
		quoted := strings.ReplaceAll(src, `"`, `\"`)
		if err := yaml.Unmarshal([]byte(`q: "`+quoted+`"`), &doc); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		// a condition is compiled as one, its terms and alternatives
		// compared with the whole too
		want := model.TAny
		if typ == model.TBool {
			want = model.TBool
		}
		e, diags := compile.CompileQuery(rs, "fuzz.yaml", []byte(`q: "`+quoted+`"`), doc.Content[0].Content[1], "", nil, want)
		if diags.HasErrors() || e == nil {
			t.Fatalf("%s: a well-typed expression was refused: %v", src, diags)
		}
		r := rand.New(rand.NewPCG(uint64(len(data)), 7))
		for _, g := range states[i] {
			vars := g.Evaluator().S.Vars
			fr := frameFor(g, rs, e, r)
			err := agree(g, e, &fr)
			g.Evaluator().S.Vars = vars
			if err != nil {
				t.Fatal(err)
			}
		}
	})
}
