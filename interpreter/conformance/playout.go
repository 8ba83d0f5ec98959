package conformance

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// Options configure a checked playout.
type Options struct {
	Game       engine.Options
	MaxAnswers int  // a game needing more answers than this fails (default 100000)
	Resume     bool // clone and save+load at a random answer and compare the continuations
	Views      bool // check that views do not depend on unknown cards
	Legality   bool // re-check every offered action option
	// Setup, when set, starts the game from a placed position (a scenario's
	// setup) instead of the ruleset's own setup.
	Setup *setup.Setup
	// Errors lets the game end with a runtime error (a ruleset that tests
	// one) instead of failing the playout; Result.Err holds it.
	Errors bool
	// Extra, when set, is one more invariant of the ruleset played, checked
	// after every answer and at the end (face-down cards known only to their
	// holder, say)
	Extra func(g *engine.Game) error
	props bool // range-check every property (set per answer by Playout)
}

// Result describes a finished checked playout.
type Result struct {
	Answers int
	Turns   int
	Outcome string
	Log     []string
	Err     error // the runtime error the game ended with (with Options.Errors)
}

// answerFor picks a random legal answer that depends only on the seed and the
// decision, so two copies of a game answer alike.
func answerFor(seed uint64, d *state.Decision) state.Answer {
	r := rand.New(rand.NewPCG(seed, uint64(d.Seq)*0x9e3779b97f4a7c15+uint64(d.Player)))
	return bot.RandomAnswer(r, d)
}

// Playout plays one game with random answers and checks the invariants after
// every answer. It returns the first violation as an error.
func Playout(rs *model.Ruleset, o Options) (*Result, error) {
	if o.MaxAnswers == 0 {
		o.MaxAnswers = 100000
	}
	var g *engine.Game
	var err error
	if o.Setup != nil {
		g, err = engine.New(rs, withSetup(o.Game, o.Setup))
	} else {
		g, err = engine.New(rs, o.Game)
	}
	if err != nil {
		return nil, err
	}
	resumeAt := -1
	if o.Resume {
		resumeAt = int(o.Game.Seed % 40)
	}
	var clone, saved *engine.Game
	answers := 0
	seed := o.Game.Seed
	for !g.Over() {
		co := o
		// views are compared on a copy with resampled cards, and every property
		// of every card is range-checked: both costly in long games, so the
		// views on every 25th answer of a game that checks them, and the
		// properties on every answer of such a game and every 10th of others
		co.Views = o.Views && answers%25 == 0
		co.props = o.Views || answers%10 == 0
		if err := check(g, co); err != nil {
			return nil, fmt.Errorf("seed %d, after %d answers: %w", seed, answers, err)
		}
		if answers == resumeAt {
			clone = g.Clone()
			data, err := save.Marshal(g)
			if err != nil {
				return nil, fmt.Errorf("seed %d: save: %w", seed, err)
			}
			saved, err = save.LoadJSON(rs, data)
			if err != nil {
				return nil, fmt.Errorf("seed %d: load of a save made after %d answers: %w", seed, answers, err)
			}
		}
		d, ok := g.Next()
		if !ok {
			return nil, fmt.Errorf("seed %d, after %d answers: no decision pending and the game is not over: %w", seed, answers, g.Err())
		}
		if err := g.Answer(d.Player, answerFor(seed, &d)); err != nil {
			return nil, fmt.Errorf("seed %d: a random legal answer was refused: %w", seed, err)
		}
		answers++
		if answers > o.MaxAnswers {
			return nil, fmt.Errorf("seed %d: the game did not end after %d answers", seed, o.MaxAnswers)
		}
	}
	gameErr := g.Err()
	if gameErr != nil && !(o.Errors && g.Over()) {
		return nil, fmt.Errorf("seed %d: the game stopped with an error: %w", seed, gameErr)
	}
	end := o
	end.props = true
	if err := check(g, end); err != nil {
		return nil, fmt.Errorf("seed %d, at the end: %w", seed, err)
	}
	if o.Views {
		// every entry keeps who knew its cards when it was written, so one
		// look at the end covers the whole game
		if err := logLeak(g); err != nil {
			return nil, fmt.Errorf("seed %d: %w", seed, err)
		}
	}
	res := &Result{Answers: answers, Turns: g.Evaluator().S.Turn, Outcome: g.Outcome(), Log: view.LogText(g, -1, 0), Err: gameErr}
	for _, other := range []*engine.Game{clone, saved} {
		if other == nil {
			continue
		}
		// the copies get the answers the game got after the copy was made
		for n := resumeAt; !other.Over() && n < answers; n++ {
			p := other.Pending()
			if len(p) == 0 {
				return nil, fmt.Errorf("seed %d: a game cloned or saved after %d answers stopped with no decision pending and without being over: %w", seed, resumeAt, other.Err())
			}
			if err := other.Answer(p[0].Player, answerFor(seed, &p[0])); err != nil {
				return nil, fmt.Errorf("seed %d: the resumed game refused an answer: %w", seed, err)
			}
		}
		got := view.LogText(other, -1, 0)
		if strings.Join(got, "\n") != strings.Join(res.Log, "\n") {
			return nil, fmt.Errorf("seed %d: a game cloned or saved after %d answers continued differently:\n%s", seed, resumeAt, firstDiff(res.Log, got))
		}
	}
	return res, nil
}

func firstDiff(a, b []string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("line %d: %q vs %q", i+1, a[i], b[i])
		}
	}
	return fmt.Sprintf("lengths %d vs %d", len(a), len(b))
}

func check(g *engine.Game, o Options) error {
	if o.Extra != nil {
		if err := o.Extra(g); err != nil {
			return err
		}
	}
	if o.props {
		if err := CheckState(g); err != nil {
			return err
		}
	} else if err := g.CheckStructure(); err != nil {
		return err
	}
	if o.Legality {
		for _, d := range g.Pending() {
			if len(d.Options) == 0 && d.Kind != state.DecideNumber {
				return fmt.Errorf("%s is asked %q with no options", state.SeatName(d.Player), d.Prompt)
			}
			for _, op := range d.Options {
				if op.Action >= 0 {
					a := g.Ruleset().Actions[op.Action]
					if why := g.WhyNot(d.Player, a.Name, op.Card); why != "" {
						return fmt.Errorf("%s is offered %q, which is illegal: %s", state.SeatName(d.Player), op.Label, why)
					}
				}
			}
		}
	}
	if o.Views {
		r := rand.New(rand.NewPCG(uint64(g.Evaluator().S.Decisions), 7))
		for seat := 0; seat < g.Players(); seat++ {
			v1 := view.For(g, seat)
			other := g.Determinize(seat, r)
			v2 := view.For(other, seat)
			if !reflect.DeepEqual(v1, v2) {
				j1, _ := json.Marshal(v1)
				j2, _ := json.Marshal(v2)
				return fmt.Errorf("%s's view depends on cards %s does not know:\n%s\n%s", state.SeatName(seat), state.SeatName(seat), j1, j2)
			}
			for _, d := range g.Pending() {
				if d.Player != seat {
					continue
				}
				for _, op := range d.Options {
					if op.Card >= 0 && !g.Evaluator().Knows(seat, op.Card) && !strings.Contains(op.Label, "card") {
						return fmt.Errorf("%s is offered %q, which names a card it does not know", state.SeatName(seat), op.Label)
					}
				}
			}
		}
	}
	return nil
}

// logLeak checks that each seat's log names only cards that seat knew when the
// entry was written: it renders the log after replacing those cards' names.
func logLeak(g *engine.Game) error {
	entries := view.LogEntries(g)
	for seat := 0; seat < g.Players(); seat++ {
		for i := range entries {
			e := entries[i]
			if !e.Visible(seat) || len(e.Cards) == 0 {
				continue
			}
			text := view.Render(g, &e, seat)
			for j := range e.Cards {
				if e.Known[j]&(1<<uint(seat)) != 0 {
					continue
				}
				name := g.Ruleset().Cards[e.Names[j]].Name
				if strings.Contains(text, name) {
					// the name may appear for another, known card of the same kind
					known := false
					for k := range e.Cards {
						if e.Known[k]&(1<<uint(seat)) != 0 && g.Ruleset().Cards[e.Names[k]].Name == name {
							known = true
						}
					}
					if !known && !strings.Contains(e.Text, name) {
						return fmt.Errorf("log entry %d shows %s the card %s it does not know: %q", i, state.SeatName(seat), name, text)
					}
				}
			}
		}
	}
	return nil
}

// withSetup adds a placed position to a game's options.
func withSetup(o engine.Options, su *setup.Setup) engine.Options {
	o.Setup = su
	return o
}
