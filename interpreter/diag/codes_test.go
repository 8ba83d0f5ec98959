package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// moduleRoot is the repository, from this package's folder.
const moduleRoot = "../.."

var codeShape = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// emittedCodes reads every non-test Go file of the module and returns the
// codes a diagnostic can be given, each with where. A code is a string
// literal
//   - as the Code (or code) field of a composite literal, keyed or by
//     position in a struct type of the module whose field is named so;
//   - assigned to a variable or field named code;
//   - passed as the argument named code of a function, method or function
//     literal of the module (a parameter of function type whose parameters
//     have no names is matched with the function literals of that name);
//   - returned as the result named code of a function.
//
// Any literal in such a place that does not look like a code is reported in
// bad, so a place the scan misreads shows up rather than hiding a code.
func emittedCodes(t *testing.T) (codes map[string][]string, bad []string) {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != moduleRoot && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		if f.Name.Name != "diag" || filepath.Base(p) != "codes.go" { // the registry names every code
			files = append(files, f)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("only %d Go files found under %s", len(files), moduleRoot)
	}
	codeParams := func(ft *ast.FuncType) []int {
		var out []int
		i := 0
		for _, f := range ft.Params.List {
			n := max(len(f.Names), 1)
			for j := 0; j < n; j++ {
				if j < len(f.Names) && f.Names[j].Name == "code" {
					out = append(out, i)
				}
				i++
			}
		}
		return out
	}
	named := map[string][]int{}          // functions and methods by name
	literalsByName := map[string][]int{} // function literals by variable name
	structFields := map[string]int{}     // struct types with a code field: its index
	// literals are the function literals with a code parameter that a
	// declaration assigns to variables, by name
	literals := func(decl ast.Node) map[string][]int {
		out := map[string][]int{}
		ast.Inspect(decl, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for i, r := range as.Rhs {
					fl, ok := r.(*ast.FuncLit)
					if !ok || i >= len(as.Lhs) {
						continue
					}
					if id, ok := as.Lhs[i].(*ast.Ident); ok {
						if ix := codeParams(fl.Type); len(ix) > 0 {
							out[id.Name] = ix
						}
					}
				}
			}
			return true
		})
		return out
	}
	for _, f := range files {
		for name, ix := range literals(f) {
			literalsByName[name] = ix
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				named[n.Name.Name] = append(named[n.Name.Name], codeParams(n.Type)...)
			case *ast.Field: // interface methods
				if ft, ok := n.Type.(*ast.FuncType); ok && len(n.Names) == 1 {
					named[n.Names[0].Name] = append(named[n.Names[0].Name], codeParams(ft)...)
				}
			case *ast.TypeSpec:
				if st, ok := n.Type.(*ast.StructType); ok {
					i := 0
					for _, fl := range st.Fields.List {
						for _, nm := range fl.Names {
							if nm.Name == "code" || nm.Name == "Code" {
								structFields[n.Name.Name] = i
							}
							i++
						}
						if len(fl.Names) == 0 {
							i++
						}
					}
				}
			}
			return true
		})
	}
	codes = map[string][]string{}
	add := func(e ast.Expr) {
		bl, ok := e.(*ast.BasicLit)
		if !ok || bl.Kind != token.STRING {
			return
		}
		s, _ := strconv.Unquote(bl.Value)
		if s == "" {
			return // no code: the caller decides
		}
		p := fset.Position(bl.Pos())
		where := filepath.ToSlash(strings.TrimPrefix(p.Filename, moduleRoot+"/")) + ":" + strconv.Itoa(p.Line)
		if !codeShape.MatchString(s) {
			bad = append(bad, where+": "+strconv.Quote(s))
			return
		}
		codes[s] = append(codes[s], where)
	}
	// the results named code: the returns of the function's own body
	returns := func(body ast.Node, ix []int) {
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // a function of its own
			case *ast.ReturnStmt:
				for _, i := range ix {
					if i < len(n.Results) && len(n.Results) > 1 {
						add(n.Results[i])
					}
				}
			}
			return true
		})
	}
	// scan reads one declaration: its own function literals and parameters
	// decide what a call of a plain name is
	scan := func(decl ast.Decl, imports map[string]bool) {
		local := literals(decl)
		params := map[string]*ast.FuncType{}
		if fd, ok := decl.(*ast.FuncDecl); ok {
			for _, fl := range fd.Type.Params.List {
				if ft, ok := fl.Type.(*ast.FuncType); ok {
					for _, nm := range fl.Names {
						params[nm.Name] = ft
					}
				}
			}
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil && n.Type.Results != nil {
					returns(n.Body, codeResults(n.Type))
				}
			case *ast.FuncLit:
				if n.Type.Results != nil {
					returns(n.Body, codeResults(n.Type))
				}
			case *ast.CompositeLit:
				typeName := ""
				switch tt := n.Type.(type) {
				case *ast.Ident:
					typeName = tt.Name
				case *ast.SelectorExpr:
					typeName = tt.Sel.Name
				}
				for i, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && (id.Name == "Code" || id.Name == "code") {
							add(kv.Value)
						}
					} else if ix, ok := structFields[typeName]; ok && ix == i {
						add(el)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					name := ""
					switch l := l.(type) {
					case *ast.Ident:
						name = l.Name
					case *ast.SelectorExpr:
						name = l.Sel.Name
					}
					if (name == "code" || name == "Code") && i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) {
						add(n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				for i, nm := range n.Names {
					if nm.Name == "code" && i < len(n.Values) {
						add(n.Values[i])
					}
				}
			case *ast.CallExpr:
				var ix []int
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					if lit, ok := local[fn.Name]; ok {
						ix = lit
					} else if ft, ok := params[fn.Name]; ok {
						// a parameter of function type: its parameters'
						// names, or else the function literals of its name
						if ix = codeParams(ft); len(ix) == 0 {
							ix = literalsByName[fn.Name]
						}
					} else {
						ix = named[fn.Name]
					}
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && imports[x.Name] {
						return true // fmt.Errorf and the like
					}
					ix = named[fn.Sel.Name]
				}
				seen := map[int]bool{}
				for _, i := range ix {
					if i < len(n.Args) && !seen[i] {
						seen[i] = true
						add(n.Args[i])
					}
				}
			}
			return true
		})
	}
	for _, f := range files {
		imports := map[string]bool{}
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			name := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			imports[name] = true
		}
		for _, decl := range f.Decls {
			scan(decl, imports)
		}
	}
	return codes, bad
}

// codeResults are the indexes of a function's results named code.
func codeResults(ft *ast.FuncType) []int {
	var out []int
	i := 0
	for _, f := range ft.Results.List {
		for _, nm := range f.Names {
			if nm.Name == "code" {
				out = append(out, i)
			}
			i++
		}
		if len(f.Names) == 0 {
			i++
		}
	}
	return out
}

// TestEveryCodeIsDocumented: every code Go code can give a diagnostic is in
// the registry, and every code of the registry is given somewhere.
func TestEveryCodeIsDocumented(t *testing.T) {
	emitted, bad := emittedCodes(t)
	for _, b := range bad {
		t.Errorf("%s: a string in a code's place that is not a code (or the scan misreads this call)", b)
	}
	var missing []string
	for code, where := range emitted {
		if _, ok := LookupCode(code); !ok {
			missing = append(missing, code+" (given at "+where[0]+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("code %s is not in the registry of interpreter/diag/codes.go", m)
	}
	for _, c := range Codes() {
		if _, ok := emitted[c.Code]; !ok {
			t.Errorf("code %s is in the registry but no Go code gives it", c.Code)
		}
	}
	if len(emitted) < 40 {
		t.Errorf("the scan found only %d codes: it no longer reads the places codes are given", len(emitted))
	}
}

// TestSeverityIsDecidedByTheRegistry: no Go code outside this package names
// a warning; a code's severity is the registry's.
func TestSeverityIsDecidedByTheRegistry(t *testing.T) {
	err := filepath.WalkDir(moduleRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != moduleRoot && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			return err
		}
		if f.Name.Name == "diag" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "SeverityWarning" {
				t.Errorf("%s names diag.SeverityWarning: give the code its severity in the registry (diag.SeverityOf)", p)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range codes {
		if seen[c.Code] {
			t.Errorf("code %s is registered twice", c.Code)
		}
		seen[c.Code] = true
		if !codeShape.MatchString(c.Code) {
			t.Errorf("code %q is not lower-case words joined by hyphens", c.Code)
		}
		if strings.Contains(c.Meaning, "\n") || strings.HasSuffix(c.Meaning, ".") {
			t.Errorf("the meaning of %s is one line without a full stop", c.Code)
		}
	}
	if SeverityOf("unused-action") != SeverityWarning || SeverityOf("unknown-zone") != SeverityError || SeverityOf("no-such-code") != SeverityError {
		t.Error("SeverityOf does not read the registry")
	}
}

func TestExampleFiles(t *testing.T) {
	rs, cards := ExampleFiles(InSteps, "- shuffle: deck")
	if !strings.HasSuffix(rs, "turn:\n  phases:\n    - name: main\n      do:\n        - shuffle: deck\n") || strings.Count(rs, "turn:") != 1 || cards != ExampleCards {
		t.Errorf("steps go in the phase main:\n%s", rs)
	}
	rs, _ = ExampleFiles(InRuleset, "zones:\n  hand: {}\nvalue: 1")
	if strings.Count(rs, "zones:") != 1 || strings.Contains(rs, "deck: {visibility") || !strings.Contains(rs, "keywords:") || !strings.HasSuffix(rs, "value: 1\n") {
		t.Errorf("a top-level key replaces the example's:\n%s", rs)
	}
	_, cards = ExampleFiles(InCards, "cards: []")
	if cards != "cards: []" {
		t.Errorf("a card file replaces the example's: %q", cards)
	}
}
