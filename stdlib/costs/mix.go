package costs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib/internal/args"
)

// spendMix is a cost in several resources at once: a fixed part of each, and
// a part that any of them may pay, in the mix the payer picks.
func spendMix() *model.Primitive {
	return &model.Primitive{
		Name: "spend_mix", Args: &spendMixArgs, Family: "costs",
		Doc: "A cost in several resources at once. Each resource is an int property of the player, named by `props` (a list of names, computed like any expression); `amounts` gives the part each must pay itself, and `any` a part that any of them may pay. With `sources`, cards can pay too: each unmarked source gives one unit of the resource `gives` names for it, and is marked (`mark`, a bool card property) when used. A resource is paid from the property first, then from its sources. It can be paid when every fixed part can be, and what is left covers `any`. When `any` could be paid with more than one resource, the payer chooses, one unit at a time; when only one way exists it is paid without asking.",
		Params: []model.Param{
			args.ExprParam("player", model.TPlayer, false, "", "who pays (default: you)"),
			args.ExprParam("props", model.TStrings, true, "", "the names of the player's int properties that hold the resources"),
			args.ExprParam("amounts", model.TInts, true, "", "the part each resource of props must pay itself, in the same order"),
			args.ExprParam("any", model.TInt, false, "0", "the part any of the resources may pay"),
			args.ExprParam("sources", model.TCards, false, "", "cards that may pay one unit each"),
			{Name: "gives", Kind: model.PExpr, Type: model.TString, Card: true, Doc: "which resource a source (`card`) gives: one of props (a source giving another gives nothing)"},
			{Name: "mark", Kind: model.PText, Doc: "the bool card property set on each source used; a source already marked cannot pay"},
			args.PromptParam("Pay 1 of the cost any resource may pay with"),
		},
		StateSlots: 1,
		Example:    "# the card's price in gold, and 1 of gold or silver; items on the table give their metal\n- spend_mix:\n    props: \"['gold', 'silver']\"\n    amounts: \"[card.price, 0]\"\n    any: 1\n    sources: filter(you.table, .kind == item)\n    gives: card.metal\n    mark: tapped",
		Validate: func(v model.Validator, s *model.Step) {
			src, gives, mark := s.At(spendMixArgs.Sources), s.At(spendMixArgs.Gives), s.At(spendMixArgs.Mark)
			if src.Set && (!gives.Set || !mark.Set) {
				v.Errorf(spendMixArgs.Sources, "missing-field", "spend_mix with sources takes gives (the resource a source gives) and mark (the bool property set on it)")
			}
			if mark.Set {
				if d, ok := v.Ruleset().ResolveProp(mark, "card"); !ok {
					v.Errorf(spendMixArgs.Mark, "unknown-property", "unknown card property %q%s", mark.Text, v.Suggest(mark.Text, v.Ruleset().PropNames("card")))
				} else if d.Type != model.TBool {
					v.Errorf(spendMixArgs.Mark, "type-mismatch", "%s is not a bool property", mark.Text)
				}
			}
		},
		CanPay: func(g model.Context, f *state.Frame, s *model.Step) (string, error) {
			m := getMix()
			why, err := m.canPay(g, f, s)
			putMix(m)
			return why, err
		},
		Exec: execSpendMix,
	}
}

// mix is a cost in resources and what the payer has to pay it with.
type mix struct {
	p      int
	names  []string // the resources' labels
	decls  []*model.PropDecl
	idx    []int   // their player property indexes
	need   []int   // the fixed part of each
	anyN   int     // the part any may pay
	pool   []int   // what the player has of each
	src    [][]int // the unmarked sources of each
	markIx int     // the property marking a used source, or -1
	// room for a few resources, so that a mix on the stack (CanPay, tried
	// for every card a window lists) allocates nothing
	namesA          [8]string
	declsA          [8]*model.PropDecl
	idxA, needA, pA [8]int
	amountA         [8]int
	srcA            [8][]int
	// the sources' cards as found, written here rather than into a list
	// of their own; kept when the mix goes back to the pool (card numbers
	// only, nothing of the game they came from)
	cards []int
}

// mixes keeps mixes for the next cost read: a mix points into its own
// arrays, so it cannot live on the stack, and CanPay runs for every card
// an action window lists.
var mixes = sync.Pool{New: func() any { return new(mix) }}

func getMix() *mix { return mixes.Get().(*mix) }

// putMix gives m back, holding nothing of the game it was read from.
func putMix(m *mix) {
	cards := m.cards[:0]
	*m = mix{cards: cards}
	mixes.Put(m)
}

// canPay is CanPay's reason for a mix read into m.
func (m *mix) canPay(g model.Context, f *state.Frame, s *model.Step) (string, error) {
	if err := readMix(g, f, s, m); err != nil {
		return "", err
	}
	if m.payable() {
		return "", nil
	}
	if !g.Explaining() {
		return "cannot be paid", nil
	}
	return fmt.Sprintf("it costs %s and %s %s", m.costText(), m.whoHas(int(f.You)), m.haveText()), nil
}

// readMix reads a spend_mix step's cost and what its payer has into m.
func readMix(g model.Context, f *state.Frame, s *model.Step, m *mix) error {
	rs := g.Ruleset()
	p, err := args.Player(g, f, s.At(spendMixArgs.Player))
	if err != nil {
		return err
	}
	pd, err := g.EvalDatum(s.At(spendMixArgs.Props).Expr, f)
	if err != nil {
		return err
	}
	// the amounts into the mix's own memory: a literal list of them
	// ("[card.price, 0]") makes no list of its own
	amounts, err := g.EvalInts(s.At(spendMixArgs.Amounts).Expr, f, m.amountA[:0])
	if err != nil {
		return err
	}
	if len(pd.L) != len(amounts) {
		return fmt.Errorf("%d resources in props but %d amounts", len(pd.L), len(amounts))
	}
	n := len(pd.L)
	m.p, m.markIx = p, -1
	if n <= len(m.idxA) {
		m.names, m.decls, m.idx, m.need, m.pool, m.src = m.namesA[:0], m.declsA[:0], m.idxA[:0], m.needA[:0], m.pA[:0], m.srcA[:0]
	} else {
		m.names, m.decls, m.idx, m.need, m.pool, m.src = make([]string, 0, n), make([]*model.PropDecl, 0, n), make([]int, 0, n), make([]int, 0, n), make([]int, 0, n), make([][]int, 0, n)
	}
	if m.anyN, err = args.Int(g, f, s.At(spendMixArgs.Any), 0); err != nil {
		return err
	}
	for i, sym := range pd.L {
		// a name is found by its symbol, in a table made at load
		ix, d := -1, (*model.PropDecl)(nil)
		if pd.E == model.DSym {
			if ix = rs.SymbolPlayerPropIndex(int64(sym)); ix >= 0 {
				d = &rs.PlayerProps[ix]
			}
		}
		if d == nil || d.Type != model.TInt {
			name := g.Text(model.Datum{K: pd.E, N: int64(sym)})
			var ok bool
			if ix, d, ok = rs.PropIndex("player", name); !ok || d.Type != model.TInt {
				return fmt.Errorf("%q is no int property of players", name)
			}
		}
		m.names = append(m.names, d.Noun())
		m.decls = append(m.decls, d)
		m.idx = append(m.idx, ix)
		m.need = append(m.need, max(amounts[i], 0))
		// the amount as the sums below add it: held within poolBound, so
		// that what is left and what is spare never pass the whole
		// numbers (no cost comes near it)
		m.pool = append(m.pool, int(max(min(g.PlayerProp(p, ix), poolBound), -poolBound)))
		m.src = append(m.src, nil)
	}
	if mark := s.At(spendMixArgs.Mark); mark.Set {
		m.markIx, _ = rs.PropAt(mark, "card")
	}
	if s.At(spendMixArgs.Sources).Set {
		// the sources are the same for every card an action window lists:
		// worked out once while the state stays as it is
		// kept while no part of the state that props, sources, gives and
		// mark read has changed (the memo's epoch is that version)
		memo, key := g.Memo(s), [4]int64{int64(p), int64(f.You), int64(f.Player), int64(len(pd.L))}
		keep := sourcesKeep(s)
		var version uint64
		if keep {
			reads := s.At(spendMixArgs.Props).Expr.Reads | s.At(spendMixArgs.Sources).Expr.Reads | s.At(spendMixArgs.Gives).Expr.Reads
			if m.markIx >= 0 {
				reads |= rs.CardPropReads(m.markIx)
			}
			version = g.Version(rs.Derived(reads))
		}
		cached, ok := memo.Val.(*mixSources)
		if ok && keep && memo.Holds(version, key) {
			copy(m.src, cached.src)
			return nil
		}
		var room *[]int
		if keep {
			if !ok {
				cached = &mixSources{}
			}
			// the lists are cut from the memo's own array, written over
			// each time: no mix outlives the call that read it, so none
			// still reads what the last reading found
			room = &cached.all
		}
		if err := m.readSources(g, f, s, pd, room); err != nil {
			return err
		}
		if keep {
			// the memo's own list of lists is written over too, and the
			// memo keeps its place (a list put in the memo's value would
			// be boxed anew each time)
			cached.src = append(cached.src[:0], m.src...)
			*memo = model.Memo{Epoch: version, Key: key, Val: cached}
		}
	}
	return nil
}

// mixSources is what a spend_mix step keeps of the sources it found
// (Context.Memo).
type mixSources struct {
	src [][]int
	all []int // the array src's lists are cut from
}

// readSources finds the unmarked sources of each resource. Their lists are
// cut from *room when it is given (grown as needed), else from a list made
// for them.
func (m *mix) readSources(g model.Context, f *state.Frame, s *model.Step, pd model.Datum, room *[]int) error {
	// a list the expression makes (a filter) is written into the mix's
	// memory, a zone's is read in place
	var cards []int
	var err error
	if a := s.At(spendMixArgs.Sources); a.Expr.Fill != nil {
		cards, err = g.EvalCardsInto(a.Expr, f, m.cards[:0])
		m.cards = cards
	} else {
		cards, err = args.CardsView(g, f, a)
	}
	if err != nil {
		return err
	}
	var nameRoom [8]string // on the stack for a few resources
	names := nameRoom[:0]
	for i := range pd.L {
		names = append(names, g.Text(model.Datum{K: pd.E, N: int64(pd.L[i])}))
	}
	fr := *f
	tf := g.TempFrame(fr)
	defer g.ReleaseFrame()
	// which resource each card gives (-1: none), then the lists of every
	// resource cut from one array: one allocation, not one per append
	var gives [32]int
	res := gives[:0]
	var count [8]int
	for _, c := range cards {
		r := -1
		if m.markIx < 0 || g.CardProp(c, m.markIx) == 0 {
			tf.Card = state.CardRef(c)
			d, err := g.EvalDatum(s.At(spendMixArgs.Gives).Expr, tf)
			if err != nil {
				return err
			}
			r = slices.Index(names, g.Text(d))
		}
		res = append(res, r)
		if r >= 0 && r < len(count) {
			count[r]++
		}
	}
	if len(m.src) > len(count) {
		// more resources than counted on the stack: one list each
		for j, c := range cards {
			if r := res[j]; r >= 0 {
				m.src[r] = append(m.src[r], c)
			}
		}
		return nil
	}
	total := 0
	for _, n := range count {
		total += n
	}
	if total == 0 {
		return nil
	}
	var all []int
	if room != nil {
		all = slices.Grow((*room)[:0], total)[:total]
		*room = all
	} else {
		all = make([]int, total)
	}
	at := 0
	for r := range m.src {
		m.src[r] = all[at : at : at+count[r]]
		at += count[r]
	}
	for j, c := range cards {
		if r := res[j]; r >= 0 {
			m.src[r] = append(m.src[r], c)
		}
	}
	return nil
}

// sourcesKeep reports whether the sources a spend_mix step finds depend on
// nothing but the state and the paying seat: its props, sources and gives
// read neither the card being paid for, nor an event, nor an effect's
// variables (gives reads the source as card).
func sourcesKeep(s *model.Step) bool {
	props, src, gives := s.At(spendMixArgs.Props).Expr, s.At(spendMixArgs.Sources).Expr, s.At(spendMixArgs.Gives).Expr
	if props == nil || src == nil || gives == nil {
		return false
	}
	return !props.ReadsFrame(model.IdThis, model.IdCard) && !src.ReadsFrame(model.IdThis, model.IdCard) && !gives.ReadsFrame(model.IdThis)
}

// poolBound is the most of a resource a payment counts a player as having
// (and the least below nothing): far beyond any cost, far from where a sum
// of a few of them would pass the largest whole number.
const poolBound = 1 << 40

// avail is how much of resource i is left for the part any may pay, once
// its fixed part is paid (negative: the fixed part cannot be).
func (m *mix) avail(i int) int { return m.pool[i] + len(m.src[i]) - m.need[i] }

func (m *mix) spare() int {
	n := 0
	for i := range m.need {
		n += m.avail(i)
	}
	return n
}

func (m *mix) payable() bool {
	for i := range m.need {
		if m.avail(i) < 0 {
			return false
		}
	}
	return m.spare() >= m.anyN
}

func (m *mix) costText() string {
	var parts []string
	for i, n := range m.need {
		if n > 0 {
			parts = append(parts, m.decls[i].Amount(int64(n)))
		}
	}
	if m.anyN > 0 {
		parts = append(parts, fmt.Sprintf("%d of any", m.anyN))
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

func (m *mix) haveText() string {
	var parts []string
	for i := range m.need {
		if n := m.pool[i] + len(m.src[i]); n > 0 {
			parts = append(parts, m.decls[i].Amount(int64(n)))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func (m *mix) whoHas(you int) string {
	if m.p == you {
		return "you have"
	}
	return state.SeatName(m.p) + " has"
}

// execSpendMix asks, one unit at a time, which resource pays the part any
// may pay while there is a choice, then pays: each resource from the property
// first, then from its sources.
func execSpendMix(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) {
	chosen := g.Var(f, s.State).L
	if g.Var(f, s.State).N < 0 {
		chosen = nil
	}
	if ds, as := g.Answered(f); len(ds) > 0 {
		// a list of its own for the variable, cut from the machine's block
		chosen = append(append(g.VarList(len(chosen)+1), chosen...), ds[0].Options[as[0].Picks[0]].Value)
		g.SetVar(f, s.State, state.Val{N: 1, L: chosen})
	}
	m := getMix()
	defer putMix(m)
	if err := readMix(g, f, s, m); err != nil {
		return model.Next, err
	}
	if !m.payable() {
		return model.Next, fmt.Errorf("the cost can no longer be paid")
	}
	// on the stack for a few resources, as the mix's own arrays are
	var useA [8]int
	use := append(useA[:0], m.need...)
	for _, i := range chosen {
		use[i]++
	}
	left := m.anyN - len(chosen)
	var offer []int
	spare := 0
	for i := range use {
		if n := m.pool[i] + len(m.src[i]) - use[i]; n > 0 {
			offer = append(offer, i)
			spare += n
		}
	}
	if left > 0 && len(offer) > 1 && spare > left {
		opts := g.OptionScratch() // Ask copies them
		for _, i := range offer {
			o := state.Option{Card: -1, Action: -1, Player: -1, Value: i}
			if g.Logging() {
				// ids and labels for a reader, as other choices have them
				inPool := max(m.pool[i]-use[i], 0)
				// the store as it is, which the sums above hold within
				// poolBound
				held := max(g.PlayerProp(m.p, m.idx[i])-int64(use[i]), 0)
				o.ID, o.Label = "resource:"+m.names[i], fmt.Sprintf("%s (%d in pool)", m.names[i], held)
				if inPool == 0 {
					o.Label = fmt.Sprintf("%s (from %s)", m.names[i], g.CardLabel(m.src[i][use[i]-m.pool[i]], int(f.You)))
				}
			}
			opts = append(opts, o)
		}
		d := state.Decision{Player: m.p, Kind: state.DecideChoice, Options: opts, Min: 1, Max: 1}
		if g.Logging() {
			// words only for a reader (args.Prompt)
			prompt := args.Prompt(g, f, s.At(spendMixArgs.Prompt), "Pay 1 of the cost any resource may pay with", m.p)
			d.Prompt = prompt + " (" + strconv.Itoa(len(chosen)+1) + " of " + strconv.Itoa(m.anyN) + ")"
		}
		return g.Ask(f, d), nil
	}
	// no choice is left: what remains of the part any may pay goes to the
	// resources in order (with one resource, or when everything is spent)
	for _, i := range offer {
		n := min(m.pool[i]+len(m.src[i])-use[i], left)
		use[i] += n
		left -= n
	}
	var parts []string
	var tappedA [16]int // the sources used, on the stack when few
	tapped := tappedA[:0]
	pooled := 0 // paid from the pool, beside the sources
	for i, n := range use {
		if n == 0 {
			continue
		}
		fromPool := min(n, m.pool[i])
		pooled += fromPool
		g.SetPlayerProp(m.p, m.idx[i], g.BasePlayerProp(m.p, m.idx[i])-int64(fromPool))
		tapped = append(tapped, m.src[i][:n-fromPool]...)
		if g.Logging() {
			parts = append(parts, m.decls[i].Amount(int64(n)))
		}
	}
	for _, c := range tapped {
		g.SetCardProp(c, m.markIx, 1)
	}
	if len(parts) > 0 {
		if g.Logging() {
			g.Logf("pay", m.p, "%s pays %s.", state.SeatName(m.p), strings.Join(parts, ", "))
		}
	}
	if len(tapped) > 0 {
		if g.Logging() {
			// a list of its own for the log, so that tapped stays on the stack
			// what the pool gave is said too: the sources alone do not
			// add up to the amount just said
			if pooled > 0 {
				g.LogCards("pay", m.p, slices.Clone(tapped), "%s pays %d from the pool, and the rest with {cards}.", state.SeatName(m.p), pooled)
			} else {
				g.LogCards("pay", m.p, slices.Clone(tapped), "%s pays with {cards}.", state.SeatName(m.p))
			}
		}
	}
	g.SetVar(f, s.State, state.Val{N: -1})
	return model.Next, nil
}

var spendMixArgs struct {
	Player, Props, Amounts, Any, Sources, Gives, Mark, Prompt model.ArgIndex
}
