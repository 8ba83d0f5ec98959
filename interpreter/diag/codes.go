package diag

import (
	"regexp"
	"sort"
	"strings"
)

// CodeDoc documents one diagnostic code: what it means, how severe it is, a
// minimal mistake that gets it and the same text fixed. The registry of codes
// is the one place a code's severity is decided, and the catalogue `arbiter
// doc codes` prints; tests load every Wrong snippet (it must give this code
// and no other) and every Fixed one (it must give nothing at all).
type CodeDoc struct {
	Code     string
	Severity Severity
	Meaning  string // one line: what is wrong
	// In says where the snippets go (see ExampleFiles): InRuleset, InSteps
	// or InCards; "" for a code no ruleset text can show, explained by Note.
	In    string
	Wrong string
	Fixed string
	Note  string // how to fix it, when the snippets do not say it all
}

// Where the snippets of a CodeDoc go.
const (
	InRuleset = "ruleset" // top-level keys of the example ruleset, each replacing the example's own
	InSteps   = "steps"   // the steps of the example's one phase
	InCards   = "cards"   // the example's card file, replaced whole
)

// ExampleRuleset is the ruleset every snippet of the catalogue is part of;
// ExampleCards is its card file, cards/example/cards.yaml.
const ExampleRuleset = `name: example
cards: [cards/example]
players: {min: 2, max: 2}
keywords: [swift, guard]
properties:
  card:
    color: {type: enum, values: [red, blue]}
    power: {type: int}
  player:
    gold: {type: int}
zones:
  deck: {visibility: hidden}
  hand: {visibility: owner}
  table: {}
  pile: {per: game}
turn:
  phases:
    - name: main
`

const ExampleCards = `cards:
  - id: knight
    name: Knight
  - id: archer
    name: Archer
decks:
  basic: {knight: 2, archer: 2}
`

// ExampleFiles returns the ruleset and card file a snippet stands in: for
// InRuleset each top-level key of the snippet replaces the example's, for
// InSteps the snippet is the steps of the phase main, for InCards it is the
// card file.
func ExampleFiles(in, snippet string) (ruleset, cards string) {
	ruleset, cards = ExampleRuleset, ExampleCards
	switch in {
	case InSteps:
		snippet = "turn:\n  phases:\n    - name: main\n      do:\n" + indent(snippet, "        ")
		fallthrough
	case InRuleset:
		ruleset = replaceTopKeys(ExampleRuleset, snippet)
	case InCards:
		cards = snippet
	}
	return ruleset, cards
}

var topKeyRE = regexp.MustCompile(`(?m)^([A-Za-z_][A-Za-z0-9_]*):`)

// replaceTopKeys drops from base the blocks of the top-level keys the snippet
// writes and appends the snippet. It works on the text, so a snippet need
// not be valid YAML.
func replaceTopKeys(base, snippet string) string {
	drop := map[string]bool{}
	for _, m := range topKeyRE.FindAllStringSubmatch(snippet, -1) {
		drop[m[1]] = true
	}
	var b strings.Builder
	skipping := false
	for _, line := range strings.SplitAfter(base, "\n") {
		if line == "" {
			continue
		}
		if m := topKeyRE.FindStringSubmatch(line); m != nil {
			skipping = drop[m[1]]
		}
		if !skipping {
			b.WriteString(line)
		}
	}
	b.WriteString(strings.TrimRight(snippet, "\n") + "\n")
	return b.String()
}

func indent(s, pre string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = pre + lines[i]
	}
	return strings.Join(lines, "\n") + "\n"
}

var codeIndex = func() map[string]int {
	m := make(map[string]int, len(codes))
	for i, c := range codes {
		m[c.Code] = i
	}
	return m
}()

// Codes lists every diagnostic code, by name.
func Codes() []CodeDoc {
	out := append([]CodeDoc(nil), codes...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// LookupCode returns the documentation of a code.
func LookupCode(code string) (CodeDoc, bool) {
	i, ok := codeIndex[code]
	if !ok {
		return CodeDoc{}, false
	}
	return codes[i], true
}

// SeverityOf is the severity of a code: what the registry says, an error for
// a code it does not know.
func SeverityOf(code string) Severity {
	if i, ok := codeIndex[code]; ok {
		return codes[i].Severity
	}
	return SeverityError
}

var codes = []CodeDoc{
	{Code: "active-in-loop", Severity: SeverityWarning, Meaning: "a step whose player defaults to the active player (act) is written without one in steps run for each player in turn (for_each_player), where the choices beside it default to the loop's player, you",
		In: InRuleset, Wrong: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do:\n        - for_each_player:\n            do: [{act: {actions: [play]}}]", Fixed: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do:\n        - for_each_player:\n            do: [{act: {player: you, actions: [play]}}]",
		Note: "Write player: you to ask each player of the loop in turn, or player: active to ask the active player each time and silence the warning."},
	{Code: "bad-expression", Severity: SeverityError, Meaning: "an expression does not parse: an operator without its operand, a quote or bracket left open",
		In: InRuleset, Wrong: "value: len(you.hand) *", Fixed: "value: len(you.hand) * 2"},
	{Code: "bad-scenario", Severity: SeverityError, Meaning: "a scenario file cannot be read: a field it does not know, a value of the wrong shape",
		Note: "The message names what is wrong and how the field is written; `arbiter doc scenario` lists every field of a scenario."},
	{Code: "bad-step", Severity: SeverityError, Meaning: "a step is not one primitive with its arguments",
		In: InSteps, Wrong: "- [shuffle, deck]", Fixed: "- shuffle: deck"},
	{Code: "bad-template", Severity: SeverityError, Meaning: "a text with {expression} parts has a brace without its pair, or braces where no template is allowed",
		In: InSteps, Wrong: `- log: "{you} has {you.gold gold"`, Fixed: `- log: "{you} has {you.gold} gold"`,
		Note: "Write {{ and }} for a brace in the text itself."},
	{Code: "bad-value", Severity: SeverityError, Meaning: "a value is not one of those the place allows",
		In: InSteps, Wrong: "- move: {cards: you.hand, to: deck, position: botom}", Fixed: "- move: {cards: you.hand, to: deck, position: bottom}"},
	{Code: "bad-variable", Severity: SeverityError, Meaning: "a variable's name is taken, not a name, or bound again with another type",
		In: InSteps, Wrong: "- roll: {sides: 6, as: turn}", Fixed: "- roll: {sides: 6, as: result}"},
	{Code: "deck-limit", Severity: SeverityError, Meaning: "a deck breaks the deck-building limits of deck_rules",
		In: InRuleset, Wrong: "deck_rules: {copies: 3}\ndecks:\n  strong: {knight: 4, archer: 3}", Fixed: "deck_rules: {copies: 3}\ndecks:\n  strong: {knight: 3, archer: 3}"},
	{Code: "division-by-zero", Severity: SeverityError, Meaning: "a divisor written as numbers alone comes to 0",
		In: InSteps, Wrong: "- draw: {count: 4 / 0, from: deck, to: hand}", Fixed: "- draw: {count: 4 / 2, from: deck, to: hand}"},
	{Code: "card-text", Severity: SeverityWarning, Meaning: "a card's written text disagrees with its properties or keywords (a number it states, a keyword it names or leaves out)",
		In: InCards, Wrong: "cards:\n  - id: knight\n    name: Knight\n    props: {power: 2}\n    text: Power 3.\n  - id: archer\n    name: Archer",
		Fixed: "cards:\n  - id: knight\n    name: Knight\n    props: {power: 2}\n    text: Power 2.\n  - id: archer\n    name: Archer",
		Note:  "Or let the ruleset's card_text write the line from the property, and keep only the rules text in the card file."},
	{Code: "bad-card-text", Severity: SeverityError, Meaning: "a line of card_text reads something other than the card, which is not known when a card's text is written",
		In: InRuleset, Wrong: "card_text:\n  lines:\n    - \"Power {card.power}, {len(you.hand)} in hand.\"", Fixed: "card_text:\n  lines:\n    - \"Power {card.power}.\""},
	{Code: "duplicate-card-id", Severity: SeverityError, Meaning: "two cards have the same id",
		In: InCards, Wrong: "cards:\n  - id: knight\n  - id: knight\n    name: Dark Knight", Fixed: "cards:\n  - id: knight\n  - id: dark_knight\n    name: Dark Knight"},
	{Code: "duplicate-card-name", Severity: SeverityWarning, Meaning: "two cards of different ids have the same name, which players cannot tell apart",
		In: InCards, Wrong: "cards:\n  - id: knight\n    name: Knight\n  - id: knight_elite\n    name: Knight", Fixed: "cards:\n  - id: knight\n    name: Knight\n  - id: knight_elite\n    name: Elite Knight",
		Note: "Copies of one card are one card with a count in a deck; two cards with other properties need names of their own."},
	{Code: "duplicate-deck", Severity: SeverityError, Meaning: "two decks have the same name (in the ruleset or in card files)",
		In: InRuleset, Wrong: "decks:\n  basic: {knight: 3}", Fixed: "decks:\n  knights: {knight: 3}"},
	{Code: "duplicate-key", Severity: SeverityError, Meaning: "a mapping has the same key twice",
		In: InRuleset, Wrong: "players: {min: 2, max: 2, min: 3}", Fixed: "players: {min: 2, max: 3}"},
	{Code: "duplicate-phase", Severity: SeverityError, Meaning: "two phases of the turn have the same name",
		In: InRuleset, Wrong: "turn:\n  phases:\n    - name: main\n    - name: main", Fixed: "turn:\n  phases:\n    - name: main\n    - name: end"},
	{Code: "empty-file", Severity: SeverityError, Meaning: "a ruleset or card file holds nothing",
		In: InCards, Wrong: "# the cards come later", Fixed: "cards: []"},
	{Code: "error", Severity: SeverityError, Meaning: "a command failed for a reason that is not about a file (JSON output of play and sim)",
		Note: "The message says what failed: a game that cannot start, a save that cannot be read."},
	{Code: "internal", Severity: SeverityError, Meaning: "the loader met a bug of its own",
		Note: "Not a mistake in the ruleset: report it with the file that caused it."},
	{Code: "io", Severity: SeverityError, Meaning: "a file cannot be read",
		Note: "The message is the system's: a file that does not exist, a folder where a file is expected, no permission to read."},
	{Code: "missing-field", Severity: SeverityError, Meaning: "a required key or argument is absent, or a key that only makes sense with another is given alone",
		In: InRuleset, Wrong: "triggers:\n  - on: turn_start", Fixed: "triggers:\n  - on: turn_start\n    do: [{log: \"{you} begins a turn\"}]"},
	{Code: "missing-dot", Severity: SeverityError, Meaning: "inside filter, count, any and the like, a property of each item is written without its leading dot",
		In: InRuleset, Wrong: "value: count(you.hand, color == 'red')", Fixed: "value: count(you.hand, .color == red)",
		Note: "The functions that take a condition on each item of a list (filter, map, count, any, all, none, one, find, find_last, sum, sort_by) read the item as # and its properties as .name; card.name there is the card of an action's filter, not the item."},
	{Code: "needs-quotes", Severity: SeverityError, Meaning: "YAML reads a value otherwise than it is written: a comma or \": \" inside {...}, a value that starts with a quote or a brace",
		In: InSteps, Wrong: "- draw: {from: deck, to: hand, count: max(1, you.gold)}", Fixed: "- draw: {from: deck, to: hand, count: \"max(1, you.gold)\"}",
		Note: "Inside {...} and [...] a comma ends a value and \": \" starts a key; anywhere, a value that starts with a quote ends at the closing quote, and one that starts with { or [ is a mapping or a list. Put such a value in quotes as a whole, or write the mapping as a block (one key a line), where only \": \", \" #\" and a leading quote or brace need them."},
	{Code: "no-ruleset", Severity: SeverityError, Meaning: "validate was given a card file and no ruleset reads it",
		Note: "Give validate the ruleset too (a card file is checked with the ruleset that reads it), or list the card file's folder in the ruleset's cards."},
	{Code: "cost-twice", Severity: SeverityError, Meaning: "an action's cost takes from one property twice (two spends of gold): each is judged before any is paid",
		Note: "Write one spend of their sum (amount: card.price + 1): the action is then offered only to a player who can pay it all."},
	{Code: "ruleset-errors", Severity: SeverityError, Meaning: "a scenario's ruleset does not load: its problems are told with the ruleset, and the scenario is checked against it once they are mended",
		Note: "It comes when validate is given a ruleset and a scenario that reads it, and the ruleset has errors: mend those (they are listed at the ruleset's own lines), then validate the scenario again."},
	{Code: "not-a-cost", Severity: SeverityError, Meaning: "an action's cost holds a step that is not a cost",
		In: InRuleset, Wrong: "actions:\n  rest:\n    cost: [{draw: {from: deck, to: hand}}]\n    effect: [{log: \"{you} rests\"}]\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [rest]}}]",
		Fixed: "actions:\n  rest:\n    cost: [{spend: {prop: gold, amount: 1}}]\n    effect: [{draw: {from: deck, to: hand}}]\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [rest]}}]",
		Note:  "Costs are pay_cards, spend, require and mark; other steps go in effect."},
	{Code: "out-of-range", Severity: SeverityError, Meaning: "a number is outside the range its place allows",
		In: InRuleset, Wrong: "limits: {steps: 0}", Fixed: "limits: {steps: 500}"},
	{Code: "reserved-name", Severity: SeverityError, Meaning: "a property, or a zone of every player, is named like a field every card or player already has (owner, won, next)",
		In: InRuleset, Wrong: "properties:\n  card:\n    owner: {type: player}", Fixed: "properties:\n  card:\n    holder: {type: player}"},
	{Code: "takes-no-condition", Severity: SeverityError, Meaning: "a condition on each item (.x > 1) given to a function that takes a list alone: first, last, len, max",
		In: InRuleset, Wrong: "value: len(you.hand, .color == red)", Fixed: "value: count(you.hand, .color == red)",
		Note: "first becomes find, last find_last, len count; max and min take map(list, .x); for any other function, give it filter(list, condition)."},
	{Code: "too-many-errors", Severity: SeverityError, Meaning: "more problems than are worth showing at once, errors among those left out",
		Note: "Fix the first ones: most of the others usually follow from them. Errors are shown before warnings."},
	{Code: "too-many-warnings", Severity: SeverityWarning, Meaning: "more warnings than are worth showing at once, and no error among those left out",
		Note: "The file loads: warnings never stop it. The errors are all shown first, then as many warnings as fit."},
	{Code: "too-many-steps", Severity: SeverityError, Meaning: "the effects expand to more steps than any game needs (YAML aliases inside aliases)",
		In: InSteps,
		Wrong: "- &a {log: x}\n- &b {if: {cond: you.gold > 0, then: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]}}\n- &c {if: {cond: you.gold > 0, then: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]}}\n" +
			"- &d {if: {cond: you.gold > 0, then: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]}}\n- &e {if: {cond: you.gold > 0, then: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]}}\n" +
			"- {if: {cond: you.gold > 0, then: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]}}",
		Fixed: "- if: {cond: you.gold > 0, then: [{repeat: {count: 100000, do: [{log: x}]}}]}",
		Note:  "Repeat a step with repeat, for_range or for_each rather than with copies of it."},
	{Code: "type-mismatch", Severity: SeverityError, Meaning: "a value or an expression gives a type other than the place needs",
		In: InRuleset, Wrong: "value: you.hand", Fixed: "value: len(you.hand)"},
	{Code: "unemitted-event", Severity: SeverityWarning, Meaning: "a trigger listens to an event nothing raises",
		In: InRuleset, Wrong: "triggers:\n  - on: turn_strat\n    do: [{log: \"{you} begins a turn\"}]", Fixed: "triggers:\n  - on: turn_start\n    do: [{log: \"{you} begins a turn\"}]"},
	{Code: "unheard-event", Severity: SeverityWarning, Meaning: "an emit step raises an event no trigger listens to",
		In: InRuleset, Wrong: "turn:\n  phases:\n    - name: main\n      do: [{emit: {event: scored}}]",
		Fixed: "turn:\n  phases:\n    - name: main\n      do: [{emit: {event: scored}}]\ntriggers:\n  - on: scored\n    do: [{add: {player: you, prop: gold, amount: 1}}]"},
	{Code: "unknown-action", Severity: SeverityError, Meaning: "a window offers an action the ruleset does not declare",
		In: InRuleset, Wrong: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play, paly]}}]",
		Fixed: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]"},
	{Code: "unknown-card", Severity: SeverityError, Meaning: "a card id that no card file declares",
		In: InRuleset, Wrong: "decks:\n  strong: {knight: 2, archr: 2}", Fixed: "decks:\n  strong: {knight: 2, archer: 2}"},
	{Code: "unknown-deck", Severity: SeverityError, Meaning: "a deck name that neither the ruleset nor a card file declares",
		In: InSteps, Wrong: "- create_deck: {to: deck, deck: basik}", Fixed: "- create_deck: {to: deck, deck: basic}"},
	{Code: "unknown-field", Severity: SeverityError, Meaning: "a key that has no meaning where it is written",
		In: InSteps, Wrong: "- draw: {cont: 2, from: deck, to: hand}", Fixed: "- draw: {count: 2, from: deck, to: hand}"},
	{Code: "unknown-folder", Severity: SeverityError, Meaning: "the ruleset's cards list names a folder that does not exist, a file instead of its folder, or a folder twice",
		In: InRuleset, Wrong: "cards: [cards/example, cards/extra]", Fixed: "cards: [cards/example]",
		Note: "Folders are read relative to the ruleset file."},
	{Code: "unknown-function", Severity: SeverityError, Meaning: "an expression calls a function that does not exist",
		In: InRuleset, Wrong: "value: lenght(you.hand)", Fixed: "value: len(you.hand)"},
	{Code: "unknown-keyword", Severity: SeverityError, Meaning: "a keyword the ruleset's keywords do not list",
		In: InSteps, Wrong: "- grant: {cards: you.hand, keyword: gaurd}", Fixed: "- grant: {cards: you.hand, keyword: guard}"},
	{Code: "unknown-name", Severity: SeverityError, Meaning: "an expression reads a name that is not bound there",
		In: InRuleset, Wrong: "value: len(yuo.hand)", Fixed: "value: len(you.hand)"},
	{Code: "unknown-phase", Severity: SeverityError, Meaning: "a step names a phase the turn does not have",
		In: InSteps, Wrong: "- modify: {cards: you.hand, prop: power, amount: 1, until_phase: mian}", Fixed: "- modify: {cards: you.hand, prop: power, amount: 1, until_phase: main}"},
	{Code: "renamed-argument", Severity: SeverityError, Meaning: "a step writes an argument under the name it had in the language's first edition",
		In: InSteps, Wrong: "- move: {card: you.hand, to: deck}", Fixed: "- move: {cards: you.hand, to: deck}",
		Note: "The message names the new name, and `arbiter validate --fix` writes it in; the reference's table of argument names gives them all."},
	{Code: "write-none", Severity: SeverityError, Meaning: "an expression writes nil, the first edition's word for nothing; it is none",
		In: InRuleset, Wrong: "value: count(you.hand, .owner != nil)", Fixed: "value: count(you.hand, .owner != none)",
		Note: "none is the value of a card or player expression when there is none; none(list, condition), \"no item matches\", is still the function. `arbiter validate --fix` writes none in."},
	{Code: "snake-case-function", Severity: SeverityError, Meaning: "an expression calls a built-in function by its camelCase name; functions are spelled snake_case",
		In: InRuleset, Wrong: "value: len(sortBy(you.hand, .power))", Fixed: "value: len(sort_by(you.hand, .power))",
		Note: "sort_by, find_index, find_last, find_last_index: every function of expressions, expr's and the library's, is spelled snake_case. `arbiter validate --fix` writes the new name in."},
	{Code: "unused-procedure", Severity: SeverityWarning, Meaning: "a procedure that no step list calls",
		In: InRuleset, Wrong: "procedures:\n  tidy:\n    do:\n      - shuffle: deck", Fixed: "procedures:\n  tidy:\n    do:\n      - shuffle: deck\nsetup:\n  - tidy: {}"},
	{Code: "unused-predicate", Severity: SeverityWarning, Meaning: "a predicate that no expression calls",
		In: InRuleset, Wrong: "predicates:\n  big(c card): c.power > 2", Fixed: "predicates:\n  big(c card): c.power > 2\nvalue: count(you.hand, big(#))"},
	{Code: "recursion", Severity: SeverityError, Meaning: "a procedure or predicate calls itself, directly or through others",
		In: InRuleset, Wrong: "predicates:\n  big(c card): big(c)\nvalue: count(you.hand, big(#))", Fixed: "predicates:\n  big(c card): c.power > 2\nvalue: count(you.hand, big(#))",
		Note: "A procedure or predicate runs to its end: write a loop with repeat, for_each or for_range instead."},
	{Code: "duplicate-name", Severity: SeverityError, Meaning: "a procedure or predicate is declared twice (in the ruleset and a card file, or in two card files), or a zone has the name of a property read the same way (p1.score, game.round)",
		Note: "Every file of a ruleset shares one set of procedures and predicates, and p1.<name> and game.<name> read a zone or a property of that name: rename one of them."},
	{Code: "unknown-primitive", Severity: SeverityError, Meaning: "a step names an effect primitive that does not exist",
		In: InSteps, Wrong: "- shufle: deck", Fixed: "- shuffle: deck"},
	{Code: "unknown-property", Severity: SeverityError, Meaning: "a property or field that is not declared on that kind of thing",
		In: InRuleset, Wrong: "value: you.gld", Fixed: "value: you.gold"},
	{Code: "unknown-seat", Severity: SeverityError, Meaning: "a scenario's step names a seat the game does not have (p3 in a game of two players)",
		Note: "A scenario has the ruleset's fewest players unless `players:` says how many; its seats are p1 up to that number."},
	{Code: "unknown-type", Severity: SeverityError, Meaning: "a property's type is none of int, bool, enum, card, player, cards, players",
		In: InRuleset, Wrong: "properties:\n  player:\n    gold: {type: integer}", Fixed: "properties:\n  player:\n    gold: {type: int}"},
	{Code: "unknown-zone", Severity: SeverityError, Meaning: "a zone name the ruleset's zones do not declare",
		In: InSteps, Wrong: "- draw: {from: dek, to: hand}", Fixed: "- draw: {from: deck, to: hand}"},
	{Code: "unplayable-card", Severity: SeverityWarning, Meaning: "a card no action can ever take: every action's filter rejects it (a card only the game's own decks hold, which its rules deal and move, and one every action refuses with a filter_why, which says it is refused on purpose, are not warned of)",
		In:    InRuleset,
		Wrong: "actions:\n  play:\n    from: hand\n    reveal: true\n    filter: card.id == 'knight'\n    effect: [{move: {cards: card, to: table}}]\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]",
		Fixed: "actions:\n  play:\n    from: hand\n    reveal: true\n    filter: card.id in ['knight', 'archer']\n    effect: [{move: {cards: card, to: table}}]\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]"},
	{Code: "unreachable-phase", Severity: SeverityWarning, Meaning: "a phase whose skip_if is always true",
		In: InRuleset, Wrong: "turn:\n  phases:\n    - name: upkeep\n      skip_if: true\n    - name: main", Fixed: "turn:\n  phases:\n    - name: upkeep\n      skip_if: turn == 1\n    - name: main"},
	{Code: "unreachable-step", Severity: SeverityWarning, Meaning: "a step that can never run: after one that ends the game, or in a branch of a condition that is always true or always false",
		In: InSteps, Wrong: "- win: {}\n- log: \"{you} wins\"", Fixed: "- log: \"{you} wins\"\n- win: {}"},
	{Code: "unsupported-expression", Severity: SeverityError, Meaning: "an expression uses a form of expr that rulesets do not take (text operations, maps, dates)",
		In: InSteps, Wrong: `- log: "{upper(you.seat)} wins"`, Fixed: `- log: "{you} wins"`},
	{Code: "hidden-play", Severity: SeverityWarning, Meaning: "an action takes its card from a zone the other players do not see (a hand) without saying whether they see it played",
		In: InRuleset, Wrong: "actions:\n  play: {from: hand, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]", Fixed: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]",
		Note: "Without reveal the others read the action's line as \"p1: play a card\" until the card reaches a zone they see. reveal: false keeps a card played face down hidden and silences the warning."},
	{Code: "alone-not-together", Severity: SeverityWarning, Meaning: "a game of one player that is not together: true: the player losing leaves nobody, a draw, and the lose step's reason is not told",
		In: InRuleset, Wrong: "players: {min: 1, max: 1}", Fixed: "players: {min: 1, max: 1, together: true}",
		Note: "A patience is played against the game, as a cooperative game is: together: true makes its lose steps losses, with their reasons in arbiter sim's table."},
	{Code: "unseen-filter", Severity: SeverityWarning, Meaning: "an action offers cards of a zone where its player does not see them (hidden, held facing out, face down where nobody may look), and its filter or condition reads their properties; or a choice (choose_card's cards, choose's option ifs) reads the properties of such cards of the chooser's own",
		In: InRuleset, Wrong: "zones:\n  deck: {visibility: hidden}\n  hand: {visibility: others}\n  table: {}\n  pile: {per: game}\nactions:\n  play: {from: hand, filter: card.power >= 0, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]", Fixed: "zones:\n  deck: {visibility: hidden}\n  hand: {visibility: others}\n  table: {}\n  pile: {per: game}\nactions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}, {if: {cond: card.color == red, then: [{add: {player: you, prop: gold, amount: 1}}]}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]",
		Note: "Which cards are offered is seen by the player: an action offered for two cards of a hand they cannot see tells them those two pass the filter, and a choice whose option red is left out tells them they hold no red card. Offer every card (every option) and let the steps after judge the one chosen (an if step), or show the player the cards first (reveal, look)."},
	{Code: "unused-action", Severity: SeverityWarning, Meaning: "an action no window (act, priority) offers",
		In: InRuleset, Wrong: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}", Fixed: "actions:\n  play: {from: hand, reveal: true, effect: [{move: {cards: card, to: table}}]}\nturn:\n  phases:\n    - name: main\n      do: [{act: {actions: [play]}}]"},
	{Code: "usage", Severity: SeverityError, Meaning: "a command was called with arguments it does not take (JSON output of play and sim)",
		Note: "arbiter help COMMAND shows what the command takes."},
	{Code: "zone-owner", Severity: SeverityError, Meaning: "a zone read through the wrong owner: a zone of each player through game, or a shared zone through a player",
		In: InRuleset, Wrong: "value: len(game.hand) + len(you.pile)", Fixed: "value: len(you.hand) + len(game.pile)",
		Note: "A zone is each player's unless it is declared per: game; then it exists once, as game.<zone>."},
	{Code: "yaml-syntax", Severity: SeverityError, Meaning: "the file is not YAML: an indentation, a bracket or a tab that YAML refuses",
		In: InRuleset, Wrong: "players: {min: 2, max: 2", Fixed: "players: {min: 2, max: 2}"},
}
