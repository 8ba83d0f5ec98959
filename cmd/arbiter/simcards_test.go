package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/stdlib"
)

// sim --cards counts, per card and action, the games in which a seat took
// that action with that card, and that seat's wins among them: each game
// counts once per seat however often the seat took it.
func TestSimReportsActionsByCard(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	var results []simResult
	for seed := uint64(1); seed <= 5; seed++ {
		r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: seed, NoLog: true}, []string{"random", "random"}, true)
		require.NoError(t, r.err)
		require.Len(t, r.plays, 2)
		results = append(results, r)
	}
	var out bytes.Buffer
	reportCards(&out, results)
	text := out.String()
	require.Contains(t, text, "actions taken with each card")
	// every lands game plays cards of every type: five rows for play, in every one of the 5 games for both seats
	for _, id := range []string{"grass", "lightning", "fire", "darkness", "water"} {
		line := ""
		for _, l := range strings.Split(text, "\n") {
			if strings.Contains(l, " "+id+" ") && strings.Contains(l, " play ") {
				line = l
			}
		}
		require.NotEmpty(t, line, "no line for %s:\n%s", id, text)
	}
	// no simResult without --cards carries plays
	r, _ := simulate(nil, rs, engine.Options{Players: 2, Seed: 1, NoLog: true}, []string{"random", "random"}, false)
	require.Nil(t, r.plays)
}
