package main

import (
	"fmt"
	"io"
	"sort"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// cardPlay is an action taken with a card: the card's id and the action.
type cardPlay struct{ card, action string }

// notePlay records, for sim --cards, the action with a card that an answer
// takes: the seat took that action with that card in this game.
func notePlay(g *engine.Game, d *state.Decision, a state.Answer, plays []map[cardPlay]bool) {
	if plays == nil || len(a.Picks) != 1 || a.Picks[0] < 0 || a.Picks[0] >= len(d.Options) {
		return
	}
	op := d.Options[a.Picks[0]]
	if op.Action < 0 || op.Card < 0 {
		return
	}
	rs := g.Ruleset()
	def := g.Evaluator().S.Cards[op.Card].Def
	plays[d.Player][cardPlay{rs.Cards[def].ID, rs.Actions[op.Action].Name}] = true
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
	keys := make([]cardPlay, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].card != keys[j].card {
			return keys[i].card < keys[j].card
		}
		return keys[i].action < keys[j].action
	})
	fmt.Fprintf(w, "actions taken with each card (games in which a seat took it; that seat's wins in those games, 95%% confidence):\n")
	for _, k := range keys {
		x := t[k]
		lo, hi := wilson(x.wins, x.games)
		fmt.Fprintf(w, "  %-20s %-14s %5d games  %5.1f%% won  [%.1f%%, %.1f%%]\n", k.card, k.action, x.games, 100*float64(x.wins)/float64(x.games), 100*lo, 100*hi)
	}
}
