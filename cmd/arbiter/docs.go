package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arbiter-games/arbiter/interpreter/compile/closure"
	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/stdlib"
)

func newDocCmd() *cobra.Command {
	var markdown bool
	cmd := &cobra.Command{
		Use:   "doc [NAME]",
		Short: "The DSL reference: ruleset keys, effect primitives, expression functions, diagnostic codes",
		Long: `Doc prints the reference of the ruleset language from the same registry the
loader uses: every ruleset key, every effect primitive with its arguments,
every expression function, the fields of cards, players and events, and
every diagnostic code with a mistake that gets it and its fix (arbiter doc
codes lists them). With NAME it prints one entry; --markdown prints the
whole reference as Markdown (docs/reference.md is made this way).`,
		Args: maxArgs(1, "one NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if markdown {
				WriteReference(out)
				return nil
			}
			if len(args) == 1 {
				if !docEntry(out, args[0]) {
					return &exitError{code: 2, msg: fmt.Sprintf("arbiter doc: nothing is named %q (arbiter doc lists everything)", args[0])}
				}
				return nil
			}
			lib := stdlib.Library()
			fmt.Fprintln(out, "Ruleset keys (arbiter doc KEY):")
			for _, k := range lib.Keys() {
				fmt.Fprintf(out, "  %-14s %s\n", k.Path, firstSentence(k.Doc))
			}
			fmt.Fprintln(out, "\nEffect primitives (arbiter doc NAME):")
			for _, p := range lib.Primitives() {
				fmt.Fprintf(out, "  %-18s %s\n", p.Name, firstSentence(p.Doc))
			}
			fmt.Fprintln(out, "\nBuilt-in functions (arbiter doc NAME):")
			for _, d := range closure.BuiltinDocs {
				fmt.Fprintf(out, "  %-18s %s\n", d.Name, firstSentence(d.Doc))
			}
			fmt.Fprintln(out, "\nExpression functions (arbiter doc NAME):")
			for _, f := range lib.Funcs() {
				fmt.Fprintf(out, "  %-18s %s\n", signature(f), firstSentence(f.Doc))
			}
			fmt.Fprintln(out, "\nFields: arbiter doc fields")
			fmt.Fprintln(out, "Built-in events: arbiter doc events")
			fmt.Fprintln(out, "Diagnostic codes: arbiter doc codes")
			return nil
		},
	}
	cmd.Flags().BoolVar(&markdown, "markdown", false, "print the whole reference as Markdown")
	return cmd
}

func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i >= 0 {
		return s[:i+1]
	}
	return s
}

func signature(f *model.Func) string {
	parts := make([]string, len(f.Params))
	for i, t := range f.Params {
		name := ""
		if i < len(f.Names) {
			name = f.Names[i] + " "
		}
		parts[i] = name + t.String()
	}
	return fmt.Sprintf("%s(%s) %s", f.Name, strings.Join(parts, ", "), f.Result)
}

func docEntry(w io.Writer, name string) bool {
	lib := stdlib.Library()
	if p, ok := lib.Primitive(name); ok {
		writePrimitive(w, p, false)
		return true
	}
	if f, ok := lib.Func(name); ok {
		writeFunc(w, f, false)
		return true
	}
	if d, ok := closure.BuiltinDocOf(name); ok {
		fmt.Fprintf(w, "%s (built-in function)\n  %s\n", d.Form, d.Doc)
		return true
	}
	for _, k := range lib.Keys() {
		if k.Path == name || strings.TrimSuffix(k.Path, "[]") == name || strings.HasPrefix(k.Path, name+".") {
			fmt.Fprintf(w, "%s\n%s\n\nExample:\n%s\n", k.Path, strings.ReplaceAll(indentBy(k.Doc, "  "), "\n  \n", "\n\n"), indentBy(k.Example, "  "))
			return true
		}
	}
	if name == "fields" {
		writeFields(w, false)
		return true
	}
	if name == "events" {
		writeEvents(w, false)
		return true
	}
	for _, e := range model.BuiltinEvents {
		if e.Name == name {
			writeEvent(w, e)
			return true
		}
	}
	if name == "codes" {
		fmt.Fprintln(w, "Diagnostic codes (arbiter doc CODE shows a mistake that gets one and its fix):")
		for _, c := range diag.Codes() {
			fmt.Fprintf(w, "  %-22s %-7s %s\n", c.Code, c.Severity, c.Meaning)
		}
		return true
	}
	if c, ok := diag.LookupCode(name); ok {
		writeCode(w, c, false)
		return true
	}
	return false
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// snippetPlace says where a code's snippets go, for a reader.
func snippetPlace(in string) string {
	switch in {
	case diag.InSteps:
		return "the steps of a phase"
	case diag.InCards:
		return "a card file"
	}
	return "a ruleset"
}

func writeCode(w io.Writer, c diag.CodeDoc, md bool) {
	if md {
		fmt.Fprintf(w, "### %s\n\n%s (%s).", c.Code, upperFirst(c.Meaning), c.Severity)
		if c.Note != "" {
			fmt.Fprintf(w, " %s", c.Note)
		}
		fmt.Fprint(w, "\n\n")
		if c.In != "" {
			fmt.Fprintf(w, "Wrong (in %s):\n\n```yaml\n%s\n```\n\nFixed:\n\n```yaml\n%s\n```\n\n", snippetPlace(c.In), c.Wrong, c.Fixed)
		}
		return
	}
	fmt.Fprintf(w, "%s (%s)\n  %s.\n", c.Code, c.Severity, upperFirst(c.Meaning))
	if c.Note != "" {
		fmt.Fprintf(w, "  %s\n", c.Note)
	}
	if c.In != "" {
		fmt.Fprintf(w, "Wrong (in %s):\n%s\nFixed:\n%s\n", snippetPlace(c.In), indentBy(c.Wrong, "  "), indentBy(c.Fixed, "  "))
	}
}

// writeCodes writes the catalogue of diagnostic codes as Markdown.
func writeCodes(w io.Writer) {
	fmt.Fprint(w, "## Diagnostic codes\n\nEvery problem validate reports ends with its code in brackets (`[unknown-zone]`); `arbiter doc CODE` shows the entry. An error stops the ruleset from loading, a warning does not. Each entry shows a mistake that gets the code and the same text fixed, as part of this ruleset (steps go in its phase main, a card file replaces cards/example/cards.yaml, top-level keys replace its own); tests load every one of them.\n\n")
	fmt.Fprintf(w, "```yaml\n%s```\n\n```yaml\n# cards/example/cards.yaml\n%s```\n\n", diag.ExampleRuleset, diag.ExampleCards)
	for _, c := range diag.Codes() {
		writeCode(w, c, true)
	}
}

func indentBy(s, pre string) string {
	lines := strings.Split(s, "\n")
	for i := range lines {
		lines[i] = pre + lines[i]
	}
	return strings.Join(lines, "\n")
}

func writePrimitive(w io.Writer, p *model.Primitive, md bool) {
	if md {
		fmt.Fprintf(w, "### %s\n\n%s", p.Name, p.Doc)
		if p.CanPay != nil {
			fmt.Fprint(w, " Usable as a cost.")
		}
		fmt.Fprint(w, "\n\n| argument | kind | required | default | meaning |\n|---|---|---|---|---|\n")
		for _, a := range p.Params {
			fmt.Fprintf(w, "| %s | %s | %v | %s | %s |\n", a.Name, paramKind(a), yesNo(a.Required), mdCode(a.Default), a.Doc)
		}
		if p.Shorthand != "" {
			fmt.Fprintf(w, "\nA plain value fills `%s`.\n", p.Shorthand)
		}
		fmt.Fprintf(w, "\n```yaml\n%s\n```\n\n", p.Example)
		return
	}
	fmt.Fprintf(w, "%s (effect primitive, %s)\n  %s\n", p.Name, p.Family, p.Doc)
	if p.CanPay != nil {
		fmt.Fprintln(w, "  Usable as a cost.")
	}
	fmt.Fprintln(w, "Arguments:")
	for _, a := range p.Params {
		req := ""
		if a.Required {
			req = ", required"
		}
		def := ""
		if a.Default != "" {
			def = fmt.Sprintf(", default %s", a.Default)
		}
		fmt.Fprintf(w, "  %-12s %s%s%s: %s\n", a.Name, paramKind(a), req, def, a.Doc)
	}
	if p.Shorthand != "" {
		fmt.Fprintf(w, "A plain value fills %s.\n", p.Shorthand)
	}
	fmt.Fprintf(w, "Example:\n%s\n", indentBy(p.Example, "  "))
}

func paramKind(a model.Param) string {
	switch a.Kind {
	case model.PExpr:
		return a.Type.String() + " expression"
	case model.PBind:
		if a.Type == model.TAny {
			return "variable"
		}
		return a.Type.String() + " variable"
	case model.PWord:
		return strings.Join(a.Words, "|")
	case model.PExprList:
		return "list of " + a.Type.String() + " expressions"
	}
	return a.Kind.String()
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return ""
}

func mdCode(s string) string {
	if s == "" {
		return ""
	}
	return "`" + s + "`"
}

func writeFunc(w io.Writer, f *model.Func, md bool) {
	if md {
		fmt.Fprintf(w, "### %s\n\n`%s`: %s\n\n```\n%s\n```\n\n", f.Name, signature(f), f.Doc, f.Example)
		return
	}
	fmt.Fprintf(w, "%s (expression function, %s)\n  %s\nExample:\n  %s\n", signature(f), f.Family, f.Doc, f.Example)
}

func writeFields(w io.Writer, md bool) {
	card, player, event := closure.Fields()
	for _, group := range []struct {
		name string
		rows [][3]string
	}{{"card", card}, {"player", player}, {"event", event}} {
		if md {
			fmt.Fprintf(w, "### Fields of every %s\n\n| field | type | meaning |\n|---|---|---|\n", group.name)
			for _, r := range group.rows {
				fmt.Fprintf(w, "| %s | %s | %s |\n", r[0], r[1], r[2])
			}
			fmt.Fprintln(w)
			continue
		}
		fmt.Fprintf(w, "Fields of every %s:\n", group.name)
		for _, r := range group.rows {
			fmt.Fprintf(w, "  %-12s %-8s %s\n", r[0], r[1], r[2])
		}
	}
}

// writeEvents writes the events the engine raises, with their fields.
func writeEvents(w io.Writer, md bool) {
	if md {
		fmt.Fprint(w, "### Built-in events\n\nThe events the engine raises itself, which triggers listen to (on: NAME) besides those a ruleset emits; the fields of event not listed hold none, '' or 0.\n\n| event | when | fields |\n|---|---|---|\n")
		for _, e := range model.BuiltinEvents {
			var fs []string
			for _, f := range e.Fields {
				fs = append(fs, f[0]+": "+f[1])
			}
			fmt.Fprintf(w, "| %s | %s | %s |\n", e.Name, e.Doc, strings.Join(fs, "; "))
		}
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintln(w, "Built-in events (arbiter doc EVENT); the fields of event not listed hold none, '' or 0:")
	for _, e := range model.BuiltinEvents {
		fmt.Fprintf(w, "  %-12s %s\n", e.Name, e.Doc)
	}
}

// writeEvent writes one built-in event with what its fields hold.
func writeEvent(w io.Writer, e model.BuiltinEvent) {
	fmt.Fprintf(w, "%s (built-in event)\n  Raised when %s. Its fields (the others hold none, '' or 0):\n", e.Name, e.Doc)
	for _, f := range e.Fields {
		fmt.Fprintf(w, "  event.%-8s %s\n", f[0], f[1])
	}
}

// WriteReference writes the whole DSL reference as Markdown.
func WriteReference(w io.Writer) {
	lib := stdlib.Library()
	fmt.Fprint(w, "# The Arbiter ruleset language: reference\n\nGenerated by `arbiter doc --markdown` from the registry the loader uses; do not edit by hand.\n\n")
	fmt.Fprint(w, "## Ruleset and card file keys\n\n")
	fmt.Fprint(w, "Rulesets and card files are YAML. A value written once may be named with an anchor and used again with an alias (`base: &base {...}`, then `*base`); a mapping may take another's keys with a merge, writing only what differs (`two: {<<: *base, label: two}`, or `<<: [*a, *b]`, the first winning). A mistake in such a value is told once, where it is written.\n\n")
	for _, k := range lib.Keys() {
		fmt.Fprintf(w, "### %s\n\n%s\n\n```yaml\n%s\n```\n\n", k.Path, k.Doc, k.Example)
	}
	fmt.Fprint(w, "## Fields\n\n")
	writeFields(w, true)
	writeEvents(w, true)
	fmt.Fprint(w, "## Effect primitives\n\nAn effect is a list of steps; each step is one primitive: `- name: {argument: value}`, or `- name: value` for a primitive's main argument. Expressions are strings; variables bound with `as` can be used by the later steps of the same effect.\n\n")
	families := map[string][]*model.Primitive{}
	var order []string
	for _, p := range lib.Primitives() {
		if _, ok := families[p.Family]; !ok {
			order = append(order, p.Family)
		}
		families[p.Family] = append(families[p.Family], p)
	}
	for _, fam := range order {
		fmt.Fprintf(w, "## Primitives: %s\n\n", fam)
		for _, p := range families[fam] {
			writePrimitive(w, p, true)
		}
	}
	fmt.Fprint(w, "## Built-in functions\n\nThe functions of the expression language itself (expr's built-ins that a ruleset may call, spelt in snake_case). In a predicate given to a function of a list, # is the element and .name reads its property or field.\n\n| function | gives |\n|---|---|\n")
	for _, d := range closure.BuiltinDocs {
		fmt.Fprintf(w, "| `%s` | %s |\n", d.Form, d.Doc)
	}
	fmt.Fprint(w, "\n## Expression functions\n\nBesides the built-in functions above, expressions may call:\n\n")
	for _, f := range lib.Funcs() {
		writeFunc(w, f, true)
	}
	writeCodes(w)
}
