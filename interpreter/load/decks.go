package load

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

func (c *compiler) decks(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "decks")
	if !ok {
		return
	}
	for _, f := range fs {
		path := "decks." + f.Key
		if _, dup := c.Rs.DeckIx[f.Key]; dup {
			c.R.Errorf(f.KeyN, "duplicate-deck", path, "deck %q is declared twice", f.Key)
			continue
		}
		deck := &model.Deck{Name: f.Key, Pos: c.R.Pos(f.KeyN)}
		entries, ok := c.R.Mapping(f.Value, path)
		if !ok {
			continue
		}
		for _, e := range entries {
			// a deck split by zone: {deck: {id: n}, pool: {id: n}}
			if zi, isZone := c.Rs.ZoneIx[e.Key]; isZone && source.ResolveAlias(e.Value).Kind == yaml.MappingNode {
				sub, _ := c.R.Mapping(e.Value, path+"."+e.Key)
				for _, se := range sub {
					c.deckEntry(deck, se, path+"."+e.Key, zi)
				}
				continue
			}
			c.deckEntry(deck, e, path, -1)
		}
		total := 0
		for _, e := range deck.Entries {
			total += e.Count
		}
		if total > model.MaxGameCards {
			// a game of it could not be made: every card of a game is in
			// memory, and the engine makes no more than this
			c.R.Errorf(f.KeyN, "bad-value", path, "deck %q holds %d cards, and a game holds at most %d", f.Key, total, model.MaxGameCards)
		}
		c.Rs.DeckIx[f.Key] = len(c.Rs.Decks)
		c.Rs.Decks = append(c.Rs.Decks, deck)
		c.checkDeck(deck, f.KeyN, path)
	}
}

// maxDeckCopies bounds the copies of one card in a deck: far more than a
// game uses, few enough that a deck fits in memory.
const maxDeckCopies = 10000

func (c *compiler) deckEntry(deck *model.Deck, e source.Field, path string, zone int) {
	ix, ok := c.Rs.CardIx[e.Key]
	if !ok && c.brokenCards {
		return // the card file that could not be read is the error to fix first
	}
	if !ok {
		c.R.Errorf(e.KeyN, "unknown-card", path+"."+e.Key, "unknown card %q%s", e.Key, diag.DidYouMean(e.Key, diag.KeysOf(c.Rs.CardIx)))
		return
	}
	cnt, _ := c.R.Integer(e.Value, path+"."+e.Key)
	if cnt < 1 {
		c.R.Errorf(e.Value, "bad-value", path+"."+e.Key, "a deck holds at least one copy of each card it lists")
	}
	if cnt > maxDeckCopies {
		c.R.Errorf(e.Value, "bad-value", path+"."+e.Key, "a deck holds at most %d copies of a card, not %d", maxDeckCopies, cnt)
		cnt = 0
	}
	deck.Entries = append(deck.Entries, model.DeckEntry{Def: ix, Count: cnt, Zone: zone})
}

func (c *compiler) deckRules(n *yaml.Node) {
	fs, ok := c.R.Mapping(n, "deck_rules", deckRulesKeys...)
	if !ok {
		return
	}
	dr := &model.DeckRules{Sizes: map[int][2]int{}, Pos: c.R.Pos(n)}
	if v := source.Get(fs, "copies"); v != nil {
		dr.Copies, _ = c.R.Integer(v, "deck_rules.copies")
	}
	if v := source.Get(fs, "sizes"); v != nil {
		sizes, _ := c.R.Mapping(v, "deck_rules.sizes")
		for _, sf := range sizes {
			zi := -1 // "all": a deck that is not split by zone
			if sf.Key != "all" {
				i, ok := c.Rs.ZoneIx[sf.Key]
				if !ok {
					c.R.Errorf(sf.KeyN, "unknown-zone", "deck_rules.sizes."+sf.Key, "unknown zone %q%s (use all for a deck not split by zone)", sf.Key, diag.DidYouMean(sf.Key, diag.KeysOf(c.Rs.ZoneIx)))
					continue
				}
				zi = i
			}
			lim, _ := c.R.Mapping(sf.Value, "deck_rules.sizes."+sf.Key, deckSizeKeys...)
			lo, hi := 0, 1<<30
			if x := source.Get(lim, "min"); x != nil {
				lo, _ = c.R.Integer(x, "deck_rules.sizes."+sf.Key+".min")
			}
			if x := source.Get(lim, "max"); x != nil {
				hi, _ = c.R.Integer(x, "deck_rules.sizes."+sf.Key+".max")
			}
			dr.Sizes[zi] = [2]int{lo, hi}
		}
	}
	if v := source.Get(fs, "only"); v != nil {
		dr.Only = map[int][]model.DeckMatch{}
		parts, _ := c.R.Mapping(v, "deck_rules.only")
		for _, zf := range parts {
			path := "deck_rules.only." + zf.Key
			zi := -1
			if zf.Key != "all" {
				i, ok := c.Rs.ZoneIx[zf.Key]
				if !ok {
					c.R.Errorf(zf.KeyN, "unknown-zone", path, "unknown zone %q%s (use all for a deck not split by zone)", zf.Key, diag.DidYouMean(zf.Key, diag.KeysOf(c.Rs.ZoneIx)))
					continue
				}
				zi = i
			}
			props, _ := c.R.Mapping(zf.Value, path)
			for _, pf := range props {
				ix, ok := c.Rs.CardPropIx[pf.Key]
				if !ok {
					c.R.Errorf(pf.KeyN, "unknown-property", path+"."+pf.Key, "unknown card property %q%s", pf.Key, diag.DidYouMean(pf.Key, diag.KeysOf(c.Rs.CardPropIx)))
					continue
				}
				m := model.DeckMatch{Prop: ix}
				items := []*yaml.Node{source.ResolveAlias(pf.Value)}
				if items[0] != nil && items[0].Kind == yaml.SequenceNode {
					items = items[0].Content
				}
				var words []string
				for j, it := range items {
					m.Values = append(m.Values, c.literal(it, fmt.Sprintf("%s.%s[%d]", path, pf.Key, j), c.Rs.CardProps[ix]))
					if it != nil {
						words = append(words, it.Value)
					}
				}
				m.Text = strings.Join(words, " or ")
				dr.Only[zi] = append(dr.Only[zi], m)
			}
		}
	}
	c.Rs.DeckRules = dr
}

// checkDeck applies the ruleset's deck-building limits to a deck.
func (c *compiler) checkDeck(d *model.Deck, at *yaml.Node, path string) {
	dr := c.Rs.DeckRules
	if dr == nil {
		return
	}
	sizes := map[int]int{}
	copies := map[int]int{}
	for _, e := range d.Entries {
		sizes[e.Zone] += e.Count
		copies[e.Def] += e.Count
	}
	for zi, lim := range dr.Sizes {
		name := "the deck"
		if zi >= 0 {
			name = "its " + c.Rs.Zones[zi].Name
		}
		if n := sizes[zi]; n < lim[0] || n > lim[1] {
			cards := "cards"
			if n == 1 {
				cards = "card"
			}
			c.R.Errorf(at, "deck-limit", path, "deck %q has %d %s in %s; the deck rules ask for %s", d.Name, n, cards, name, rangeText(lim))
		}
	}
	for _, e := range d.Entries {
		for _, m := range dr.Only[e.Zone] {
			if !slices.Contains(m.Values, c.Rs.Cards[e.Def].Props[m.Prop]) {
				name := "the deck"
				if e.Zone >= 0 {
					name = "its " + c.Rs.Zones[e.Zone].Name
				}
				c.R.Errorf(at, "deck-limit", path, "deck %q puts %q in %s, which the deck rules keep for cards whose %s is %s", d.Name, c.Rs.Cards[e.Def].ID, name, c.Rs.CardProps[m.Prop].Name, m.Text)
			}
		}
	}
	for def, n := range copies {
		if dr.Copies > 0 && n > dr.Copies {
			c.R.Errorf(at, "deck-limit", path, "deck %q has %d copies of %q; the deck rules allow %d", d.Name, n, c.Rs.Cards[def].ID, dr.Copies)
		}
	}
}

func rangeText(lim [2]int) string {
	switch {
	case lim[0] == lim[1]:
		return fmt.Sprintf("exactly %d", lim[0])
	case lim[1] >= 1<<30:
		return fmt.Sprintf("at least %d", lim[0])
	}
	return fmt.Sprintf("%d to %d", lim[0], lim[1])
}
