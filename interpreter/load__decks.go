package interpreter

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

func (c *compiler) decks(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "decks")
	if !ok {
		return
	}
	for _, f := range fs {
		path := "decks." + f.Key
		if _, dup := c.rs.deckIx[f.Key]; dup {
			c.r.errorf(f.KeyN, "duplicate-deck", path, "deck %q is declared twice", f.Key)
			continue
		}
		deck := &Deck{Name: f.Key, Pos: c.r.pos(f.KeyN)}
		entries, ok := c.r.mapping(f.Value, path)
		if !ok {
			continue
		}
		for _, e := range entries {
			// a deck split by zone: {deck: {id: n}, pool: {id: n}}
			if zi, isZone := c.rs.zoneIx[e.Key]; isZone && resolveAlias(e.Value).Kind == yaml.MappingNode {
				sub, _ := c.r.mapping(e.Value, path+"."+e.Key)
				for _, se := range sub {
					c.deckEntry(deck, se, path+"."+e.Key, zi)
				}
				continue
			}
			c.deckEntry(deck, e, path, -1)
		}
		c.rs.deckIx[f.Key] = len(c.rs.Decks)
		c.rs.Decks = append(c.rs.Decks, deck)
		c.checkDeck(deck, f.KeyN, path)
	}
}

func (c *compiler) deckEntry(deck *Deck, e field, path string, zone int) {
	ix, ok := c.rs.cardIx[e.Key]
	if !ok {
		c.r.errorf(e.KeyN, "unknown-card", path+"."+e.Key, "unknown card %q%s", e.Key, didYouMean(e.Key, keysOf(c.rs.cardIx)))
		return
	}
	cnt, _ := c.r.integer(e.Value, path+"."+e.Key)
	if cnt < 1 {
		c.r.errorf(e.Value, "bad-value", path+"."+e.Key, "a deck holds at least one copy of each card it lists")
	}
	deck.Entries = append(deck.Entries, DeckEntry{Def: ix, Count: cnt, Zone: zone})
}

func (c *compiler) deckRules(n *yaml.Node) {
	fs, ok := c.r.mapping(n, "deck_rules", "sizes", "copies")
	if !ok {
		return
	}
	dr := &DeckRules{Sizes: map[int][2]int{}, Pos: c.r.pos(n)}
	if v := get(fs, "copies"); v != nil {
		dr.Copies, _ = c.r.integer(v, "deck_rules.copies")
	}
	if v := get(fs, "sizes"); v != nil {
		sizes, _ := c.r.mapping(v, "deck_rules.sizes")
		for _, sf := range sizes {
			zi := -1 // "all": a deck that is not split by zone
			if sf.Key != "all" {
				i, ok := c.rs.zoneIx[sf.Key]
				if !ok {
					c.r.errorf(sf.KeyN, "unknown-zone", "deck_rules.sizes."+sf.Key, "unknown zone %q%s (use all for a deck not split by zone)", sf.Key, didYouMean(sf.Key, keysOf(c.rs.zoneIx)))
					continue
				}
				zi = i
			}
			lim, _ := c.r.mapping(sf.Value, "deck_rules.sizes."+sf.Key, "min", "max")
			lo, hi := 0, 1<<30
			if x := get(lim, "min"); x != nil {
				lo, _ = c.r.integer(x, "deck_rules.sizes."+sf.Key+".min")
			}
			if x := get(lim, "max"); x != nil {
				hi, _ = c.r.integer(x, "deck_rules.sizes."+sf.Key+".max")
			}
			dr.Sizes[zi] = [2]int{lo, hi}
		}
	}
	c.rs.DeckRules = dr
}

// checkDeck applies the ruleset's deck-building limits to a deck.
func (c *compiler) checkDeck(d *Deck, at *yaml.Node, path string) {
	dr := c.rs.DeckRules
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
			name = "its " + c.rs.Zones[zi].Name
		}
		if n := sizes[zi]; n < lim[0] || n > lim[1] {
			c.r.errorf(at, "deck-limit", path, "deck %q has %d cards in %s; the deck rules ask for %s", d.Name, n, name, rangeText(lim))
		}
	}
	for def, n := range copies {
		if dr.Copies > 0 && n > dr.Copies {
			c.r.errorf(at, "deck-limit", path, "deck %q has %d copies of %q; the deck rules allow %d", d.Name, n, c.rs.Cards[def].ID, dr.Copies)
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
