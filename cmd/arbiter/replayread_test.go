package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A replay log's lines say something: an empty line between answers, or an
// answer of no seat, is a damaged log with its line, not read past in
// silence or shown as the answer of p0.
func TestReplayLinesThatSayNothingAreDamage(t *testing.T) {
	head := `{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":2,"seed":5}}` + "\n"
	answer := `{"answer":{"seq":0,"player":0,"answer":{"picks":[0]}}}` + "\n"
	for _, c := range []struct{ log, msg string }{
		{head + `{}` + "\n" + answer, "game.jsonl:2: a line with no answer, undo or event"},
		{head + `{"answer":null}` + "\n" + answer, "game.jsonl:2: a line with no answer, undo or event"},
		{head + `{"answer":{"seq":0,"player":-1,"answer":{"picks":[0]}}}` + "\n", "game.jsonl:2: an answer of seat 0, which no game has"},
		{head + `{"answer":{"seq":0,"player":2,"answer":{"picks":[0]}}}` + "\n", "game.jsonl:2: an answer of seat 3, which a game of 2 players has not"},
		{head + `{"answer":{"seq":0,"player":0,"answer":{"error":"boom \u001b[2J"}}}` + "\n", `game.jsonl:2: an answer whose error text holds control characters ("boom \x1b[2J"): the log is damaged`},
		{`{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":0,"seed":5}}` + "\n", "game.jsonl:1: the header says the game has 0 players: the log is damaged"},
		{`{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":2,"seats":["human"],"seed":5}}` + "\n", "game.jsonl:1: the header names who played 1 of the seats of a game of 2 players: the log is damaged"},
		{`{"header":{"format":"arbiter-replay/2","ruleset":"la\u001b[31mnds","players":2,"seed":5}}` + "\n", `game.jsonl:1: the header holds a text with control characters ("la\x1b[31mnds"): the log is damaged`},
	} {
		_, err := readReplay(strings.NewReader(c.log), "game.jsonl")
		require.EqualError(t, err, c.msg)
	}
	lg, err := readReplay(strings.NewReader(head+answer), "game.jsonl")
	require.NoError(t, err)
	require.Equal(t, []int{2}, lg.lines)
}

// Blank lines say nothing and are read past (an editor's newline at the
// end of the file); the lines after them keep their numbers in messages.
func TestReplayBlankLinesAreReadPast(t *testing.T) {
	head := `{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":2,"seed":5}}` + "\n"
	answer := `{"answer":{"seq":0,"player":0,"answer":{"picks":[0]}}}` + "\n"
	lg, err := readReplay(strings.NewReader(head+"\n"+answer+"\n  \n"), "game.jsonl")
	require.NoError(t, err)
	require.Equal(t, []int{3}, lg.lines)
	lg, err = readReplay(strings.NewReader("\n"+head+answer), "game.jsonl")
	require.NoError(t, err)
	require.Equal(t, []int{3}, lg.lines)
	_, err = readReplay(strings.NewReader(head+"\n"+`{}`+"\n"), "game.jsonl")
	require.EqualError(t, err, "game.jsonl:3: a line with no answer, undo or event")
}

// A byte-order mark an editor wrote at the start of a log is read past.
func TestReplayByteOrderMarkIsReadPast(t *testing.T) {
	head := `{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":2,"seed":5}}` + "\n"
	answer := `{"answer":{"seq":0,"player":0,"answer":{"picks":[0]}}}` + "\n"
	lg, err := readReplay(strings.NewReader("\xef\xbb\xbf"+head+answer), "game.jsonl")
	require.NoError(t, err)
	require.Equal(t, []int{2}, lg.lines)
}

// A text of a log shown in a message is cut after 600 bytes, and escapes
// what a terminal would not print as text.
func TestCutText(t *testing.T) {
	require.Equal(t, "p1 draws Grass.", cutText("p1 draws Grass."))
	require.Equal(t, `boom \x1b[2J`, cutText("boom \x1b[2J"))
	long := strings.Repeat("é", 400) // 800 bytes
	got := cutText(long)
	require.True(t, strings.HasPrefix(got, strings.Repeat("é", 300)+"… (200 bytes more)"), got)
}

// Events are read one at a time: a line of events with no kind is refused
// at the first, and a log of more events than any game writes at the one
// past the bound, before the rest is read (a log of millions of {} took
// gigabytes of memory before its first wrong event was told).
func TestReplayEventsAreBoundedAsTheyAreRead(t *testing.T) {
	was := maxReplayEvents
	maxReplayEvents = 5
	defer func() { maxReplayEvents = was }()
	head := `{"header":{"format":"arbiter-replay/2","ruleset":"lands","players":2,"seed":5}}` + "\n"
	answer := func(events string) string {
		return `{"answer":{"seq":0,"player":0,"answer":{"picks":[0]}},"events":[` + events + "]}\n"
	}
	ev := `{"seq":0,"kind":"move","text":"x"}`
	for _, c := range []struct{ log, msg string }{
		{head + answer(`{},{},{}`), "game.jsonl:2: not a replay line: event 1 of the line has no kind: the log is damaged"},
		{head + answer(ev+`,{"seq":1}`), "game.jsonl:2: not a replay line: event 2 of the line has no kind: the log is damaged"},
		{head + answer(strings.Repeat(ev+",", 6)+ev), "game.jsonl:2: not a replay line: a line of more than 5 events, more than a game writes: the log is damaged"},
		{head + answer(ev+","+ev+","+ev) + answer(ev+","+ev+","+ev), "game.jsonl:3: the log holds more than 5 events, more than a game writes: it is damaged"},
		{head + `{"answer":{"seq":0,"player":0,"answer":{"picks":[0]}},"events":{"kind":"x"}}` + "\n", "game.jsonl:2: not a replay line: events is a list of events"},
		// a line of the first format holds one event
		{head + `{"event":{"seq":0}}` + "\n", "game.jsonl:2: an event with no kind: the log is damaged"},
		// a byte counted from the list would point into the line's start
		{head + answer(ev+`,{"seq":1,"turn":"x","kind":"move"}`), "game.jsonl:2: not a replay line: event 2 of the line: the field turn holds a text where a whole number belongs"},
	} {
		_, err := readReplay(strings.NewReader(c.log), "game.jsonl")
		require.EqualError(t, err, c.msg)
	}
	lg, err := readReplay(strings.NewReader(head+answer(ev+","+ev)), "game.jsonl")
	require.NoError(t, err)
	require.Len(t, lg.events, 2)
}
