package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/stdlib"
)

func newValidateCmd() *cobra.Command {
	var format string
	var strict, fix bool
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Check rulesets, card files and scenarios; report every problem at once",
		Long: `Validate loads each ruleset (with its card files) and each scenario, and
prints every problem as file:line:col: severity: message [code], with the
line and a caret. PATH is a file, a folder (every YAML file in it) or a game
name. A card file (told apart by its content) is checked with the ruleset
that reads it, found in the card file's folder or up to two folders above it
(or in a rulesets folder there). Exit status: 0 clean, 1 errors (or warnings with --strict), 2 usage or
I/O errors.

With --fix, validate applies every machine-applicable fix it found (a
renamed argument, a first-edition spelling) to the ruleset, card and scenario
files it validated, prints each change as file:line:col: old -> new [code],
then validates again and reports what is left. A file is rewritten whole
through a temporary file, never left half written.`,
		Args: minArgs(1, "a ruleset, card file or scenario"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return &exitError{code: 2, msg: "arbiter validate: --format is text or json"}
			}
			diags, own, pathErr := validatePaths(args)
			if pathErr != nil && len(own) == 0 && len(diags) == 0 {
				if format == "json" {
					// a tool reads JSON whatever went wrong
					writeJSONDiagnostics(cmd.OutOrStdout(), unreadDiags(pathErr, args))
					return &exitError{code: 2}
				}
				return &exitError{code: 2, msg: "arbiter validate: " + pathErr.Error()}
			}
			var fixErr error // a file --fix could not write: said after the problems
			if fix {
				changed, err := applyFixes(cmd.OutOrStdout(), diags, own)
				fixErr = err
				if changed {
					sourceCache = map[string][]string{}
					diags, _, pathErr = validatePaths(args)
				}
			}
			// the paths that could not be read are said last, after the
			// problems of those that could, and make the exit status 2
			var unread error
			if pathErr != nil {
				unread = &exitError{code: 2, msg: "arbiter validate: " + strings.ReplaceAll(pathErr.Error(), "\n", "\narbiter validate: ")}
			}
			diags.Sort()
			if format == "json" {
				all := diags
				if pathErr != nil {
					all = append(append(diag.Diagnostics{}, diags...), unreadDiags(pathErr, args)...)
				}
				writeJSONDiagnostics(cmd.OutOrStdout(), all)
				if unread != nil {
					unread = &exitError{code: 2} // said in the JSON
				}
			} else {
				printDiagnostics(cmd.ErrOrStderr(), diags, true)
			}
			errs, warns := count(diags)
			if format == "text" {
				switch {
				case errs+warns > 0:
					fmt.Fprintf(cmd.ErrOrStderr(), "%d error(s), %d warning(s)\n", errs, warns)
				case unread == nil:
					fmt.Fprintln(cmd.OutOrStdout(), "ok: no problems found")
				default:
					fmt.Fprintln(cmd.OutOrStdout(), "no problems found in the files that could be read")
				}
			}
			if fixErr != nil {
				// each file --fix could not write, and each path that could
				// not be read, on a line of its own
				msg := "arbiter validate: " + strings.ReplaceAll(fixErr.Error(), "\n", "\narbiter validate: ")
				if unread != nil {
					msg += "\n" + unread.Error()
				}
				return &exitError{code: 2, msg: msg}
			}
			if unread != nil {
				return unread
			}
			for _, d := range diags {
				if d.Code == "io" {
					// a file that could not be read (a device, a folder
					// where a file was named) is an I/O error: exit 2
					return &exitError{code: 2}
				}
			}
			if errs > 0 || (strict && warns > 0) {
				return &exitError{code: 1}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail on warnings too")
	cmd.Flags().BoolVar(&fix, "fix", false, "apply the fixes of the diagnostics to the files validated, then validate again")
	return cmd
}

func count(ds diag.Diagnostics) (errs, warns int) {
	for _, d := range ds {
		if d.Severity == diag.SeverityError {
			errs++
		} else {
			warns++
		}
	}
	return
}

// applyFixes applies the fixes of ds to the files of own (and no other),
// printing each change; it says whether a file changed.
func applyFixes(w io.Writer, ds diag.Diagnostics, own []string) (bool, error) {
	changed := false
	var errs []error
	for _, file := range own {
		src, err := source.ReadFile(file)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out, applied := diag.ApplyFixes(file, src, ds)
		if len(applied) == 0 || string(out) == string(src) {
			continue
		}
		if err := writeFileAtomic(file, out); err != nil {
			// the other files are still fixed; this one is said at the end
			errs = append(errs, err)
			continue
		}
		changed = true
		for _, a := range applied {
			fmt.Fprintf(w, "fixed %s:%s\n", file, a)
		}
	}
	return changed, errors.Join(errs...)
}

// writeFileAtomic replaces a file's content through a temporary file in the
// same folder and a rename, keeping its permissions. A path through a
// symbolic link writes the file the link names: the link stays a link.
func writeFileAtomic(path string, data []byte) error {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
		if mode&0o222 == 0 {
			return fmt.Errorf("%s is read-only; --fix leaves it as it is", path)
		}
	}
	// the temporary file is ours, not the user's: a failure names the file
	// that was to be fixed and why, as the system says it
	notFixed := func(err error) error {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		var le *os.LinkError
		if errors.As(err, &le) {
			err = le.Err
		}
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("%s is not fixed: its folder %s cannot be written (%v); --fix leaves it as it is", path, filepath.Dir(path), err)
		}
		return fmt.Errorf("%s is not fixed: %v; --fix leaves it as it is", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return notFixed(err)
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr, os.Chmod(name, mode)); err != nil {
		os.Remove(name)
		return notFixed(err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return notFixed(err)
	}
	return nil
}

// validatePaths validates every ruleset and scenario named or found under the
// paths. It also returns the files validated: the ruleset files, their card
// files and the scenario files, the only files --fix may rewrite.
func validatePaths(args []string) (diag.Diagnostics, []string, error) {
	var rulesets, scenarios []string
	var orphans diag.Diagnostics // card files no ruleset reads
	seen := map[string]bool{}
	add := func(list *[]string, p string) {
		// one file named two ways (rulesets/a.yaml, ./rulesets/a.yaml) is
		// checked once: its problems are not told twice
		key := filepath.Clean(p)
		if abs, err := filepath.Abs(p); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			*list = append(*list, p)
		}
	}
	var pathErrs []error // the paths that could not be read
	var classify func(p string) error
	classify = func(p string) error {
		st, err := os.Stat(p)
		if err != nil {
			if !strings.ContainsRune(p, os.PathSeparator) && !strings.HasSuffix(p, ".yaml") {
				rp, rerr := rulesetPath(p)
				if rerr == nil {
					add(&rulesets, rp)
					return nil
				}
				return rerr
			}
			return fmt.Errorf("%s: no such file or folder", p)
		}
		if st.IsDir() {
			found := false
			err := filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if !d.IsDir() && strings.HasSuffix(q, ".yaml") {
					found = true
					// a file of the folder that cannot be read (a dangling
					// link) is said, and the others are checked all the same
					if err := classify(q); err != nil {
						pathErrs = append(pathErrs, err)
					}
				}
				return nil
			})
			if err == nil && !found {
				// nothing checked is no "no problems found"
				return fmt.Errorf("%s holds no .yaml file to validate", p)
			}
			return err
		}
		if k, ok := gameFileKind(p); ok {
			// a saved game or a replay log is not a ruleset to check
			return fmt.Errorf("%s is a %s, not a ruleset or a scenario: arbiter play --load %s resumes its game, and arbiter replay checks a replay log", p, k, p)
		}
		switch kindOf(p) {
		case "scenario":
			add(&scenarios, p)
		case "cards":
			// a card file is checked with the ruleset that reads it
			if rp, looked := rulesetOfCards(p); rp != "" {
				add(&rulesets, rp)
			} else if !seen[p] {
				seen[p] = true
				orphans = append(orphans, diag.Diagnostic{Severity: diag.SeverityError, Code: "no-ruleset", Pos: diag.Pos{File: p, Line: 1, Column: 1},
					Message: "this is a card file, and no ruleset that reads it was found; a card file is checked with its ruleset",
					Detail:  "a ruleset reads the .yaml files of the folders its cards: list names, or else of ../cards/<name>/ from its own folder, or else the card files beside it; rulesets were looked for in " + looked})
			}
		default:
			add(&rulesets, p)
		}
		return nil
	}
	// a path that cannot be read is said, and the others are validated all
	// the same: one missing file does not hide the problems of the rest
	for _, a := range args {
		if err := classify(a); err != nil {
			pathErrs = append(pathErrs, err)
		}
	}
	all := orphans
	var own []string
	for _, r := range rulesets {
		_, diags := load.LoadFile(r, stdlib.Library())
		all = append(all, diags...)
		for _, f := range load.OwnFiles(r) {
			if !slices.Contains(own, f) {
				own = append(own, f)
			}
		}
	}
	// a ruleset named and read by a scenario too has its problems told once
	told := map[string]bool{}
	for _, r := range rulesets {
		if a, err := filepath.Abs(r); err == nil {
			told[a] = true
		}
	}
	for _, s := range scenarios {
		all = append(all, validateScenarioWith(s, told)...)
		if !slices.Contains(own, filepath.Clean(s)) {
			own = append(own, filepath.Clean(s))
		}
	}
	return all, own, errors.Join(pathErrs...)
}

// kindOf tells a ruleset, card file and scenario apart by their content.
func kindOf(path string) string {
	b, err := source.ReadFile(path)
	if err != nil {
		return "ruleset"
	}
	if load.IsCardFile(b) {
		return "cards"
	}
	// read as nodes: a key written twice is the scenario's mistake to
	// report, not a reason to read it as a ruleset
	var doc yaml.Node
	if yaml.Unmarshal(b, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		// a file YAML cannot read is a scenario when a line of its own
		// says so: no ruleset has a key ruleset or steps
		if scenarioKey.Match(b) {
			return "scenario"
		}
		return "ruleset"
	}
	top := doc.Content[0].Content
	has := func(key string) bool {
		for i := 0; i+1 < len(top); i += 2 {
			if top[i].Value == key {
				return true
			}
		}
		return false
	}
	// a ruleset has neither key: a scenario that lacks one of them (steps
	// not written yet) is still a scenario, whose missing key is said
	if has("steps") || has("ruleset") {
		return "scenario"
	}
	return "ruleset"
}

// scenarioKey finds a top-level key only a scenario has.
var scenarioKey = regexp.MustCompile(`(?m)^(?:ruleset|steps)[ \t]*:`)

// rulesetOfCards finds the ruleset that reads a card file: a ruleset file in
// the card file's folder or up to two folders above it, or in a rulesets
// folder there, whose card folders hold the card file. It also says where it
// looked.
func rulesetOfCards(card string) (ruleset, looked string) {
	abs, err := filepath.Abs(card)
	if err != nil {
		return "", ""
	}
	home := filepath.Dir(abs)
	var folders []string
	broken := "" // the first ruleset found that cannot be read
	dir := filepath.Dir(card)
	for up := 0; up < 3; up++ {
		for _, f := range []string{dir, filepath.Join(dir, "rulesets")} {
			f = filepath.Clean(f)
			if slices.Contains(folders, f) {
				continue
			}
			folders = append(folders, f)
			matches, _ := filepath.Glob(filepath.Join(f, "*.yaml"))
			sort.Strings(matches)
			for _, m := range matches {
				if kindOf(m) != "ruleset" {
					continue
				}
				dirs, _, err := load.CardFolders(m)
				if err == nil {
					var doc yaml.Node
					if b, rerr := source.ReadFile(m); rerr == nil && yaml.Unmarshal(b, &doc) != nil {
						err = errors.New("not YAML") // its card folders are not known
					}
				}
				if err != nil {
					// a ruleset that cannot be read may be this card
					// file's: its own errors are what to say, not that
					// the card file has no ruleset
					if broken == "" {
						broken = filepath.Clean(m)
					}
					continue
				}
				for _, d := range dirs {
					if da, err := filepath.Abs(d); err == nil && da == home {
						return filepath.Clean(m), ""
					}
				}
			}
		}
		dir = filepath.Join(dir, "..")
	}
	if broken != "" {
		return broken, ""
	}
	return "", strings.Join(folders, ", ")
}

func validateScenario(path string) diag.Diagnostics { return validateScenarioWith(path, nil) }

// validateScenarioWith is validateScenario where the problems of the
// rulesets told (by absolute path) are told already: a scenario whose
// ruleset is one of them and does not load says so in one line.
func validateScenarioWith(path string, told map[string]bool) diag.Diagnostics {
	sc, err := scenario.LoadPartial(path, scenario.WithGames(builtinRuleset))
	var ds diag.Diagnostics
	switch e := err.(type) {
	case nil:
	case diag.Diagnostics:
		return e
	case interface{ Unwrap() []error }:
		// every mistake of the file, each at its place
		for _, x := range e.Unwrap() {
			ds = append(ds, diagFromError(path, x))
		}
	default:
		return diag.Diagnostics{diagFromError(path, err)}
	}
	if sc == nil {
		return ds
	}
	// what was read is checked against the ruleset too: the mistakes of
	// the file are told in one go, not the second lot once the first is
	// mended
	rs, diags := load.LoadFile(shortPath(sc.Ruleset), stdlib.Library())
	if rs == nil {
		if len(ds) > 0 {
			return ds
		}
		if a, err := filepath.Abs(sc.Ruleset); err == nil && told[a] {
			return diag.Diagnostics{{Severity: diag.SeverityError, Code: "ruleset-errors", Pos: sc.RulesetPos(),
				Message: fmt.Sprintf("its ruleset %s does not load (its problems are listed with it); the scenario is checked against it once they are mended", shortPath(sc.Ruleset))}}
		}
		return diags
	}
	if err := scenario.Check(rs, sc); err != nil {
		if more, ok := err.(diag.Diagnostics); ok {
			ds = append(ds, more...)
		} else {
			ds = append(ds, diagFromError(path, err))
		}
	}
	ds.Sort()
	return ds
}

// shortPath is a path as the user would write it from the working folder,
// when it lies under it.
func shortPath(p string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(p) {
		return p
	}
	if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return p
}

// diagFromError turns "file:line:col: message" errors into diagnostics.
func diagFromError(path string, err error) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.SeverityError, Code: "bad-scenario", Pos: diag.Pos{File: path, Line: 1, Column: 1}, Message: err.Error()}
	var line, col int
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, path+":"); ok {
		if n, _ := fmt.Sscanf(rest, "%d:%d:", &line, &col); n == 2 {
			d.Pos.Line, d.Pos.Column = line, col
			if i := strings.Index(rest, ": "); i >= 0 {
				d.Message = rest[i+2:]
			}
		}
	}
	return d
}

// snippetLine is a source line as a diagnostic shows it, and the column of
// its caret there: tabs as spaces, bytes that are no printable text as ?,
// and a long line cut to the part around the column.
func snippetLine(src string, col int) (string, int) {
	runes := []rune(src)
	for i, r := range runes {
		switch {
		case r == '\t':
			runes[i] = ' '
		case r == utf8.RuneError || !unicode.IsPrint(r):
			runes[i] = '?'
		}
	}
	const width = 120
	if len(runes) <= width {
		return string(runes), col
	}
	from := max(min(col-1-width/2, len(runes)-width), 0)
	to := min(from+width, len(runes))
	out := string(runes[from:to])
	col -= from
	if from > 0 {
		out, col = "…"+out, col+1
	}
	if to < len(runes) {
		out += "…"
	}
	return out, col
}

var sourceCache = map[string][]string{}

func sourceLine(file string, line int) (string, bool) {
	lines, ok := sourceCache[file]
	if !ok {
		b, err := source.ReadFile(file)
		if err != nil {
			return "", false
		}
		// lines end as YAML ends them: a line feed, a carriage return
		// and a line feed, or a carriage return alone; a byte order
		// mark before the first is no text of it
		text := strings.TrimPrefix(string(b), "\uFEFF")
		text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
		lines = strings.Split(text, "\n")
		sourceCache[file] = lines
	}
	if line < 1 || line > len(lines) {
		return "", false
	}
	return lines[line-1], true
}

// printDiagnostics writes diagnostics as file:line:col: severity: message [code],
// optionally with the offending line and a caret.
func printDiagnostics(w io.Writer, ds diag.Diagnostics, snippet bool) {
	const limit = 200
	for i, d := range ds {
		if i == limit {
			fmt.Fprintf(w, "... and %d more\n", len(ds)-limit)
			break
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", d.Pos, d.Severity, d.Message, d.Code)
		if d.Detail != "" {
			fmt.Fprintf(w, "    %s\n", d.Detail)
		}
		if !snippet {
			continue
		}
		if src, ok := sourceLine(d.Pos.File, d.Pos.Line); ok && strings.TrimSpace(src) != "" {
			src, col := snippetLine(src, d.Pos.Column)
			fmt.Fprintf(w, "    %s\n    %s^\n", src, strings.Repeat(" ", max(col-1, 0)))
		}
	}
}

type jsonDiag struct {
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	EndLine   int      `json:"endLine"`
	EndColumn int      `json:"endColumn"`
	Severity  string   `json:"severity"`
	Code      string   `json:"code"`
	Message   string   `json:"message"`
	Path      string   `json:"path"`
	Fix       *jsonFix `json:"fix,omitempty"`
}

// jsonFix is a diagnostic's fix: replace from line:column up to (not
// including) endLine:endColumn with text.
type jsonFix struct {
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Text      string `json:"text"`
}

func writeJSONDiagnostics(w io.Writer, ds diag.Diagnostics) {
	out := make([]jsonDiag, 0, len(ds))
	for _, d := range ds {
		end := d.End
		if end.Line == 0 {
			end = d.Pos
		}
		jd := jsonDiag{File: d.Pos.File, Line: d.Pos.Line, Column: d.Pos.Column, EndLine: end.Line, EndColumn: end.Column, Severity: d.Severity.String(), Code: d.Code, Message: d.Message, Path: d.Path}
		if f := d.Fix; !f.IsZero() {
			jd.Fix = &jsonFix{Line: f.Pos.Line, Column: f.Pos.Column, EndLine: f.End.Line, EndColumn: f.End.Column, Text: f.Text}
		}
		out = append(out, jd)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File < out[j].File })
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(out)
}

// unreadDiags are the paths validate could not read, as diagnostics of
// code io for --format json: one per line of err, each naming the path
// given (args) it is about, when it is one.
func unreadDiags(err error, args []string) diag.Diagnostics {
	var out diag.Diagnostics
	for _, line := range strings.Split(err.Error(), "\n") {
		file := ""
		for _, a := range args {
			if strings.HasPrefix(line, a+": ") || strings.HasPrefix(line, a+" ") {
				file = a
				break
			}
		}
		out = append(out, diag.Diagnostic{Severity: diag.SeverityError, Code: "io", Pos: diag.Pos{File: file}, Message: line})
	}
	return out
}
