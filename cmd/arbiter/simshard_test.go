package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// run runs the command line in-process from dir and returns what it wrote.
func runIn(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	wd, err := os.Getwd()
	require.NoError(t, err)
	require.NoError(t, os.Chdir(dir))
	defer func() { require.NoError(t, os.Chdir(wd)) }()
	root := newRoot()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err = root.Execute()
	return out.String(), err
}

// The shards of a study, merged, give the report of a single run, figure
// for figure (the first line says how long it took, and differs); a merge
// refuses shards missing, given twice, or of another study.
func TestSimShardsMergeToTheSingleRun(t *testing.T) {
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	for _, sub := range []string{"rulesets", "cards"} {
		require.NoError(t, os.CopyFS(filepath.Join(dir, sub), os.DirFS(filepath.Join(root, sub))))
	}
	body := func(s string) string { _, rest, _ := strings.Cut(s, "\n"); return rest }
	for _, args := range [][]string{
		{"sim", "lands", "--games", "40", "--seed", "4"},
		{"sim", "pocket", "--games", "12", "--seed", "2", "--cards"},
		// more shards than games: the last holds none, and merges all the same
		{"sim", "lands", "--games", "2", "--seed", "4"},
	} {
		single, err := runIn(t, dir, args...)
		require.NoError(t, err)
		var parts []string
		for i, spec := range []string{"0/3", "1/3", "2/3"} {
			out, err := runIn(t, dir, append(append([]string{}, args...), "--shard", spec, "--format", "json")...)
			require.NoError(t, err)
			p := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
			require.NoError(t, os.WriteFile(p, []byte(out), 0o644))
			parts = append(parts, p)
		}
		merged, err := runIn(t, dir, append([]string{"sim", "merge"}, parts...)...)
		require.NoError(t, err)
		require.Equal(t, body(single), body(merged), "%v", args)
		require.Contains(t, merged, strings.SplitN(single, ",", 2)[0]) // "lands: 40 games"

		_, err = runIn(t, dir, "sim", "merge", parts[0], parts[2])
		require.ErrorContains(t, err, "shard 1/3 is missing")
		_, err = runIn(t, dir, "sim", "merge", parts[1])
		require.ErrorContains(t, err, "shards 0/3, 2/3 are missing")
		_, err = runIn(t, dir, "sim", "merge", parts[0], parts[1], parts[1], parts[2])
		require.ErrorContains(t, err, "is given twice")
	}
	other, err := runIn(t, dir, "sim", "lands", "--games", "40", "--seed", "5", "--shard", "1/3", "--format", "json")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "other.json"), []byte(other), 0o644))
	lands0, err := runIn(t, dir, "sim", "lands", "--games", "40", "--seed", "4", "--shard", "0/3", "--format", "json")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "lands0.json"), []byte(lands0), 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "lands0.json"), filepath.Join(dir, "other.json"))
	require.ErrorContains(t, err, "other.json is a shard of another study than "+filepath.Join(dir, "lands0.json")+": seed 5, not 4 (")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"format": "`+shardFormat+`", "games": -3}`), 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "bad.json"))
	require.ErrorContains(t, err, "damaged")
	// a shard of another version of arbiter, whose endings would not
	// merge with these, is refused as such
	older := strings.Replace(lands0, shardFormat, "arbiter sim shard 1", 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "older.json"), []byte(older), 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "lands0.json"), filepath.Join(dir, "older.json"))
	require.ErrorContains(t, err, "a shard file of another version of arbiter")
	// why the last other lost is a text of the file, checked as the others
	one, err := runIn(t, dir, "sim", "lands", "--games", "4", "--seed", "4", "--shard", "0/1", "--format", "json")
	require.NoError(t, err)
	escaped := strings.Replace(one, `"kind": "win",`, `"kind": "win", "lost": "\u001b[31m",`, 1)
	require.NotEqual(t, one, escaped)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "escaped.json"), []byte(escaped), 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "escaped.json"))
	require.ErrorContains(t, err, "control characters")
	// and given for a game that was not won by the last player standing,
	// it is damage
	stray := strings.Replace(one, `"kind": "win",`, `"kind": "win", "lost": "reduced to 0 life",`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stray.json"), []byte(stray), 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "stray.json"))
	require.ErrorContains(t, err, "not won by the last player standing")
	// a file that claims a study of a billion shards or games is refused
	// before anything of that size is made
	var huge map[string]any
	require.NoError(t, json.Unmarshal([]byte(lands0), &huge))
	huge["shards"], huge["games"] = 1<<30, 1<<30
	data, err := json.Marshal(huge)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "huge.json"), data, 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "huge.json"))
	require.ErrorContains(t, err, "shard 0/1073741824 of 1073741824 games has 1")
	huge["shards"] = 1
	data, err = json.Marshal(huge)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "huge.json"), data, 0o644))
	_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "huge.json"))
	require.ErrorContains(t, err, "shard 0/1 of 1073741824 games has 1073741824")
	// a game that is a draw with winners, a text that would act on the
	// terminal, a study of a number of players the game does not take, and
	// a ruleset named as a path are damage
	for name, edit := range map[string]func(m map[string]any){
		"ended as draw with winners": func(m map[string]any) {
			g := m["results"].([]any)[0].(map[string]any)
			g["kind"], g["winners"] = "draw", []any{0}
		},
		"names shard 5 of 1": func(m map[string]any) { m["shard"] = 5 },
		"has seed 777, and the study's game 0 is played with seed 4": func(m map[string]any) {
			m["results"].([]any)[0].(map[string]any)["seed"] = 777
		},
		"ended as win with no winner": func(m map[string]any) {
			g := m["results"].([]any)[0].(map[string]any)
			g["kind"], g["winners"] = "win", []any{}
		},
		"has a text with control characters": func(m map[string]any) {
			m["results"].([]any)[0].(map[string]any)["reason"] = "\x1b[2J"
		},
		"a study of 3 players, and lands takes 2 to 2": func(m map[string]any) {
			m["players"], m["agents"] = 3, []any{"random", "random", "random"}
		},
		`is a study of "/etc/passwd", and no ruleset of that name is here`: func(m map[string]any) { m["ruleset"] = "/etc/passwd" },
	} {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(lands0), &m))
		// one shard of the games it holds, numbered from 0
		m["shards"], m["shard"] = 1, 0
		m["games"] = len(m["results"].([]any))
		for i, g := range m["results"].([]any) {
			g.(map[string]any)["game"] = i
			g.(map[string]any)["seed"] = m["seed"].(float64) + float64(i)
		}
		edit(m)
		data, err := json.Marshal(m)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "edited.json"), data, 0o644))
		_, err = runIn(t, dir, "sim", "merge", filepath.Join(dir, "edited.json"))
		require.ErrorContains(t, err, name)
	}
	// a game edited to name a seat the study does not have, or a turn
	// count below 0, is damage, never an index out of range
	// (the shards of the last study above, of 2 games, stay in part0 to part2)
	part0, err := os.ReadFile(filepath.Join(dir, "part0.json"))
	require.NoError(t, err)
	var compact bytes.Buffer
	require.NoError(t, json.Compact(&compact, part0))
	whole := compact.String()
	edits := 0
	for _, edit := range [][2]string{{`"winners":[0]`, `"winners":[99]`}, {`"winners":[1]`, `"winners":[-1]`}, {`"first":0`, `"first":7`}, {`"first":1`, `"first":-7`}, {`"turns":`, `"turns":-`}} {
		if !strings.Contains(whole, edit[0]) {
			continue
		}
		edits++
		require.NoError(t, os.WriteFile(filepath.Join(dir, "edited.json"), []byte(strings.Replace(whole, edit[0], edit[1], 1)), 0o644))
		out, err := runIn(t, dir, "sim", "merge", filepath.Join(dir, "edited.json"), filepath.Join(dir, "part1.json"), filepath.Join(dir, "part2.json"))
		require.ErrorContains(t, err, "is damaged: game ", "%s: %s", edit[1], out)
	}
	require.GreaterOrEqual(t, edits, 3)
	_, err = runIn(t, dir, "sim", "lands", "--shard", "3/3", "--format", "json")
	require.ErrorContains(t, err, "0 <= i < N")
	_, err = runIn(t, dir, "sim", "lands", "--shard", "0/3")
	require.ErrorContains(t, err, "give --format json")
}

// A study some of whose games stop with an error merges as the single run
// reports it: the errors counted among the endings and listed by seed (a
// shard wrote such a game with no kind, which merge took for damage).
func TestSimShardsWithErrorsMerge(t *testing.T) {
	dir := t.TempDir()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	require.NoError(t, os.CopyFS(filepath.Join(dir, "cards"), os.DirFS(filepath.Join(root, "cards"))))
	src, err := os.ReadFile(filepath.Join(root, "rulesets", "lands.yaml"))
	require.NoError(t, err)
	// a check that divides by zero once a board holds three cards, which
	// only some games reach before a win
	broken := strings.Replace(string(src), "if: max_group(player.board, energy) >= 5", "if: 10 / (len(player.board) - 3) > 50", 1)
	require.NotEqual(t, string(src), broken)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "rulesets"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "rulesets", "lands.yaml"), []byte(broken), 0o644))
	body := func(s string) string { _, rest, _ := strings.Cut(s, "\n"); return rest }
	args := []string{"sim", "lands", "--games", "12", "--seed", "4"}
	single, err := runIn(t, dir, args...)
	require.Error(t, err) // games stopped with an error: exit 1
	require.Contains(t, single, "ERRORS: ")
	var parts []string
	for i, spec := range []string{"0/2", "1/2"} {
		out, _ := runIn(t, dir, append(append([]string{}, args...), "--shard", spec, "--format", "json")...)
		p := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		require.NoError(t, os.WriteFile(p, []byte(out), 0o644))
		parts = append(parts, p)
	}
	merged, err := runIn(t, dir, append([]string{"sim", "merge"}, parts...)...)
	require.Error(t, err)
	require.NotContains(t, merged, "damaged")
	require.Equal(t, body(single), body(merged))
}

// A shard file cut off while it was written, an empty one and the error
// report a shard run writes instead of its games are told as such, not as
// files that are no shards at all.
func TestMergeTellsAShardThatWasNotWrittenWhole(t *testing.T) {
	dir := t.TempDir()
	whole := `{"format": "` + shardFormat + `", "ruleset": "lands", "results": [{"game": 0}]}`
	for _, c := range []struct{ data, want string }{
		{whole[:len(whole)-9], "is cut off (not complete JSON): the shard did not finish writing it"},
		{"", "is empty: no shard was written to it (run that shard again)"},
		{`[{"severity": "error", "code": "error", "message": "interrupted: no shard file written"}]`,
			`holds the error report of a shard run that was interrupted or failed ("interrupted: no shard file written"), not its games: run that shard again`},
		{`{"notes": "mine"`, "is not a shard file of arbiter sim --shard"},
		{`[1, 2]`, "is not a shard file of arbiter sim --shard"},
	} {
		p := filepath.Join(dir, "part.json")
		require.NoError(t, os.WriteFile(p, []byte(c.data), 0o644))
		_, err := readShards([]string{p})
		require.ErrorContains(t, err, p+" "+c.want, "%q", c.data)
	}
}

// A shard of another study is refused with the first setting that differs.
func TestStudyDiffNamesTheSettingThatDiffers(t *testing.T) {
	first := shardFile{Ruleset: "lands", Players: 2, Agents: []string{"random", "random"}, Seed: 4, Games: 40, Shards: 3}
	for _, c := range []struct {
		edit func(f *shardFile)
		want string
	}{
		{func(f *shardFile) { f.Agents = []string{"greedy", "random"} }, `bots "greedy,random", not "random,random"`},
		{func(f *shardFile) { f.Mode = "team" }, `mode "team", not ""`},
		{func(f *shardFile) { f.Games = 41 }, "games 41, not 40"},
		{func(f *shardFile) { f.Cards = true }, "with --cards, not without --cards"},
		{func(f *shardFile) {}, ""},
	} {
		f := first
		c.edit(&f)
		require.Equal(t, c.want, studyDiff(f, first))
	}
}
