package load_test

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

const readsRuleset = `name: reads
properties:
  card:
    power: {type: int}
    kind: {type: enum, values: [a, b]}
    boosted: {type: int}
  player:
    gold: {type: int}
  game:
    stage: {type: int}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
  table: {}
  pile: {per: game}
predicates:
  strong(c card): c.power > 2
keywords: [swift]
checks:
%s
turn:
  phases:
    - name: main
      do: []
`

// TestCheckReads: the compiler works out which parts of the state each
// state check reads, so that the engine evaluates it again only after one of
// them changes; what it cannot bound reads anything.
func TestCheckReads(t *testing.T) {
	zone := func(rs *model.Ruleset, name string) model.ReadSet { return rs.ZoneReads(rs.ZoneIx[name]) }
	card := func(rs *model.Ruleset, name string) model.ReadSet { return rs.CardPropReads(rs.CardPropIx[name]) }
	tests := []struct {
		cond string
		want func(rs *model.Ruleset) model.ReadSet
	}{
		{"len(player.hand) > 7", func(rs *model.Ruleset) model.ReadSet { return zone(rs, "hand") }},
		{"player.gold < 0", func(rs *model.Ruleset) model.ReadSet { return rs.PlayerPropReads(rs.PlayerPropIx["gold"]) }},
		{"game.stage > 9", func(rs *model.Ruleset) model.ReadSet { return rs.GamePropReads(rs.GamePropIx["stage"]) }},
		{"max_group(player.table, kind) >= 3", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "table") | card(rs, "kind")
		}},
		{"any(player.table, strong(#))", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "table") | card(rs, "power")
		}},
		{"count(game.pile, .power > player.gold) > 1", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "pile") | card(rs, "power") | rs.PlayerPropReads(rs.PlayerPropIx["gold"])
		}},
		{"any(player.table, has(#, swift))", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "table") | model.ReadsCardFields
		}},
		// whether a card is in some zones changes with their contents only,
		// not with every move (ReadsPlaces)
		{"any(player.hand, .zone == table)", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "hand") | zone(rs, "table")
		}},
		{"any(player.hand, .zone in [deck, table])", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "hand") | zone(rs, "deck") | zone(rs, "table")
		}},
		{"any(player.hand, 'pile' != .zone)", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "hand") | zone(rs, "pile")
		}},
		{"any(player.hand, .slot > 0)", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "hand") | model.ReadsPlaces
		}},
		{"any(player.hand, .zone == .zone)", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "hand") | model.ReadsPlaces
		}},
		{"any(player.hand, knows(opponent, #))", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "hand") | model.ReadsKnowledge | model.ReadsSeats
		}},
		{"len(player.opponents) == 0", func(rs *model.Ruleset) model.ReadSet { return model.ReadsSeats }},
		{"clamp(player.gold, 0, 3) == 3", func(rs *model.Ruleset) model.ReadSet { return rs.PlayerPropReads(rs.PlayerPropIx["gold"]) }},
		{"turn > 20", func(rs *model.Ruleset) model.ReadSet { return model.ReadsTurn }},
		{"phase == main and len(player.hand) == 0", func(rs *model.Ruleset) model.ReadSet {
			return model.ReadsPhase | zone(rs, "hand")
		}},
		{"player == active", func(rs *model.Ruleset) model.ReadSet { return model.ReadsTurn }},
		{"len(stack) > 2", func(rs *model.Ruleset) model.ReadSet { return model.ReadsStack }},
	}
	checks := ""
	for i, tt := range tests {
		checks += fmt.Sprintf("  - {name: c%d, if: %q, do: []}\n", i, tt.cond)
	}
	rs, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(fmt.Sprintf(readsRuleset, checks))},
		[]load.Source{{Name: "c.yaml", Data: []byte("cards: [{id: x, props: {power: 3}}]\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	require.False(t, diags.HasErrors(), "%v", diags)
	for i, tt := range tests {
		require.Equal(t, tt.want(rs), rs.Checks[i].Reads, "%s", tt.cond)
	}
	// the parts are distinct in a ruleset this small
	parts := map[model.ReadSet]string{}
	for name, k := range rs.ZoneIx {
		parts[rs.ZoneReads(k)] = name
	}
	for name, k := range rs.CardPropIx {
		parts[rs.CardPropReads(k)] = name
	}
	require.Len(t, parts, len(rs.ZoneIx)+len(rs.CardPropIx))
}

// TestCheckOwnReads: the parts a check reads only of the seat it is
// evaluated for (through player or you) are told apart from those it reads
// of any seat, so that a change in another seat's zones does not evaluate it
// again; a part read of both is read of any seat.
func TestCheckOwnReads(t *testing.T) {
	zone := func(rs *model.Ruleset, name string) model.ReadSet { return rs.ZoneReads(rs.ZoneIx[name]) }
	gold := func(rs *model.Ruleset) model.ReadSet { return rs.PlayerPropReads(rs.PlayerPropIx["gold"]) }
	tests := []struct {
		cond string
		want func(rs *model.Ruleset) model.ReadSet
	}{
		{"len(player.hand) > 7", func(rs *model.Ruleset) model.ReadSet { return zone(rs, "hand") }},
		{"len(you.hand) > 7", func(rs *model.Ruleset) model.ReadSet { return zone(rs, "hand") }},
		{"player.gold < 0", gold},
		{"max_group(player.table, kind) >= 3", func(rs *model.Ruleset) model.ReadSet { return zone(rs, "table") }},
		{"count(game.pile, .power > player.gold) > 1", gold},
		{"any(player.table, strong(#)) and len(player.hand) == 0", func(rs *model.Ruleset) model.ReadSet {
			return zone(rs, "table") | zone(rs, "hand")
		}},
		{"len(player.hand) > len(opponent.hand)", func(rs *model.Ruleset) model.ReadSet { return 0 }},
		{"len(player.hand) > 0 and len(active.table) > 0", func(rs *model.Ruleset) model.ReadSet { return zone(rs, "hand") }},
		{"any(player.opponents, .gold > player.gold)", func(rs *model.Ruleset) model.ReadSet { return 0 }},
		{"len(everyone.table) > 4 and len(player.table) > 1", func(rs *model.Ruleset) model.ReadSet { return 0 }},
		{"len(game.pile) > 4", func(rs *model.Ruleset) model.ReadSet { return 0 }},
		{"rich(opponent)", func(rs *model.Ruleset) model.ReadSet { return 0 }},
		{"rich(player)", func(rs *model.Ruleset) model.ReadSet { return 0 }},
	}
	checks := ""
	for i, tt := range tests {
		checks += fmt.Sprintf("  - {name: c%d, if: %q, do: []}\n", i, tt.cond)
	}
	src := strings.Replace(fmt.Sprintf(readsRuleset, checks), "  strong(c card): c.power > 2\n",
		"  strong(c card): c.power > 2\n  rich(p player): p.gold > 3\n", 1)
	rs, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(src)},
		[]load.Source{{Name: "c.yaml", Data: []byte("cards: [{id: x, props: {power: 3}}]\n")}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	require.False(t, diags.HasErrors(), "%v", diags)
	for i, tt := range tests {
		ch := rs.Checks[i]
		require.Equal(t, tt.want(rs), ch.OwnReads, "%s", tt.cond)
		require.Equal(t, ch.OwnReads, ch.Reads&ch.OwnReads, "%s: its own parts are among those it reads", tt.cond)
	}
}

// TestCheckReadsThroughStatics: a check that reads a property a static
// changes reads what the static reads.
func TestCheckReadsThroughStatics(t *testing.T) {
	cards := `cards:
  - id: banner
    props: {power: 1}
    statics:
      - {zones: [table], prop: boosted, applies_to: "card.zone == table", add: "len(you.hand)"}
`
	checks := "  - {name: big, if: \"any(player.table, .boosted > 4)\", do: []}\n  - {name: rich, if: \"player.gold > 4\", do: []}\n"
	rs, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(fmt.Sprintf(readsRuleset, checks))},
		[]load.Source{{Name: "c.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	require.False(t, diags.HasErrors(), "%v", diags)
	big := rs.Checks[0].Reads
	for _, part := range []model.ReadSet{rs.ZoneReads(rs.ZoneIx["hand"]), rs.ZoneReads(rs.ZoneIx["table"])} {
		require.NotZero(t, big&part, "the check reads what the static reads")
	}
	require.Zero(t, big&model.ReadsPlaces, "card.zone == table reads the table, not every move")
	require.Equal(t, rs.PlayerPropReads(rs.PlayerPropIx["gold"]), rs.Checks[1].Reads, "a check that reads no derived value is left alone")
	require.Zero(t, rs.Checks[0].OwnReads&rs.ZoneReads(rs.ZoneIx["table"]), "what a static reads is read of every seat")
	require.Equal(t, rs.Checks[1].Reads, rs.Checks[1].OwnReads)
}

// TestStaticCandidates: a static whose condition is, or begins with, a
// card's zone or a list the card must be in is tried on those cards only;
// any other condition on every card.
func TestStaticCandidates(t *testing.T) {
	tests := []struct {
		applies string
		zones   []string
		list    string
	}{
		{"card.zone == table", []string{"table"}, ""},
		{"card.power > 1 and card.zone == 'hand'", []string{"hand"}, ""},
		{"card.zone in [hand, table] and card != this", []string{"hand", "table"}, ""},
		{"card in you.table", nil, "you.table"},
		{"card in this.adjacent and card.zone == table", []string{"table"}, "this.adjacent"},
		{"card.zone == table or card.power > 3", nil, ""},
		{"card.zone == 'nowhere' and true", nil, ""},
		{"card.power > 1", nil, ""},
		{"card in filter(you.table, # != card)", nil, ""},
		{"card in filter(you.table, .power > 1)", nil, ""},
		{"card in opponent.table", nil, "opponent.table"},
	}
	var cards strings.Builder
	cards.WriteString("cards:\n")
	for i, tt := range tests {
		fmt.Fprintf(&cards, "  - id: s%d\n    statics:\n      - {zones: [table], prop: boosted, applies_to: %q, add: \"1\"}\n", i, tt.applies)
	}
	rs, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n"))},
		[]load.Source{{Name: "c.yaml", Data: []byte(cards.String())}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	require.False(t, diags.HasErrors(), "%v", diags)
	require.Len(t, rs.Statics, len(tests))
	for i, tt := range tests {
		st := rs.Statics[i]
		var zones []string
		for _, z := range st.OnZones {
			zones = append(zones, rs.Zones[z].Name)
		}
		require.Equal(t, tt.zones, zones, "%s", tt.applies)
		list := ""
		if st.OnList != nil {
			list = st.OnList.Src
		}
		require.Equal(t, tt.list, list, "%s", tt.applies)
	}
}

// TestSymbolsNameTheirProperties: the card property a symbol names, found
// from a table the load makes, is the one its text names, for every symbol
// of every ruleset; a symbol that names none names none.
func TestSymbolsNameTheirProperties(t *testing.T) {
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		rs, diags := load.LoadFile("../../rulesets/"+name+".yaml", stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		named := 0
		for sym := int64(-1); sym <= int64(rs.Symbols()); sym++ {
			want := -1
			if k, ok := rs.CardPropIx[rs.Symbol(sym)]; ok && sym >= 0 && sym < int64(rs.Symbols()) {
				want = k
				named++
			}
			require.Equal(t, want, rs.SymbolPropIndex(sym), "%s: symbol %d (%q)", name, sym, rs.Symbol(sym))
		}
		require.NotZero(t, named, "%s: some symbol names a property", name)
	}
}

// TestTriggerEventZones: a trigger whose condition says which zone an event
// goes to or comes from is tried only on events that name one of them; a
// condition that does not say so plainly is tried on every event.
func TestTriggerEventZones(t *testing.T) {
	tests := []struct {
		cond     string
		to, from []string
		exact    bool // the zones decide the condition (Trigger.ByZones)
	}{
		{"event.to == table", []string{"table"}, nil, true},
		{"event.to == 'hand' and event.card == this", []string{"hand"}, nil, false},
		{"table == event.to", []string{"table"}, nil, true},
		{"event.card == this and event.to in [hand, table]", []string{"hand", "table"}, nil, false},
		{"event.from == deck and event.to == hand", []string{"hand"}, []string{"deck"}, true},
		{"event.to == table or event.to == hand", nil, nil, false},
		{"not (event.to == table)", nil, nil, false},
		{"event.to != table", nil, nil, false},
		{"event.to in [table, 'deck']", []string{"table", "deck"}, nil, true},
		{"event.to == event.from", nil, nil, false},
		{"event.to in []", nil, nil, false},
		{"event.card.zone == table", nil, nil, false},
		// the first test of a field is the one its zones keep: a second
		// leaves the condition more to say
		{"event.to in [table, hand] and event.to == hand", []string{"table", "hand"}, nil, false},
	}
	// two cards write the same conditions: the second's are the texts
	// compiled once, and say the same
	var cards strings.Builder
	cards.WriteString("cards:\n")
	for _, id := range []string{"x", "y"} {
		fmt.Fprintf(&cards, "  - id: %s\n    triggers:\n", id)
		for _, tt := range tests {
			fmt.Fprintf(&cards, "      - {on: enter, if: %q, do: []}\n", tt.cond)
		}
	}
	rs, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n"))},
		[]load.Source{{Name: "c.yaml", Data: []byte(cards.String())}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	names := func(zones []int) []string {
		var out []string
		for _, z := range zones {
			out = append(out, rs.Zones[z].Name)
		}
		return out
	}
	for _, card := range rs.Cards {
		require.Len(t, card.Triggers, len(tests))
		for i, tt := range tests {
			require.Equal(t, tt.to, names(card.Triggers[i].ToZones), "%s: %s: to", card.ID, tt.cond)
			require.Equal(t, tt.from, names(card.Triggers[i].FromZones), "%s: %s: from", card.ID, tt.cond)
			require.Equal(t, tt.exact, card.Triggers[i].ByZones, "%s: %s: decided by its zones", card.ID, tt.cond)
		}
	}
	trs := rs.Cards[0].Triggers
	to, from := rs.ZoneSyms[rs.ZoneIx["hand"]], rs.ZoneSyms[rs.ZoneIx["deck"]]
	require.True(t, trs[4].Admits(rs, to, from))
	require.False(t, trs[4].Admits(rs, to, rs.ZoneSyms[rs.ZoneIx["table"]]))
	require.False(t, trs[0].Admits(rs, to, from))
	require.True(t, trs[5].Admits(rs, -1, -1))
}

// TestActionConditionTerms: an action's filter, timing and condition that
// join conditions by and are compiled term by term too, each reading only
// what its own nodes read; the terms together read what the whole reads.
func TestActionConditionTerms(t *testing.T) {
	tests := []struct {
		cond  string
		terms []func(rs *model.Ruleset) model.ReadSet
	}{
		{"you == active and phase == main and len(stack) == 0", []func(*model.Ruleset) model.ReadSet{
			func(*model.Ruleset) model.ReadSet { return model.ReadsTurn },
			func(*model.Ruleset) model.ReadSet { return model.ReadsPhase },
			func(*model.Ruleset) model.ReadSet { return model.ReadsStack },
		}},
		{"len(you.hand) > 0 and (you.gold > 1 and game.stage == 2)", []func(*model.Ruleset) model.ReadSet{
			func(rs *model.Ruleset) model.ReadSet { return rs.ZoneReads(rs.ZoneIx["hand"]) },
			func(rs *model.Ruleset) model.ReadSet { return rs.PlayerPropReads(rs.PlayerPropIx["gold"]) },
			func(rs *model.Ruleset) model.ReadSet { return rs.GamePropReads(rs.GamePropIx["stage"]) },
		}},
		{"len(you.hand) > 0 or you.gold > 1", nil},
		{"not (len(you.hand) > 0 and you.gold > 1)", nil},
		{"true", nil},
	}
	var actions strings.Builder
	actions.WriteString("actions:\n")
	for i, tt := range tests {
		fmt.Fprintf(&actions, "  a%d: {condition: %q, effect: []}\n", i, tt.cond)
	}
	rs, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n") + actions.String())}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	for i, tt := range tests {
		a, ok := rs.ActionByName(fmt.Sprintf("a%d", i))
		require.True(t, ok)
		part := a.Legal[2]
		if tt.terms == nil {
			require.Len(t, part.Terms, 1, "%s: kept whole", tt.cond)
			require.Same(t, a.Condition, part.Terms[0].Expr)
			continue
		}
		require.Len(t, part.Terms, len(tt.terms), tt.cond)
		var all model.ReadSet
		for j, want := range tt.terms {
			require.Equal(t, want(rs), part.Terms[j].Reads, "%s: term %d", tt.cond, j)
			require.Equal(t, j, part.Terms[j].Slot)
			all |= part.Terms[j].Reads
		}
		require.Equal(t, part.Reads, all, "%s: the terms read what the whole reads", tt.cond)
		require.Equal(t, len(tt.terms), a.KeptTerms)
	}
}

// TestCardTestKeys: a pay_cards pattern that compares a property of `card`
// with a value that does not depend on the card keeps that value apart
// (Expr.Key), so that a list of cards is tested against one evaluation;
// any other form, or a value that reads the card, is evaluated as written.
func TestCardTestKeys(t *testing.T) {
	tests := []struct {
		match string
		prop  string // "": no key
		sym   bool
		not   bool
		konst bool // the value is a literal, known at load
	}{
		{"card.kind == a", "kind", true, false, true},
		{"card.kind == 'b'", "kind", true, false, true},
		{"this.kind == card.kind", "kind", true, false, false},
		{"card.power != you.gold", "power", false, true, false},
		{"card.power == 2", "power", false, false, true},
		{"card.power == len(you.hand) + 1", "power", false, false, false},
		{"card.power == card.boosted", "", false, false, false},
		{"card.power == max([1, card.boosted])", "", false, false, false},
		{"card.power > 2", "", false, false, false},
		{"card.kind == a and card.power > 1", "", false, false, false},
		{"card.zone == hand", "", false, false, false},
		{"true", "", false, false, false},
	}
	var actions strings.Builder
	actions.WriteString("actions:\n")
	for i, tt := range tests {
		fmt.Fprintf(&actions, "  a%d:\n    from: hand\n    cost: [{pay_cards: {cards: you.hand, match: [%q], to: pile}}]\n    effect: []\n", i, tt.match)
	}
	rs, diags := load.Load(load.Source{Name: "keys.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n") + actions.String())}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	for i, tt := range tests {
		a, ok := rs.ActionByName(fmt.Sprintf("a%d", i))
		require.True(t, ok)
		e := a.Costs[0].Args[1].Exprs[0]
		require.Equal(t, tt.match, e.Src)
		if tt.prop == "" {
			require.Nil(t, e.Key, tt.match)
			continue
		}
		require.NotNil(t, e.Key, tt.match)
		require.Equal(t, rs.CardPropIx[tt.prop], e.Key.Prop, tt.match)
		require.Equal(t, tt.sym, e.Key.Sym, tt.match)
		require.Equal(t, tt.not, e.Key.Not, tt.match)
		require.Equal(t, tt.konst, e.Key.Value.Const != nil, tt.match)
		require.Equal(t, e.Pos, e.Key.Value.Pos)
	}
}

// TestConditionAlternatives: an action's condition, or a term of it,
// written as alternatives joined by or, each a chain joined by and, has its
// conditions compiled one by one (Expr.Alts), each reading what its own
// nodes read; another form, or more than MaxLeaves conditions, has none.
func TestConditionAlternatives(t *testing.T) {
	long := "you.gold > 0"
	for i := 1; i <= model.MaxLeaves; i++ {
		long += fmt.Sprintf(" or you.gold > %d", i)
	}
	tests := []struct {
		cond  string
		term  int   // the term written as alternatives (-1: the whole)
		sizes []int // the alternatives' lengths (nil: none)
	}{
		{"you.gold > 1 or (len(you.hand) > 0 and game.stage == 2)", -1, []int{1, 2}},
		{"(you.gold > 1 and game.stage == 1) or (len(you.hand) > 0 and game.stage == 2) or turn > 3", -1, []int{2, 2, 1}},
		{"len(you.hand) > 0 and (you.gold > 1 or game.stage == 2)", 1, []int{1, 1}},
		{"not (you.gold > 1 or game.stage == 2)", -1, nil},
		{"you.gold > 1 and game.stage == 2", 0, nil},
		{long, -1, nil},
	}
	var actions strings.Builder
	actions.WriteString("actions:\n")
	for i, tt := range tests {
		fmt.Fprintf(&actions, "  a%d: {condition: %q, effect: []}\n", i, tt.cond)
	}
	rs, diags := load.Load(load.Source{Name: "alts.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n") + actions.String())}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	gold := rs.PlayerPropReads(rs.PlayerPropIx["gold"])
	for i, tt := range tests {
		a, ok := rs.ActionByName(fmt.Sprintf("a%d", i))
		require.True(t, ok)
		e := a.Condition
		if tt.term >= 0 {
			e = e.Terms[tt.term]
		}
		var sizes []int
		for _, alt := range e.Alts {
			sizes = append(sizes, len(alt))
		}
		require.Equal(t, tt.sizes, sizes, tt.cond)
		if tt.sizes == nil {
			continue
		}
		require.Equal(t, gold, e.Alts[0][0].Reads, "%s: the first condition reads you.gold alone", tt.cond)
		legal := a.Legal[2].Terms[max(tt.term, 0)]
		n := 0
		for _, s := range tt.sizes {
			n += s
		}
		require.Len(t, legal.Leaves, n, tt.cond)
		r, _ := legal.ReadsOf(1<<n - 1)
		require.Equal(t, legal.Reads, r, "%s: the leaves together read what the term reads", tt.cond)
	}
}

// TestEventsHeard: an event is heard when a trigger waits for it, the
// ruleset's, a card's own, a card's face's or a listener; an event
// nothing waits for is not looked at when it happens.
func TestEventsHeard(t *testing.T) {
	rules := fmt.Sprintf(readsRuleset, "  []\n") + `triggers:
  - {name: each turn, on: turn_start, do: []}
`
	cards := `cards:
  - id: herald
    name: Herald
    triggers: [{name: arrives, on: enter, do: []}]
  - id: mask
    name: Mask
    faces:
      - {name: Mask}
      - name: Face
        triggers: [{name: shown, on: flip, do: []}]
  - id: watcher
    name: Watcher
    triggers: [{name: sees, on: draw, zones: [table], do: []}]
`
	rs, diags := load.Load(load.Source{Name: "heard.yaml", Data: []byte(rules)}, []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	for name, want := range map[string]bool{"turn_start": true, "enter": true, "flip": true, "draw": true, "leave": false, "turn_end": false} {
		sym, ok := rs.SymbolIx[name]
		if !ok {
			require.False(t, want, "%s is not even a symbol", name)
			continue
		}
		require.Equal(t, want, rs.Heard(int64(sym)), name)
	}
	require.Contains(t, rs.SymbolIx, "leave", "an event the engine knows, that nothing waits for")
	require.False(t, rs.Heard(-1))
	require.True(t, (&model.Ruleset{}).Heard(3), "a ruleset not indexed hears every event")
}

// TestNamesBySymbol: a name a game reads while it runs (a player property
// spend_mix names, a keyword has() asks for, a card property) is found by
// its symbol in a table made at load; a symbol interned later is looked up
// by its text, and one that names nothing is -1.
func TestNamesBySymbol(t *testing.T) {
	rs, diags := load.Load(load.Source{Name: "names.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n"))}, nil, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	sym := func(name string) int64 { return rs.Intern(name) }
	require.Equal(t, rs.PlayerPropIx["gold"], rs.SymbolPlayerPropIndex(sym("gold")))
	require.Equal(t, rs.CardPropIx["power"], rs.SymbolPropIndex(sym("power")))
	require.Equal(t, -1, rs.SymbolPlayerPropIndex(sym("power")), "a card property is no player property")
	require.Equal(t, -1, rs.SymbolPropIndex(sym("gold")), "nor the other way round")
	require.Equal(t, -1, rs.SymbolPlayerPropIndex(sym("interned_later")))
	require.Equal(t, -1, rs.SymbolPlayerPropIndex(-1))
	require.Equal(t, -1, rs.SymbolPlayerPropIndex(1<<40))
}

// TestFacesWrittenOut: the properties a card's faces set are listed at
// load, with the value each face shows: its own, or the card's where it
// sets none (Ruleset.IndexFaces); a card with one face lists none.
func TestFacesWrittenOut(t *testing.T) {
	cards := `cards:
  - id: mask
    name: Mask
    props: {power: 1, boosted: 7}
    faces:
      - {name: Mask}
      - {name: Face, props: {power: 5}}
      - {name: Back, props: {boosted: 2, kind: b}}
  - {id: plain, name: Plain, props: {power: 3}}
`
	rs, diags := load.Load(load.Source{Name: "faces.yaml", Data: []byte(fmt.Sprintf(readsRuleset, "  []\n"))}, []load.Source{{Name: "cards.yaml", Data: []byte(cards)}}, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	power, kind, boosted := rs.CardPropIx["power"], rs.CardPropIx["kind"], rs.CardPropIx["boosted"]
	mask := rs.Cards[rs.CardIx["mask"]]
	want := []int{power, kind, boosted}
	slices.Sort(want)
	require.Equal(t, want, mask.FaceProps)
	shown := func(face int) map[int]int64 {
		out := map[int]int64{}
		for j, k := range mask.FaceProps {
			out[k] = mask.Faces[face].Shown[j]
		}
		return out
	}
	b := rs.SymbolIndex("b")
	require.Equal(t, map[int]int64{power: 1, kind: mask.Props[kind], boosted: 7}, shown(0), "the first face sets nothing: the card's values")
	require.Equal(t, map[int]int64{power: 5, kind: mask.Props[kind], boosted: 7}, shown(1))
	require.Equal(t, map[int]int64{power: 1, kind: b, boosted: 2}, shown(2))
	require.Equal(t, rs.CardPropReads(power)|rs.CardPropReads(kind)|rs.CardPropReads(boosted), mask.FaceReads)
	plain := rs.Cards[rs.CardIx["plain"]]
	require.NotNil(t, plain.FaceProps, "indexed")
	require.Empty(t, plain.FaceProps)
}

// TestSameTextSameScope: an expression written the same at two places of
// one scope is marked the same as the first listed (Expr.Same), so that a
// value kept for one serves the other; Lands writes one skip_if at two
// phases. One written in another scope, or differently, is not.
func TestSameTextSameScope(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	var skips []*model.Expr
	for _, ph := range rs.Phases {
		if ph.Skip != nil {
			skips = append(skips, ph.Skip)
		}
	}
	require.Len(t, skips, 3, "turn == 1, then len(active.pending) == 0 twice")
	require.Nil(t, skips[0].Same)
	require.Nil(t, skips[1].Same, "the first of its text")
	require.Same(t, skips[1], skips[2].Same)
	require.Equal(t, skips[1].Src, skips[2].Src)
	require.NotEqual(t, skips[1].Pos, skips[2].Pos, "each keeps its own position")
	for _, e := range rs.Exprs {
		if e.Same != nil {
			require.Equal(t, e.Src, e.Same.Src)
			require.Same(t, e.Same, rs.Exprs[e.Same.Index], "the first is listed")
			require.Less(t, e.Same.Index, e.Index)
		}
	}
}

// TestEmitFindsItsEventAtLoad: an emit step finds its event's symbol when
// it is checked at load (Arg.Ref), so raising it looks no name up.
func TestEmitFindsItsEventAtLoad(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "risk-resource.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	n := 0
	for _, p := range rs.Programs {
		for _, s := range p.Steps {
			if s.Prim.Name != "emit" {
				continue
			}
			a := s.Args[0]
			require.Equal(t, "event", s.Prim.Params[0].Name)
			require.Equal(t, rs.SymbolIndex(a.Text), int64(a.Ref), "%s: %s", s.Pos, a.Text)
			n++
		}
	}
	require.NotZero(t, n, "Risk & Resource raises its cast_effect event")
}

// TestWordsResolvedAtLoad: every word argument of every step of the five
// rulesets carries its index among its parameter's words, which is what
// the steps compare while a game runs.
func TestWordsResolvedAtLoad(t *testing.T) {
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		rs, diags := load.LoadFile("../../rulesets/"+name+".yaml", stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		words, past := 0, 0
		for _, p := range rs.Programs {
			for _, s := range p.Steps {
				for i, a := range s.Args {
					pp := s.Prim.Params[i]
					if pp.Kind != model.PWord || !a.Set {
						continue
					}
					require.True(t, a.WordAt >= 0 && a.WordAt < len(pp.Words), "%s: %s: %s %q at %d", name, s.Pos, pp.Name, a.Word, a.WordAt)
					require.Equal(t, a.Word, pp.Words[a.WordAt], "%s: %s: %s", name, s.Pos, pp.Name)
					words++
					if a.WordAt > 0 {
						past++
					}
				}
			}
		}
		require.NotZero(t, words, "%s: some step has a word argument", name)
		if name != "lands" && name != "pocket" {
			require.NotZero(t, past, "%s: some word is not its parameter's first", name)
		}
	}
}

// TestZoneNamesReadAtOnce: an expression that only names a seat's zone
// (you.hand) or a shared zone is marked with that zone (Expr.Zone), which
// is read without evaluating the expression; any other is not. What it
// reads is checked against expr's VM by the conformance tests.
func TestZoneNamesReadAtOnce(t *testing.T) {
	seats := map[string]model.SeatName{"you": model.SeatYou, "opponent": model.SeatOpponent, "active": model.SeatActive, "player": model.SeatPlayer}
	shared, named := 0, 0
	check := `  - name: both
    if: len(game.pile) > 0
    do:
      - move: {cards: game.pile, to: table}
      - move: {cards: player.hand, to: table}
      - move: {cards: "game.pile[:1]", to: table}
`
	small, diags := load.Load(load.Source{Name: "reads.yaml", Data: []byte(fmt.Sprintf(readsRuleset, check))}, nil, stdlib.Library())
	require.NotNil(t, small, "%v", diags)
	for _, name := range []string{"", "lands", "lanes", "pocket", "vault", "risk-resource"} {
		rs := small
		if name != "" {
			rs, diags = load.LoadFile("../../rulesets/"+name+".yaml", stdlib.Library())
			require.NotNil(t, rs, "%v", diags)
		}
		for _, e := range rs.Exprs {
			src := strings.TrimSpace(e.Src)
			seat, zone, dotted := strings.Cut(src, ".")
			k, isZone := rs.ZoneIx[zone]
			if s, ok := seats[seat]; ok && dotted && isZone && rs.Zones[k].PerPlayer {
				require.Equal(t, &model.ZoneRead{Seat: s, Kind: k}, e.Zone, "%s: %q", name, src)
				named++
				continue
			}
			if e.Zone != nil && e.Zone.Seat == model.NotASeat {
				require.False(t, rs.Zones[e.Zone.Kind].PerPlayer, "%s: %q", name, src)
				require.Contains(t, src, rs.Zones[e.Zone.Kind].Name, "%s: %q", name, src)
				shared++
				continue
			}
			require.Nil(t, e.Zone, "%s: %q names no zone only", name, src)
		}
	}
	require.NotZero(t, named, "some expression names a seat's zone")
	require.NotZero(t, shared, "some expression names a shared zone")
}

// TestCardNamesReadAtOnce checks which expressions the load marks as a
// read of the frame's cards (Expr.Ref): card, this and the variables that
// hold cards, written alone, and nothing else. What such a read gives is
// compared with the expression's closures and with expr's VM in games by
// the differential test of the conformance package.
func TestCardNamesReadAtOnce(t *testing.T) {
	kinds := map[model.RefOf]int{}
	ident := regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	for _, name := range []string{"lands", "lanes", "pocket", "vault", "risk-resource"} {
		rs, diags := load.LoadFile("../../rulesets/"+name+".yaml", stdlib.Library())
		require.NotNil(t, rs, "%v", diags)
		for _, e := range rs.Exprs {
			src := strings.TrimSpace(e.Src)
			r := e.Ref
			switch {
			case src == "card":
				require.Equal(t, &model.FrameRef{Of: model.RefCard}, r, "%s: %q", name, src)
			case src == "this":
				require.Equal(t, &model.FrameRef{Of: model.RefThis}, r, "%s: %q", name, src)
			case r != nil:
				require.Regexp(t, ident, src, "%s: only a name is read at once", name)
				require.Contains(t, []model.RefOf{model.RefCardVar, model.RefCardsVar}, r.Of, "%s: %q", name, src)
				if r.Of == model.RefCardsVar {
					require.Equal(t, model.TCards, e.Type, "%s: %q", name, src)
				}
			}
			if r != nil {
				kinds[r.Of]++
			}
		}
	}
	for _, k := range []model.RefOf{model.RefCard, model.RefThis, model.RefCardVar, model.RefCardsVar} {
		require.NotZero(t, kinds[k], "some expression is a read of kind %d", k)
	}
}
