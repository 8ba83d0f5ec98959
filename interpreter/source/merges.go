package source

import "go.yaml.in/yaml/v3"

// ExpandMerges writes out YAML's merge keys, <<: *base or <<: [*a, *b], in
// the mappings that have them: each key of the merged mappings that the
// mapping does not write itself is added to it, with its value as written
// at the anchor, so that a mistake in a merged value is told where it is
// written. Keys written in the mapping win over merged ones, and among
// several merged mappings the first wins, as YAML says. A merge of
// anything but mappings is reported and left out. It runs after
// CutSelfAliases: no alias leads back into itself.
func (r *Reader) ExpandMerges(root *yaml.Node) {
	done := map[*yaml.Node]bool{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || n.Kind == yaml.AliasNode || done[n] {
			return
		}
		done[n] = true
		for _, c := range n.Content {
			walk(c)
		}
		if n.Kind != yaml.MappingNode {
			return
		}
		var merged []*yaml.Node // the key-value pairs merged in, in order
		keep := n.Content[:0:0]
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if !isMergeKey(k) {
				keep = append(keep, k, v)
				continue
			}
			sources := []*yaml.Node{v}
			if rv := ResolveAlias(v); rv != nil && rv.Kind == yaml.SequenceNode {
				sources = rv.Content
			}
			for _, s := range sources {
				m := ResolveAlias(s)
				if m == nil || m.Kind != yaml.MappingNode {
					// told at the merge, where the mistake is made
					r.Errorf(k, "bad-value", "", "a merge (<<) takes a mapping, or a list of mappings, written with anchors (<<: *base); found %s", KindName(m))
					break
				}
				walk(m) // its own merges first
				merged = append(merged, m.Content...)
			}
		}
		if merged == nil && len(keep) == len(n.Content) {
			return
		}
		has := map[string]bool{}
		for i := 0; i+1 < len(keep); i += 2 {
			has[keep[i].Value] = true
		}
		for i := 0; i+1 < len(merged); i += 2 {
			if k := merged[i]; !has[k.Value] {
				has[k.Value] = true
				keep = append(keep, k, merged[i+1])
			}
		}
		n.Content = keep
	}
	walk(root)
}

// isMergeKey reports whether a mapping's key is YAML's merge key, <<
// unquoted.
func isMergeKey(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && (k.Tag == "!!merge" || k.Value == "<<" && k.Style == 0)
}
