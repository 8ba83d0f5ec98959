package load

// The keys each level of a ruleset or card file allows, as the loader reads
// them (source.Reader.Mapping refuses any other). keyLevels says which entry
// of the reference (stdlib/keys.go) documents each list; a test checks that
// every key is mentioned there and that no Mapping call of the loader has a
// list of its own.
var (
	// rulesetKeys (load.go), cardKeys (cards.go), zoneKeys (declarations.go)
	// and actionKeys (rules.go) sit beside the code that reads them.
	requiredRulesetKeys = []string{"name", "zones", "turn"}
	cardFileKeys        = []string{"cards", "decks", "procedures", "predicates"}
	faceKeys            = []string{"name", "text", "props", "triggers", "on"}
	triggerKeys         = []string{"on", "if", "do", "zones", "name", "face_down", "stack", "recheck"}
	staticKeys          = []string{"zones", "applies_to", "prop", "add", "set"}
	playersKeys         = []string{"min", "max", "together"}
	propertiesKeys      = []string{"card", "player", "game"}
	propertyKeys        = []string{"type", "values", "default", "min", "max", "doc", "label", "label_one", "reset_on_move", "internal"}
	limitsKeys          = []string{"turns", "steps"}
	deckRulesKeys       = []string{"sizes", "copies", "only"}
	deckSizeKeys        = []string{"min", "max"}
	turnKeys            = []string{"phases", "next", "drain_stack", "skip_if"}
	phaseKeys           = []string{"name", "label", "doc", "announce", "skip_if", "turn_skip_if", "do"}
	checkKeys           = []string{"name", "if", "do"}
	viewKeys            = []string{"card", "player", "game", "layout"}
	layoutRowKeys       = []string{"zone", "seat"}
	viewPartKeys        = []string{"if", "show"}
	cardTextKeys        = []string{"lines", "names", "keywords"}
)

// keyLevel is one list of allowed keys and the reference entries that
// document them: a key is documented when one of Docs mentions it, or, with
// Own, when the reference has an entry of its own, Own followed by the key
// (turn.phases).
type keyLevel struct {
	Name string // for messages
	Keys []string
	Docs []string
	Own  string
}

var keyLevels = []keyLevel{
	{Name: "ruleset", Keys: rulesetKeys, Own: ""},
	{Name: "card file", Keys: cardFileKeys, Docs: []string{"cards[]"}},
	{Name: "card", Keys: cardKeys, Docs: []string{"cards[]"}},
	{Name: "face", Keys: faceKeys, Docs: []string{"cards[]"}},
	{Name: "trigger", Keys: triggerKeys, Docs: []string{"triggers"}},
	{Name: "static", Keys: staticKeys, Docs: []string{"cards[].statics"}},
	{Name: "players", Keys: playersKeys, Docs: []string{"players"}},
	{Name: "properties", Keys: propertiesKeys, Docs: []string{"properties"}},
	{Name: "property", Keys: propertyKeys, Docs: []string{"properties"}},
	{Name: "zone", Keys: zoneKeys, Docs: []string{"zones"}},
	{Name: "limits", Keys: limitsKeys, Docs: []string{"limits"}},
	{Name: "deck_rules", Keys: deckRulesKeys, Docs: []string{"deck_rules"}},
	{Name: "deck_rules.sizes", Keys: deckSizeKeys, Docs: []string{"deck_rules"}},
	{Name: "turn", Keys: turnKeys, Own: "turn."},
	{Name: "phase", Keys: phaseKeys, Docs: []string{"turn.phases"}},
	{Name: "check", Keys: checkKeys, Docs: []string{"checks"}},
	{Name: "view", Keys: viewKeys, Docs: []string{"view"}},
	{Name: "view part", Keys: viewPartKeys, Docs: []string{"view"}},
	{Name: "view.layout row", Keys: layoutRowKeys, Docs: []string{"view"}},
	{Name: "action", Keys: actionKeys, Docs: []string{"actions"}},
	{Name: "card_text", Keys: cardTextKeys, Docs: []string{"card_text"}},
	{Name: "procedure", Keys: procKeys, Docs: []string{"procedures"}},
	{Name: "predicate", Keys: predKeys, Docs: []string{"predicates"}},
}
