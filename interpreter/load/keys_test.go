package load

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

func mentions(text, key string) bool {
	return regexp.MustCompile(`(^|[^A-Za-z0-9_])` + regexp.QuoteMeta(key) + `($|[^A-Za-z0-9_])`).MatchString(text)
}

// TestEveryKeyIsDocumented: every key the loader allows, at every level, is
// mentioned in the reference entry that documents its level.
func TestEveryKeyIsDocumented(t *testing.T) {
	docs := map[string]string{}
	var paths []string
	for _, k := range stdlib.Library().Keys() {
		docs[k.Path] = k.Doc
		paths = append(paths, k.Path)
	}
	for _, lv := range keyLevels {
		for _, key := range lv.Keys {
			if lv.Docs == nil {
				own := false
				for _, p := range paths {
					full := lv.Own + key
					if p == full || strings.HasPrefix(p, full+".") || strings.HasPrefix(p, full+"[") || strings.HasPrefix(p, full+" ") {
						own = true
					}
					// concede_why is documented with concede
					if !own && lv.Own == "" && strings.HasPrefix(key, p+"_") && mentions(docs[p], key) {
						own = true
					}
				}
				if !own {
					t.Errorf("the %s key %s%s has no entry of its own in stdlib/keys.go", lv.Name, lv.Own, key)
				}
				continue
			}
			found := false
			for _, d := range lv.Docs {
				if _, ok := docs[d]; !ok {
					t.Fatalf("keyLevels names the entry %q, which stdlib/keys.go does not have", d)
				}
				found = found || mentions(docs[d], key)
			}
			if !found {
				t.Errorf("the %s key %s is not mentioned in the entry %s of stdlib/keys.go", lv.Name, key, strings.Join(lv.Docs, " or "))
			}
		}
	}
	for _, key := range requiredRulesetKeys {
		said := false
		for _, p := range paths {
			if (p == key || strings.HasPrefix(p, key+".")) && mentions(strings.ToLower(docs[p]), "required") {
				said = true
			}
		}
		if !said {
			t.Errorf("no entry of stdlib/keys.go for %s says that it is required", key)
		}
	}
	if !strings.Contains(docs["cards[]"], "{card.") {
		t.Errorf("the entry cards[] does not show a name made of {expression} parts")
	}
	// the options of a choice are arguments of the primitives that take them
	for _, p := range stdlib.Library().Primitives() {
		for _, a := range p.Params {
			if a.Kind != model.PChoices {
				continue
			}
			for _, key := range choiceKeys(t) {
				if !mentions(a.Doc, key) && !mentions(p.Doc, key) {
					t.Errorf("the options of %s.%s take %s, which its documentation does not mention", p.Name, a.Name, key)
				}
			}
		}
	}
}

// choiceKeys reads the keys of a choice from steps.go, the one Mapping call
// with a list of literals.
func choiceKeys(t *testing.T) []string {
	t.Helper()
	var keys []string
	forEachMapping(t, func(file string, call *ast.CallExpr) {
		if file != "steps.go" {
			return
		}
		for _, a := range call.Args[2:] {
			if bl, ok := a.(*ast.BasicLit); ok {
				s, _ := strconv.Unquote(bl.Value)
				keys = append(keys, s)
			}
		}
	})
	if len(keys) == 0 {
		t.Fatal("steps.go reads the options of a choice no longer with a list of keys: update this test")
	}
	return keys
}

func forEachMapping(t *testing.T, fn func(file string, call *ast.CallExpr)) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Mapping" && len(call.Args) >= 2 {
					fn(path, call)
				}
			}
			return true
		})
	}
}

// TestKeyListsAreRegistered: a Mapping call of the loader allows either any
// key (names are data: zones, decks, properties), or the keys of a list in
// keyLevels; only steps.go and a procedure's call in procedures.go, whose
// keys are a primitive's or a procedure's arguments, have lists of their own.
func TestKeyListsAreRegistered(t *testing.T) {
	registered := map[string]bool{}
	f, err := parser.ParseFile(token.NewFileSet(), "keys.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if kv, ok := n.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Keys" {
				if v, ok := kv.Value.(*ast.Ident); ok {
					registered[v.Name] = true
				}
			}
		}
		return true
	})
	if len(registered) != len(keyLevels) {
		t.Fatalf("every keyLevels entry names its list by a variable: found %d of %d", len(registered), len(keyLevels))
	}
	forEachMapping(t, func(file string, call *ast.CallExpr) {
		if len(call.Args) == 2 || file == "steps.go" || (file == "procedures.go" && isNamed(call.Args[2], "names")) {
			return
		}
		if id, ok := call.Args[2].(*ast.Ident); ok && call.Ellipsis.IsValid() && len(call.Args) == 3 && registered[id.Name] {
			return
		}
		t.Errorf("%s: a Mapping call allows keys that are not a list of keyLevels (keys.go)", file)
	})
}

func isNamed(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}
