package scenario

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr"

	"github.com/arbiter-games/arbiter/interpreter/diag"
	"github.com/arbiter-games/arbiter/interpreter/model"
)

// A rules text that says how many play ("for 2 players") is tested by a
// scenario that asks for another count and expects the game refused:
//
//	players: 3
//	steps:
//	  - expect: outcome == 'error'
//
// Such a game never starts, so there is no position to read: its steps
// may only be expectations, of over, outcome, reason and winner.

// refusedVars are the names an expectation of a refused game may read.
var refusedVars = []string{"over", "outcome", "reason", "winner"}

// refusal says why the game sc asks for is refused before it starts (a
// number of players the rules do not take), when sc expects it to be,
// and "" otherwise: a scenario that does not expect an error is told of
// the count as any other mistake in its setup.
func refusal(rs *model.Ruleset, sc *Scenario) string {
	if sc.playersBad || sc.Players == 0 || (sc.Players >= rs.MinPlayers && sc.Players <= rs.MaxPlayers) {
		return ""
	}
	for i := range sc.Steps {
		if e := sc.Steps[i].Expect; e != nil && errorExpected.MatchString(e.Value) {
			return fmt.Sprintf("%s is played by %s players, not %d", rs.Name, rs.PlayerCount(), sc.Players)
		}
	}
	return ""
}

// runRefused checks the steps of a scenario whose game is refused (why)
// against that ending: over, outcome 'error', reason why, no winner.
func runRefused(sc *Scenario, why string) *Result {
	res := &Result{Scenario: sc}
	for _, d := range refusedSteps(sc, why, true) {
		res.Failures = append(res.Failures, fmt.Sprintf("%s: %s", d.Pos, d.Message))
	}
	res.Output = fmt.Sprintf("# %s\n== log\nThe game is refused: %s.\n== final state\ngame over: error\nerror: %s\n", sc.Name, why, why)
	return res
}

// checkRefused is Check for a scenario whose game is refused: its steps
// must be expectations that read the ending.
func checkRefused(sc *Scenario, why string) error {
	if ds := refusedSteps(sc, why, false); len(ds) > 0 {
		return ds
	}
	return nil
}

// refusedSteps reads the steps of a scenario whose game is refused (why),
// and with eval checks its expectations against the ending.
func refusedSteps(sc *Scenario, why string, eval bool) diag.Diagnostics {
	var ds diag.Diagnostics
	fail := func(st *Step, format string, args ...any) {
		ds = append(ds, diag.Diagnostic{Severity: diag.SeverityError, Code: "bad-value", Pos: st.Pos, Message: fmt.Sprintf(format, args...)})
	}
	// none is nothing, as everywhere: no winner reads as none too
	env := map[string]any{"over": true, "outcome": "error", "reason": why, "winner": "", "none": nil}
	for i := range sc.Steps {
		st := &sc.Steps[i]
		if st.Expect == nil {
			fail(st, "the game is refused (%s), so nothing is asked or answered: a scenario that expects it refused holds only expectations", why)
			continue
		}
		prog, err := expr.Compile(st.Expect.Value, expr.Env(env), expr.AsBool())
		if err != nil {
			if msg := firstLine(err.Error()); strings.HasPrefix(msg, "unknown name") {
				fail(st, "the game is refused (%s), so there is no position to read: an expectation reads only %s (%s)", why, strings.Join(refusedVars, ", "), msg)
			} else {
				fail(st, "in expression %q: %s", st.Expect.Value, msg)
			}
			continue
		}
		if !eval {
			continue
		}
		v, err := expr.Run(prog, env)
		switch {
		case err != nil:
			fail(st, "expectation could not be evaluated: %s", firstLine(err.Error()))
		case v != true:
			fail(st, "does not hold: %s (the game is refused: %s)", st.Expect.Value, why)
		}
	}
	return ds
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
