package schema

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

var update = flag.Bool("update", false, "regenerate the step definitions of ruleset.schema.json from the primitives")

// kindPhrase says in words what an argument of a kind is.
func kindPhrase(p model.Param) string {
	switch p.Kind {
	case model.PExpr:
		switch p.Type {
		case model.TInt:
			return "An expression giving a whole number."
		case model.TBool:
			return "A condition."
		case model.TCard:
			return "An expression giving a card."
		case model.TCards:
			return "An expression giving a card or a list of cards."
		case model.TPlayer:
			return "An expression giving a player."
		case model.TPlayers:
			return "An expression giving a player or a list of players."
		}
		return "An expression giving any value."
	case model.PExprList:
		return "A list of conditions."
	case model.PZone:
		return "A zone name."
	case model.PSteps:
		return "A list of steps."
	case model.PBind:
		switch p.Type {
		case model.TAny:
			return "A variable name; it is bound as the type of its value."
		case model.TCards:
			return "A variable name; it is bound as a list of cards."
		case model.TPlayers:
			return "A variable name; it is bound as a list of players."
		case model.TInt:
			return "A variable name; it is bound as a whole number."
		}
		return "A variable name; it is bound as a " + p.Type.String() + "."
	case model.PText:
		return "Text."
	case model.PPhase:
		return "The name of a phase of the turn."
	case model.PTemplate:
		return "Text; parts in braces are expressions, like {you} or {len(you.hand)}."
	case model.PWord:
		return "One of: " + strings.Join(p.Words, ", ") + "."
	case model.PChoices:
		return "A list of {label, if, do}."
	case model.PAction:
		return "A list of action names."
	}
	return ""
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func paramSchema(p model.Param) map[string]any {
	desc := sentence(p.Doc) + " " + kindPhrase(p)
	if p.Required {
		desc += " Required."
	}
	if p.Default != "" {
		desc += " Default: " + p.Default + "."
	}
	out := map[string]any{"description": desc}
	if p.Kind == model.PWord {
		out["type"] = "string"
		words := make([]any, len(p.Words))
		for i, w := range p.Words {
			words[i] = w
		}
		out["enum"] = words
	} else {
		out["$ref"] = "#/definitions/" + expectedRef(p)
	}
	if p.Default != "" {
		var v any = p.Default
		var n int
		if _, err := fmt.Sscanf(p.Default, "%d", &n); err == nil && fmt.Sprint(n) == p.Default {
			v = n
		} else if p.Default == "true" || p.Default == "false" {
			v = p.Default == "true"
		}
		out["default"] = v
	}
	return out
}

func stepSchema(p *model.Primitive) map[string]any {
	props := map[string]any{}
	var req []any
	for _, q := range p.Params {
		props[q.Name] = paramSchema(q)
		if q.Required {
			req = append(req, q.Name)
		}
	}
	args := map[string]any{"type": "object", "description": "The arguments of " + p.Name + ".", "properties": props, "additionalProperties": false}
	if len(req) > 0 {
		args["required"] = req
	}
	forms := []any{args}
	if p.Shorthand != "" {
		for _, q := range p.Params {
			if q.Name == p.Shorthand {
				sh := paramSchema(q)
				sh["description"] = "Shorthand: the value of `" + q.Name + "`. " + sh["description"].(string)
				delete(sh, "default")
				forms = append(forms, sh)
			}
		}
	}
	if p.Assigns != "" {
		for _, q := range p.Params {
			if q.Name == p.Assigns {
				val := paramSchema(q)
				val["description"] = "The " + q.Name + ". " + val["description"].(string)
				delete(val, "default")
				short := map[string]any{
					"type":        "object",
					"description": "Short form: {target.property: " + q.Name + "}, one key written as the property reads: this.power, you.gold, game.round. The target is an expression giving a card, a list of cards or a player, or game; its type says whose property it is.",
					"patternProperties": map[string]any{
						`^[^\s].*\.[A-Za-z_][A-Za-z0-9_]*$`: val,
					},
					"additionalProperties": false,
					"minProperties":        1,
				}
				// the step's other arguments may stand beside it
				others := map[string]any{}
				for _, o := range p.Params {
					switch o.Name {
					case "cards", "player", "prop", p.Assigns:
					default:
						others[o.Name] = paramSchema(o)
					}
				}
				if len(others) > 0 {
					short["properties"] = others
					short["description"] = short["description"].(string) + " The other arguments stand beside it."
				} else {
					short["maxProperties"] = 1
				}
				forms = append(forms, short)
			}
		}
	}
	if len(req) == 0 {
		forms = append(forms, map[string]any{"type": "null", "description": "No arguments: every argument takes its default."})
	}
	doc := p.Doc
	if p.CanPay != nil {
		doc += " Usable as a cost."
	}
	return map[string]any{"description": doc + "\n\nExample:\n" + strings.TrimPrefix(p.Example, "- "), "anyOf": forms}
}

// TestGenerateSteps checks (or with -update rewrites) the generated part of
// ruleset.schema.json: one definition per primitive and the lists of them.
func TestGenerateSteps(t *testing.T) {
	path := "ruleset.schema.json"
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(raw, &doc))
	defs := doc["definitions"].(map[string]any)
	for k := range defs {
		if strings.HasPrefix(k, "step.") {
			delete(defs, k)
		}
	}
	all := map[string]any{}
	costs := map[string]any{}
	var bare []any
	for _, p := range stdlib.Library().Primitives() {
		defs["step."+p.Name] = stepSchema(p)
		ref := map[string]any{"description": p.Doc, "$ref": "#/definitions/step." + p.Name}
		all[p.Name] = ref
		if p.CanPay != nil {
			costs[p.Name] = ref
		}
		required := false
		for _, q := range p.Params {
			required = required || q.Required
		}
		if !required {
			bare = append(bare, p.Name)
		}
	}
	defs["primitiveStep"].(map[string]any)["properties"] = all
	defs["costStep"].(map[string]any)["properties"] = costs
	defs["bareStep"].(map[string]any)["enum"] = bare
	// a step of another name calls a procedure
	var names []any
	for _, p := range stdlib.Library().Primitives() {
		names = append(names, p.Name)
	}
	defs["procedureName"].(map[string]any)["not"] = map[string]any{"enum": names}
	out, err := json.MarshalIndent(doc, "", "  ")
	require.NoError(t, err)
	out = append(out, '\n')
	if *update {
		require.NoError(t, os.WriteFile(path, out, 0o644))
		return
	}
	var want, got any
	require.NoError(t, json.Unmarshal(raw, &want))
	require.NoError(t, json.Unmarshal(out, &got))
	require.Equal(t, want, got, "the step definitions are stale: go test ./schema -run TestGenerateSteps -update")
}
