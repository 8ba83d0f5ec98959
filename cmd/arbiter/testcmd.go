package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/stdlib"
)

func newTestCmd() *cobra.Command {
	var update bool
	var coverage string
	cmd := &cobra.Command{
		Use:   "test [PATH...]",
		Short: "Run scenario files and compare them with their golden files",
		Long: `Test runs every scenario under the given files or folders (default:
testdata; a folder's subfolders too) and compares each one's log and final state with the .golden file
beside it, printing a diff when they differ. --update rewrites the golden
files and prints every change it makes, to be read before it is committed
(go generate ./... leaves golden files alone: each is a ruling to read).
A scenario that fails gets no golden file: --update prints its log and
state up to the failure instead, to read what the engine did.
--coverage GAME lists the actions, triggers, checks, keywords and phases of
GAME that no scenario exercised, and the branches no scenario took: each way
of an if (without an else too: the way that does nothing), each option of a
choice (at its own line), a draw's if_empty, each way of a phase's skip_if.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				args = []string{"testdata"}
			}
			var files []string
			for _, a := range args {
				st, err := os.Stat(a)
				if errors.Is(err, fs.ErrNotExist) {
					return &exitError{code: 2, msg: fmt.Sprintf("arbiter test: there is no file or folder %s (scenarios are in testdata/ by default: name their folder or files)", a)}
				}
				if err != nil {
					return &exitError{code: 2, msg: "arbiter test: " + err.Error()}
				}
				if st.IsDir() {
					found, err := scenario.Find(a)
					if err != nil {
						return &exitError{code: 2, msg: "arbiter test: " + err.Error()}
					}
					files = append(files, found...)
				} else {
					// a golden file stands for its scenario (arbiter test dir/*, say),
					// a .yaml or a .yml one
					if strings.HasSuffix(a, ".golden") {
						a = strings.TrimSuffix(a, ".golden") + ".yaml"
						if yml := strings.TrimSuffix(a, ".yaml") + ".yml"; !fileExists(a) && fileExists(yml) {
							a = yml
						}
					}
					if !slices.Contains(files, a) {
						files = append(files, a)
					}
				}
			}
			if len(files) == 0 {
				// a test run that ran nothing must not pass for one that passed
				return &exitError{code: 1, msg: fmt.Sprintf("arbiter test: no scenario in %s (a scenario is a .yaml or .yml file with a ruleset or steps)", strings.Join(args, ", "))}
			}
			var covRS *model.Ruleset
			covered := 0 // the scenarios that play covRS
			cov := map[string]int{}
			if coverage != "" {
				rs, err := loadGame(coverage)
				if err != nil {
					return err
				}
				covRS = rs
			}
			cache := map[string]*model.Ruleset{}
			noted := map[string]bool{} // warnings of the rulesets found, each once
			passed, failed := 0, 0
			for _, f := range files {
				sc, err := scenario.Load(f, scenario.WithGames(builtinRuleset))
				if err != nil {
					// every mistake of the file, those the ruleset shows
					// in what could be read of it too, in order
					var lines []string
					for _, d := range validateScenario(f) {
						lines = append(lines, fmt.Sprintf("%s: %s", d.Pos, d.Message))
					}
					if len(lines) == 0 {
						lines = []string{err.Error()}
					}
					fmt.Fprintf(out, "FAIL %s\n  %s\n", f, indentLines(strings.Join(lines, "\n")))
					failed++
					continue
				}
				if sc.RulesetNote != "" && !noted[sc.RulesetNote] {
					noted[sc.RulesetNote] = true
					fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s: %s\n", f, sc.RulesetNote)
				}
				rs, ok := cache[sc.Ruleset]
				if !ok {
					var diags diag.Diagnostics
					rs, diags = load.LoadFile(sc.Ruleset, stdlib.Library())
					if rs == nil {
						fmt.Fprintf(out, "FAIL %s: its ruleset has errors\n", f)
						printDiagnostics(out, diags, false)
						failed++
						continue
					}
					cache[sc.Ruleset] = rs
				}
				o := scenario.Options{Library: stdlib.Library()}
				if covRS != nil && rs.Name == covRS.Name {
					o.Coverage = cov
					covered++
				} else if covRS != nil {
					continue
				}
				res, err := scenario.RunWith(rs, sc, o)
				if err != nil {
					fmt.Fprintf(out, "FAIL %s\n  %s\n", f, indentLines(err.Error()))
					failed++
					continue
				}
				golden := strings.TrimSuffix(f, filepath.Ext(f)) + ".golden"
				ok = res.Passed()
				var msgs []string
				msgs = append(msgs, res.Failures...)
				if res.Stopped.Line > 0 {
					msgs = append(msgs, fmt.Sprintf("%s: not run, nor any step after it: the game stays where the first failure was found", res.Stopped))
				}
				if update && !ok {
					// a failing scenario's run is cut short where it failed:
					// it is shown, not kept as the golden
					msgs = append(msgs, "golden file not written, as the scenario fails; its run up to the failure:\n"+source.Printable(res.Output))
				} else if update {
					// the review: a golden that changes is shown, to be read
					// before it is committed
					if old, err := source.ReadFile(golden); err != nil || string(old) != res.Output {
						if werr := writeGolden(golden, res.Output); werr != nil {
							// the scenario fails, and the rest are run
							ok = false
							msgs = append(msgs, "golden file not updated: "+werr.Error())
						} else {
							what := "new golden file; read it"
							if err == nil {
								what = "golden file changed; read the change:\n" + source.Printable(string(diff.Diff(golden, old, "now", []byte(res.Output))))
							}
							fmt.Fprintf(out, "UPDATED %s\n  %s\n", golden, indentLines(what))
						}
					}
				} else if want, err := source.ReadFile(golden); err != nil {
					ok = false
					if _, serr := os.Lstat(golden); serr == nil {
						// there, but not a file to read (a pipe, a folder)
						msgs = append(msgs, err.Error())
					} else {
						msgs = append(msgs, fmt.Sprintf("no golden file %s (run with --update, then read it)", golden))
					}
				} else if string(want) != res.Output {
					ok = false
					msgs = append(msgs, source.Printable(string(diff.Diff(golden, want, "got", []byte(res.Output)))))
				}
				if ok {
					passed++
					fmt.Fprintf(out, "ok   %s\n", f)
				} else {
					failed++
					fmt.Fprintf(out, "FAIL %s\n", f)
					for _, m := range msgs {
						fmt.Fprintf(out, "  %s\n", indentLines(m))
					}
				}
			}
			if covRS != nil && covered == 0 {
				// nothing measured is no coverage of 0%
				return &exitError{code: 2, msg: fmt.Sprintf("arbiter test: no scenario given plays %s, so --coverage %s has nothing to measure", covRS.Name, covRS.Name)}
			}
			if covRS != nil {
				printCoverage(out, covRS, cov)
			}
			fmt.Fprintf(out, "%d passed, %d failed\n", passed, failed)
			if failed > 0 {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&update, "update", false, "rewrite the golden files")
	cmd.Flags().StringVar(&coverage, "coverage", "", "report which rules of GAME no scenario exercised")
	return cmd
}

// writeGolden replaces a golden file through a temporary file, so an
// interrupted update never leaves half a golden.
func writeGolden(path, content string) error {
	mode := os.FileMode(0o644)
	if st, err := os.Lstat(path); err == nil {
		if st.Mode()&os.ModeSymlink != 0 {
			// the user keeps the golden file elsewhere: the link and the file
			// it leads to are theirs, and what they share is their choice
			to, _ := os.Readlink(path)
			return fmt.Errorf("%s is a symbolic link (to %s), and a golden file replaces only a regular file: it is left as it is (update the file it leads to, or put the file in the link's place)", path, to)
		}
		if !st.Mode().IsRegular() {
			// a folder or a device where the golden file goes: not ours
			return fmt.Errorf("%s is not a regular file, and a golden file replaces only one: it is left as it is", path)
		}
		if st.Mode().Perm()&0o222 == 0 {
			return fmt.Errorf("%s is read-only; it is left as it is", path)
		}
		mode = st.Mode().Perm() // a golden file it replaces keeps its mode
	}
	old, err := source.ReadFile(path)
	if _, serr := os.Lstat(path); serr == nil && err != nil {
		// there, but not to be read (too big, say): not known to be a
		// golden file, so not ours to replace
		return fmt.Errorf("%v, so it is not known to be a golden file that arbiter test wrote: it is left as it is", err)
	}
	if err == nil && !isGolden(old) {
		// a file of the user's own that has the golden file's name
		return fmt.Errorf("%s is not a golden file that arbiter test wrote (it has no final state), and a golden file replaces only one: it is left as it is (move it away, or delete it)", path)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".golden-*")
	if err != nil {
		return err
	}
	if _, err := tmp.WriteString(content); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	// on the disk before it takes the golden file's name: a crash then
	// leaves the old golden file or the new one, never an empty one
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), mode); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cannot write %s: %v", path, errors.Unwrap(err))
	}
	return nil
}

// isGolden reports whether a file's content is a golden file as arbiter
// test writes them: every one has a final state.
func isGolden(b []byte) bool {
	return bytes.HasPrefix(b, []byte("== final state\n")) || bytes.Contains(b, []byte("\n== final state\n"))
}

// indentLines indents the lines after the first of a message by two spaces,
// under the first, which the caller indents.
func indentLines(m string) string {
	return strings.ReplaceAll(strings.TrimRight(m, "\n"), "\n", "\n  ")
}

func printCoverage(w interface{ Write([]byte) (int, error) }, rs *model.Ruleset, cov map[string]int) {
	report := func(parts []string, what, verb string) {
		var missed []string
		for _, p := range parts {
			if cov[p] == 0 {
				missed = append(missed, p)
			}
		}
		sort.Strings(missed)
		pct := 100.0
		if len(parts) > 0 {
			pct = 100 * float64(len(parts)-len(missed)) / float64(len(parts))
		}
		fmt.Fprintf(w, "coverage of %s: %d of %d %s %s (%.1f%%)\n", rs.Name, len(parts)-len(missed), len(parts), what, verb, pct)
		cwd, _ := os.Getwd()
		for _, m := range missed {
			if cwd != "" {
				m = strings.Replace(m, cwd+string(filepath.Separator), "", 1)
			}
			fmt.Fprintf(w, "  not %s: %s\n", verb, m)
		}
	}
	report(engine.RuleParts(rs), "rule parts", "exercised")
	// the ways of each if and the options of each choice, cards' included
	report(engine.BranchParts(rs), "branches", "taken")
}

// fileExists reports whether path names a file.
func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir()
}
