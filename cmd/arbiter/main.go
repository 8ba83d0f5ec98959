// Command arbiter validates, plays, simulates and tests card games written as
// Arbiter rulesets.
package main

//go:generate sh -c "go run . doc --markdown > ../../docs/reference.md"

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/diag"
)

// exitError carries a process exit code through cobra.
type exitError struct {
	code  int
	msg   string
	diags diag.Diagnostics // a ruleset's problems, shown before msg
}

func (e *exitError) Error() string { return e.msg }

// jsonErrorsKey marks the commands whose errors are JSON diagnostics, like
// validate's, when their --format is json.
const jsonErrorsKey = "json-errors"

func main() {
	root := newRoot()
	out := &outWriter{w: os.Stdout}
	root.SetOut(out)
	cmd, err := root.ExecuteC()
	code := 0
	if err != nil {
		code = reportError(cmd, out, err)
	}
	if out.err != nil {
		// a report cut short (a full disk, a file size limit) must not pass
		// for a whole one
		name := "arbiter"
		if cmd != nil {
			name = cmd.CommandPath()
		}
		fmt.Fprintf(os.Stderr, "%s: cannot write output: %v; what was written is incomplete\n", name, cause(out.err))
		code = max(code, 1)
	}
	if code != 0 {
		os.Exit(code)
	}
}

// reportError prints the error a command ended with, as JSON diagnostics
// on out for a command that gives them with --format json, and returns
// the exit status.
func reportError(cmd *cobra.Command, out io.Writer, err error) int {
	var ee *exitError
	if !errors.As(err, &ee) {
		ee = &exitError{code: 2, msg: "arbiter: " + err.Error()}
	}
	if cmd != nil && cmd.Annotations[jsonErrorsKey] != "" {
		if f := cmd.Flags().Lookup("format"); f != nil && f.Value.String() == "json" {
			writeJSONErrors(out, ee)
			return ee.code
		}
	}
	printDiagnostics(os.Stderr, ee.diags, false)
	if ee.msg != "" {
		fmt.Fprintln(os.Stderr, ee.msg)
	}
	return ee.code
}

// outWriter is the commands' standard output. It keeps the first error a
// write meets, for main to report, and writes nothing after it: a file
// with a gap would read as whole.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
	}
	return n, err
}

// writeJSONErrors writes an error as validate --format json writes
// diagnostics: the ruleset's problems when it has any, or else the message
// as one diagnostic with no position, its code usage (exit status 2) or
// error.
func writeJSONErrors(w io.Writer, ee *exitError) {
	ds := ee.diags
	if len(ds) == 0 && ee.msg != "" {
		msg := ee.msg
		if strings.HasPrefix(msg, "arbiter") {
			if i := strings.Index(msg, ": "); i >= 0 {
				msg = msg[i+2:]
			}
		}
		code := "error"
		if ee.code == 2 {
			code = "usage"
		}
		ds = diag.Diagnostics{{Severity: diag.SeverityError, Code: code, Message: msg}}
	}
	if len(ds) > 0 {
		writeJSONDiagnostics(w, ds)
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
		Version:       version(),
	}
	root.SetVersionTemplate("arbiter {{.Version}}\n")
	root.AddCommand(newValidateCmd(), newPlayCmd(), newSimCmd(), newTestCmd(), newReplayCmd(), newCardsCmd(), newRulesCmd(), newDocCmd(), newSchemaCmd())
	root.SetHelpCommand(newHelpCmd(root))
	root.SetFlagErrorFunc(plainFlagError)
	for _, c := range root.Commands() {
		c.SetFlagErrorFunc(plainFlagError)
		for _, sub := range c.Commands() {
			sub.SetFlagErrorFunc(plainFlagError)
		}
	}
	return root
}

// newHelpCmd is the help command: cobra's prints the usage and succeeds
// for a topic it does not know, which a script reads as help given.
func newHelpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		Long:  "Help about any command: arbiter help play, arbiter help sim merge.",
		ValidArgsFunction: func(_ *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			var names []string
			if c, _, err := root.Find(args); err == nil {
				for _, sub := range c.Commands() {
					if sub.IsAvailableCommand() {
						names = append(names, sub.Name())
					}
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			c, rest, err := root.Find(args)
			if err != nil || c == nil {
				c, rest = root, args
			}
			if len(rest) > 0 {
				var names []string
				for _, sub := range c.Commands() {
					if sub.IsAvailableCommand() && sub.Name() != "help" {
						names = append(names, sub.Name())
					}
				}
				msg := fmt.Sprintf("arbiter help: no command %q", strings.Join(args, " "))
				switch {
				case len(names) == 0:
					msg += fmt.Sprintf("; %s has no commands under it", c.CommandPath())
				case c == root:
					msg += "; the commands are " + strings.Join(names, ", ")
				default:
					msg += fmt.Sprintf("; the commands under %s are %s", c.CommandPath(), strings.Join(names, ", "))
				}
				return &exitError{code: 2, msg: msg}
			}
			c.InitDefaultHelpFlag()
			c.InitDefaultVersionFlag()
			return c.Help()
		},
	}
}

// version is the module's version the command was built from, with the
// commit when the build knows it: what a bug report names.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	v := bi.Main.Version
	for _, st := range bi.Settings {
		if st.Key == "vcs.revision" && len(st.Value) >= 12 {
			v += " (" + st.Value[:12] + ")"
		}
	}
	return v
}
