package load

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/source"
	"go.yaml.in/yaml/v3"
)

// CardFolders lists the folders a ruleset file reads its card files from
// (see LoadFile); flat is set when they are the card files beside it.
func CardFolders(path string) (dirs []string, flat bool, err error) {
	data, err := source.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	for _, d := range cardDirs(path, data) {
		dirs = append(dirs, filepath.Clean(d.dir))
		flat = flat || d.flat
	}
	return dirs, flat, nil
}

// OwnFiles lists the files a ruleset is read from: the ruleset file and the
// card files LoadFile reads with it.
func OwnFiles(path string) []string {
	files := []string{filepath.Clean(path)}
	data, err := source.ReadFile(path)
	if err != nil {
		return files
	}
	for _, d := range cardDirs(path, data) {
		for _, m := range yamlFiles(d.dir) {
			if filepath.Clean(m) == filepath.Clean(path) {
				continue
			}
			if d.flat {
				if b, err := source.ReadFile(m); err != nil || !IsCardFile(b) {
					continue
				}
			}
			files = append(files, filepath.Clean(m))
		}
	}
	return files
}

// cardsWhere says in words where a ruleset's cards were looked for.
func cardsWhere(dirs []cardDir, files int) string {
	found := fmt.Sprintf("%d card files", files)
	if files == 1 {
		found = "1 card file"
	}
	if len(dirs) == 0 {
		return "the ruleset reads no card files: its cards: list is empty"
	}
	if dirs[0].flat {
		return fmt.Sprintf("cards are read from the card files beside the ruleset in %s (found %s), as it has no cards: list and there is no folder %s",
			filepath.Clean(dirs[0].dir), found, filepath.Clean(dirs[0].dflt))
	}
	if !dirs[0].named {
		return fmt.Sprintf("cards are read from the .yaml files of %s (found %s), as the ruleset has no cards: list", filepath.Clean(dirs[0].dir), found)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, filepath.Clean(d.dir))
	}
	return fmt.Sprintf("cards are read from the .yaml files of the folders of the ruleset's cards: list, %s (found %s)", diag.JoinNames(names), found)
}

// IsCardFile tells a card file from a ruleset or a scenario by its content:
// a mapping with cards or decks and none of the keys a ruleset (name, zones,
// turn, ...) or a scenario (ruleset, steps) must have. The keys are read
// even from a file YAML refuses (a key written twice, a bad indent), so
// that a card file with a mistake is checked as a card file, not as a
// ruleset missing everything.
func IsCardFile(data []byte) bool {
	keys := topKeys(data)
	for _, k := range []string{"name", "zones", "turn", "properties", "ruleset", "steps"} {
		if keys[k] {
			return false
		}
	}
	for _, k := range []string{"cards", "decks", "procedures", "predicates"} {
		if keys[k] {
			return true
		}
	}
	return false
}

// isRulesetOrScenario tells a file that is surely no card file: a ruleset
// (it has zones or turn) or a scenario (ruleset or steps).
func isRulesetOrScenario(data []byte) bool {
	keys := topKeys(data)
	return keys["zones"] || keys["turn"] || keys["ruleset"] || keys["steps"]
}

// topKeys are the keys of a file's top-level mapping: as YAML reads them
// (a key written twice is no reason not to), or, from a file YAML cannot
// read, the lines that begin with a key and a colon.
func topKeys(data []byte) map[string]bool {
	keys := map[string]bool{}
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) == nil {
		if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
			return keys
		}
		top := doc.Content[0].Content
		for i := 0; i+1 < len(top); i += 2 {
			keys[top[i].Value] = true
		}
		return keys
	}
	for _, line := range strings.Split(string(data), "\n") {
		if k, _, ok := strings.Cut(line, ":"); ok && k != "" && !strings.ContainsAny(k[:1], " \t#-") && !strings.ContainsAny(k, " \t\"'{[") {
			keys[k] = true
		}
	}
	return keys
}

type cardDir struct {
	dir   string
	text  string // as written in the ruleset
	named bool   // written in the ruleset, not the default
	flat  bool   // the card files beside the ruleset: the default folder does not exist
	dflt  string // for flat: the default folder that does not exist
	pos   diag.Pos
}

// cardDirs finds the card folders of a ruleset: its `cards:` list, or cards/<name>.
// A ruleset that does not parse has none: its syntax error is the news.
func cardDirs(path string, data []byte) []cardDir {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	base := filepath.Dir(path)
	root := doc.Content[0]
	name := ""
	var out []cardDir
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], source.ResolveAlias(root.Content[i+1])
		switch k.Value {
		case "name":
			name = v.Value
		case "cards":
			if v.Kind != yaml.SequenceNode {
				return nil // reported by the loader as a type mismatch
			}
			for _, item := range v.Content {
				if item.Kind == yaml.ScalarNode {
					col := item.Column
					if item.Style == yaml.DoubleQuotedStyle || item.Style == yaml.SingleQuotedStyle {
						col++
					}
					dir := item.Value
					if !filepath.IsAbs(dir) {
						dir = filepath.Join(base, dir)
					}
					out = append(out, cardDir{dir: dir, text: item.Value, named: true, pos: diag.Pos{File: path, Line: item.Line, Column: col}})
				}
			}
			return out
		}
	}
	if name == "" {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	dflt := filepath.Join(base, "..", "cards", name)
	if st, err := os.Stat(dflt); err != nil || !st.IsDir() {
		return []cardDir{{dir: base, flat: true, dflt: dflt}}
	}
	return []cardDir{{dir: dflt}}
}

// yamlFiles lists the YAML files of a folder, .yaml and .yml alike, sorted.
func yamlFiles(dir string) []string {
	matches, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	yml, _ := filepath.Glob(filepath.Join(dir, "*.yml"))
	matches = append(matches, yml...)
	sort.Strings(matches)
	return matches
}
