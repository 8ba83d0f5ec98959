package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

func newCardsCmd() *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use: "cards GAME [NAME...]",
		// one card is looked up as often as all of them
		Aliases: []string{"card"},
		Short:   "List a game's cards with their text and properties, and its decks",
		Long: `Cards lists a game's cards, each with its properties, its keywords and its
text (the lines the ruleset's card_text generates, then the text as
written), and the game's decks. Given names, it shows only those cards,
each found by its name, its id or the name of one of its faces.

With --check it lists nothing and checks instead that each card's written
text agrees with the card: a number the text says for a property is the
card's value, every keyword of the card is named, and a keyword line names
only keywords the card has (arbiter doc card_text says how texts are read).
Each disagreement is a warning at the card's text; the exit status is 1
when there is one. arbiter validate reports the same warnings.`,
		Example: "  arbiter cards lands\n  arbiter cards risk-resource \"Arc Bolt\" Unmake",
		Args:    minArgs(1, "a GAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if check {
				if len(args) > 1 {
					return &exitError{code: 2, msg: "arbiter cards: --check checks every card of the game; give it no card names"}
				}
				return checkCardTexts(cmd, args[0])
			}
			rs, err := loadGame(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if len(args) > 1 {
				return printCardsNamed(cmd, rs, args[1:])
			}
			generated := 0
			for _, d := range rs.Cards {
				if d.NameTmpl != nil {
					generated++
				}
			}
			if generated > 0 {
				// a definition named from its properties is many cards
				fmt.Fprintf(out, "%s: %s, %d of them named from their properties: each stands for the cards a game makes of it\n\n", rs.Name, plural(len(rs.Cards), "card definition"), generated)
			} else {
				// the definitions, not the cards of a deck (the decks below
				// count those); one no deck holds is made by the rules (a
				// token) or left out of every deck
				inDeck := map[int]bool{}
				for _, d := range rs.Decks {
					for _, e := range d.Entries {
						inDeck[e.Def] = true
					}
				}
				var loose []string
				for i, d := range rs.Cards {
					if !inDeck[i] {
						loose = append(loose, d.Name)
					}
				}
				what := plural(len(rs.Cards), "different card")
				if len(rs.Decks) > 0 && len(loose) > 0 {
					what += fmt.Sprintf(", %d of them in no deck (%s)", len(loose), strings.Join(loose, ", "))
				}
				fmt.Fprintf(out, "%s: %s\n\n", rs.Name, what)
			}
			for _, d := range rs.Cards {
				fmt.Fprintf(out, "%s\n\n", describeCard(rs, d))
			}
			for _, d := range rs.Decks {
				// a deck split by zone lists each zone's part on its own
				zones := []int{}
				byZone := map[int][]string{}
				count := map[int]int{}
				total := 0
				// the zones in the order the deck declares them
				for _, e := range d.Entries {
					if !slices.Contains(zones, e.Zone) {
						zones = append(zones, e.Zone)
					}
				}
				// each zone's cards by name as people read them (Cheque 2
				// before Cheque 10), not by the lines' text
				entries := slices.Clone(d.Entries)
				slices.SortStableFunc(entries, func(a, b model.DeckEntry) int {
					return naturalCompare(rs.Cards[a.Def].Name, rs.Cards[b.Def].Name)
				})
				for _, e := range entries {
					byZone[e.Zone] = append(byZone[e.Zone], fmt.Sprintf("%d %s", e.Count, rs.Cards[e.Def].Name))
					count[e.Zone] += e.Count
					total += e.Count
				}
				what := plural(total, "card")
				if d.Game {
					what += ", the game's: no player plays it"
				}
				if len(zones) == 1 && zones[0] < 0 {
					parts := byZone[-1]
					fmt.Fprintf(out, "deck %s (%s): %s\n", d.Name, what, strings.Join(parts, ", "))
					continue
				}
				fmt.Fprintf(out, "deck %s (%s):\n", d.Name, what)
				for _, z := range zones {
					parts := byZone[z]
					name := "cards"
					if z >= 0 {
						name = rs.Zones[z].Name
					}
					fmt.Fprintf(out, "  %s (%d): %s\n", name, count[z], strings.Join(parts, ", "))
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&check, "check", false, "check that each card's written text agrees with its properties and keywords, instead of listing the cards")
	return cmd
}

// printCardsNamed shows the cards of the names given, in that order; a name
// no card has is an error naming the cards that come closest.
func printCardsNamed(cmd *cobra.Command, rs *model.Ruleset, names []string) error {
	var found []*model.CardDef
	for _, n := range names {
		d := cardDefNamed(rs, n)
		if d == nil {
			// a card named from its properties (10 of clubs): its
			// definition with the values that give it the name
			if g, vals, err := rs.GeneratedCard(n); err != nil {
				return &exitError{code: 1, msg: "arbiter: " + err.Error()}
			} else if g != nil {
				c := *g
				c.Name, c.Props = n, slices.Clone(g.Props)
				for _, v := range vals {
					c.Props[v.Prop] = v.Value
				}
				// its text as card_text writes it for these values, not
				// the definition's defaults
				if lines, err := load.CardTextLines(rs, &c, c.Props); err == nil && lines != nil {
					c.Lines = lines
				}
				d = &c
			}
		}
		if d == nil {
			var all []string
			for _, d := range rs.Cards {
				all = append(all, d.Name)
				for _, f := range d.Faces[min(1, len(d.Faces)):] {
					all = append(all, f.Name)
				}
			}
			return &exitError{code: 2, msg: fmt.Sprintf("arbiter cards: %s has no card %q%s (arbiter cards %s lists them all)", rs.Name, n, diag.DidYouMean(n, all), rs.Name)}
		}
		found = append(found, d)
	}
	for _, d := range found {
		fmt.Fprintf(cmd.OutOrStdout(), "%s\n\n", describeCard(rs, d))
	}
	return nil
}

// checkCardTexts prints the card-text warnings of a game's load.
func checkCardTexts(cmd *cobra.Command, game string) error {
	path, err := rulesetPath(game)
	if err != nil {
		return &exitError{code: 2, msg: "arbiter: " + err.Error()}
	}
	rs, diags := load.LoadFile(path, stdlib.Library())
	if rs == nil {
		return &exitError{code: 1, msg: fmt.Sprintf("arbiter: %s has errors; fix them first (arbiter validate %s)", path, path), diags: diags}
	}
	var found diag.Diagnostics
	for _, d := range diags {
		if d.Code == "card-text" {
			found = append(found, d)
		}
	}
	if len(found) == 0 {
		fmt.Fprintf(cmd.OutOrStdout(), "ok: the texts of the %s of %s agree with their properties and keywords\n", plural(len(rs.Cards), "card"), rs.Name)
		return nil
	}
	printDiagnostics(cmd.ErrOrStderr(), found, true)
	return &exitError{code: 1, msg: fmt.Sprintf("arbiter cards: %d disagreement(s) between card texts and their cards", len(found))}
}
