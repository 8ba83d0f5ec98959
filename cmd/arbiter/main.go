// Command arbiter validates, plays, simulates and tests card games written as
// Arbiter rulesets.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// exitError carries a process exit code through cobra.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func main() {
	root := newRoot()
	if err := root.Execute(); err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			if ee.msg != "" {
				fmt.Fprintln(os.Stderr, ee.msg)
			}
			os.Exit(ee.code)
		}
		fmt.Fprintln(os.Stderr, "arbiter:", err)
		os.Exit(2)
	}
}

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "arbiter",
		Short: "A rules interpreter for card games written in YAML",
		Long: `Arbiter runs card games declared in YAML rulesets: validate them, play them
against bots or friends, simulate thousands of games, and pin their rules
down with golden scenario tests.

A GAME is a ruleset name (lands finds rulesets/lands.yaml here or above) or a
path to a ruleset file.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newValidateCmd(), newPlayCmd(), newSimCmd(), newTestCmd(), newReplayCmd(), newCardsCmd(), newRulesCmd(), newDocCmd(), newSchemaCmd())
	return root
}
