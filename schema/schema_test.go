package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

// root is the repository root, seen from this package's folder.
const root = ".."

// base is the URL the schemas are compiled under; relative references between
// them resolve against it, as they do beside each other on disk.
const base = "https://schemas.arbiter.invalid/"

// compileAll compiles every schema with the others available for references.
func compileAll(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	for _, k := range Kinds() {
		b, _ := Get(k)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s schema is not JSON: %v", k, err)
		}
		name, _ := FileName(k)
		if err := c.AddResource(base+name, doc); err != nil {
			t.Fatalf("%s schema: %v", k, err)
		}
	}
	out := map[string]*jsonschema.Schema{}
	for _, k := range Kinds() {
		name, _ := FileName(k)
		sch, err := c.Compile(base + name)
		if err != nil {
			t.Fatalf("%s schema does not compile: %v", k, err)
		}
		out[k] = sch
	}
	return out
}

// rawSchema parses a schema into plain maps for inspection.
func rawSchema(t *testing.T, kind string) map[string]any {
	t.Helper()
	b, ok := Get(kind)
	if !ok {
		t.Fatalf("no %s schema", kind)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s schema is not JSON: %v", kind, err)
	}
	return m
}

func TestKindsAndGet(t *testing.T) {
	if got, want := Kinds(), []string{"cards", "ruleset", "scenario"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Kinds() = %v, want %v", got, want)
	}
	for _, k := range Kinds() {
		m := rawSchema(t, k)
		if m["$schema"] != "http://json-schema.org/draft-07/schema#" {
			t.Errorf("%s schema: $schema is %v, want draft-07", k, m["$schema"])
		}
	}
	if _, ok := Get("deck"); ok {
		t.Errorf(`Get("deck") found a schema`)
	}
}

func TestSchemasCompile(t *testing.T) {
	compileAll(t)
}

// TestDescriptions checks that every property has a description, since
// editors show it on hover. Conditions (if) only test values and need none.
func TestDescriptions(t *testing.T) {
	for _, k := range Kinds() {
		var walk func(path string, v any)
		walkAll := func(path string, v any) {
			switch x := v.(type) {
			case map[string]any:
				for name, sub := range x {
					walk(path+"."+name, sub)
				}
			case []any:
				for i, sub := range x {
					walk(fmt.Sprintf("%s[%d]", path, i), sub)
				}
			}
		}
		walk = func(path string, v any) {
			x, ok := v.(map[string]any)
			if !ok {
				return
			}
			for _, key := range []string{"properties", "patternProperties"} {
				props, _ := x[key].(map[string]any)
				for name, p := range props {
					pm, _ := p.(map[string]any)
					if d, _ := pm["description"].(string); strings.TrimSpace(d) == "" {
						t.Errorf("%s schema: %s.%s.%s has no description", k, path, key, name)
					}
				}
			}
			for key, sub := range x {
				switch key {
				case "properties", "patternProperties", "definitions":
					walkAll(path+"."+key, sub)
				case "anyOf", "allOf", "oneOf":
					walkAll(path+"."+key, sub)
				case "items", "additionalProperties", "not", "then", "else", "propertyNames", "contains":
					walk(path+"."+key, sub)
				}
			}
		}
		walk("#", rawSchema(t, k))
	}
}

var modeline = regexp.MustCompile(`^# yaml-language-server: \$schema=(\S+)\s*$`)

// TestExampleFiles validates every YAML file of the repository against the
// schema its modeline names.
func TestExampleFiles(t *testing.T) {
	schemas := compileAll(t)
	byPath := map[string]string{}
	for _, k := range Kinds() {
		name, _ := FileName(k)
		byPath[filepath.Join(root, "schema", name)] = k
	}
	n := 0
	for _, dir := range []string{"rulesets", "cards", "testdata"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if os.IsNotExist(err) && path == filepath.Join(root, dir) {
					return filepath.SkipDir
				}
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
			n++
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			t.Run(rel, func(t *testing.T) {
				data, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				first, _, _ := strings.Cut(string(data), "\n")
				m := modeline.FindStringSubmatch(strings.TrimSuffix(first, "\r"))
				if m == nil {
					t.Fatalf("%s: every YAML file starts with a schema modeline, like `# yaml-language-server: $schema=../schema/ruleset.schema.json`; found %q", rel, first)
				}
				target := filepath.Join(filepath.Dir(path), filepath.FromSlash(m[1]))
				kind, ok := byPath[target]
				if !ok {
					t.Fatalf("%s: the modeline names %s, which is not one of the schemas (%s) relative to this file", rel, m[1], strings.Join(Kinds(), ", "))
				}
				inst, err := decodeYAML(data)
				if err != nil {
					t.Fatalf("%s: %v", rel, err)
				}
				if err := schemas[kind].Validate(inst); err != nil {
					t.Errorf("%s does not match the %s schema:\n%v", rel, kind, err)
				}
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n == 0 {
		t.Fatal("no YAML files found")
	}
}

// decodeYAML reads the first document of a YAML file into values the
// validator takes: map[string]any, []any, strings, numbers, booleans and nil.
// It walks the nodes rather than decoding into any so that the result is what
// the loader sees: aliases are followed, a merge key stays the key "<<", a
// scalar that looks like a timestamp stays text, and a key that appears twice
// is an error.
func decodeYAML(data []byte) (any, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("the file is empty")
	}
	return nodeValue(doc.Content[0])
}

func nodeValue(n *yaml.Node) (any, error) {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return nodeValue(n.Content[0])
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			for k.Kind == yaml.AliasNode {
				k = k.Alias
			}
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: mapping keys must be plain names", k.Line)
			}
			if _, dup := m[k.Value]; dup {
				return nil, fmt.Errorf("line %d: key %q appears twice", k.Line, k.Value)
			}
			v, err := nodeValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[k.Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := nodeValue(c)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, err
			}
			return b, nil
		case "!!int":
			var v any
			if err := n.Decode(&v); err != nil {
				return nil, err
			}
			return v, nil
		case "!!float":
			var f float64
			if err := n.Decode(&f); err != nil {
				return nil, err
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return n.Value, nil
			}
			return f, nil
		}
		return n.Value, nil
	}
	return nil, fmt.Errorf("line %d: unexpected YAML node", n.Line)
}

// argsSchema finds the argument mapping of a step definition and the other
// forms the step's value may take.
func argsSchema(t *testing.T, name string, val map[string]any) (args map[string]any, others []map[string]any) {
	t.Helper()
	if val["type"] == "object" {
		return val, nil
	}
	alts, _ := val["anyOf"].([]any)
	for _, a := range alts {
		am, _ := a.(map[string]any)
		if am["type"] == "object" && args == nil {
			args = am
		} else {
			others = append(others, am)
		}
	}
	if args == nil {
		t.Fatalf("step.%s: no argument mapping", name)
	}
	return args, others
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func refName(v any) string {
	m, _ := v.(map[string]any)
	s, _ := m["$ref"].(string)
	return strings.TrimPrefix(s, "#/definitions/")
}

// expectedRef is the definition an argument of a kind and type refers to.
func expectedRef(p model.Param) string {
	switch p.Kind {
	case model.PExpr:
		switch p.Type {
		case model.TInt:
			return "intExpression"
		case model.TBool:
			return "boolExpression"
		case model.TCard:
			return "cardExpression"
		case model.TCards:
			return "cardsExpression"
		case model.TPlayer:
			return "playerExpression"
		case model.TPlayers:
			return "playersExpression"
		}
		return "expression"
	case model.PExprList:
		if p.Type == model.TBool {
			return "boolExpressions"
		}
		return "expressions"
	case model.PZone:
		return "zoneName"
	case model.PSteps:
		return "steps"
	case model.PBind:
		return "variable"
	case model.PText, model.PTemplate, model.PPhase:
		return "text"
	case model.PChoices:
		return "choices"
	case model.PAction:
		return "actionNames"
	}
	return "" // words are an inline enum
}

// TestStepsMatchPrimitives keeps the step definitions of the ruleset schema in
// step with the primitives of the standard library: each primitive has a
// definition step.<name> of its arguments, and the step forms offer exactly
// the primitives.
func TestStepsMatchPrimitives(t *testing.T) {
	defs, _ := rawSchema(t, "ruleset")["definitions"].(map[string]any)
	prims := stdlib.Library().Primitives()
	known := map[string]bool{}
	var names, bare, costs []string
	for _, p := range prims {
		known[p.Name] = true
		names = append(names, p.Name)
		var params, required []string
		for _, q := range p.Params {
			params = append(params, q.Name)
			if q.Required {
				required = append(required, q.Name)
			}
		}
		sort.Strings(params)
		sort.Strings(required)
		if len(required) == 0 {
			bare = append(bare, p.Name)
		}
		if p.CanPay != nil {
			costs = append(costs, p.Name)
		}
		val, ok := defs["step."+p.Name].(map[string]any)
		if !ok {
			t.Errorf("primitive %s has no definition step.%s in ruleset.schema.json", p.Name, p.Name)
			continue
		}
		args, others := argsSchema(t, p.Name, val)
		ap, _ := args["properties"].(map[string]any)
		if got := keys(ap); !slices.Equal(got, params) {
			t.Errorf("step.%s: the schema's arguments are %v, the primitive's are %v", p.Name, got, params)
		}
		var gotReq []string
		reqList, _ := args["required"].([]any)
		for _, r := range reqList {
			gotReq = append(gotReq, fmt.Sprint(r))
		}
		sort.Strings(gotReq)
		if !slices.Equal(gotReq, required) {
			t.Errorf("step.%s: the schema requires %v, the primitive requires %v", p.Name, gotReq, required)
		}
		if args["additionalProperties"] != false {
			t.Errorf("step.%s: the arguments must allow no other key", p.Name)
		}
		for _, q := range p.Params {
			s, ok := ap[q.Name].(map[string]any)
			if !ok {
				continue
			}
			if want := expectedRef(q); want != "" && refName(s) != want {
				t.Errorf("step.%s.%s: the schema refers to %q, a %s of %s wants %q", p.Name, q.Name, refName(s), q.Kind, q.Type, want)
			}
			if q.Kind == model.PWord {
				var words []string
				enum, _ := s["enum"].([]any)
				for _, w := range enum {
					words = append(words, fmt.Sprint(w))
				}
				if !slices.Equal(words, q.Words) {
					t.Errorf("step.%s.%s: the schema allows %v, the primitive %v", p.Name, q.Name, words, q.Words)
				}
			}
			d, has := s["default"]
			switch {
			case q.Default == "" && has:
				t.Errorf("step.%s.%s: the schema has a default (%v) the primitive does not", p.Name, q.Name, d)
			case q.Default != "" && !has:
				t.Errorf("step.%s.%s: the primitive's default %q is missing from the schema", p.Name, q.Name, q.Default)
			case has && fmt.Sprint(d) != q.Default:
				t.Errorf("step.%s.%s: the schema's default is %v, the primitive's %q", p.Name, q.Name, d, q.Default)
			}
		}
		var shorthand, null bool
		assigns := false
		for _, o := range others {
			if o["type"] == "null" {
				null = true
				continue
			}
			if _, ok := o["patternProperties"]; ok {
				assigns = true
				continue
			}
			shorthand = true
			if q := paramNamed(p, p.Shorthand); q != nil && refName(o) != expectedRef(*q) {
				t.Errorf("step.%s: the shorthand refers to %q, want %q", p.Name, refName(o), expectedRef(*q))
			}
		}
		if shorthand != (p.Shorthand != "") {
			t.Errorf("step.%s: the schema's shorthand form (%v) does not match the primitive's Shorthand %q", p.Name, shorthand, p.Shorthand)
		}
		if assigns != (p.Assigns != "") {
			t.Errorf("step.%s: the schema's short assignment form (%v) does not match the primitive's Assigns %q", p.Name, assigns, p.Assigns)
		}
		if null != (len(required) == 0) {
			t.Errorf("step.%s: an empty argument must be allowed exactly when no argument is required", p.Name)
		}
	}
	for name := range defs {
		if prim, ok := strings.CutPrefix(name, "step."); ok && !known[prim] {
			t.Errorf("ruleset.schema.json defines %s, but there is no primitive %q", name, prim)
		}
	}
	// stepProps checks that a step form offers exactly the given primitives,
	// each by its definition.
	stepProps := func(def string, want []string) {
		d, _ := defs[def].(map[string]any)
		props, _ := d["properties"].(map[string]any)
		if got := keys(props); !slices.Equal(got, want) {
			t.Errorf("%s offers %v, want %v", def, got, want)
		}
		for name, v := range props {
			if refName(v) != "step."+name {
				t.Errorf("%s.%s refers to %q, want step.%s", def, name, refName(v), name)
			}
		}
		if d["additionalProperties"] != false || fmt.Sprint(d["maxProperties"]) != "1" {
			t.Errorf("%s must be a mapping of exactly one known primitive", def)
		}
	}
	stepProps("primitiveStep", names)
	stepProps("costStep", costs)
	bs, _ := defs["bareStep"].(map[string]any)
	var gotBare []string
	enum, _ := bs["enum"].([]any)
	for _, x := range enum {
		gotBare = append(gotBare, fmt.Sprint(x))
	}
	sort.Strings(gotBare)
	if !slices.Equal(gotBare, bare) {
		t.Errorf("bareStep allows %v; the primitives without required arguments are %v", gotBare, bare)
	}
	for _, c := range costs {
		if slices.Contains(bare, c) {
			t.Errorf("cost primitive %s takes no required argument, so a cost may name it alone; costStep does not allow that", c)
		}
	}
}

func paramNamed(p *model.Primitive, name string) *model.Param {
	for i := range p.Params {
		if p.Params[i].Name == name {
			return &p.Params[i]
		}
	}
	return nil
}

const minimalRuleset = `
name: tiny
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
turn:
  phases:
    - name: main
      do:
        - draw: {from: deck, to: hand}
`

// TestInstances checks small documents that must pass or fail.
func TestInstances(t *testing.T) {
	schemas := compileAll(t)
	cases := []struct {
		name, kind, doc string
		ok              bool
	}{
		{"minimal ruleset", "ruleset", minimalRuleset, true},
		{"unknown top-level key", "ruleset", minimalRuleset + "colour: red\n", false},
		{"missing turn", "ruleset", "name: tiny\nzones: {hand: {}}\n", false},
		{"secret visibility", "ruleset", strings.Replace(minimalRuleset, "visibility: owner", "visibility: secret", 1), false},
		{"zone per game", "ruleset", strings.Replace(minimalRuleset, "visibility: owner", "per: game", 1), true},
		// a step of any other name than a primitive's calls a procedure: the
		// loader, which knows the procedures, says whether there is one
		{"procedure call", "ruleset", minimalRuleset + "setup:\n  - teleport: {card: this}\n  - refill: {}\n  - refill\n", true},
		{"procedure call with arguments not a mapping", "ruleset", minimalRuleset + "setup:\n  - teleport: [this]\n", false},
		{"procedures and predicates", "ruleset", minimalRuleset + "procedures:\n  deal:\n    doc: deals\n    params: {n: int, who: player}\n    do: [{draw: {count: n, from: deck, to: hand, player: who}}]\npredicates:\n  big(c card): c.power > 3\n  small:\n    params: {c: card}\n    value: c.power < 2\n", true},
		{"procedure named like a primitive", "ruleset", minimalRuleset + "procedures:\n  draw:\n    do: [extra_turn]\n", false},
		{"procedure without steps", "ruleset", minimalRuleset + "procedures:\n  deal: {params: {n: int}}\n", false},
		{"parameter of an unknown type", "ruleset", minimalRuleset + "procedures:\n  deal:\n    params: {n: number}\n    do: [extra_turn]\n", false},
		{"predicate without value", "ruleset", minimalRuleset + "predicates:\n  big: {params: {c: card}}\n", false},
		{"procedures in a card file", "cards", "procedures:\n  deal: {do: [{draw: 1}]}\npredicates:\n  big(c card): c.power > 3\ncards: []\n", true},
		{"two primitives in a step", "ruleset", minimalRuleset + "setup:\n  - shuffle: deck\n    draw: 2\n", false},
		{"unknown argument", "ruleset", minimalRuleset + "setup:\n  - shuffle: {zone: deck, twice: true}\n", false},
		{"missing required argument", "ruleset", minimalRuleset + "setup:\n  - move: {to: hand}\n", false},
		{"shorthand", "ruleset", minimalRuleset + "setup:\n  - shuffle: deck\n  - draw: 2\n  - log: hello\n", true},
		{"no shorthand for move", "ruleset", minimalRuleset + "setup:\n  - move: this\n", false},
		{"bare step", "ruleset", minimalRuleset + "setup:\n  - extra_turn\n  - win:\n", true},
		{"bare step with required arguments", "ruleset", minimalRuleset + "setup:\n  - move\n", false},
		{"bad move position", "ruleset", minimalRuleset + "setup:\n  - move: {card: this, to: hand, position: middle}\n", false},
		{"literal expressions", "ruleset", minimalRuleset + "setup:\n  - if: {cond: true, then: [{repeat: {count: 2, do: [draw_game]}}]}\n", true},
		{"enum without values", "ruleset", minimalRuleset + "properties:\n  card:\n    color: {type: enum}\n", false},
		{"values on an int", "ruleset", minimalRuleset + "properties:\n  card:\n    power: {type: int, values: [a]}\n", false},
		{"non-cost primitive as a cost", "ruleset", minimalRuleset + "actions:\n  go:\n    cost: [{draw: 1}]\n", false},
		{"card file", "cards", "cards:\n  - id: a\n    props: {power: 2}\n    triggers: [{on: enter, do: [{draw: {from: deck, to: hand}}]}]\ndecks:\n  starter: {a: 3}\n", true},
		{"card without id", "cards", "cards:\n  - name: A\n", false},
		{"card file with zones", "cards", "zones: {}\n", false},
		{"scenario", "scenario", "ruleset: tiny\nsetup:\n  active: p2\n  zones: {p1.hand: [A], pile: [B]}\n  props:\n    p1.life: 3\n    game.round: 2\n    p1.hand[0].power: 2\nsteps:\n  - p1: play A\n  - offered: {p2: [pass]}\n  - waiting: nobody\n  - expect: over\n", true},
		{"scenario not_asked", "scenario", "ruleset: tiny\nsteps:\n  - not_asked: p2\n  - not_asked: [p1, p3]\n", true},
		{"scenario not_asked nobody", "scenario", "ruleset: tiny\nsteps:\n  - not_asked: nobody\n", false},
		{"scenario without ruleset", "scenario", "steps: []\n", false},
		{"scenario unknown step", "scenario", "ruleset: tiny\nsteps:\n  - assert: true\n", false},
		{"scenario bad seat", "scenario", "ruleset: tiny\nsteps:\n  - p9: pass\n", false},
		{"scenario step with two keys", "scenario", "ruleset: tiny\nsteps:\n  - p1: pass\n    p2: pass\n", false},
	}
	if _, err := decodeYAML([]byte("name: a\nname: b\n")); err == nil {
		t.Errorf("a key that appears twice is not reported")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inst, err := decodeYAML([]byte(c.doc))
			if err != nil {
				t.Fatal(err)
			}
			err = schemas[c.kind].Validate(inst)
			if c.ok && err != nil {
				t.Errorf("rejected:\n%v", err)
			}
			if !c.ok {
				if err == nil {
					t.Errorf("accepted, but must be rejected")
				} else {
					t.Logf("rejected as it must be:\n%v", err)
				}
			}
		})
	}
}
