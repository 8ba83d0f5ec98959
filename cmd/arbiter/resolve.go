package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"github.com/arbiter-games/arbiter/stdlib"
)

// rulesetPath finds a ruleset file from a game name or a path.
func rulesetPath(game string) (string, error) {
	if k, ok := gameFileKind(game); ok {
		// a save or a log named where a game goes: --load takes it
		also := ""
		if k == kindLog {
			also = fmt.Sprintf(", and arbiter replay %s shows it", game)
		}
		return "", fmt.Errorf("%s is a %s, not a game: arbiter play --load %s resumes its game%s", game, k, game, also)
	}
	if strings.HasSuffix(game, ".yaml") || strings.ContainsRune(game, os.PathSeparator) {
		st, err := os.Stat(game)
		if err != nil {
			hint := ""
			if name := strings.TrimSuffix(filepath.Base(game), ".yaml"); name != "" && !strings.ContainsRune(game, os.PathSeparator) {
				hint = fmt.Sprintf(" (a game is named by its name, %s, or by the path of its ruleset, rulesets/%s.yaml)", name, name)
			}
			return "", fmt.Errorf("%s: %v%s", game, cause(err), hint)
		}
		if st.IsDir() {
			return "", fmt.Errorf("%s is a folder; name a ruleset file, a .yaml file%s", game, rulesetsIn(game))
		}
		if !st.Mode().IsRegular() {
			// nothing to validate or fix in it: validate would say the same
			return "", fmt.Errorf("%s is not a regular file (a device, a pipe or a socket); name a ruleset file, a .yaml file", game)
		}
		return game, nil
	}
	if cand := load.FindRuleset(game, mustWd()); cand != "" {
		if rel, err := filepath.Rel(mustWd(), cand); err == nil {
			return rel, nil
		}
		return cand, nil
	}
	if p, err := builtinRuleset(game); p != "" || err != nil {
		return p, err
	}
	return "", fmt.Errorf("no ruleset %q: looked for rulesets/%s.yaml here and in the folders above, and among the games that come with arbiter (%s)", game, game, strings.Join(builtinGames(), ", "))
}

// rulesetsIn names the rulesets a folder holds, directly or in its
// rulesets folder, for a message: " (here: a.yaml, b.yaml)", or "".
func rulesetsIn(dir string) string {
	var names []string
	for _, d := range []string{dir, filepath.Join(dir, "rulesets")} {
		ms, _ := filepath.Glob(filepath.Join(d, "*.yaml"))
		for _, m := range ms {
			if b, err := source.ReadFile(m); err == nil && !load.IsCardFile(b) && len(names) < 5 {
				names = append(names, m)
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	return " (such as " + strings.Join(names, ", ") + ")"
}

// savedGamePath finds the ruleset of a game a save or a replay log names
// (from, the file): by its name alone, never as a path, since the name is
// the file's word and not the user's.
func savedGamePath(name, from string) (string, error) {
	plain := name != "" && !strings.ContainsAny(name, `/\`) && !strings.HasSuffix(name, ".yaml") && !hasControl(name)
	if plain {
		if cand := load.FindRuleset(name, mustWd()); cand != "" {
			if rel, err := filepath.Rel(mustWd(), cand); err == nil {
				return rel, nil
			}
			return cand, nil
		}
		if p, err := builtinRuleset(name); p != "" || err != nil {
			return p, err
		}
	}
	return "", fmt.Errorf("%s is a game of %q, and no ruleset of that name is here (rulesets/NAME.yaml, in this folder or those above) nor among the games that come with arbiter: name its ruleset (arbiter play PATH/TO/RULESET.yaml --load %s, or arbiter replay %s --game PATH/TO/RULESET.yaml)", from, name, from, from)
}

// hasControl reports a character a terminal would not print as text.
func hasControl(s string) bool {
	_, bad := source.ControlIn(s)
	return bad
}

func mustWd() string {
	wd, _ := os.Getwd()
	return wd
}

// loadGame loads a ruleset by name or path; diagnostics are printed on failure.
func loadGame(game string) (*model.Ruleset, error) {
	rs, _, err := findGame(game)
	return rs, err
}

// findGame is loadGame that also gives the file it read.
func findGame(game string) (*model.Ruleset, string, error) {
	path, err := rulesetPath(game)
	if err != nil {
		return nil, "", &exitError{code: 2, msg: "arbiter: " + err.Error()}
	}
	rs, err := loadRulesetAt(path)
	return rs, path, err
}

// findSavedGame loads the ruleset of the game a save or a replay log
// (from) names, by name only, and gives the file it read.
func findSavedGame(name, from string) (*model.Ruleset, string, error) {
	path, err := savedGamePath(name, from)
	if err != nil {
		return nil, "", &exitError{code: 2, msg: "arbiter: " + err.Error()}
	}
	rs, err := loadRulesetAt(path)
	return rs, path, err
}

// otherVersion is the error for a save or a replay log (path) recorded
// under another version (hash) of its game than rs, read from rsPath; done
// is what was recorded ("the save was made"). The ruleset file is named:
// a rulesets/NAME.yaml found from here hides the game of that name that
// comes with arbiter, which may be the version the game was recorded
// with; then the command that uses it is named too (again, given the
// built-in ruleset's path).
func otherVersion(path, done string, rs *model.Ruleset, rsPath, hash string, again func(builtin string) string) error {
	msg := fmt.Sprintf("%s: %s with another version of %s (ruleset hash %s; %s, read now, has %s): its rules or cards have changed since", path, done, rs.Name, hash, rsPath, rs.Hash)
	if bp, err := builtinRuleset(rs.Name); err == nil && bp != "" && !sameFile(bp, rsPath) {
		if b, _ := load.LoadFile(bp, stdlib.Library()); b != nil && b.Hash == hash {
			msg += fmt.Sprintf("; the %s that comes with arbiter is the version it was recorded with, and %s hides it from this folder: %s uses it (or run the command from a folder outside this project)", rs.Name, rsPath, again(bp))
		}
	}
	return errors.New(msg)
}

func loadRulesetAt(path string) (*model.Ruleset, error) {
	rs, diags := load.LoadFile(path, stdlib.Library())
	if rs == nil {
		return nil, &exitError{code: 1, msg: fmt.Sprintf("arbiter: %s has errors; fix them first (arbiter validate %s)", path, path), diags: diags}
	}
	return rs, nil
}
