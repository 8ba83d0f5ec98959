package scenario

import (
	"io/fs"
	"path/filepath"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/source"
)

// Find lists the scenario files under a folder: YAML files whose top level has
// `ruleset` or `steps` (one misspelt, the file is still run, and fails with
// its mistake, rather than left out of a run that passes), and the YAML
// files that cannot be read. Folders named invalid are skipped.
func Find(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "invalid" || d.Name() == "fuzz" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".yaml") && !strings.HasSuffix(path, ".yml") {
			return nil
		}
		if _, err := source.ReadFile(path); err != nil || IsScenario(path) {
			// one that cannot be read (a link to nothing, say) may be a
			// scenario: it is run, and fails with the reason, rather than
			// left out of a run that passes
			out = append(out, path)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// IsScenario reports whether a file looks like a scenario.
func IsScenario(path string) bool {
	b, err := source.ReadFile(path)
	if err != nil {
		return false
	}
	s := "\n" + strings.ReplaceAll(string(b), "\r\n", "\n")
	// no ruleset or card file has either key at its top level
	return strings.Contains(s, "\nruleset:") || strings.Contains(s, "\nsteps:")
}
