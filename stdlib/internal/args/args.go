// Package args holds what every family of primitives shares: reading a
// step's arguments (each with its default when absent), binding the result
// to the variable the step names, and declaring parameters.
package args

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// Player evaluates a player argument; absent, it is the frame's you.
func Player(g model.Context, f *state.Frame, a *model.Arg) (int, error) {
	if !a.Set {
		return int(f.You), nil
	}
	return g.EvalPlayer(a.Expr, f)
}

// Chooser evaluates the player a choice asks (you when absent). Nobody
// (an expression that gives none: the player an attacker attacks, read
// once the attacker has left) is model.ErrNobodyToAsk, which the machine
// takes as a choice of a player who left: the step is left out.
func Chooser(g model.Context, f *state.Frame, a *model.Arg) (int, error) {
	p, err := Player(g, f, a)
	if err == nil && p < 0 {
		return -1, model.ErrNobodyToAsk
	}
	return p, err
}

// Int evaluates an integer argument, def when absent.
func Int(g model.Context, f *state.Frame, a *model.Arg, def int) (int, error) {
	if !a.Set {
		return def, nil
	}
	if c := a.Expr.Const; c != nil && c.K == model.DInt {
		return int(c.N), nil // a literal (or a default) is read, not evaluated
	}
	return g.EvalInt(a.Expr, f)
}

// Value evaluates an expression argument as a value, nothing when absent;
// a literal's (set's `value: false`) is read, without an evaluation.
func Value(g model.Context, f *state.Frame, a *model.Arg) (model.Datum, error) {
	if a.Expr == nil {
		return model.Datum{}, nil
	}
	if c := a.Expr.Const; c != nil {
		return *c, nil
	}
	return g.EvalDatum(a.Expr, f)
}

// Bool evaluates a condition argument, def when absent.
func Bool(g model.Context, f *state.Frame, a *model.Arg, def bool) (bool, error) {
	if !a.Set {
		return def, nil
	}
	if c := a.Expr.Const; c != nil && c.K == model.DBool {
		return c.N != 0, nil // a literal (or a default) is read, not evaluated
	}
	return g.EvalBool(a.Expr, f)
}

// Never reports whether a bool argument is absent or the literal false (a
// default of false included): a condition that can never hold, which a step
// need not come back to test.
func Never(a *model.Arg) bool {
	if !a.Set {
		return true
	}
	c := a.Expr.Const
	return c != nil && c.K == model.DBool && c.N == 0
}

// Cards evaluates a card-list argument, none when absent.
func Cards(g model.Context, f *state.Frame, a *model.Arg) ([]int, error) {
	if !a.Set {
		return nil, nil
	}
	return g.EvalCards(a.Expr, f)
}

// CardsView evaluates a card list argument as Cards does, without a copy:
// the list may be the state's own, to read before anything moves a card
// and never to write (EvalCardsView).
func CardsView(g model.Context, f *state.Frame, a *model.Arg) ([]int, error) {
	if !a.Set {
		return nil, nil
	}
	return g.EvalCardsView(a.Expr, f)
}

// CardsBrief is CardsView for a step that reads the cards while it works
// and evaluates nothing else meanwhile: a list the expression makes (a
// filter, a list literal) is written into the machine's scratch list
// rather than made, and a zone's own list is read in place.
func CardsBrief(g model.Context, f *state.Frame, a *model.Arg) ([]int, error) {
	if a.Set && a.Expr != nil && a.Expr.Fill != nil {
		return g.EvalCardsInto(a.Expr, f, g.CardScratch())
	}
	return CardsView(g, f, a)
}

// PlayersBrief is CardsBrief for a list of players: a list the expression
// makes (a filter of players) is written into the machine's scratch list,
// for a step that reads it while it works and evaluates no other list
// meanwhile.
func PlayersBrief(g model.Context, f *state.Frame, a *model.Arg) ([]int, error) {
	if !a.Set {
		return nil, nil
	}
	if a.Expr != nil && a.Expr.Fill != nil && a.Expr.Type == model.TPlayers {
		return g.EvalInts(a.Expr, f, g.CardScratch())
	}
	return g.EvalPlayers(a.Expr, f)
}

// CardsCopy evaluates a card list argument as Cards does, into the
// machine's scratch list (model.Context.CardScratch): a copy that moves
// do not change, good until the step is done, for a step that runs no
// other step meanwhile.
func CardsCopy(g model.Context, f *state.Frame, a *model.Arg) ([]int, error) {
	if !a.Set {
		return nil, nil
	}
	return g.EvalCardsInto(a.Expr, f, g.CardScratch())
}

// Text is a word argument's literal text, def when absent or empty.
func Text(a *model.Arg, def string) string {
	if !a.Set || a.Text == "" {
		return def
	}
	return a.Text
}

// Say renders a template argument for seat (its default when absent).
func Say(g model.Context, f *state.Frame, a *model.Arg, def string, seat int) string {
	if !a.Set || a.Template == nil || a.Template.Text == "" {
		return def
	}
	return g.RenderText(a.Template, f, seat)
}

// Prompt renders a decision's prompt as Say does. A game without a log
// (simulations, bots looking ahead) asks nobody who reads it, and its
// decisions have none, as their options have no labels there.
func Prompt(g model.Context, f *state.Frame, a *model.Arg, def string, seat int) string {
	if !g.Logging() {
		return ""
	}
	return Say(g, f, a, def, seat)
}

// WordAt is the index of an enum-like argument's word among its
// parameter's words, def when absent.
func WordAt(a *model.Arg, def int) int {
	if !a.Set || a.Word == "" {
		return def
	}
	return a.WordAt
}

// Bind stores v in the variable the argument names, if it names one.
func Bind(g model.Context, f *state.Frame, a *model.Arg, v state.Val) {
	if a.Set {
		g.SetVar(f, a.Var.Slot, v)
	}
}

// CardVal is card c as a variable's value.
func CardVal(c int) state.Val { return state.Val{N: int64(c)} }

// ListVal is a copy of the card list l as a variable's value, in a list
// of the variable's own (Context.VarList).
func ListVal(g model.Context, l []int) state.Val {
	return state.Val{L: append(g.VarList(len(l)), l...)}
}

// Was gives a parameter the names it had in the language's first edition.
func Was(p model.Param, old ...string) model.Param {
	p.Was = old
	return p
}

// ExprParam is an expression parameter of type t; req says whether it must be
// given, def documents its default.
func ExprParam(name string, t model.Type, req bool, def, doc string) model.Param {
	return model.Param{Name: name, Kind: model.PExpr, Type: t, Required: req, Default: def, Doc: doc}
}

// PromptParam is the question a choice shows, with def as its default.
func PromptParam(def string) model.Param {
	return model.Param{Name: "prompt", Kind: model.PTemplate, Default: def, Doc: "the question shown to the chooser; parts in braces are expressions"}
}

// CardOptions are the options for choosing among cards, one per card that
// seat can tell apart from the others (two identical cards in a hand make one
// option).
func CardOptions(g model.Context, cards []int, seat int) []state.Option {
	return CardOptionsIn(nil, g, cards, seat)
}

// CardOptionsIn appends the options CardOptions gives to opts (a list from
// OptionScratch, for a decision asked at once).
func CardOptionsIn(opts []state.Option, g model.Context, cards []int, seat int) []state.Option {
	var room [16]int // most lists have a few kinds of card: no allocation
	kept := room[:0]
outer:
	for _, c := range cards {
		for _, k := range kept {
			if g.Interchangeable(k, c, seat) {
				continue outer
			}
		}
		kept = append(kept, c)
		opts = append(opts, CardOption(g, c, seat))
	}
	return opts
}

// CardOption is the option of one card for a seat. In a game without a
// log (simulations, bots looking ahead) nobody reads ids and labels, and it
// has none: answers there are by position.
func CardOption(g model.Context, c, seat int) state.Option {
	if !g.Logging() {
		return state.Option{Card: c, Action: -1, Player: -1}
	}
	label := g.CardLabel(c, seat)
	if ctrl := int(g.Card(c).Ctrl); seat >= 0 && ctrl >= 0 && ctrl != seat {
		// another player's card says whose it is: a choice among cards
		// of both sides (which unit goes back to its owner's hand?) is
		// read without looking at the board
		label = Whose(ctrl, label)
	}
	return state.Option{ID: state.CardKey(c), Label: label, Card: c, Action: -1, Player: -1}
}

// ChoiceOption is the option of choice i of a choose step, as seat sees it
// in frame f; without a log it has no id or label, as CardOption.
func ChoiceOption(g model.Context, ch *model.Choice, f *state.Frame, seat, i int) state.Option {
	o := state.Option{Card: -1, Action: -1, Player: -1, Value: i}
	if g.Logging() {
		o.ID, o.Label = fmt.Sprintf("o%d", i+1), g.ChoiceLabel(ch, f, seat)
	}
	return o
}

// Whose is a card's label named with the seat that controls it: p2's
// Knight, and p2's face-down card for a card the chooser cannot name (a
// label's article gives way to the possessive).
func Whose(seat int, label string) string {
	for _, a := range []string{"a ", "an "} {
		if rest, ok := strings.CutPrefix(label, a); ok {
			label = rest
			break
		}
	}
	return state.SeatName(seat) + "'s " + label
}

// KnownToAll reports whether every seat knows each of the cards.
func KnownToAll(g model.Context, cards []int) bool {
	all := uint64(1)<<uint(g.Players()) - 1
	for _, c := range cards {
		if uint64(g.Card(c).Known)&all != all {
			return false
		}
	}
	return true
}

// WholeZone reports whether the cards are every card of one zone: how many
// a zone holds is public, so taking all of them is no choice anyone could
// learn from.
func WholeZone(g model.Context, cards []int) bool {
	if len(cards) == 0 {
		return false
	}
	zi := int(g.Card(cards[0]).Zone)
	for _, c := range cards[1:] {
		if int(g.Card(c).Zone) != zi {
			return false
		}
	}
	return len(g.ZoneCards(zi)) == len(cards)
}

// SaysWhose reports whether an option's label names the controller of its
// card, as LabelUnique writes it.
func SaysWhose(g model.Context, o state.Option) bool {
	return o.Card >= 0 && strings.HasPrefix(o.Label, state.SeatName(int(g.Card(o.Card).Ctrl))+"'s ")
}

// SaysWhere gives the place an option's label names its card by, as
// LabelUnique writes it ("Knight (row 3)"), or "".
func SaysWhere(g model.Context, o state.Option) string {
	if o.Card < 0 {
		return ""
	}
	if where := g.PlaceName(o.Card); where != "" && strings.HasSuffix(o.Label, " ("+where+")") {
		return where
	}
	return ""
}

// ownerLabels names, among cards of one label, those another player owns
// than the one who controls them (Golem (owned by p2)): a card taken from
// its owner is told from its controller's own.
func ownerLabels(g model.Context, opts []state.Option) {
	for i := range opts {
		c := opts[i].Card
		if c < 0 || g.Card(c).Owner == g.Card(c).Ctrl || g.Card(c).Owner < 0 {
			continue
		}
		for j := range opts {
			if d := opts[j].Card; j != i && d >= 0 && opts[j].Label == opts[i].Label && g.Card(d).Owner != g.Card(c).Owner {
				opts[i].Label += " (owned by " + state.SeatName(int(g.Card(c).Owner)) + ")"
				break
			}
		}
	}
}

// LabelUnique makes every label name one option. Another player's card
// is already named as theirs (CardOption: p2's Knight); the chooser's own
// card of that name is named so too (p1's Knight), and so are cards of one
// label that different players control where no option says whose they
// are: the choice tells whose each one is, as the log does.
// Cards of one label in different places of positional zones are named
// with their place (Knight (row 3)), and one another player owns than its
// controller with its owner (Knight (owned by p2)). Labels still repeated are
// numbered (Guard, Guard #2). Options without labels (a game without a
// log) stay so.
func LabelUnique(g model.Context, opts []state.Option) {
	if len(opts) < 2 || opts[0].Label == "" {
		return
	}
	count := map[string]int{}
	for i := range opts {
		count[opts[i].Label]++
	}
	var whose []int // the options to name with their card's controller
	for i := range opts {
		c := opts[i].Card
		if c < 0 || g.Card(c).Ctrl < 0 {
			// a card nobody controls (a shared supply's) is nobody's to
			// be named with: it was named as the seat before "p1"
			continue
		}
		// the chooser's own card beside another player's card of its name
		// (p2's Knight) is named as theirs too: p1's Knight
		if count[Whose(int(g.Card(c).Ctrl), opts[i].Label)] == 0 {
			for j := range opts {
				if d := opts[j].Card; j != i && d >= 0 && g.Card(d).Ctrl != g.Card(c).Ctrl && opts[j].Label == Whose(int(g.Card(d).Ctrl), opts[i].Label) {
					whose = append(whose, i)
					break
				}
			}
		}
		if count[opts[i].Label] > 1 {
			for j := range opts {
				if d := opts[j].Card; j != i && d >= 0 && opts[j].Label == opts[i].Label && g.Card(d).Ctrl != g.Card(c).Ctrl {
					whose = append(whose, i)
					break
				}
			}
		}
	}
	whose = slices.Compact(whose)
	for _, i := range whose {
		opts[i].Label = Whose(int(g.Card(opts[i].Card).Ctrl), opts[i].Label)
	}
	model.PlaceLabels(opts, g.PlaceName)
	ownerLabels(g, opts)
	clear(count)
	for i := range opts {
		count[opts[i].Label]++
		if n := count[opts[i].Label]; n > 1 {
			opts[i].Label = fmt.Sprintf("%s #%d", opts[i].Label, n)
		}
	}
}
