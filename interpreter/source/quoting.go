package source

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"go.yaml.in/yaml/v3"
)

// YAML reads some values otherwise than a designer means them, and says so,
// when it says anything, in its own terms. The traps, each reported as
// needs-quotes with the value written the way that works:
//
//   - inside {...} a comma ends a value: {count: max(1, you.gold)} is the key
//     count with the value "max(1" and a key " you.gold)" (no YAML error);
//   - ": " (a colon then a space) in a value without quotes starts a mapping:
//     doc: Two players: the first wins, {count: x > 0 ? 1 : 2};
//   - a value that starts with a quote ends at the closing quote:
//     filter: 'red' == card.color;
//   - a value that starts with { is a mapping, [ a list: log: {you} wins,
//     and log: {you} alone is the mapping {you: null}, read without an error
//     by YAML and refused later for reasons that do not name the quotes.
//
// The first three and a text after {...} break the YAML: SyntaxPitfall explains
// the syntax error. A comma splitting a value is found in the parsed tree by
// RepairFlowSplits, and {name} alone by braceTexts once the loader has refused it.

// quotePitfall is a value YAML reads otherwise than written.
type quotePitfall struct {
	key    string // the key the value belongs to; "" for an item of a list
	start  int    // byte offset of the value in its line
	at     int    // byte offset the diagnostic points at
	value  string // the value as meant
	reason string
}

func (q quotePitfall) message() string {
	what := "the value of " + q.key
	if q.key == "" {
		what = "the value"
	}
	fix := quoted(q.value)
	if q.key != "" {
		fix = q.key + ": " + fix
	}
	return fmt.Sprintf("%s %s; put the whole value in quotes: %s", what, q.reason, fix)
}

// Quoted writes a value in the quotes that keep it whole, as the
// needs-quotes messages write it.
func Quoted(v string) string { return quoted(v) }

// quoted writes a value in the quotes that keep it whole: double quotes, or
// single ones when it holds a double quote (a single quote doubled inside).
func quoted(v string) string {
	if !strings.Contains(v, `"`) && !strings.Contains(v, `\`) {
		return `"` + v + `"`
	}
	return "'" + strings.ReplaceAll(v, "'", "''") + "'"
}

// skipQuoted returns the offset after the quoted text that starts at i, or
// -1 when it is not closed on the line.
func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case q == '"' && s[j] == '\\':
			j++
		case s[j] == q && q == '\'' && j+1 < len(s) && s[j+1] == '\'':
			j++
		case s[j] == q:
			return j + 1
		}
	}
	return -1
}

// skipFlow returns the offset after the flow collection that starts at i, or
// -1 when it is not closed on the line.
func skipFlow(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\'', '"':
			e := skipQuoted(s, j)
			if e < 0 {
				return -1
			}
			j = e - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

var nextKeyRE = regexp.MustCompile(`^\s*[A-Za-z_][A-Za-z0-9_]*:(\s|$)`)

// meantEnd is where a value that starts at i ends as its writer meant it:
// brackets, parentheses and quotes balanced, up to the end of the line (a
// comment left out), or inside a flow collection up to its closing bracket,
// a comma followed by the next key, or in a list (seq) any comma. Inside a
// flow collection closed after it on the line, " #" is the value's text
// ([Archer, Knight #2]): a comment there would leave the brackets open.
func meantEnd(s string, i int, inFlow, seq bool) int {
	depth := 0
	end := len(s)
scan:
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\'', '"':
			if j > i && isWordByte(s[j-1]) {
				// an apostrophe within a word (the knocker's melds) is
				// a letter of the text, not a quote
				continue
			}
			e := skipQuoted(s, j)
			if e < 0 {
				// a quote never closed is a letter of the text too
				continue
			}
			j = e - 1
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				end = j
				break scan
			}
			depth--
		case ',':
			if depth == 0 && (seq || inFlow && nextKeyRE.MatchString(s[j+1:])) {
				end = j
				break scan
			}
		case '#':
			if j > i && (s[j-1] == ' ' || s[j-1] == '\t') && !(inFlow && closesLater(s, j)) {
				end = j
				break scan
			}
		}
	}
	return len(strings.TrimRight(s[:end], " \t"))
}

// isWordByte reports whether b is a letter or a digit of ASCII.
func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// closesLater tells whether a bracket after j closes the flow collection
// that holds j.
func closesLater(s string, j int) bool {
	depth := 0
	for ; j < len(s); j++ {
		switch s[j] {
		case '\'', '"':
			e := skipQuoted(s, j)
			if e < 0 {
				return false
			}
			j = e - 1
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return true
			}
			depth--
		}
	}
	return false
}

// plainEnd is where YAML ends a value without quotes that starts at i, and
// why: a flow value ends at a comma or a bracket, any value at ": " or " #".
func plainEnd(s string, i int, inFlow bool) (int, string) {
	question := -1 // the first ? of a flow value: YAML stops there, unless ": " comes first
	atQuestion := func(j int, why string) (int, string) {
		if question >= 0 {
			return question, questionMark
		}
		return j, why
	}
	for j := i; j < len(s); j++ {
		c := s[j]
		switch {
		case c == ':' && (j+1 == len(s) || s[j+1] == ' '):
			return j, `holds ": " (a colon then a space), which YAML reads as a key and its value`
		case c == '#' && j > i && (s[j-1] == ' ' || s[j-1] == '\t'):
			return atQuestion(j, "holds \" #\", which YAML reads as the start of a comment")
		case inFlow && c == '?' && question < 0:
			question = j
		case inFlow && c == ',':
			return atQuestion(j, "is cut at the comma: inside {...} or [...] a comma ends a value")
		case inFlow && strings.IndexByte("[]{}", c) >= 0:
			return atQuestion(j, "holds a bracket, which YAML reads inside {...} or [...] as the start or end of a list or mapping")
		}
	}
	if question >= 0 {
		return question, questionMark
	}
	return len(s), ""
}

// questionMark is why a flow value with a ? in it breaks: the YAML reader
// takes no ? inside {...} or [...] in a value without quotes (a prompt
// that asks "How many?").
const questionMark = "holds a ?, which YAML does not take inside {...} or [...] in a value without quotes"

// valuePitfall looks at the value that starts at v: where YAML ends it against
// where it is meant to end.
func valuePitfall(s, key string, v int, inFlow, seq bool, depth int) (quotePitfall, bool) {
	if v >= len(s) {
		return quotePitfall{}, false
	}
	var yend int
	reason := ""
	at := v
	switch s[v] {
	case '\'', '"':
		yend = skipQuoted(s, v)
		if yend < 0 {
			return quotePitfall{}, false
		}
		reason = "starts with a quote, so YAML ends it at the closing quote"
	case '{', '[':
		if t, ok := flowPitfall(s, v, depth); ok {
			return t, true
		}
		yend = skipFlow(s, v)
		if yend < 0 {
			return quotePitfall{}, false
		}
		reason = "starts with {, which YAML reads as a mapping"
		if s[v] == '[' {
			reason = "starts with [, which YAML reads as a list"
		}
	default:
		yend, reason = plainEnd(s, v, inFlow)
		at = yend
		if !strings.Contains(reason, "colon") && reason != questionMark {
			at = v
		}
	}
	mend := meantEnd(s, v, inFlow, seq)
	if mend <= len(strings.TrimRight(s[:yend], " \t")) || reason == "" {
		return quotePitfall{}, false
	}
	return quotePitfall{key: key, start: v, at: at, value: s[v:mend], reason: reason}, true
}

var flowKeyRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_.-]*)\s*:(\s|$)`)

// maxFlowDepth bounds how deep flowPitfall looks into nested flow
// collections: each level scans to the end of the line again.
const maxFlowDepth = 32

// flowPitfall looks for a trap in the flow collection that starts at open.
func flowPitfall(s string, open, depth int) (quotePitfall, bool) {
	if depth >= maxFlowDepth {
		// nesting far past any ruleset's: YAML's own message says it
		return quotePitfall{}, false
	}
	isMap := s[open] == '{'
	i := open + 1
	for i < len(s) {
		for i < len(s) && s[i] == ' ' {
			i++
		}
		if i >= len(s) || s[i] == '}' || s[i] == ']' {
			return quotePitfall{}, false
		}
		key := ""
		if isMap {
			m := flowKeyRE.FindStringSubmatch(s[i:])
			if m == nil {
				return quotePitfall{}, false // a key this does not read: leave it to YAML's message
			}
			key = m[1]
			i += len(m[0])
			for i < len(s) && s[i] == ' ' {
				i++
			}
		}
		if t, ok := valuePitfall(s, key, i, true, !isMap, depth+1); ok {
			return t, true
		}
		// on to the next entry
		var e int
		switch {
		case i >= len(s):
			return quotePitfall{}, false
		case s[i] == '\'' || s[i] == '"':
			e = skipQuoted(s, i)
		case s[i] == '{' || s[i] == '[':
			e = skipFlow(s, i)
		default:
			e, _ = plainEnd(s, i, true)
		}
		if e < 0 {
			return quotePitfall{}, false
		}
		for e < len(s) && s[e] == ' ' {
			e++
		}
		if e >= len(s) || s[e] != ',' {
			return quotePitfall{}, false
		}
		i = e + 1
	}
	return quotePitfall{}, false
}

// a key, or a predicate's short form, name(params): its value follows
var blockKeyRE = regexp.MustCompile(`^\s*(?:-\s+)*(?:([A-Za-z_][A-Za-z0-9_.-]*(?:\([^()]*\))?)\s*:\s+)?`)

// linePitfall looks for a pitfall in one line of a file.
func linePitfall(line string) (quotePitfall, bool) {
	m := blockKeyRE.FindStringSubmatchIndex(line)
	key := ""
	if m[2] >= 0 {
		key = line[m[2]:m[3]]
	}
	return valuePitfall(line, key, m[1], false, false, 0)
}

var blockStartRE = regexp.MustCompile(`^(\s*(?:-\s+)*)([A-Za-z_][A-Za-z0-9_.-]*)\s*:\s*[|>][-+]?\s*(#.*)?$`)

// blockUnderIndented says why line i (from 0) is no text of the block
// scalar (|, >-) that the line above it starts: a block's lines are
// indented more than its key, and a line indented as much as the key is
// read as a key of its own.
func blockUnderIndented(lines []string, i int) (string, bool) {
	j := i - 1
	for j >= 0 && strings.TrimSpace(lines[j]) == "" {
		j--
	}
	if j < 0 {
		return "", false
	}
	m := blockStartRE.FindStringSubmatch(strings.TrimRight(lines[j], "\r"))
	if m == nil {
		return "", false
	}
	key := len(m[1]) // the key's column, from 0
	line := strings.TrimRight(lines[i], "\r")
	indent := len(line) - len(strings.TrimLeft(line, " "))
	if indent > key {
		return "", false
	}
	return fmt.Sprintf("the text of %s's block (line %d) must be indented more than %s, which is at column %d: this line, at column %d, is read as a key of its own; indent the block's lines to column %d or further", m[2], j+1, m[2], key+1, indent+1, key+2), true
}

// SyntaxPitfall rewrites a YAML syntax error whose line holds a value YAML
// reads otherwise than written.
func SyntaxPitfall(d diag.Diagnostic, data []byte) diag.Diagnostic {
	if strings.Contains(d.Message, "control characters are not allowed") {
		// the character itself is the mistake, wherever YAML stopped
		if line, col, r, ok := firstControl(data); ok {
			d.Pos.Line, d.Pos.Column = line, col
			d.Message = fmt.Sprintf("YAML syntax: the file holds the control character %U here, which YAML does not allow in a file: remove it", r)
		}
		return d
	}
	lines := strings.Split(string(data), "\n")
	if d.Pos.Line < 1 || d.Pos.Line > len(lines) {
		return d
	}
	line := strings.TrimRight(lines[d.Pos.Line-1], "\r")
	if _, bad := ControlIn(line); bad || !utf8.ValidString(line) {
		// no text a designer wrote (a binary file, say): no quotes mend
		// it, and its bytes are not for a terminal
		return d
	}
	if lead := line[:len(line)-len(strings.TrimLeft(line, " \t"))]; strings.Contains(lead, "\t") && d.Code == "yaml-syntax" {
		// a tab in a line's indent: YAML takes spaces only, and the
		// rest of the line is no reason
		d.Pos.Column = column(line, strings.IndexByte(lead, '\t'))
		if !strings.Contains(d.Message, "tab") {
			d.Message += ": a tab indents this line, and YAML indents with spaces only"
		}
		return d
	}
	if msg, ok := blockUnderIndented(lines, d.Pos.Line-1); ok {
		d.Code = "yaml-syntax"
		d.Pos.Column = column(line, len(line)-len(strings.TrimLeft(line, " ")))
		d.Message = "YAML syntax: " + msg
		return d
	}
	t, ok := linePitfall(line)
	if !ok {
		return d
	}
	d.Code = "needs-quotes"
	d.Pos.Column = column(line, t.at)
	d.Message += ": " + t.message()
	return d
}

// firstControl finds the first control character YAML refuses in a file
// (any but tab, line feed and carriage return; DEL and the C1 range too),
// with its line and column.
func firstControl(data []byte) (line, col int, r rune, ok bool) {
	line, col = 1, 1
	for _, r := range string(data) {
		switch {
		case r == '\n':
			line, col = line+1, 1
			continue
		case r == '\t' || r == '\r' || r == 0xFEFF:
		case r < 0x20 || (r >= 0x7F && r <= 0x9F && r != 0x85):
			return line, col, r, true
		}
		col++
	}
	return 0, 0, 0, false
}

// RepairFlowSplits finds the values a comma cut inside {...}: the mapping then has
// a key that is no name and no value (" you.gold)" in {count: max(1,
// you.gold)}). The value is put back together, the stray keys dropped, and
// the mistake reported, so the rest of the file is read as meant.
func (r *Reader) RepairFlowSplits(n *yaml.Node) {
	if n == nil {
		return
	}
	for _, ch := range n.Content {
		r.RepairFlowSplits(ch)
	}
	if n.Kind == yaml.SequenceNode && n.Style&yaml.FlowStyle != 0 {
		r.repairSeqSplits(n)
		return
	}
	if n.Kind != yaml.MappingNode || n.Style&yaml.FlowStyle == 0 {
		return
	}
	if len(n.Content) >= 2 && r.mappingMeantAsText(n) {
		return
	}
	// most mappings have no stray piece (the first pair cannot be one):
	// they are left as they are, nothing copied
	stray := false
	for i := 2; i+1 < len(n.Content) && !stray; i += 2 {
		stray = isStrayPiece(n.Content[i], n.Content[i+1])
	}
	if !stray {
		return
	}
	lines := r.Lines()
	out := n.Content[:0:0]
	reported := map[*yaml.Node]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if len(out) >= 2 && isStrayPiece(k, v) {
			prev := out[len(out)-1]
			if prev.Kind == yaml.ScalarNode && prev.Style == 0 && prev.Line == k.Line && prev.Line <= len(lines) {
				line := strings.TrimRight(lines[prev.Line-1], "\r")
				start := byteOffset(line, prev.Column)
				end := meantEnd(line, start, true, false)
				if end > start && k.Column <= column(line, end) {
					if !reported[prev] {
						reported[prev] = true
						t := quotePitfall{key: out[len(out)-2].Value, start: start, at: start, value: line[start:end], reason: "is cut at the comma: inside {...} a comma ends a value, and YAML reads what follows as a key"}
						r.DiagAt(diag.Pos{File: r.File, Line: prev.Line, Column: prev.Column}, "needs-quotes", "", t.message())
					}
					prev.Value = line[start:end]
					prev.Tag = "!!str"
					continue
				}
			}
		}
		out = append(out, k, v)
	}
	n.Content = out
}

// mappingMeantAsText reports, and makes a text of, a {...} whose first key
// is no name (holds brackets): an expression written in braces,
// {count(hand, .gold) == 4}, which YAML reads as a mapping cut at its
// commas. The whole of it is said to need quotes.
func (r *Reader) mappingMeantAsText(n *yaml.Node) bool {
	k := n.Content[0]
	if k.Kind != yaml.ScalarNode || k.Style != 0 || !openBrackets(k.Value) {
		// a key whose brackets close (room(), Reed (young)) is a key
		return false
	}
	lines := r.Lines()
	if n.Line > len(lines) {
		return false
	}
	line := strings.TrimRight(lines[n.Line-1], "\r")
	start := byteOffset(line, n.Column)
	if start >= len(line) || line[start] != '{' {
		return false
	}
	depth, end := 0, -1
	for j := start; j < len(line) && end < 0; j++ {
		switch line[j] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				end = j + 1
			}
		}
	}
	if end < 0 {
		return false
	}
	text := strings.TrimSpace(line[start+1 : end-1])
	r.DiagAt(diag.Pos{File: r.File, Line: n.Line, Column: n.Column}, "needs-quotes", "",
		fmt.Sprintf("a value that starts with { is a mapping to YAML, and this one is cut at its commas; write the expression without the braces, in quotes: %s", quoted(text)))
	n.Kind, n.Tag, n.Style, n.Value, n.Content = yaml.ScalarNode, "!!str", 0, text, nil
	return true
}

// openBrackets reports whether v opens more brackets than it closes: a
// piece a comma cut off ("count(hand"), a key no writer meant.
func openBrackets(v string) bool {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
	}
	return depth > 0
}

// repairSeqSplits does for a list inside [...] what RepairFlowSplits does
// for a mapping: an item whose brackets a comma left open ([len(hand) == 8,
// count(hand, .gold) > 0] cut in three) is put back together with the
// pieces that close them, and the mistake reported.
func (r *Reader) repairSeqSplits(n *yaml.Node) {
	open := openBrackets
	split := false
	for _, it := range n.Content {
		if it.Kind == yaml.ScalarNode && it.Style == 0 && open(it.Value) {
			split = true
			break
		}
	}
	if !split {
		return
	}
	lines := r.Lines()
	out := n.Content[:0:0]
	for i := 0; i < len(n.Content); i++ {
		it := n.Content[i]
		if it.Kind != yaml.ScalarNode || it.Style != 0 || !open(it.Value) || it.Line > len(lines) {
			out = append(out, it)
			continue
		}
		line := strings.TrimRight(lines[it.Line-1], "\r")
		start := byteOffset(line, it.Column)
		end := meantEnd(line, start, true, true)
		if end <= start {
			out = append(out, it)
			continue
		}
		// the pieces the comma cut off, which the value as meant covers
		j := i + 1
		for j < len(n.Content) && n.Content[j].Kind == yaml.ScalarNode && n.Content[j].Line == it.Line && n.Content[j].Column <= column(line, end) {
			j++
		}
		if j == i+1 {
			out = append(out, it)
			continue
		}
		t := quotePitfall{start: start, at: start, value: line[start:end], reason: "is cut at the comma: inside [...] a comma ends a value"}
		r.DiagAt(diag.Pos{File: r.File, Line: it.Line, Column: it.Column}, "needs-quotes", "", t.message())
		it.Value, it.Tag = line[start:end], "!!str"
		out = append(out, it)
		i = j - 1
	}
	n.Content = out
}

var plainName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// isStrayPiece: a key that is no name, with no value, is what follows a
// comma that cut the value before it.
func isStrayPiece(k, v *yaml.Node) bool {
	// the value first: most keys have one, and the key's test is a
	// regular expression
	return v.Kind == yaml.ScalarNode && v.Tag == "!!null" && v.Value == "" &&
		k.Kind == yaml.ScalarNode && !plainName.MatchString(k.Value)
}

// byteOffset is the offset of a 1-based column in a line.
func byteOffset(line string, col int) int {
	i := 0
	for n := 1; n < col && i < len(line); n++ {
		_, w := utf8.DecodeRuneInString(line[i:])
		i += w
	}
	return i
}

// BraceText is a value written {name} that YAML read as a mapping: most
// likely a text with an {expression} part, written without quotes.
type BraceText struct {
	file      string
	line      int
	keyCol    int // the key it is the value of, or the value itself in a list
	from, to  int // columns of the braces
	key, text string
}

// BraceTexts notes the values written {name} or {name.field}, alone, for
// ExplainBraces.
func (r *Reader) BraceTexts(n *yaml.Node) []BraceText {
	var out []BraceText
	r.braceTexts(n, &out)
	return out
}

func (r *Reader) braceTexts(n *yaml.Node, out *[]BraceText) {
	if n == nil {
		return
	}
	lines := r.Lines()
	for i, ch := range n.Content {
		if ch.Kind == yaml.MappingNode && ch.Style&yaml.FlowStyle != 0 && len(ch.Content) == 2 && ch.Line <= len(lines) {
			k, v := ch.Content[0], ch.Content[1]
			line := strings.TrimRight(lines[ch.Line-1], "\r")
			start := byteOffset(line, ch.Column)
			end := skipFlow(line, start)
			if k.Kind == yaml.ScalarNode && k.Style == 0 && v.Tag == "!!null" && v.Value == "" && end > 0 && !strings.ContainsAny(line[start:end], ":,") {
				b := BraceText{file: r.File, line: ch.Line, keyCol: ch.Column, from: ch.Column, to: column(line, end), text: line[start:end]}
				if n.Kind == yaml.MappingNode && i%2 == 1 {
					b.key, b.keyCol = n.Content[i-1].Value, n.Content[i-1].Column
				}
				*out = append(*out, b)
			}
		}
		r.braceTexts(ch, out)
	}
}

// ExplainBraces replaces what the loader said about a value written {name}
// (an unknown field, a text that is a mapping, an argument missing) with the
// reason: the braces need quotes.
func ExplainBraces(braces []BraceText, diags []diag.Diagnostic) []diag.Diagnostic {
	for _, b := range braces {
		hit := false
		for _, d := range diags {
			if d.Pos.File == b.file && d.Pos.Line == b.line && d.Pos.Column >= b.from && d.Pos.Column < b.to {
				hit = true
			}
		}
		if !hit {
			continue
		}
		out := diags[:0]
		for _, d := range diags {
			if d.Pos.File == b.file && d.Pos.Line == b.line && d.Pos.Column >= b.keyCol && d.Pos.Column < b.to {
				continue
			}
			out = append(out, d)
		}
		diags = out
		fix := quoted(b.text)
		if b.key != "" {
			fix = b.key + ": " + fix
		}
		diags = append(diags, diag.Diagnostic{Code: "needs-quotes", Pos: diag.Pos{File: b.file, Line: b.line, Column: b.from},
			Message: fmt.Sprintf("%s is a mapping for YAML, not a text: a value that starts with { needs quotes: %s", b.text, fix)})
	}
	return diags
}
