package source

import "go.yaml.in/yaml/v3"

// CutSelfAliases finds the aliases used inside the node their anchor names
// (do: &loop [{if: {then: *loop}}]): such a value holds itself, and
// reading it would never end. Each is reported at the alias and replaced by
// an empty value of its anchor's kind, so that the rest of the file is read.
//
// An alias names an anchor written before it, so a value that holds itself,
// however many aliases lie between, holds an alias inside its own anchor:
// the walk looks at the aliases within each anchored node, not into them.
func (r *Reader) CutSelfAliases(n *yaml.Node) {
	var open []*yaml.Node // the nodes being walked, outermost first
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil {
			return
		}
		if n.Kind == yaml.AliasNode {
			for _, o := range open {
				if o == n.Alias {
					r.Errorf(n, "bad-value", "", "the alias *%s is used inside the value its anchor &%s names, which would then hold itself for ever: write the value out again there (steps repeated are better made a procedure and called)", n.Value, n.Value)
					// an empty value of the anchor's kind: an empty list
					// of steps says nothing more
					empty := yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: n.Line, Column: n.Column}
					switch o.Kind {
					case yaml.SequenceNode:
						empty.Kind, empty.Tag, empty.Style = yaml.SequenceNode, "!!seq", yaml.FlowStyle
					case yaml.MappingNode:
						empty.Kind, empty.Tag, empty.Style = yaml.MappingNode, "!!map", yaml.FlowStyle
					}
					*n = empty
					return
				}
			}
			return
		}
		open = append(open, n)
		for _, c := range n.Content {
			walk(c)
		}
		open = open[:len(open)-1]
	}
	walk(n)
}
