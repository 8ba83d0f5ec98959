package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/schema"
)

func newSchemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema ruleset|cards|scenario",
		Short: "Print the JSON Schema of ruleset, card or scenario files",
		Long: `Schema prints one of the JSON Schemas (draft-07) built into arbiter. Editors
use them through a first line such as
  # yaml-language-server: $schema=../schema/ruleset.schema.json`,
		Args: exactArgs(1, "a schema name"),
		RunE: func(cmd *cobra.Command, args []string) error {
			b, ok := schema.Get(args[0])
			if !ok {
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter schema: no schema %q; choose one of %s", args[0], strings.Join(schema.Kinds(), ", "))}
			}
			// a write that fails is kept by the command's output and told
			// once, as every command's is (exit 1)
			_, _ = cmd.OutOrStdout().Write(b)
			return nil
		},
	}
}
