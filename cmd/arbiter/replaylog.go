package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/arbiter-games/arbiter/interpreter/engine"
	"github.com/arbiter-games/arbiter/interpreter/model"
	"github.com/arbiter-games/arbiter/interpreter/save"
	"github.com/arbiter-games/arbiter/interpreter/setup"
	"github.com/arbiter-games/arbiter/interpreter/state"
	"github.com/arbiter-games/arbiter/interpreter/view"
)

// The replay log is JSON lines, written as the game goes so that a session
// stopped at any moment leaves a log of every answer given until then:
//
//	{"header":{...},"events":[...]}         the game's start and its events up to the first question
//	{"answer":{...},"events":[...]}         one line per answer, with the events it set off
//	{"undo":{"answers":N,"events":M}}       a player went back: the game is as it was after N answers
//
// Each line is written whole, so the file is a complete log of the game so
// far after every line. The older format arbiter-replay/1 (a header, every
// answer, then every event) is still read.

// ReplayFormat names the replay log format.
const ReplayFormat = "arbiter-replay/2"

// replayFormat1 is the format of logs written once the game had ended.
const replayFormat1 = "arbiter-replay/1"

type replayHeader struct {
	Format  string   `json:"format"`
	Ruleset string   `json:"ruleset"`
	Version string   `json:"version"`
	Hash    string   `json:"hash"`
	Players int      `json:"players"`
	Decks   []string `json:"decks,omitempty"`
	Mode    string   `json:"mode,omitempty"`
	Seed    uint64   `json:"seed"`
	Seats   []string `json:"seats,omitempty"` // who played each seat: human or a bot
	// Setup and Rolls: the position a game placed (not dealt) began in and
	// the die rolls fixed at its start, as a save keeps them (Game.Start)
	Setup *setup.Setup `json:"setup,omitempty"`
	Rolls []int        `json:"rolls,omitempty"`
}

type replayUndo struct {
	Answers int `json:"answers"`
	Events  int `json:"events"`
}

type replayLine struct {
	Header *replayHeader   `json:"header,omitempty"`
	Answer *state.Record   `json:"answer,omitempty"`
	Undo   *replayUndo     `json:"undo,omitempty"`
	Events eventList       `json:"events,omitempty"`
	Event  *state.LogEntry `json:"event,omitempty"` // arbiter-replay/1
}

// maxReplayEvents bounds the events a replay log holds: a thousand times a
// long game's (a four-player game of 150 turns writes some tens of
// thousands), and few enough to read in a gigabyte of memory.
// An event made up of nothing ({}) takes a few bytes of the file and a
// few hundred of memory: a log of them filled the memory before its first
// wrong event was told.
var maxReplayEvents = 1_000_000

// eventList is a replay line's events, read one at a time, so that a
// damaged line is refused at its first event with no kind, or once it
// holds more events than a log may, not after all of it is read.
type eventList []state.LogEntry

// atByte is the position a JSON error gives, of no use inside a list
// read on its own.
var atByte = regexp.MustCompile(` \(at byte \d+\)|,? at byte \d+|at byte \d+: `)

func (l *eventList) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		*l = nil
		return nil
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return errors.New("events is a list of events")
	}
	for dec.More() {
		if len(*l) >= maxReplayEvents {
			return fmt.Errorf("a line of more than %d events, more than a game writes: the log is damaged", maxReplayEvents)
		}
		var e state.LogEntry
		if err := dec.Decode(&e); err != nil {
			// its byte counts from the list, not the line: the event says where
			return fmt.Errorf("event %d of the line: %s", len(*l)+1, atByte.ReplaceAllString(save.JSONError(err).Error(), ""))
		}
		if e.Kind == "" {
			return fmt.Errorf("event %d of the line has no kind: the log is damaged", len(*l)+1)
		}
		*l = append(*l, e)
	}
	_, err = dec.Token()
	return err
}

// replayLog is a replay log as read: its header, the answers and the events
// of the game it records.
type replayLog struct {
	hdr     *replayHeader
	answers []state.Record
	events  []state.LogEntry
	setup   int   // the number of events before the first answer
	after   []int // per answer: the number of events once it was given
	cut     int   // the line cut off at the end of the file (left out), or 0
	name    string
	lines   []int // per answer: its line in the file
}

// cutNote says that a log's last line was cut off and left out, or "".
func (lg *replayLog) cutNote(name string) string {
	if lg.cut == 0 {
		return ""
	}
	return fmt.Sprintf("%s:%d: the last line was cut off (the game was stopped while it was written) and is left out: the game is taken up to the answer before it", name, lg.cut)
}

// eventsAfter is the number of events the log holds once n answers are given.
func (lg *replayLog) eventsAfter(n int) int {
	if n == 0 {
		return lg.setup
	}
	return lg.after[n-1]
}

// isReplayLog reports whether data starts as a replay log.
func isReplayLog(data []byte) bool {
	// its first value is a header, whatever the order of its keys (a log
	// put through a tool that sorts them) and after a byte-order mark
	// (its other fields are read by readReplay, which says what is wrong
	// with them)
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var line map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(data)).Decode(&line) != nil {
		return false
	}
	var hdr map[string]json.RawMessage
	var format string
	return json.Unmarshal(line["header"], &hdr) == nil && json.Unmarshal(hdr["format"], &format) == nil && strings.HasPrefix(format, "arbiter-replay/")
}

// readReplay reads a replay log; name is the file's name for messages. A
// last line cut off before its end (the game was stopped while the line
// was written: it has no newline and is not whole) is left out, and said
// in cut; any other line that is not a replay line is an error.
func readReplay(r io.Reader, name string) (*replayLog, error) {
	lg := &replayLog{name: name}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	// a byte-order mark an editor wrote at the start says nothing
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !isReplayLog(data) && bytes.Contains(data, []byte("arbiter-save/")) {
		return nil, fmt.Errorf("%s is a saved game, not a replay log: arbiter play --load %s resumes it", name, name)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	line := 0 // the line of the file, for messages
	read := 0 // the lines read, blank lines left out
	for i, text := range lines {
		if len(bytes.TrimSpace(text)) == 0 {
			// a blank line (an editor's newline at the end) says nothing
			line++
			continue
		}
		line++
		read++
		var l replayLine
		if err := json.Unmarshal(text, &l); err != nil {
			if i == len(lines)-1 && !bytes.HasSuffix(text, []byte("\n")) && read > 1 {
				lg.cut = line
				break
			}
			return nil, fmt.Errorf("%s:%d: not a replay line: %v", name, line, save.JSONErrorIn(text, err))
		}
		if l.Header != nil {
			if read != 1 {
				return nil, fmt.Errorf("%s:%d: a second header: the log holds two games", name, line)
			}
			if l.Header.Format != ReplayFormat && l.Header.Format != replayFormat1 {
				return nil, fmt.Errorf("%s is a replay log of format %q, which this arbiter does not read (it reads %s and %s)", name, l.Header.Format, ReplayFormat, replayFormat1)
			}
			for _, text := range append([]string{l.Header.Ruleset, l.Header.Version, l.Header.Mode, l.Header.Hash, l.Header.Format}, append(l.Header.Decks, l.Header.Seats...)...) {
				if hasControl(text) || strings.ContainsAny(text, "\n\r") {
					return nil, fmt.Errorf("%s:%d: the header holds a text with control characters (%q): the log is damaged", name, line, text)
				}
			}
			if p := l.Header.Players; p < 1 || p > 8 {
				return nil, fmt.Errorf("%s:%d: the header says the game has %d players: the log is damaged", name, line, p)
			}
			if n := len(l.Header.Seats); n > 0 && n != l.Header.Players {
				return nil, fmt.Errorf("%s:%d: the header names who played %d of the seats of a game of %d players: the log is damaged", name, line, n, l.Header.Players)
			}
			lg.hdr = l.Header
			lg.events = append(lg.events, l.Events...)
			lg.setup = len(lg.events)
			continue
		} else if read == 1 {
			break
		}
		switch {
		case l.Answer != nil:
			if p := l.Answer.Player; p < 0 {
				return nil, fmt.Errorf("%s:%d: an answer of seat %d, which no game has", name, line, p+1)
			} else if p >= lg.hdr.Players {
				return nil, fmt.Errorf("%s:%d: an answer of seat %d, which a game of %d players has not", name, line, p+1, lg.hdr.Players)
			}
			if e := l.Answer.Answer.Error; hasControl(e) {
				// it is printed as the reason the game stopped
				return nil, fmt.Errorf("%s:%d: an answer whose error text holds control characters (%q): the log is damaged", name, line, e)
			}
			lg.answers = append(lg.answers, *l.Answer)
			lg.lines = append(lg.lines, line)
			lg.events = append(lg.events, l.Events...)
			if len(lg.events) > maxReplayEvents {
				return nil, fmt.Errorf("%s:%d: the log holds more than %d events, more than a game writes: it is damaged", name, line, maxReplayEvents)
			}
			lg.after = append(lg.after, len(lg.events))
		case l.Undo != nil:
			u := *l.Undo
			if u.Answers < 0 || u.Answers > len(lg.answers) || u.Events < 0 || u.Events > len(lg.events) || u.Events != lg.eventsAfter(u.Answers) {
				return nil, fmt.Errorf("%s:%d: an undo to %d answers and %d events, which the log before it does not hold", name, line, u.Answers, u.Events)
			}
			lg.answers, lg.after, lg.events, lg.lines = lg.answers[:u.Answers], lg.after[:u.Answers], lg.events[:u.Events], lg.lines[:u.Answers]
		case len(l.Events) == 0 && l.Event == nil:
			return nil, fmt.Errorf("%s:%d: a line with no answer, undo or event", name, line)
		default:
			lg.events = append(lg.events, l.Events...)
			if l.Event != nil {
				if l.Event.Kind == "" {
					return nil, fmt.Errorf("%s:%d: an event with no kind: the log is damaged", name, line)
				}
				lg.events = append(lg.events, *l.Event)
			}
			if len(lg.events) > maxReplayEvents {
				return nil, fmt.Errorf("%s:%d: the log holds more than %d events, more than a game writes: it is damaged", name, line, maxReplayEvents)
			}
		}
	}
	if lg.hdr == nil {
		return nil, fmt.Errorf("%s is not a replay log (no %s header)", name, ReplayFormat)
	}
	return lg, nil
}

// rerun plays a replay log's answers again from its seed and checks that
// every event comes out as the log has it.
//
// The events are compared as the answers are played, each answer's with
// those its line holds: an edited line is named as the first whose events
// read otherwise, not as a later answer the game then refuses.
func rerun(rs *model.Ruleset, lg *replayLog) (*engine.Game, error) {
	g, err := playAnswers(rs, lg, true)
	if err != nil {
		return nil, err
	}
	if err := sameEvents(g, lg); err != nil {
		return nil, err
	}
	return g, nil
}

// replayAnswers plays a replay log's answers again from its seed.
func replayAnswers(rs *model.Ruleset, lg *replayLog) (*engine.Game, error) {
	return playAnswers(rs, lg, false)
}

// playAnswers plays a replay log's answers again from its seed; with check,
// the events each answer sets off (and the setup's) must be those the log
// holds for it.
func playAnswers(rs *model.Ruleset, lg *replayLog, check bool) (*engine.Game, error) {
	hdr := lg.hdr
	// the questions answered for players are kept: a hot-seat session
	// resumed shows those since the last answer (forcedSince)
	g, err := engine.New(rs, engine.Options{Players: hdr.Players, Seed: hdr.Seed, Decks: hdr.Decks, Mode: hdr.Mode, Setup: hdr.Setup, Rolls: hdr.Rolls, WatchResign: save.Watched(lg.answers), KeepForced: true})
	if err != nil {
		return nil, fmt.Errorf("%s:1: the game its header starts: %v", lg.name, err)
	}
	if check {
		if err := samePrefix(g, lg, 0, lg.setup, fmt.Sprintf("%s:1: the setup its header starts: ", lg.name)); err != nil {
			return nil, err
		}
	}
	for i, a := range lg.answers {
		if err := save.PlayRecord(g, lg.answers, i); err != nil {
			where := lg.name + ": "
			if i < len(lg.lines) {
				where = fmt.Sprintf("%s:%d: ", lg.name, lg.lines[i])
			}
			if gerr := g.Err(); gerr != nil {
				// the game stopped with an error before this answer: that is
				// the reason to give, with its position
				return nil, fmt.Errorf("%sanswer %d (%s) is refused: the game stopped before it: %v", where, i+1, state.SeatName(a.Player), gerr)
			}
			return nil, fmt.Errorf("%sanswer %d (%s) is refused: %v", where, i+1, state.SeatName(a.Player), err)
		}
		if check && i < len(lg.lines) {
			where := fmt.Sprintf("%s:%d: answer %d (%s) sets off other events than the log has: ", lg.name, lg.lines[i], i+1, state.SeatName(a.Player))
			if err := samePrefix(g, lg, lg.eventsAfter(i), lg.eventsAfter(i+1), where); err != nil {
				return nil, err
			}
			// after the last answer the log ends: an answer that sets off
			// events it does not have is that answer's line too
			if got := view.LogEntries(g); i == len(lg.answers)-1 && len(got) > len(lg.events) {
				return nil, &eventCount{where: where, what: fmt.Sprintf("the replay has %d more events than the log", len(got)-len(lg.events)), which: "first", event: view.Render(g, &got[len(lg.events)], -1)}
			}
		}
	}
	return g, nil
}

// samePrefix checks the events from..to of the log against those the game
// played again wrote; the error starts with where.
func samePrefix(g *engine.Game, lg *replayLog, from, to int, where string) error {
	got := view.LogEntries(g)
	for i := from; i < to && i < len(lg.events); i++ {
		if i >= len(got) {
			return &eventCount{where: where, what: fmt.Sprintf("the replay stops after %d events; the log has %d", len(got), to), which: "next", event: view.Render(g, &lg.events[i], -1)}
		}
		if d := eventAt(g, got, lg.events, i); d != nil {
			d.where = where
			return d
		}
	}
	return nil
}

// eventAt compares event i the game wrote with the log's, or gives nil.
func eventAt(g *engine.Game, got, events []state.LogEntry, i int) *eventDiff {
	logged := events[i]
	if logged.Kind == "lose" && got[i].Kind == "over" {
		// the loss of players who play together ends the game, and is
		// written as such (kind over) since; a log written before wrote
		// it as one player's loss
		logged.Kind = "over"
	}
	if logged.Kind == "create" {
		// a card made in play was written "created in p1's table" before
		// it went "created and goes to" it
		logged.Text = strings.Replace(strings.Replace(logged.Text, " is created in ", " is created and goes to ", 1), " are created in ", " are created and go to ", 1)
	}
	if logged.Whose != nil && got[i].Whose == nil {
		// a line that names the card's zone as its controller's said whose
		// the card was as well before ("p2's Hex is turned face up in
		// p2's pool"); it says it once since
		whose := slices.Clone(logged.Whose)
		for k, w := range whose {
			if w > 0 && strings.Contains(logged.Text, " in "+state.SeatName(int(w)-1)+"'s ") {
				whose[k] = 0
			}
		}
		if !slices.ContainsFunc(whose, func(w int8) bool { return w != 0 }) {
			logged.Whose = nil
		}
	}
	a, b := view.Render(g, &got[i], -1), view.Render(g, &logged, -1)
	ja, _ := json.Marshal(got[i])
	jb, _ := json.Marshal(logged)
	if a != b || string(ja) != string(jb) {
		return &eventDiff{n: i + 1, seq: events[i].Seq, logged: b, replayed: a, loggedData: string(jb), replayedData: string(ja)}
	}
	return nil
}

// sameEvents checks that a game played again from a replay log wrote every
// event as the log has it.
func sameEvents(g *engine.Game, lg *replayLog) error {
	events, got := lg.events, view.LogEntries(g)
	for i := range events {
		if i >= len(got) {
			return &eventCount{what: fmt.Sprintf("the replay stops after %d events; the log has %d", len(got), len(events)), which: "next", event: view.Render(g, &events[i], -1)}
		}
		if d := eventAt(g, got, events, i); d != nil {
			return d
		}
	}
	if len(got) > len(events) {
		return &eventCount{what: fmt.Sprintf("the replay has %d more events than the log", len(got)-len(events)), which: "first", event: view.Render(g, &got[len(events)], -1)}
	}
	return nil
}

// answerEvents splits a game's log by answer: the events before the first
// answer, and those each answer set off. A game that has answers (one
// resumed from a save) is played again from its seed to find them.
func answerEvents(rs *model.Ruleset, g *engine.Game) (setup []state.LogEntry, groups [][]state.LogEntry, err error) {
	hist := g.Evaluator().S.History
	if len(hist) == 0 {
		return view.LogEntries(g), nil, nil
	}
	sv, err := save.Snapshot(g)
	if err != nil {
		return nil, nil, err
	}
	r, err := engine.New(rs, engine.Options{Players: sv.Players, Seed: sv.Seed, Decks: sv.Decks, Mode: g.Mode(), Setup: sv.Setup, Rolls: sv.Rolls, WatchResign: save.Watched(hist)})
	if err != nil {
		return nil, nil, err
	}
	setup = append([]state.LogEntry(nil), view.LogEntries(r)...)
	for i := range hist {
		n := view.LogLen(r)
		if err := save.PlayRecord(r, hist, i); err != nil {
			return nil, nil, fmt.Errorf("the game's answers cannot be played again: %v", err)
		}
		groups = append(groups, append([]state.LogEntry(nil), view.LogEntries(r)[n:]...))
	}
	ja, _ := json.Marshal(view.LogEntries(r))
	jb, _ := json.Marshal(view.LogEntries(g))
	if string(ja) != string(jb) {
		return nil, nil, errors.New("the game's answers played again do not give its log")
	}
	return setup, groups, nil
}

// replayWriter writes a game's replay log as it goes. The file is made
// beside its path first (reserveLog, before the game starts, so a path
// that cannot be written is known at once) and put in place with the
// header (start); each answer is then a line written whole.
type replayWriter struct {
	mu      sync.Mutex
	path    string
	f       *os.File
	mode    fs.FileMode
	exists  bool
	started bool
	// next names the name to try when the chosen one was taken meanwhile
	// (the default log of a session started in the same second); nil: none
	next    func() (string, error)
	answers int // answers written
	events  int // events written
	err     error
	// old is the log this one replaces, locked until the new one is in
	// place, so that no other session takes it meanwhile
	old *os.File
	// keep, for a game that goes on in the log it was resumed from, is
	// that log as it was read: written again as it is, undo lines and the
	// answers they took back included, rather than made anew from the game
	// (which holds only the answers that stand)
	keep []byte
}

// reserveLog checks that a replay log may be written at path (see
// checkTarget) and that no other session is writing it, and creates its
// temporary file. The log stays locked while this session writes it: a
// second session on the same log is refused, as it would replace the
// file the first one goes on writing, and lose its answers.
func reserveLog(path string) (*replayWriter, error) {
	mode, exists, err := checkTarget(path, kindLog)
	if err != nil {
		return nil, err
	}
	w := &replayWriter{path: path, mode: mode, exists: exists}
	if exists {
		old, err := lockCurrent(path)
		if err != nil {
			return nil, err
		}
		w.old = old
	}
	f, err := createTemp(path)
	if err != nil {
		w.releaseOld()
		return nil, err
	}
	_, _ = tryLock(f) // a file only this process knows of yet
	w.f = f
	return w, nil
}

// lockCurrent opens and locks the file at path. The file locked must be
// the one at path once it is locked: a session that put its new log in
// place between the opening and the lock leaves the opened one stale, and
// the lock is taken again on the file there now.
func lockCurrent(path string) (*os.File, error) {
	busy := fmt.Errorf("%s is being written by another arbiter session, which is still running: it is left to that session (wait until it ends, or name another log)", path)
	for range 100 {
		f, err := os.Open(path)
		if err != nil {
			return nil, fmt.Errorf("cannot write %s: %v", path, cause(err))
		}
		if free, _ := tryLock(f); !free {
			f.Close()
			return nil, busy
		}
		locked, err1 := f.Stat()
		now, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(locked, now) {
			return f, nil
		}
		f.Close()
	}
	return nil, busy
}

// releaseOld unlocks the log this one replaces.
func (w *replayWriter) releaseOld() {
	if w.old != nil {
		w.old.Close()
		w.old = nil
	}
}

// abandon removes the temporary file of a log that was never started.
func (w *replayWriter) abandon() {
	if w != nil && !w.started && w.f != nil {
		w.f.Close()
		os.Remove(w.f.Name())
		w.f = nil
	}
	if w != nil && !w.started {
		w.releaseOld()
	}
}

// start writes the header and the game so far, and puts the log in place.
func (w *replayWriter) start(rs *model.Ruleset, g *engine.Game, seats []string) error {
	setup, groups, err := answerEvents(rs, g)
	if err != nil {
		w.abandon()
		return fmt.Errorf("cannot write %s: %v", w.path, err)
	}
	sv, err := save.Snapshot(g)
	if err != nil {
		w.abandon()
		return err
	}
	hdr := &replayHeader{Format: ReplayFormat, Ruleset: rs.Name, Version: rs.Version, Hash: rs.Hash, Players: sv.Players, Decks: sv.Decks, Mode: g.Mode(), Seed: sv.Seed, Seats: seats, Setup: sv.Setup, Rolls: sv.Rolls}
	var b strings.Builder
	line := func(l replayLine) {
		data, _ := json.Marshal(l)
		b.Write(data)
		b.WriteByte('\n')
	}
	if w.keep != nil {
		b.Write(w.keep)
		if len(w.keep) > 0 && w.keep[len(w.keep)-1] != '\n' {
			b.WriteByte('\n')
		}
	} else {
		line(replayLine{Header: hdr, Events: setup})
		for i, a := range sv.Answers {
			line(replayLine{Answer: &a, Events: groups[i]})
		}
	}
	if _, err := w.f.WriteString(b.String()); err != nil {
		w.abandon()
		return fmt.Errorf("cannot write %s: %v", w.path, cause(err))
	}
	err = placeTemp(w.f, w.path, w.mode, w.exists)
	for tries := 0; errors.Is(err, errTaken) && w.next != nil && tries < 100; tries++ {
		// placeTemp keeps the temporary file when the name was taken
		if w.path, err = w.next(); err == nil {
			err = placeTemp(w.f, w.path, w.mode, false)
		}
	}
	if err == errTaken {
		w.f.Close()
		os.Remove(w.f.Name())
		err = fmt.Errorf("cannot write %s: %v", w.path, err)
	}
	if err != nil {
		w.f = nil
		w.releaseOld()
		return err
	}
	w.started = true
	// the new log is in place, locked: the old one is no longer read
	w.releaseOld()
	w.answers, w.events = len(sv.Answers), view.LogLen(g)
	return nil
}

// record writes what happened since the last call: the answer given (with
// the events it set off), or an undo. It is called after every answer.
func (w *replayWriter) record(g *engine.Game) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil || !w.started {
		return nil
	}
	hist, log := g.Evaluator().S.History, view.LogEntries(g)
	var b strings.Builder
	line := func(l replayLine) {
		data, _ := json.Marshal(l)
		b.Write(data)
		b.WriteByte('\n')
	}
	if len(hist) < w.answers || len(log) < w.events {
		line(replayLine{Undo: &replayUndo{Answers: len(hist), Events: len(log)}})
	} else {
		for i := w.answers; i < len(hist); i++ {
			var evs []state.LogEntry
			if i == len(hist)-1 {
				evs = log[w.events:]
			}
			line(replayLine{Answer: &hist[i], Events: evs})
		}
	}
	w.answers, w.events = len(hist), len(log)
	if b.Len() == 0 {
		return nil
	}
	if err := w.stillThere(); err != nil {
		w.err = err
		return err
	}
	if _, err := w.f.WriteString(b.String()); err != nil {
		w.err = fmt.Errorf("cannot write %s: %v", w.path, cause(err))
		return w.err
	}
	return nil
}

// stillThere reports an error when the log's path no longer names the
// file this session writes: removed, or replaced by another (an editor
// saving it, a copy). Lines written on would go to a file nobody can
// reach, and the closing words would name a file without the game.
func (w *replayWriter) stillThere() error {
	mine, err1 := w.f.Stat()
	there, err2 := os.Stat(w.path)
	if err1 == nil && (err2 != nil || !os.SameFile(mine, there)) {
		return fmt.Errorf("%s is no longer this game's replay log, as it was removed or replaced while the game went on", w.path)
	}
	return nil
}

// close ends the log; it reports the first error the log met.
func (w *replayWriter) close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.f == nil {
		return w.err
	}
	if w.err == nil && w.started {
		w.err = w.stillThere()
	}
	if err := w.f.Sync(); err != nil && w.err == nil {
		w.err = fmt.Errorf("cannot write %s: %v", w.path, cause(err))
	}
	if err := w.f.Close(); err != nil && w.err == nil {
		w.err = fmt.Errorf("cannot write %s: %v", w.path, cause(err))
	}
	w.f = nil
	return w.err
}

// eventDiff is the first event a game played again writes otherwise than
// its replay log has it.
type eventDiff struct {
	where                    string // the log's line, when known
	n, seq                   int    // the event's number, from 1, and the seq the log gives it
	logged, replayed         string
	loggedData, replayedData string
	// private: the texts are every seat's cards, not for a reader who may
	// be a player of a game not over (replay --as, play --load at a
	// terminal several share); the event is named by its number alone
	private bool
}

func (e *eventDiff) Error() string {
	if e.private {
		return fmt.Sprintf("%sevent %d (seq %d in the log) reads otherwise now; replay --full shows both texts, every hidden card included", e.where, e.n, e.seq)
	}
	// the file numbers events from 0 (seq), as it wrote them: both are said
	return fmt.Sprintf("%sevent %d (seq %d in the log) differs:\n  logged:   %s\n  replayed: %s\n  logged data:   %s\n  replayed data: %s", e.where, e.n, e.seq, cutText(e.logged), cutText(e.replayed), cutText(e.loggedData), cutText(e.replayedData))
}

// cutText is a text of the log as a message shows it: its first 600 bytes
// at most, and how many more there were; a character a terminal would not
// print as text is shown escaped, as the log is the file's, not ours.
func cutText(s string) string {
	const most = 600
	more := ""
	if len(s) > most {
		cut := most
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s, more = s[:cut], fmt.Sprintf("… (%d bytes more)", len(s)-cut)
	}
	if hasControl(s) {
		q := strconv.Quote(s)
		s = q[1 : len(q)-1]
	}
	return s + more
}

// eventCount is a game played again that writes fewer or more events than
// its replay log has.
type eventCount struct {
	where       string // the log's line, when known
	what, which string // the counts in words; which event is quoted (next, first)
	event       string // that event as everyone's view writes it
	private     bool   // as eventDiff's: the event is left out
}

func (e *eventCount) Error() string {
	if e.private {
		return e.where + e.what + "; replay --full shows the events, every hidden card included"
	}
	return fmt.Sprintf("%s%s (%s: %q)", e.where, e.what, e.which, e.event)
}

// hideEvents makes the event texts of a log that reads otherwise private,
// when err says so: they hold every seat's cards.
func hideEvents(err error) {
	switch d := err.(type) {
	case *eventDiff:
		d.private = true
	case *eventCount:
		d.private = true
	}
}

// short says it in a line: what the log has, and what is written now.
func (e *eventDiff) short() string {
	if e.private {
		return fmt.Sprintf("event %d reads otherwise now", e.n)
	}
	if e.logged == e.replayed {
		return fmt.Sprintf("event %d, %q, is recorded otherwise", e.n, e.logged)
	}
	return fmt.Sprintf("event %d was %q and is now %q", e.n, e.logged, e.replayed)
}
