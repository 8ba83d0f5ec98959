package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/arbiter-games/arbiter/interpreter/bot"
	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/load"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/stdlib"
)

// When the rename that puts a save or a log in place fails (here the
// target is a folder with a file in it, which no rename replaces), the
// temporary file is removed and the target is untouched.
func TestAFailedRenameLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "game.json")
	require.NoError(t, os.Mkdir(target, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(target, "inside"), []byte("x"), 0o644))
	f, err := createTemp(target)
	require.NoError(t, err)
	_, err = f.WriteString("{}")
	require.NoError(t, err)
	err = placeTemp(f, target, 0o644, true)
	require.Error(t, err)
	require.True(t, strings.HasPrefix(err.Error(), "cannot write "+target+": "), err.Error())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1, "only the folder is left: %v", entries)
	inside, err := os.ReadFile(filepath.Join(target, "inside"))
	require.NoError(t, err)
	require.Equal(t, "x", string(inside))
}

// The default replay log of a session never replaces another session's log,
// even one of the same game started in the same second; its name does not
// give the seed away.
func TestTheDefaultLogIsANewFile(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	first, err := defaultReplayPath("lands")
	require.NoError(t, err)
	// the names a session started now or in the next second would take
	now := time.Now()
	for _, at := range []time.Time{now, now.Add(time.Second)} {
		taken := filepath.Join(filepath.Dir(first), "lands-"+at.Format("20060102-150405")+".jsonl")
		require.NoError(t, os.WriteFile(taken, []byte("another session's log\n"), 0o644))
	}
	second, err := defaultReplayPath("lands")
	require.NoError(t, err)
	require.Regexp(t, `lands-\d{8}-\d{6}-2\.jsonl$`, second)
	_, err = os.Lstat(second)
	require.ErrorIs(t, err, os.ErrNotExist)
}

// Two sessions started in the same second choose the same default name
// before either writes it; the one that writes second takes the next free
// name instead of replacing the first one's log.
func TestATakenDefaultLogNameIsNotReplaced(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	path, err := defaultReplayPath("lands")
	require.NoError(t, err)
	w, err := reserveLog(path)
	require.NoError(t, err)
	w.next = func() (string, error) { return defaultReplayPath("lands") }
	// the other session writes its log under the name first
	require.NoError(t, os.WriteFile(path, []byte("another session's log\n"), 0o644))
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	require.NoError(t, w.start(rs, g, []string{"human", "random"}))
	defer w.close()
	other, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "another session's log\n", string(other))
	require.NotEqual(t, path, w.path)
	mine, err := os.ReadFile(w.path)
	require.NoError(t, err)
	require.Contains(t, string(mine), `"format":"arbiter-replay`)
	// no temporary file is left beside them
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	require.Len(t, entries, 2)
}

// A game placed in a position (a save of a scenario's game resumed) is
// logged with its position and fixed rolls: its log replays, and a log
// whose keys a tool sorted is still a log.
func TestALogOfAPlacedGameReplays(t *testing.T) {
	dir := t.TempDir()
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	su := setup.Setup{Active: 0, Turn: 3, Zones: []setup.Placement{
		{Seat: 0, Zone: "hand", Cards: []string{"Fire", "Grass"}},
		{Seat: 1, Zone: "board", Cards: []string{"Lightning"}},
		{Seat: 1, Zone: "hand", Cards: []string{"Darkness"}},
	}}
	g, err := engine.New(rs, engine.Options{Seed: 1, Setup: &su})
	require.NoError(t, err)
	d := g.Pending()[0]
	require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
	path := filepath.Join(dir, "game.jsonl")
	w, err := reserveLog(path)
	require.NoError(t, err)
	require.NoError(t, w.start(rs, g, []string{"human", "random"}))
	require.NoError(t, w.close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	lg, err := readReplay(bytes.NewReader(data), path)
	require.NoError(t, err)
	require.NotNil(t, lg.hdr.Setup)
	_, err = rerun(rs, lg)
	require.NoError(t, err)

	// its keys sorted, by a tool that reads and writes JSON
	var sorted []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(l), &v))
		out, err := json.Marshal(v) // a map's keys come out sorted
		require.NoError(t, err)
		sorted = append(sorted, string(out))
	}
	again := []byte("\xef\xbb\xbf" + strings.Join(sorted, "\n") + "\n")
	require.True(t, isReplayLog(again))
	require.True(t, kindLog.isKind(bytes.NewReader(again)))
	lg, err = readReplay(bytes.NewReader(again), path)
	require.NoError(t, err)
	_, err = rerun(rs, lg)
	require.NoError(t, err, "the log with its keys sorted replays")
}

// A session stopped by a signal while it writes a save leaves no temporary
// file behind (it holds every hidden card of the game), and writes no other
// before it exits.
func TestAStoppedSessionLeavesNoTemporarySave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "game.json")
	t.Cleanup(func() {
		inProgress.Lock()
		inProgress.stopping = false
		inProgress.Unlock()
	})
	f, err := createTempInProgress(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = f.WriteString(`{"format": "arbiter-save/2"}`)
	require.NoError(t, err)

	(&session{}).dropTemps() // what the session does at the signal
	left, err := filepath.Glob(filepath.Join(dir, ".arbiter-*.tmp"))
	require.NoError(t, err)
	require.Empty(t, left)
	require.ErrorContains(t, writeFileSafely(path, []byte(`{"format": "arbiter-save/2"}`), kindSave), "the program is stopping")
	_, err = os.Lstat(path)
	require.ErrorIs(t, err, fs.ErrNotExist)
}

// TestFixNotWrittenSaysWhy: a fix that cannot be written names the file to
// fix and why, never the temporary file it goes through.
func TestFixNotWrittenSaysWhy(t *testing.T) {
	dir := t.TempDir()
	gone := filepath.Join(dir, "gone", "lands.yaml")
	err := writeFileAtomic(gone, []byte("x"))
	require.Error(t, err)
	assert.Equal(t, gone+" is not fixed: no such file or directory; --fix leaves it as it is", err.Error())
	if os.Geteuid() == 0 {
		t.Skip("root writes any folder")
	}
	locked := filepath.Join(dir, "locked")
	require.NoError(t, os.Mkdir(locked, 0o755))
	file := filepath.Join(locked, "lands.yaml")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	require.NoError(t, os.Chmod(locked, 0o555))
	defer os.Chmod(locked, 0o755)
	err = writeFileAtomic(file, []byte("y"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), file+" is not fixed: its folder "+locked+" cannot be written")
	assert.NotContains(t, err.Error(), ".tmp")
}

// A replay log removed or replaced while its game goes on is noticed at
// the next answer: the session says so, and the closing words do not name
// a file without the game (they said the log at its path resumed it).
func TestALogRemovedOrReplacedIsNoticed(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	for _, how := range []string{"removed", "replaced"} {
		t.Run(how, func(t *testing.T) {
			dir := t.TempDir()
			g, err := engine.New(rs, engine.Options{Seed: 1})
			require.NoError(t, err)
			path := filepath.Join(dir, "game.jsonl")
			w, err := reserveLog(path)
			require.NoError(t, err)
			require.NoError(t, w.start(rs, g, []string{"human", "random"}))
			if how == "removed" {
				require.NoError(t, os.Remove(path))
			} else {
				// an editor saves the file it opened: a new file takes the name
				require.NoError(t, os.WriteFile(path+".new", []byte("notes\n"), 0o644))
				require.NoError(t, os.Rename(path+".new", path))
			}
			d := g.Pending()[0]
			require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
			err = w.record(g)
			require.ErrorContains(t, err, "game.jsonl is no longer this game's replay log, as it was removed or replaced while the game went on")
			require.Error(t, w.close())
			if how == "replaced" {
				data, err := os.ReadFile(path)
				require.NoError(t, err)
				require.Equal(t, "notes\n", string(data), "the file that took the log's name is not written")
			}
		})
	}
}

// A save that names who plays a number of seats other than the game's is
// resumed with the seats --seat or the defaults give, and says so (it
// was taken in silence).
func TestASaveOfOtherSeatsIsToldOf(t *testing.T) {
	rsPath := filepath.Join("..", "..", "rulesets", "lands.yaml")
	rs, diags := load.LoadFile(rsPath, stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 1})
	require.NoError(t, err)
	dir := t.TempDir()
	for _, seats := range [][]string{{"human", "human", "human"}, {}} {
		path := filepath.Join(dir, fmt.Sprintf("saved-%d.json", len(seats)))
		_, err := saveGame(path, g, seats, nil)
		require.NoError(t, err)
		_, got, warn, err := loadSave(rs, rsPath, path)
		require.NoError(t, err)
		require.Nil(t, got)
		require.Equal(t, fmt.Sprintf("%s names who plays %d seats of a game of 2 players; the seats are played as --seat says, or p1 by you and the others by the %s bot", path, len(seats), bot.Names()[0]), warn)
		require.Equal(t, "greedy", bot.Names()[0], "the default, as play --help says")
	}
	path := filepath.Join(dir, "saved.json")
	_, err = saveGame(path, g, []string{"human", "greedy"}, nil)
	require.NoError(t, err)
	_, got, warn, err := loadSave(rs, rsPath, path)
	require.NoError(t, err)
	require.Equal(t, []string{"human", "greedy"}, got)
	require.Empty(t, warn)
}

// A golden file too big to read is not known to be one arbiter test wrote:
// --update leaves it as it is (it was replaced, and called new).
func TestAGoldenTooBigToReadIsNotReplaced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.golden")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(300<<20)) // sparse: no disk to speak of
	require.NoError(t, f.Close())
	err = writeGolden(path, "# big\n== log\n== final state\n")
	require.ErrorContains(t, err, "so it is not known to be a golden file that arbiter test wrote: it is left as it is")
	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, int64(300<<20), st.Size())
}

// A save keeps the game until an undo takes back answers it holds: a quit
// then says nothing records the game (the count of answers was the same
// again after a new answer, and the quit left in silence).
func TestASaveUndoneIsNoSave(t *testing.T) {
	rs, diags := load.LoadFile(filepath.Join("..", "..", "rulesets", "lands.yaml"), stdlib.Library())
	require.NotNil(t, rs, "%v", diags)
	g, err := engine.New(rs, engine.Options{Seed: 3})
	require.NoError(t, err)
	var out bytes.Buffer
	s := &session{rs: rs, g: g, seats: []string{"human", "human"}, out: &out, seen: make([]int, 2), lastSeat: -1, savedAt: len(g.Evaluator().S.History)}
	d := g.Pending()[0]
	point := undoPoint{seat: d.Player, at: g.Checkpoint(), seen: []int{0, 0}}
	require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{0}}))
	s.undo = append(s.undo, point)
	s.savedAt = len(g.Evaluator().S.History) // saved here
	require.False(t, s.unrecorded())
	_, err = s.undoTo(d.Player)
	require.NoError(t, err)
	require.NoError(t, g.Answer(d.Player, state.Answer{Picks: []int{1}}))
	require.True(t, s.unrecorded(), "the save holds the answer taken back")
}
