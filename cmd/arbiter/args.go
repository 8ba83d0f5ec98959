package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
)

// The argument counts of the commands, told in words: cobra's own say
// "accepts at most 1 arg(s), received 2".

// exactArgs takes exactly n arguments, named what ("a GAME", say).
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return argCountError(cmd, args, fmt.Sprintf("takes %s", what))
		}
		return nil
	}
}

// maxArgs takes at most n arguments.
func maxArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return argCountError(cmd, args, fmt.Sprintf("takes at most %s", what))
		}
		return nil
	}
}

// minArgs takes at least n arguments.
func minArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) < n {
			return argCountError(cmd, args, fmt.Sprintf("needs %s", what))
		}
		return nil
	}
}

func argCountError(cmd *cobra.Command, args []string, rule string) error {
	given := "nothing"
	if len(args) > 0 {
		given = strings.Join(args, " ")
	}
	return &exitError{code: 2, msg: fmt.Sprintf("%s %s, and was given %s (usage: %s)", cmd.CommandPath(), rule, given, cmd.UseLine())}
}

// flagValueRE matches pflag's message for a value it cannot parse.
var flagValueRE = regexp.MustCompile(`^invalid argument "(.*)" for "(.*)" flag: strconv\.Parse(\w+): .*$`)

// plainFlagError tells a flag value that is not what the flag takes in
// words, not in strconv's.
func plainFlagError(cmd *cobra.Command, err error) error {
	m := flagValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		return &exitError{code: 2, msg: fmt.Sprintf("%s: %v", cmd.CommandPath(), err)}
	}
	want := map[string]string{
		"Uint":  "a whole number, 0 or more",
		"Int":   "a whole number",
		"Bool":  "true or false",
		"Float": "a number",
	}[m[3]]
	if want == "" {
		want = "another kind of value"
	}
	name := strings.TrimPrefix(strings.SplitN(m[2], ",", 2)[len(strings.SplitN(m[2], ",", 2))-1], " ")
	if !strings.HasPrefix(name, "-") {
		name = "--" + name
	}
	return &exitError{code: 2, msg: fmt.Sprintf("%s: %s takes %s, not %q", cmd.CommandPath(), name, want, m[1])}
}
