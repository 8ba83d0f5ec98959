package load

import (
	"os"
	"path/filepath"
)

// FindRuleset finds the file of a ruleset by its game's name: the first
// rulesets/<name>.yaml in each folder given or a folder above it, the folders
// tried in order. It returns "" when there is none.
func FindRuleset(name string, dirs ...string) string {
	for _, dir := range dirs {
		dir, err := filepath.Abs(dir)
		if err != nil {
			continue
		}
		for {
			cand := filepath.Join(dir, "rulesets", name+".yaml")
			if st, err := os.Stat(cand); err == nil && !st.IsDir() {
				return cand
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return ""
}
