package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
)

func newCardsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "cards GAME",
		Short: "List a game's cards with their text and properties, and its decks",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			rs, err := loadGame(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s: %d cards\n\n", rs.Name, len(rs.Cards))
			for _, d := range rs.Cards {
				fmt.Fprintf(out, "%s\n\n", describeCard(rs, d))
			}
			for _, d := range rs.Decks {
				var parts []string
				total := 0
				for _, e := range d.Entries {
					parts = append(parts, fmt.Sprintf("%d %s", e.Count, rs.Cards[e.Def].Name))
					total += e.Count
				}
				sort.Strings(parts)
				fmt.Fprintf(out, "deck %s (%d cards): %s\n", d.Name, total, strings.Join(parts, ", "))
			}
			return nil
		},
	}
}
