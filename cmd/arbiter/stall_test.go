package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/scenario"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// stallRuleset is a game whose only step suspends without asking anyone
// anything, as a step that forgets its decision would: no ruleset written
// with the standard primitives can do that, so the step is made here.
func stallRuleset(t *testing.T) *model.Ruleset {
	t.Helper()
	lib := model.NewLibrary()
	require.NoError(t, lib.AddPrimitive(&model.Primitive{
		Name: "stall", Doc: "Suspends without a decision.",
		Exec: func(g model.Context, f *state.Frame, s *model.Step) (model.Status, error) { return model.Suspend, nil },
	}))

	src := "name: stall\nzones:\n  hand: {visibility: owner}\nturn:\n  phases:\n    - name: main\n      do:\n        - stall: {}\n"
	rs, diags := load.Load(load.Source{Name: "stall.yaml", Data: []byte(src)}, nil, lib)
	require.NotNil(t, rs, "%v", diags)
	return rs
}

const stallErr = "stall.yaml:8:11: stall: the game stopped without being over and without asking anyone anything"

// A game that stops without being over is counted by sim as an error with
// its seed and the step it stopped at, never as a game without a winner.
func TestSimCountsAStoppedGameAsAnError(t *testing.T) {
	rs := stallRuleset(t)
	kinds := []string{"random", "random"}
	var results []simResult
	for seed := uint64(7); seed <= 8; seed++ {
		r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: seed, NoLog: true}, kinds, false)
		r.seed = seed
		results = append(results, r)
	}
	require.EqualError(t, results[0].err, "seed 7: "+stallErr)
	var b bytes.Buffer
	report(&b, rs, kinds, nil, results, time.Second)
	out := b.String()
	require.Contains(t, out, "ERRORS: 2 games stopped with an error (seeds 7, 8); the first:\n  seed 7: "+stallErr+"\n")
	require.Contains(t, out, "how the games ended (95% confidence):\n  error     2  100.0%  [34.2%, 100.0%]\n")
	require.NotContains(t, out, "no winner")
}

// play names the step and its position when the game stops without being
// over, and exits with an error.
func TestPlayNamesTheStepAGameStoppedAt(t *testing.T) {
	rs := stallRuleset(t)
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 1})
	require.NoError(t, err)
	var out bytes.Buffer
	s := &session{rs: rs, g: g, seats: []string{"human", "human"}, out: &out, seen: make([]int, 2), lastSeat: -1}
	require.ErrorIs(t, s.run(), errGameError)
	require.Contains(t, out.String(), "\nGame over: error.\nerror: "+stallErr+"\n")

	// a game left with nobody asked and not over (a state put together by
	// hand; the engine never leaves one so): the step it is at is named
	lands, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, lands, "%v", diags)
	g, err = engine.New(lands, engine.Options{Seed: 1})
	require.NoError(t, err)
	g.Evaluator().S.Pending, g.Evaluator().S.Answers = nil, nil
	s = &session{rs: lands, g: g, seats: []string{"human", "human"}, out: &out, seen: make([]int, 2), lastSeat: -1}
	err = s.run()
	require.Error(t, err)
	require.Regexp(t, `^\.\./\.\./rulesets/lands\.yaml:\d+:\d+: act: the game stopped without being over and without asking anyone anything$`, err.Error())
}

// A player at the terminal whose own turn asked them nothing (a hand of
// alike cards) and who types resign at their next question, in the
// opponent's turn, is told why it is refused and which turn passed: the
// game is not taken back (the answers since, and the replay log, stand).
func TestPlayResignRefusedAfterATurnThatAskedNothing(t *testing.T) {
	lands, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, lands, "%v", diags)
	// p1's two Lightnings are alike: p1 plays one unasked and draws a
	// Water; p2 plays and p1, who can counter a Lightning (a Water and a
	// Lightning), is asked in p2's turn
	src := "ruleset: lands\nsetup:\n  active: p1\n  turn: 5\n  phase: main\n  zones:\n    p1.hand: [Lightning, Lightning]\n    p1.deck: [Water]\n    p2.hand: [Lightning, Lightning, Grass]\nsteps:\n  - expect: true\n"
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	sc, err := scenario.Load(path)
	require.NoError(t, err)
	seats := []string{"human", "random"}
	g, err := engine.New(lands, engine.Options{Players: 2, Seed: 1, Setup: sc.Setup, WatchResign: humanSeats(seats)})
	require.NoError(t, err)
	var out bytes.Buffer
	s := &session{rs: lands, g: g, seats: seats, out: &out, seen: make([]int, 2), lastSeat: -1,
		in: &plainReader{bufio.NewReader(strings.NewReader("resign\n"))}}
	s.bots = make([]bot.Bot, 2)
	s.bots[1], err = bot.New("random", 1)
	require.NoError(t, err)
	_ = s.run()
	require.False(t, g.Over(), out.String())
	require.Contains(t, out.String(), "p1 may not resign now, as the rules say: you may resign only on your own turn (turn 5, which the rules let you resign in, asked you nothing and was played for you; resign at a question of your next such turn, or quit to leave the game unfinished)")
}

// A standing order to pass lapses when another seat acts, though nothing
// goes on a stack (a game whose answers are a response window): the seat
// can answer what was done.
func TestSkipLapsesWhenAnotherSeatActs(t *testing.T) {
	sk := skip{on: true, logLen: 2}
	log := []state.LogEntry{{Kind: "turn"}, {Kind: "pass", Player: 0}, {Kind: "pass", Player: 1}}
	if sk.otherActed(log, 0) {
		t.Fatal("a pass of another seat is no action")
	}
	log = append(log, state.LogEntry{Kind: "action", Player: 0})
	if sk.otherActed(log, 0) {
		t.Fatal("the seat's own action does not lapse its order")
	}
	log = append(log, state.LogEntry{Kind: "action", Player: 1})
	if !sk.otherActed(log, 0) {
		t.Fatal("another seat's action lapses the order")
	}
}
