package conformance_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/model/oracle"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// The evaluator runs every expression as Go closures. expr's own VM runs the
// same checked program as an oracle: the two share no evaluation code, only
// the accessors that read the state. These tests evaluate expressions with
// both on game states reached by random play, in frames with random
// bindings, and require the same answer.

// allRulesets loads the shipped rulesets (the tutorial's included) and the engine's test rulesets.
func allRulesets(t testing.TB) []*model.Ruleset {
	out, err := loadAll()
	require.NoError(t, err)
	return out
}

func loadAll() ([]*model.Ruleset, error) {
	var files []string
	for _, pattern := range append(append([]string{}, shipped...), filepath.Join("..", "..", "testdata", "engine", "rulesets", "*.yaml")) {
		m, err := filepath.Glob(pattern)
		if err != nil {
			return nil, err
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no ruleset found")
	}
	var out []*model.Ruleset
	for _, f := range files {
		rs, diags := load.LoadFile(f, stdlib.Library())
		if rs == nil || diags.HasErrors() {
			return nil, fmt.Errorf("%s: %v", f, diags)
		}
		out = append(out, rs)
	}
	return out, nil
}

// frameFor binds an expression's names at random: you, this, card, player,
// the event and its variables (appended to the state's variables, which the
// caller truncates back).
func frameFor(g *engine.Game, rs *model.Ruleset, e *model.Expr, r *rand.Rand) state.Frame {
	n := g.Players()
	cards := len(g.Evaluator().S.Cards)
	card := func() int32 {
		if cards == 0 {
			return -1
		}
		return int32(r.IntN(cards))
	}
	f := state.Frame{
		Base: int32(len(g.Evaluator().S.Vars)),
		You:  state.Seat(r.IntN(n)), Player: state.Seat(r.IntN(n)),
		This: state.CardRef(card()), Card: state.CardRef(card()),
		Event: state.Event{
			Name: int64(r.IntN(rs.Symbols())), Card: state.CardRef(card()), Player: state.Seat(r.IntN(n+1) - 1),
			From: int64(r.IntN(rs.Symbols()+1) - 1), To: int64(r.IntN(rs.Symbols())),
			Amount: int64(r.IntN(6)), Source: state.CardRef(card()),
		},
	}
	top := 0
	for _, s := range e.Slots() {
		top = max(top, s.Slot+1)
	}
	vals := make([]state.Val, top)
	for _, s := range e.Slots() {
		vals[s.Slot] = randomVal(s.Type, r, n, cards, rs)
	}
	g.Evaluator().S.Vars = append(g.Evaluator().S.Vars, vals...)
	return f
}

func randomVal(t model.Type, r *rand.Rand, players, cards int, rs *model.Ruleset) state.Val {
	list := func(of int) []int {
		out := []int{}
		for i := r.IntN(4); i > 0 && of > 0; i-- {
			out = append(out, r.IntN(of))
		}
		return out
	}
	switch t {
	case model.TCard:
		if cards == 0 || r.IntN(8) == 0 {
			return state.Val{N: -1}
		}
		return state.Val{N: int64(r.IntN(cards))}
	case model.TPlayer:
		return state.Val{N: int64(r.IntN(players))}
	case model.TCards:
		return state.Val{L: list(cards)}
	case model.TPlayers:
		return state.Val{L: list(players)}
	case model.TInts:
		return state.Val{L: list(7)}
	case model.TStrings:
		return state.Val{L: list(rs.Symbols())}
	case model.TBool:
		return state.Val{N: int64(r.IntN(2))}
	case model.TString:
		return state.Val{N: int64(r.IntN(rs.Symbols()))}
	case model.TFloat:
		return state.Val{N: int64(math.Float64bits(float64(r.IntN(20)) / 4))}
	}
	return state.Val{N: int64(r.IntN(7) - 1)}
}

// normal puts a value of either evaluator in one form for comparison.
func normal(x any) any {
	switch v := x.(type) {
	case nil:
		return nil
	case int64:
		return int(v)
	case []int:
		return append([]int{}, v...)
	case []string:
		return append([]string{}, v...)
	case []any:
		if len(v) == 0 {
			return []int{}
		}
		if _, ok := v[0].(string); ok {
			out := make([]string, len(v))
			for i, e := range v {
				out[i], _ = e.(string)
			}
			return out
		}
		// a literal list leaves out the values that are nothing ([this.target]
		// with no target is empty); the VM keeps them as nil
		out := []int{}
		for _, e := range v {
			if e == nil {
				continue
			}
			n, ok := e.(int)
			if !ok {
				return v
			}
			out = append(out, n)
		}
		return out
	}
	return x
}

// agree compares the evaluator with the oracle on one expression and frame.
func agree(g *engine.Game, e *model.Expr, f *state.Frame) error {
	got, gerr := g.Evaluator().Eval(e, f)
	if e.Cond != nil {
		// the condition closures (EvalBool) against the value closures
		b, berr := g.Evaluator().EvalBool(e, f)
		_, isBool := got.(bool)
		switch {
		case gerr == nil && !isBool:
			// a value that is no flag (a property of no card) is no
			// condition: EvalBool says so
			if berr == nil {
				return fmt.Errorf("%s: %q: as a condition it gives %v, as a value %v, not true or false", e.Pos, e.Src, b, got)
			}
		case (berr != nil) != (gerr != nil):
			return fmt.Errorf("%s: %q: as a condition it fails with %v, as a value with %v", e.Pos, e.Src, berr, gerr)
		case berr != nil && berr.Error() != gerr.Error():
			return fmt.Errorf("%s: %q: as a condition it fails with %q, as a value with %q", e.Pos, e.Src, berr, gerr)
		case berr == nil && got != b:
			return fmt.Errorf("%s: %q: as a condition it gives %v, as a value %v", e.Pos, e.Src, b, got)
		}
	}
	if e.Int != nil {
		// the whole-number closure (EvalInt) against the value closure
		n, err := g.Evaluator().EvalInt(e, f)
		want := 0
		if v, ok := got.(int); ok {
			want = v
		}
		// nothing as a value is an error as a whole number (never a
		// silent 0)
		nothing := gerr == nil && got == nil
		switch {
		case nothing && err == nil:
			return fmt.Errorf("%s: %q: gives nothing as a value, %d as a whole number", e.Pos, e.Src, n)
		case nothing:
		case (err != nil) != (gerr != nil):
			return fmt.Errorf("%s: %q: as a whole number it fails with %v, as a value with %v", e.Pos, e.Src, err, gerr)
		case err == nil && n != want:
			return fmt.Errorf("%s: %q: as a whole number it gives %d, as a value %v", e.Pos, e.Src, n, got)
		}
	}
	if e.Seat != model.NotASeat && gerr == nil {
		// a name of a seat, read without evaluating, against its closure
		p, err := g.Evaluator().EvalPlayer(e, f)
		want := -1
		if n, ok := got.(int); ok {
			want = n
		}
		if err != nil || p != want {
			return fmt.Errorf("%s: %q: read as a seat it gives %d (%v), evaluated %v", e.Pos, e.Src, p, err, got)
		}
	}
	if len(e.Terms) > 0 && gerr == nil {
		// the conditions joined by and, compiled one by one, against the
		// whole: true when every one is, false at the first that is not
		all := true
		for _, term := range e.Terms {
			b, err := g.Evaluator().EvalBool(term, f)
			if err != nil {
				return fmt.Errorf("%s: %q: a term fails with %v, the whole gives %v", e.Pos, e.Src, err, got)
			}
			if !b {
				all = false
				break
			}
		}
		if all != got {
			return fmt.Errorf("%s: %q: its terms give %v, the whole %v", e.Pos, e.Src, all, got)
		}
	}
	for _, x := range append([]*model.Expr{e}, e.Terms...) {
		if len(x.Alts) == 0 || gerr != nil {
			continue
		}
		// a condition written as alternatives, each compiled one by one:
		// one of them holds when all of its conditions do
		whole := got
		if x != e {
			b, err := g.Evaluator().EvalBool(x, f)
			if err != nil {
				// a term the whole's and did not reach: its alternatives
				// may fail as it does (`this.face_down or true` with no
				// card behind a false `you == opponent`)
				continue
			}
			whole = b
		}
		any := false
		for _, alt := range x.Alts {
			all := true
			for _, leaf := range alt {
				b, err := g.Evaluator().EvalBool(leaf, f)
				if err != nil {
					return fmt.Errorf("%s: %q: a condition of an alternative fails with %v, the whole gives %v", e.Pos, e.Src, err, got)
				}
				if !b {
					all = false
					break
				}
			}
			if all {
				any = true
				break
			}
		}
		if any != whole {
			return fmt.Errorf("%s: %q: its alternatives give %v, the condition %v", e.Pos, e.Src, any, whole)
		}
	}
	if k := e.Key; k != nil && gerr == nil && f.Card >= 0 {
		// a card's property against a value evaluated apart from the card,
		// against the whole
		v, ok, err := k.Eval(g.Evaluator(), f)
		if err != nil {
			return fmt.Errorf("%s: %q: its compared value fails with %v, the whole gives %v", e.Pos, e.Src, err, got)
		}
		if ok && k.Holds(g.Evaluator(), int(f.Card), v) != got {
			return fmt.Errorf("%s: %q: as a card's property against %d it gives %v, the whole %v", e.Pos, e.Src, v, !got.(bool), got)
		}
	}
	if e.Fill != nil {
		// a list written into memory of the caller's against its value
		// closure, element by element as the list holds them (a name as
		// its symbol)
		l, lerr := g.Evaluator().EvalInts(e, f, make([]int, 0, 1))
		d, _ := g.Evaluator().EvalDatum(e, f)
		switch {
		case (lerr != nil) != (gerr != nil):
			return fmt.Errorf("%s: %q: written into a list it fails with %v, as a value with %v", e.Pos, e.Src, lerr, gerr)
		case lerr == nil && fmt.Sprint(l) != fmt.Sprint(d.L):
			return fmt.Errorf("%s: %q: written into a list it gives %v, as a value %v (%v)", e.Pos, e.Src, l, d.L, got)
		}
	}
	want, werr := oracle.Eval(g.Evaluator(), e, f)
	switch {
	case gerr != nil && werr != nil:
		return nil
	case gerr != nil:
		// the evaluator refuses a division by zero that gives the VM an
		// infinity (or, cut to a whole number, whatever int makes of one)
		if strings.Contains(gerr.Error(), "division by zero") {
			return nil
		}
		// the evaluator refuses a whole number beyond int64 where the VM
		// wraps around
		if strings.Contains(gerr.Error(), "goes beyond what a whole number holds") {
			return nil
		}
		// the VM's and/or pass nothing on where the evaluator refuses it
		// (true and this.flag, with no card): both are not true or false
		if want == nil && strings.Contains(gerr.Error(), "where true or false is needed") {
			return nil
		}
		return fmt.Errorf("%s: %q: the evaluator failed (%v), the oracle gave %v", e.Pos, e.Src, gerr, want)
	case werr != nil && strings.Contains(werr.Error(), "interface conversion"):
		// the VM's own failure on an operator it specialised for numbers and
		// then met nothing (findIndex(...) != 0 when nothing matched): it has
		// no answer to compare with
		return nil
	case werr != nil && strings.Contains(werr.Error(), "reflect.Value.Len on zero Value"):
		// the VM's own failure on a scan of a list that is nothing (the
		// names property of no card: any(a.suits, ...) with a none), where
		// the evaluator scans an empty list: no answer to compare with
		return nil
	case werr != nil:
		return fmt.Errorf("%s: %q: the evaluator gave %v, the oracle failed (%v)", e.Pos, e.Src, got, werr)
	}
	a, b := normal(got), normal(want)
	if reflect.DeepEqual(a, b) {
		return nil
	}
	// a list read from nothing (the cards next to no card) is empty here, nil there
	if empty(a) && empty(b) {
		return nil
	}
	return fmt.Errorf("%s: %q: the evaluator gave %#v, the oracle %#v", e.Pos, e.Src, a, b)
}

// compareAll evaluates every expression of the ruleset twice with random
// bindings on the game's current state, and checks that nothing changed it.
func compareAll(t *testing.T, rs *model.Ruleset, g *engine.Game, exprs []*model.Expr, r *rand.Rand) {
	t.Helper()
	before, err := save.Marshal(g)
	require.NoError(t, err)
	vars := g.Evaluator().S.Vars
	for _, e := range exprs {
		for k := 0; k < 2; k++ {
			f := frameFor(g, rs, e, r)
			err := agree(g, e, &f)
			g.Evaluator().S.Vars = vars
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	after, err := save.Marshal(g)
	require.NoError(t, err)
	require.Equal(t, string(before), string(after), "evaluating expressions changed the game")
}

// TestEvaluatorAgreesWithOracle plays random games of every ruleset and, at
// sampled decisions, evaluates every expression of the ruleset and its cards
// with both evaluators.
func TestEvaluatorAgreesWithOracle(t *testing.T) {
	games, every := 3, 9
	if testing.Short() {
		games, every = 1, 29
	}
	for _, rs := range allRulesets(t) {
		t.Run(rs.Name, func(t *testing.T) {
			t.Parallel()
			states := 0
			for seed := uint64(1); seed <= uint64(games); seed++ {
				players := rs.MinPlayers + int(seed)%(rs.MaxPlayers-rs.MinPlayers+1)
				g, err := engine.New(rs, engine.Options{Players: players, Seed: seed, NoLog: true})
				require.NoError(t, err)
				r := rand.New(rand.NewPCG(seed, 99))
				for answers := 0; !g.Over() && answers < 3000; answers++ {
					if answers%every == 0 {
						compareAll(t, rs, g, rs.Exprs, r)
						states++
					}
					p := g.Pending()
					require.NotEmpty(t, p, "no decision pending and the game is not over: %v", g.Err())
					require.NoError(t, g.Answer(p[0].Player, bot.RandomAnswer(r, &p[0])))
				}
				compareAll(t, rs, g, rs.Exprs, r)
				states++
			}
			// a position with a copy of every card in every zone, for the
			// rulesets whose games start empty (engine tests set up their own)
			g, err := engine.New(rs, engine.Options{Players: rs.MaxPlayers, Seed: 5, Setup: everywhere(rs)})
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(5, 99))
			for k := 0; k < 3; k++ {
				compareAll(t, rs, g, rs.Exprs, r)
				states++
			}
			t.Logf("%d expressions compared on %d states", len(rs.Exprs), states)
		})
	}
}

// everywhere places the cards of the ruleset round the zones of every seat:
// a position where each expression has cards to look at.
func everywhere(rs *model.Ruleset) *setup.Setup {
	su := &setup.Setup{}
	var ids []string
	for _, d := range rs.Cards {
		if d.NameTmpl == nil {
			ids = append(ids, d.ID)
		}
	}
	if len(ids) == 0 {
		return su
	}
	k := 0
	for _, z := range rs.Zones {
		seats := []int{-1}
		if z.PerPlayer {
			seats = seats[:0]
			for p := 0; p < rs.MaxPlayers; p++ {
				seats = append(seats, p)
			}
		}
		for _, p := range seats {
			n := 3
			if z.Slots > 0 {
				n = min(n, z.Slots)
			}
			if z.Max > 0 {
				n = min(n, z.Max)
			}
			var cards []string
			for i := 0; i < n; i++ {
				cards = append(cards, ids[k%len(ids)])
				k++
			}
			su.Zones = append(su.Zones, setup.Placement{Seat: p, Zone: z.Name, Cards: cards})
		}
	}
	return su
}

func empty(x any) bool {
	if x == nil {
		return true
	}
	v := reflect.ValueOf(x)
	return v.Kind() == reflect.Slice && v.Len() == 0
}
