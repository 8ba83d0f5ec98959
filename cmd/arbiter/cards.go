package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

func newCardsCmd() *cobra.Command {
	var check bool
	cmd := &cobra.Command{
		Use:   "cards GAME",
		Short: "List a game's cards with their text and properties, and its decks",
		Long: `Cards lists a game's cards, each with its properties, its keywords and its
text (the lines the ruleset's card_text generates, then the text as
written), and the game's decks.

With --check it lists nothing and checks instead that each card's written
text agrees with the card: a number the text says for a property is the
card's value, every keyword of the card is named, and a keyword line names
only keywords the card has (arbiter doc card_text says how texts are read).
Each disagreement is a warning at the card's text; the exit status is 1
when there is one. arbiter validate reports the same warnings.`,
		Args: exactArgs(1, "a GAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if check {
				return checkCardTexts(cmd, args[0])
			}
			rs, err := loadGame(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s: %s\n\n", rs.Name, plural(len(rs.Cards), "card"))
			for _, d := range rs.Cards {
				fmt.Fprintf(out, "%s\n\n", describeCard(rs, d))
			}
			for _, d := range rs.Decks {
				// a deck split by zone lists each zone's part on its own
				zones := []int{}
				byZone := map[int][]string{}
				count := map[int]int{}
				total := 0
				for _, e := range d.Entries {
					if _, ok := byZone[e.Zone]; !ok {
						zones = append(zones, e.Zone)
					}
					byZone[e.Zone] = append(byZone[e.Zone], fmt.Sprintf("%d %s", e.Count, rs.Cards[e.Def].Name))
					count[e.Zone] += e.Count
					total += e.Count
				}
				if len(zones) == 1 && zones[0] < 0 {
					parts := byZone[-1]
					sort.Strings(parts)
					fmt.Fprintf(out, "deck %s (%s): %s\n", d.Name, plural(total, "card"), strings.Join(parts, ", "))
					continue
				}
				fmt.Fprintf(out, "deck %s (%s):\n", d.Name, plural(total, "card"))
				for _, z := range zones {
					parts := byZone[z]
					sort.Strings(parts)
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
