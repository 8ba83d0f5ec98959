package source

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/diag"
)

// TestExpandMerges: a merge key adds the keys its mappings have and the
// mapping does not write; written keys win, and the first of several
// merged mappings wins; a merge of anything else is told at the merge.
func TestExpandMerges(t *testing.T) {
	for _, tc := range []struct{ name, in, want, err string }{
		{"one mapping", "base: &b {a: 1, b: 2}\nx: {<<: *b, b: 3}", "base: {a: 1, b: 2}\nx: {b: 3, a: 1}", ""},
		{"the first of several wins", "p: &p {a: 1}\nq: &q {a: 2, c: 3}\nx: {<<: [*p, *q]}", "p: {a: 1}\nq: {a: 2, c: 3}\nx: {a: 1, c: 3}", ""},
		{"a merged mapping's own merges", "p: &p {a: 1}\nq: &q {<<: *p, b: 2}\nx: {<<: *q}", "p: {a: 1}\nq: {b: 2, a: 1}\nx: {b: 2, a: 1}", ""},
		{"a block mapping", "base: &b\n  a: 1\nx:\n  <<: *b\n  c: 2", "base:\n    a: 1\nx:\n    c: 2\n    a: 1", ""},
		{"a quoted << is a key", "x: {'<<': 1}", "x: {'<<': 1}", ""},
		{"a list is no mapping", "l: &l [1, 2]\nx: {<<: *l}", "l: [1, 2]\nx: {}", "2:5: a merge (<<) takes a mapping"},
		{"a number is no mapping", "x: {<<: 3, a: 1}", "x: {a: 1}", "1:5: a merge (<<) takes a mapping"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc yaml.Node
			require.NoError(t, yaml.Unmarshal([]byte(tc.in), &doc))
			var diags diag.Diagnostics
			r := &Reader{File: "f.yaml", Src: []byte(tc.in), Diags: &diags}
			r.CutSelfAliases(doc.Content[0])
			r.ExpandMerges(doc.Content[0])
			if tc.err == "" {
				require.Empty(t, diags)
			} else {
				require.Len(t, diags, 1)
				require.Contains(t, diags[0].Pos.String()+": "+diags[0].Message, tc.err)
			}
			// written out without the anchors, to compare the values alone
			var strip func(n *yaml.Node)
			strip = func(n *yaml.Node) {
				n.Anchor = ""
				if n.Kind == yaml.AliasNode {
					*n = *n.Alias
				}
				for _, c := range n.Content {
					strip(c)
				}
			}
			strip(doc.Content[0])
			out, err := yaml.Marshal(doc.Content[0])
			require.NoError(t, err)
			require.Equal(t, tc.want, strings.TrimSpace(string(out)))
		})
	}
}
