package save_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// savedGames plays random games of a ruleset and returns saves of them made
// at three moments: after 3 and 40 answers, and at the end.
func savedGames(t *testing.T, name string, players int) (*model.Ruleset, [][]byte) {
	t.Helper()
	rs, diags := load.LoadFile(filepath.Join("../..", "rulesets", name+".yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	var saves [][]byte
	for seed := uint64(1); seed <= 2; seed++ {
		g, err := engine.New(rs, engine.Options{Players: players, Seed: seed})
		require.NoError(t, err)
		b, err := bot.New("random", seed)
		require.NoError(t, err)
		for n := 0; ; n++ {
			if n == 3 || n == 40 || g.Over() {
				data, err := save.Marshal(g)
				require.NoError(t, err)
				saves = append(saves, data)
			}
			if g.Over() || n > 2000 {
				break
			}
			d := g.Pending()[0]
			require.NoError(t, g.Answer(d.Player, b.Choose(g, &d)))
		}
	}
	return rs, saves
}

// edit decodes a save as generic JSON, changes it and encodes it again.
func edit(t *testing.T, data []byte, change func(m map[string]any)) []byte {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	change(m)
	out, err := json.Marshal(m)
	require.NoError(t, err)
	return out
}

// Every field of a save is covered by its checksum: the seed, an answer,
// the seats or the state changed after it was written, and the save is
// refused.
func TestASaveIsCheckedAsAWhole(t *testing.T) {
	rs, saves := savedGames(t, "lands", 2)
	data := saves[0]
	g, err := save.LoadJSON(rs, data)
	require.NoError(t, err)
	require.NotEmpty(t, g.Evaluator().S.History)

	changed := "the save is damaged: its content does not match its checksum (it was changed after it was written)"
	for name, change := range map[string]func(m map[string]any){
		"seed": func(m map[string]any) { m["seed"] = 5 },
		"answer": func(m map[string]any) {
			m["answers"].([]any)[0].(map[string]any)["answer"] = map[string]any{"picks": []any{1}}
		},
		"seats": func(m map[string]any) { m["extra"] = map[string]any{"seats": []any{"random", "random"}} },
		"turn":  func(m map[string]any) { m["state"].(map[string]any)["turn"] = 9 },
	} {
		_, err := save.LoadJSON(rs, edit(t, data, change))
		require.EqualError(t, err, changed, name)
	}

	// a decision that offers a card that does not exist is named as such
	bad := edit(t, data, func(m map[string]any) {
		d := m["state"].(map[string]any)["pending"].([]any)[0].(map[string]any)
		d["options"].([]any)[0].(map[string]any)["card"] = 9999
	})
	_, err = save.LoadJSON(rs, bad)
	require.EqualError(t, err, "the save is damaged: a pending decision offers card 9999, which does not exist")
}

// A checksum is no seal against an editor that writes it again: a state
// changed and sealed anew (a turn below zero, a question nobody can answer,
// a number question whose least is above its most) is refused, as its seed
// and answers do not give it, before any of it is played.
func TestAResealedEditIsRefused(t *testing.T) {
	rs, saves := savedGames(t, "lands", 2)
	for name, change := range map[string]func(m map[string]any){
		"turn": func(m map[string]any) { m["state"].(map[string]any)["turn"] = -3 },
		"question": func(m map[string]any) {
			d := m["state"].(map[string]any)["pending"].([]any)[0].(map[string]any)
			d["kind"], d["min"], d["max"], d["options"] = "number", 5, 1, []any{}
		},
		"extra turns": func(m map[string]any) { m["state"].(map[string]any)["extra_turns"] = []any{9} },
	} {
		var sv save.Save
		require.NoError(t, json.Unmarshal(edit(t, saves[0], change), &sv), name)
		require.NoError(t, sv.Seal())
		_, err := save.Restore(rs, &sv)
		require.Error(t, err, name)
		require.Regexp(t, `^the save is damaged: `, err.Error(), name)
	}
}

// A game placed in a position (a scenario's setup), not dealt, is saved
// with that position and played again from it when read back.
func TestAPlacedGameIsSavedWithItsPosition(t *testing.T) {
	rs, _ := savedGames(t, "lands", 2)
	su := setup.Setup{Active: 0, Zones: []setup.Placement{
		{Seat: 0, Zone: "hand", Cards: []string{"Fire", "Water", "Grass"}},
		{Seat: 1, Zone: "hand", Cards: []string{"Lightning", "Fire"}},
	}}
	g, err := engine.New(rs, engine.Options{Players: 2, Seed: 3, Setup: &su})
	require.NoError(t, err)
	d := g.Pending()[0]
	require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
	data, err := save.Marshal(g)
	require.NoError(t, err)
	back, err := save.LoadJSON(rs, data)
	require.NoError(t, err)
	a, _ := json.Marshal(g.Evaluator().S.Zones)
	b, _ := json.Marshal(back.Evaluator().S.Zones)
	require.JSONEq(t, string(a), string(b))
	// the position is part of what the checksum covers
	edited := edit(t, data, func(m map[string]any) { delete(m, "setup") })
	var sv save.Save
	require.NoError(t, json.Unmarshal(edited, &sv))
	require.NoError(t, sv.Seal())
	_, err = save.Restore(rs, &sv)
	require.Error(t, err)
}

// A save of the first format has no checksum: it loads when its seed and
// answers give its state, and is refused when they do not.
func TestASaveWithoutChecksumMustReplay(t *testing.T) {
	for _, game := range []struct {
		name    string
		players int
	}{{"lands", 2}, {"risk-resource", 3}} {
		rs, saves := savedGames(t, game.name, game.players)
		for i, data := range saves {
			old := edit(t, data, func(m map[string]any) {
				m["format"] = "arbiter-save/1"
				delete(m, "checksum")
			})
			g, err := save.LoadJSON(rs, old)
			require.NoError(t, err, "%s save %d", game.name, i)
			want, err := save.LoadJSON(rs, data)
			require.NoError(t, err)
			require.Equal(t, want.Evaluator().S.History, g.Evaluator().S.History)
			if len(g.Evaluator().S.History) == 0 {
				continue
			}
			_, err = save.LoadJSON(rs, edit(t, old, func(m map[string]any) { m["seed"] = 12345 }))
			require.Error(t, err, "%s save %d", game.name, i)
			require.Regexp(t, `^the save is damaged: `, err.Error())
		}
	}
	rs, saves := savedGames(t, "lands", 2)
	old := edit(t, saves[0], func(m map[string]any) {
		m["format"] = "arbiter-save/1"
		delete(m, "checksum")
		m["seed"] = 12345
	})
	_, err := save.LoadJSON(rs, old)
	require.Error(t, err)
	require.Regexp(t, `^the save is damaged: (its seed and answers do not give its state|its answer \d+ is refused when the game is played again from its seed: .*)$`, err.Error())
}

// A save written by another version of the engine (another library shape,
// or none recorded, as in saves made before it was) is not read as it was
// written: the game is played again from its seed and answers under this
// version, and goes on from the same position.
func TestASaveFromAnotherEngineIsPlayedAgain(t *testing.T) {
	rs, saves := savedGames(t, "risk-resource", 3)
	for i, data := range saves {
		want, err := save.LoadJSON(rs, data)
		require.NoError(t, err)
		for _, library := range []any{"0123456789abcdef", nil} {
			var sv save.Save
			require.NoError(t, json.Unmarshal(edit(t, data, func(m map[string]any) {
				if library == nil {
					delete(m, "library")
				} else {
					m["library"] = library
				}
			}), &sv))
			require.NoError(t, sv.Seal())
			g, err := save.Restore(rs, &sv)
			require.NoError(t, err, "save %d", i)
			a, err := save.Marshal(want)
			require.NoError(t, err)
			b, err := save.Marshal(g)
			require.NoError(t, err)
			require.JSONEq(t, string(a), string(b), "save %d", i)
		}
	}
	// one whose answers no longer play is refused with the reason
	var sv save.Save
	require.NoError(t, json.Unmarshal(saves[1], &sv))
	sv.Library = "0123456789abcdef"
	sv.Answers[1].Answer.Picks = []int{99}
	require.NoError(t, sv.Seal())
	_, err := save.Restore(rs, &sv)
	require.ErrorContains(t, err, "the save was made with another version of Arbiter, and its game cannot be played again under this one: its answer 2 is refused")
}

// TestAGameWithoutRecordIsNotSaved: a game that keeps no record of its
// answers (a simulation's) plays the same game as one that does, and
// refusing to save it says why instead of writing a save that cannot be
// played again.
func TestAGameWithoutRecordIsNotSaved(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("../..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	play := func(o engine.Options) *engine.Game {
		g, err := engine.New(rs, o)
		require.NoError(t, err)
		b, err := bot.New("random", 5)
		require.NoError(t, err)
		for !g.Over() {
			d := g.Pending()[0]
			require.NoError(t, g.Answer(d.Player, b.Choose(g, &d)))
		}
		return g
	}
	kept := play(engine.Options{Seed: 5, NoLog: true})
	unkept := play(engine.Options{Seed: 5, NoLog: true, NoRecord: true})
	require.NotEmpty(t, kept.Evaluator().S.History)
	require.Empty(t, unkept.Evaluator().S.History)
	require.Equal(t, kept.Outcome(), unkept.Outcome())
	require.Equal(t, kept.Evaluator().S.Decisions, unkept.Evaluator().S.Decisions)
	require.Equal(t, kept.Evaluator().S.Cards, unkept.Evaluator().S.Cards)

	_, err := save.Marshal(unkept)
	require.ErrorContains(t, err, "keeps no record of its answers")
	_, err = save.Marshal(kept)
	require.NoError(t, err)
}

// A resignation made at a moment the engine played past (ResignAtPoint, as
// a scenario places one) is saved, and the save loads: played again, the
// resignation is made at that moment again.
func TestAResignationAtAPointIsPlayedAgain(t *testing.T) {
	rs, _ := savedGames(t, "lands", 2)
	loaded := 0
	for seed := uint64(1); seed <= 30 && loaded < 3; seed++ {
		g, err := engine.New(rs, engine.Options{Players: 2, Seed: seed, WatchResign: []int{0, 1}})
		require.NoError(t, err)
		b, err := bot.New("random", seed)
		require.NoError(t, err)
		for n := 0; n < 200 && !g.Over(); n++ {
			d := g.Pending()[0]
			g.WatchResign(0, 1)
			require.NoError(t, g.Answer(d.Player, b.Choose(g, &d)))
			other := 1 - g.Evaluator().S.Active
			if _, kept := g.ResignPoint(other); kept && !g.CanResign(other) && !g.Over() {
				require.NoError(t, g.ResignAtPoint(other))
				break
			}
		}
		if !g.Over() {
			continue
		}
		data, err := save.Marshal(g)
		require.NoError(t, err)
		back, err := save.LoadJSON(rs, data)
		require.NoError(t, err, "seed %d", seed)
		require.Equal(t, g.Outcome(), back.Outcome())
		loaded++
	}
	require.Positive(t, loaded, "no game resigned at a point")
}
