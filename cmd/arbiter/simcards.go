package main

import (
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// cardPlay is an action taken with a card: the card's id and the action,
// or no action for a card of the seat's own it chose at a question of
// cards (a pick of a draft).
type cardPlay struct{ card, action string }

// notePlay records, for sim --cards, the action with a card that an answer
// takes (the seat took that action with that card in this game), or the
// cards of its own a seat chose at a question of cards.
func notePlay(g *engine.Game, d *state.Decision, a state.Answer, plays []map[cardPlay]bool) {
	if plays == nil {
		return
	}
	rs := g.Ruleset()
	cards := g.Evaluator().S.Cards
	for _, i := range a.Picks {
		if i < 0 || i >= len(d.Options) {
			continue
		}
		op := d.Options[i]
		if op.Card < 0 {
			continue
		}
		// a card by its name (with its id when another definition has
		// that name); one of a definition that names its cards from their
		// properties (9 of clubs) by the name the game gave it, or every
		// card of a generated deck would be one row
		id := playName(rs, int(cards[op.Card].Def))
		if rs.Cards[cards[op.Card].Def].NameTmpl != nil {
			id = g.Evaluator().CardName(op.Card)
		}
		switch {
		case op.Action >= 0 && len(a.Picks) == 1:
			plays[d.Player][cardPlay{id, rs.Actions[op.Action].Name}] = true
		case op.Action < 0 && d.Kind == state.DecideCards && int(cards[op.Card].Owner) == d.Player:
			plays[d.Player][cardPlay{card: id}] = true
		}
	}
}

// playNames caches, per ruleset, the name sim --cards gives each card
// definition.
var playNames sync.Map // *model.Ruleset → []string

// playName is how sim --cards names the cards of definition def: by their
// name, and by name and id when another definition has the same name.
func playName(rs *model.Ruleset, def int) string {
	if v, ok := playNames.Load(rs); ok {
		return v.([]string)[def]
	}
	count := map[string]int{}
	for _, d := range rs.Cards {
		count[d.Name]++
	}
	names := make([]string, len(rs.Cards))
	for i, d := range rs.Cards {
		names[i] = d.Name
		if count[d.Name] > 1 {
			names[i] = fmt.Sprintf("%s (%s)", d.Name, d.ID)
		}
	}
	playNames.Store(rs, names)
	return names[def]
}

// reportCards writes, for every card and action taken with it, in how many
// games a seat took it and how often that seat won those games.
func reportCards(w io.Writer, results []simResult) {
	type tally struct{ games, wins int }
	t := map[cardPlay]*tally{}
	for _, r := range results {
		if r.err != nil {
			continue
		}
		for seat, ps := range r.plays {
			won := false
			for _, x := range r.winners {
				won = won || x == seat
			}
			for p := range ps {
				if t[p] == nil {
					t[p] = &tally{}
				}
				t[p].games++
				if won {
					t[p].wins++
				}
			}
		}
	}
	// the actions taken with cards; in a game of none (a draft, whose
	// picks are questions of cards), the cards chosen
	keys := make([]cardPlay, 0, len(t))
	actions := false
	for k := range t {
		actions = actions || k.action != ""
	}
	for k := range t {
		if (k.action != "") == actions {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].card != keys[j].card {
			// names alike to the natural order (Ace, ace) keep one order
			if naturalLess(keys[i].card, keys[j].card) != naturalLess(keys[j].card, keys[i].card) {
				return naturalLess(keys[i].card, keys[j].card)
			}
			return keys[i].card < keys[j].card
		}
		return keys[i].action < keys[j].action
	})
	switch {
	case actions:
		fmt.Fprintf(w, "actions taken with each card (seat-games: each game counts once for every seat that took it; that seat's wins among them, 95%% confidence):\n")
	case len(keys) > 0:
		fmt.Fprintf(w, "no action was taken with a card; the cards each seat chose of its own at questions of cards (seat-games: each game counts once for every seat that chose it; that seat's wins among them, 95%% confidence):\n")
	default:
		fmt.Fprintf(w, "no action was taken with a card, and no seat chose a card of its own, in these games\n")
	}
	for _, k := range keys {
		x := t[k]
		lo, hi := wilson(x.wins, x.games)
		what := k.action
		if what == "" {
			what = "chosen"
		}
		fmt.Fprintf(w, "  %-20s %-14s %5d seat-games  %5.1f%% won  [%.1f%%, %.1f%%]\n", k.card, what, x.games, 100*float64(x.wins)/float64(x.games), 100*lo, 100*hi)
	}
}
