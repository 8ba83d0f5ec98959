package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/state"
)

// ParseAnswer turns a written answer into an Answer for a seat's pending
// decision. Options are named by label (case does not matter), by id, or by
// number as #N; a label that two options share is an error, not a guess.
func ParseAnswer(g *engine.Game, seat int, n *yaml.Node) (state.Answer, error) {
	return parseAnswer(g, seat, n, false)
}

// ParseAnswerByName is ParseAnswer that also takes, at a question of one
// pick, a card's name for the option of that card that no other option
// shares (Grass for play Grass), as the terminal does. A scenario tries
// it last: after the questions the engine answered itself, which a name
// may be the answer to.
func ParseAnswerByName(g *engine.Game, seat int, n *yaml.Node) (state.Answer, error) {
	return parseAnswer(g, seat, n, true)
}

func parseAnswer(g *engine.Game, seat int, n *yaml.Node, byName bool) (state.Answer, error) {
	if n.Kind == yaml.ScalarNode && strings.EqualFold(n.Value, "resign") {
		return state.Answer{Resign: true}, nil
	}
	d, ok := g.PendingFor(seat)
	if !ok {
		waiting := []int{}
		for _, p := range g.Pending() {
			waiting = append(waiting, p.Player)
		}
		return state.Answer{}, fmt.Errorf("%s has nothing to answer (waiting for: %s)", state.SeatName(seat), seats(waiting))
	}
	switch d.Kind {
	case state.DecideNumber:
		x, err := strconv.Atoi(n.Value)
		if err != nil {
			return state.Answer{}, fmt.Errorf("%s is asked for a number, not %q", state.SeatName(seat), n.Value)
		}
		return state.Answer{Number: x}, nil
	case state.DecideAssign:
		if n.Kind != yaml.MappingNode {
			return state.Answer{}, fmt.Errorf("%s assigns: answer {item label: target label or none, ...}", state.SeatName(seat))
		}
		amounts := make([]int, len(d.Options))
		for i := 0; i+1 < len(n.Content); i += 2 {
			ix, err := FindOption(d, n.Content[i].Value)
			if err != nil {
				return state.Answer{}, err
			}
			t := n.Content[i+1].Value
			if strings.EqualFold(t, "none") {
				continue
			}
			tix, err := FindOption(&state.Decision{Player: d.Player, Options: d.Targets}, t)
			if err != nil {
				return state.Answer{}, err
			}
			amounts[ix] = tix + 1
		}
		return state.Answer{Amount: amounts}, nil
	case state.DecideDistribute:
		if n.Kind != yaml.MappingNode {
			return state.Answer{}, fmt.Errorf("%s divides %d: answer {label: amount, ...}", state.SeatName(seat), d.Total)
		}
		amounts := make([]int, len(d.Options))
		for i := 0; i+1 < len(n.Content); i += 2 {
			ix, err := FindOption(d, n.Content[i].Value)
			if err != nil {
				return state.Answer{}, err
			}
			x, err := strconv.Atoi(n.Content[i+1].Value)
			if err != nil {
				return state.Answer{}, fmt.Errorf("the amount for %q must be a number", n.Content[i].Value)
			}
			amounts[ix] = x
		}
		return state.Answer{Amount: amounts}, nil
	}
	var labels []string
	switch n.Kind {
	case yaml.SequenceNode:
		for _, x := range n.Content {
			labels = append(labels, x.Value)
		}
	case yaml.ScalarNode:
		labels = []string{n.Value}
		if n.Value == "" || n.Tag == "!!null" {
			labels = nil
		}
		if d.Min == 0 && strings.EqualFold(strings.TrimSpace(n.Value), "none") {
			// none declines a choice that may be declined, as at the
			// terminal, unless an option is called none
			if _, err := FindOption(d, n.Value); err != nil {
				labels = nil
			}
		}
		if d.Max > 1 && strings.Contains(n.Value, ",") {
			// several labels separated by commas, as at the terminal
			// (Estate, Estate), when no option has the whole text
			if _, err := FindOption(d, n.Value); err != nil {
				labels = nil
				for _, l := range strings.Split(n.Value, ",") {
					labels = append(labels, strings.TrimSpace(l))
				}
			}
		}
	default:
		return state.Answer{}, fmt.Errorf("write the answer as a label or a list of labels")
	}
	if len(labels) > 1 && d.Max == 1 {
		// several questions of one kind in a row (paying a cost a card at
		// a time) are answered one step each
		return state.Answer{}, fmt.Errorf("%s is asked for one option here (%q), not %d: a list answers a question that takes several; answer one question per step", state.SeatName(seat), d.Prompt, len(labels))
	}
	for i, l := range labels {
		labels[i] = byFaceName(g, d, l)
		if byName && d.Max == 1 {
			// a card's name for its option, at a question of one pick (of
			// several, the names are the options' own)
			var err error
			if labels[i], err = byCardName(g, d, labels[i]); err != nil {
				return state.Answer{}, err
			}
		}
	}
	picks, err := PickLabels(d, labels)
	if err != nil {
		return state.Answer{}, err
	}
	return state.Answer{Picks: picks}, nil
}

// byFaceName reads a label that names a card with faces by one of its
// faces (play top of Forge Altar, for play top of Forge Altar // Kindle):
// when no option has the label as written and exactly one option's label
// reads so with its card's name put as one of the card's faces, it is that
// option's label; otherwise the label as written.
func byFaceName(g *engine.Game, d *state.Decision, label string) string {
	if _, err := FindOption(d, label); err == nil {
		return label
	}
	ev := g.Evaluator()
	found := ""
	for _, o := range d.Options {
		if o.Card < 0 {
			continue
		}
		name := ev.CardName(o.Card)
		def := ev.Rs.Cards[ev.S.Cards[o.Card].Def]
		for _, f := range def.Faces {
			if f.Name == name || !strings.Contains(o.Label, name) {
				continue
			}
			if model.SameName(strings.Replace(o.Label, name, f.Name, 1), strings.TrimSpace(label)) {
				if found != "" && found != o.Label {
					return label // two options read so: the label as written says which
				}
				found = o.Label
			}
		}
	}
	if found == "" {
		return label
	}
	return found
}

// CardNamed finds the option a card's name stands for, when it names one
// option's card and no other option's: Grass for "play Grass", as the
// seat knows the card. It reports an error when the name fits several
// options, and nothing for a question of numbers or assignments.
func CardNamed(g *engine.Game, d *state.Decision, name string) (int, bool, error) {
	switch d.Kind {
	case state.DecideNumber, state.DecideAssign, state.DecideDistribute:
		return 0, false, nil
	}
	var found []int
	for i, o := range d.Options {
		if o.Card >= 0 && model.SameName(strings.TrimSpace(name), g.CardLabel(o.Card, d.Player)) {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		return 0, false, nil
	case 1:
		return found[0], true, nil
	}
	var labels []string
	for _, i := range found {
		labels = append(labels, fmt.Sprintf("%d. %s", i+1, d.Options[i].Label))
	}
	return 0, false, fmt.Errorf("%q could be %s: answer with the number or the whole label", name, strings.Join(labels, " or "))
}

// byCardName reads a label that is the name of one option's card (Grass
// for play Grass), as the terminal does, when no option has the label as
// written: that option by its number; otherwise the label as written.
func byCardName(g *engine.Game, d *state.Decision, label string) (string, error) {
	if _, err := FindOption(d, label); err == nil {
		return label, nil
	}
	ix, ok, err := CardNamed(g, d, label)
	if err != nil {
		return "", err
	}
	if !ok {
		return label, nil
	}
	return "#" + strconv.Itoa(ix+1), nil
}

// PickLabels finds the options a list of labels names, in order; a label
// named twice picks two options of it (Knight, Knight is Knight and
// Knight #2).
func PickLabels(d *state.Decision, labels []string) ([]int, error) {
	var picks []int
	for _, l := range labels {
		ix, err := FindOption(d, l)
		if err != nil {
			return nil, err
		}
		picks = append(picks, nextAlike(d, picks, ix))
	}
	return picks, nil
}

// nextAlike is option ix, or, when a list has already picked it, the first
// option not yet picked that carries the same label told apart by a number
// (Knight, Knight #2, Knight #3): a list that names a label twice picks two
// options of that label, as a player choosing two alike cards means.
func nextAlike(d *state.Decision, picked []int, ix int) int {
	if !slices.Contains(picked, ix) {
		return ix
	}
	base := d.Options[ix].Label
	for i, o := range d.Options {
		rest, ok := strings.CutPrefix(o.Label, base+" #")
		if _, err := strconv.Atoi(rest); ok && err == nil && !slices.Contains(picked, i) {
			return i
		}
	}
	return ix // picked twice: the decision says so
}

// othersCardName is the name of the card of an option labelled with the
// player whose card it is (p2's Knight: Knight).
func othersCardName(o state.Option) (string, bool) {
	if o.Card < 0 || !strings.HasPrefix(o.Label, "p") {
		return "", false
	}
	seat, name, ok := strings.Cut(o.Label, "'s ")
	if !ok || !isSeatName(seat) {
		return "", false
	}
	return name, true
}

// FindOption finds one option of a decision by its label (as shown,
// case-insensitive) or #number.
func FindOption(d *state.Decision, s string) (int, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "#") {
		n, err := strconv.Atoi(s[1:])
		if err != nil || n < 1 || n > len(d.Options) {
			return -1, fmt.Errorf("there is no option %s; the options are 1 to %d", s, len(d.Options))
		}
		return n - 1, nil
	}
	found := -1
	for i, o := range d.Options {
		if model.SameName(o.Label, s) {
			if found >= 0 {
				return -1, fmt.Errorf("%q names two options (%d and %d); use #N", s, found+1, i+1)
			}
			found = i
		}
	}
	if found < 0 {
		// another player's card is labelled with whose it is (p2's
		// Knight); its name alone finds it when no other option has it
		for i, o := range d.Options {
			name, ok := othersCardName(o)
			if !ok {
				continue
			}
			// a note a choice adds in brackets is not the card's name
			bare, _, _ := strings.Cut(name, " (")
			if slices.ContainsFunc([]string{name, bare, "a " + name, "an " + name, "a " + bare, "an " + bare}, func(x string) bool { return model.SameName(x, s) }) {
				if found >= 0 {
					return -1, fmt.Errorf("%q names two options (%d and %d); use #N or the whole label", s, found+1, i+1)
				}
				found = i
			}
		}
	}
	if found < 0 && d.Player >= 0 {
		// the chooser's own card is shown by its name alone (Squire); named
		// as theirs (p1's Squire) it is found all the same
		if seat, name, ok := strings.Cut(model.PlainQuotes(s), "'s "); ok && strings.EqualFold(seat, state.SeatName(d.Player)) {
			for i, o := range d.Options {
				bare, _, _ := strings.Cut(o.Label, " (")
				if o.Card >= 0 && (model.SameName(o.Label, name) || model.SameName(bare, name)) {
					if found >= 0 {
						return -1, fmt.Errorf("%q names two options (%d and %d); use #N", s, found+1, i+1)
					}
					found = i
				}
			}
		}
	}
	if found < 0 {
		// a label's words before what it adds in brackets name it, when
		// they name no other option: reroll for "reroll (the new result
		// must be used)"
		var same []int
		for i, o := range d.Options {
			if base, _, ok := strings.Cut(o.Label, " ("); ok && model.SameName(base, s) {
				same = append(same, i)
			}
		}
		switch {
		case len(same) == 1:
			found = same[0]
		case len(same) > 1:
			return -1, fmt.Errorf("%q names %d options (%s); use the whole label or #N", s, len(same), labelsOf(d, same))
		}
	}
	if found < 0 {
		// an action as the log words it (p1: cast their leader X, for
		// cast your leader X): a transcript of the log is answered as
		// the labels are
		for i, o := range d.Options {
			if t := model.ThirdPerson(o.Label); t != o.Label && model.SameName(t, s) {
				if found >= 0 {
					return -1, fmt.Errorf("%q names two options (%d and %d); use #N", s, found+1, i+1)
				}
				found = i
			}
		}
	}
	if found < 0 {
		// an option is named by its label, as it is shown: a window's pass
		// shown as "end the turn" is not answered by pass, which a reader of
		// the scenario would take for another option
		for _, o := range d.Options {
			if o.ID != "" && strings.EqualFold(o.ID, s) && !strings.EqualFold(o.Label, s) && !strings.HasPrefix(o.ID, "c") {
				return -1, fmt.Errorf("%s is not offered %q: that option is shown as %q here; the options are %s", state.SeatName(d.Player), s, o.Label, optionList(d))
			}
		}
		if d.Min == 0 && d.Max > 0 && (d.Kind == state.DecideCards || d.Kind == state.DecideChoice || d.Kind == state.DecidePlayer || d.Kind == state.DecideTarget) {
			return -1, fmt.Errorf("%s is not offered %q; the options are %s, or none to choose nothing", state.SeatName(d.Player), s, optionList(d))
		}
		return -1, fmt.Errorf("%s is not offered %q; the options are %s", state.SeatName(d.Player), s, optionList(d))
	}
	return found, nil
}

// isSeatName reports whether s names a seat: p1, p2, ...
func isSeatName(s string) bool {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "p"))
	return strings.HasPrefix(s, "p") && err == nil && n >= 1
}

// labelsOf quotes the labels of some options of a decision, with their
// numbers.
func labelsOf(d *state.Decision, ixs []int) string {
	parts := make([]string, len(ixs))
	for k, i := range ixs {
		parts[k] = fmt.Sprintf("#%d %q", i+1, d.Options[i].Label)
	}
	return strings.Join(parts, ", ")
}
