package load

import (
	"encoding/binary"
	"hash"
	"path/filepath"

	"go.yaml.in/yaml/v3"
)

// unplayedKeys are the keys whose values only describe: a change to them
// (or to a comment) leaves every game the same, so the ruleset's hash,
// which tells whether a saved game or a replay log still fits, ignores them.
var unplayedKeys = map[string]bool{"doc": true, "goal": true}

// hashFile adds a parsed file to the ruleset's hash: its name, then its
// YAML as written (kinds, tags, values, anchors and aliases), without
// comments and without unplayedKeys.
func hashFile(h hash.Hash, name string, doc *yaml.Node) {
	writeString(h, filepath.Base(name))
	hashNode(h, doc)
}

func hashNode(h hash.Hash, n *yaml.Node) {
	if n == nil {
		writeString(h, "nil")
		return
	}
	var kind [1]byte
	kind[0] = byte(n.Kind)
	h.Write(kind[:])
	writeString(h, n.Tag)
	writeString(h, n.Anchor)
	switch n.Kind {
	case yaml.AliasNode:
		// the anchor it names, not what it stands for: an alias written
		// many times is hashed once, where its anchor is
		writeString(h, n.Value)
	case yaml.ScalarNode:
		writeString(h, n.Value)
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Kind == yaml.ScalarNode && unplayedKeys[k.Value] {
				continue
			}
			hashNode(h, n.Content[i])
			hashNode(h, n.Content[i+1])
		}
	default:
		for _, c := range n.Content {
			hashNode(h, c)
		}
	}
	h.Write([]byte{0xff}) // the end of a node's content
}

func writeString(h hash.Hash, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
	h.Write([]byte(s))
}
