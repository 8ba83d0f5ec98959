//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// killGame is a game of lands (seed 4, p2 the random bot) and p1's answers
// in it; after the first two, p1 is asked to choose a revealed card.
var killGame = struct {
	args    []string
	answers []string
}{
	args:    []string{"play", "lands", "--seed", "4", "--seat", "p2=random"},
	answers: []string{"3 2 4", "play Darkness", "Grass", "play Fire", "Darkness", "counter", "quit"},
}

// arbiterIn returns the arbiter program (the copy of this test binary that
// TestMain puts on $PATH) and a folder holding the repository's rulesets
// and cards, to run it in.
func arbiterIn(t *testing.T) (string, string) {
	t.Helper()
	bin, err := exec.LookPath("arbiter")
	require.NoError(t, err)
	dir := t.TempDir()
	for _, d := range []string{"rulesets", "cards"} {
		require.NoError(t, copyTree(filepath.Join("..", "..", d), filepath.Join(dir, d)))
	}
	return bin, dir
}

// runArbiter runs arbiter to its end with this input.
func runArbiter(t *testing.T, bin, dir, input string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}

func lines(s ...string) string { return strings.Join(s, "\n") + "\n" }

// A session stopped by kill -TERM, kill -HUP or kill -KILL while a player
// thinks has its replay log on disk with every answer given until then: it
// replays, and play --load resumes it; the game then goes on as it would
// have without the break.
func TestAKilledSessionKeepsItsReplayLog(t *testing.T) {
	bin, dir := arbiterIn(t)
	args := func(log string) []string { return append(append([]string(nil), killGame.args...), "--log", log) }
	// the same game, with the input ending after two answers and at the end
	runArbiter(t, bin, dir, lines(killGame.answers[:2]...), args("two.jsonl")...)
	two, err := os.ReadFile(filepath.Join(dir, "two.jsonl"))
	require.NoError(t, err)
	runArbiter(t, bin, dir, lines(killGame.answers...), args("full.jsonl")...)
	full, err := os.ReadFile(filepath.Join(dir, "full.jsonl"))
	require.NoError(t, err)

	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			log := fmt.Sprintf("killed-%d.jsonl", int(sig))
			cmd := exec.Command(bin, args(log)...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
			stdin, err := cmd.StdinPipe()
			require.NoError(t, err)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			_, err = stdin.Write([]byte(lines(killGame.answers[:2]...)))
			require.NoError(t, err)
			// wait until the session waits for the third answer: its log then
			// holds as many lines as the one of the game whose input ended there
			path := filepath.Join(dir, log)
			want := bytes.Count(two, []byte("\n"))
			deadline := time.Now().Add(10 * time.Second)
			for {
				got, _ := os.ReadFile(path)
				if bytes.Count(got, []byte("\n")) >= want {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					cmd.Wait()
					t.Fatalf("after 10 s the replay log has %d lines, not %d:\n%s", bytes.Count(got, []byte("\n")), want, got)
				}
				time.Sleep(10 * time.Millisecond)
			}
			require.NoError(t, cmd.Process.Signal(sig))
			err = cmd.Wait()
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee)
			if sig == syscall.SIGKILL {
				require.Equal(t, -1, ee.ExitCode())
			} else {
				require.Equal(t, 128+int(sig), ee.ExitCode())
				require.Equal(t, fmt.Sprintf("\narbiter play: stopped (%v); the game so far is in %s (arbiter play --load %s resumes it)\n", sig, log, log), stderr.String())
			}
			stdin.Close()

			got, err := os.ReadFile(path)
			require.NoError(t, err)
			require.Equal(t, string(two), string(got), "the log of the killed session is the log of the game so far")
			out := runArbiter(t, bin, dir, "", "replay", "--full", log)
			require.Regexp(t, `\nreplay ok: 5 answers, 30 events; not over \(turn \d+\)\n`, out)

			// resumed, with the rest of the answers: the whole game's log
			resumed := fmt.Sprintf("resumed-%d.jsonl", int(sig))
			out = runArbiter(t, bin, dir, lines(killGame.answers[2:]...), "play", "--load", log, "--log", resumed)
			require.True(t, strings.HasPrefix(out, "Resumed lands from "+log+".\n  p1: human\n  p2: random\n"), out)
			got, err = os.ReadFile(filepath.Join(dir, resumed))
			require.NoError(t, err)
			require.Equal(t, string(full), string(got))
		})
	}

	// killed at once, while it may be writing: what is there is whole lines
	// of the game, and replays
	t.Run("at once", func(t *testing.T) {
		cmd := exec.Command(bin, args("soon.jsonl")...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CACHE_HOME="+filepath.Join(dir, "cache"))
		cmd.Stdin = strings.NewReader(lines(killGame.answers...))
		path := filepath.Join(dir, "soon.jsonl")
		require.NoError(t, cmd.Start())
		deadline := time.Now().Add(10 * time.Second)
		for {
			if _, err := os.Stat(path); err == nil || time.Now().After(deadline) {
				break
			}
			time.Sleep(time.Millisecond)
		}
		_ = cmd.Process.Kill() // the game may be over already
		_ = cmd.Wait()
		got, err := os.ReadFile(path)
		require.NoError(t, err)
		require.True(t, bytes.HasPrefix(full, got) && bytes.HasSuffix(got, []byte("\n")), "not whole lines of the game:\n%s", got)
		out := runArbiter(t, bin, dir, "", "replay", "--full", "soon.jsonl")
		require.Contains(t, out, "\nreplay ok: ")
	})
}

// endlessSim starts sim on two games that never end (no turn limit) and
// gives it time to load the ruleset and start listening (a busy machine is
// slow); its output, and the end of the process, are returned.
func endlessSim(t *testing.T) (*exec.Cmd, *bytes.Buffer, chan error) {
	t.Helper()
	bin, dir := arbiterIn(t)
	rs, err := filepath.Abs(filepath.Join("..", "..", "testdata", "engine", "rulesets", "together.yaml"))
	require.NoError(t, err)
	cmd := exec.Command(bin, "sim", rs, "--games", "2")
	cmd.Dir = dir
	out := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(2 * time.Second)
	return cmd, out, done
}

// sim hears a stop while the last games it handed out are under way, even
// games that never end: the first kill -TERM says so, the second ends it.
func TestSimHearsAStopWhileItsGamesFinish(t *testing.T) {
	cmd, out, done := endlessSim(t)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	time.Sleep(500 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("sim did not stop: %s", out.String())
	}
	require.Contains(t, out.String(), "arbiter sim: interrupted; the games under way finish")
}

// One stop is enough: the games under way are given simGrace to end, and
// sim then reports the games that ended (timeout sends one kill -TERM, and
// a game that never ends left sim running for minutes).
func TestSimStopsAfterItsGrace(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the grace")
	}
	cmd, out, done := endlessSim(t)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err := <-done:
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee)
		require.Equal(t, 130, ee.ExitCode())
	case <-time.After(simGrace + 15*time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("sim did not stop after its grace: %s", out.String())
	}
	// the game played with its log (game 0) may have been stopped by the
	// log's bound meanwhile; the other, played without, never ends
	require.Regexp(t, `arbiter sim: interrupted (before any of the 2 games ended|after 1 of 2 games)`, out.String())
}

// A second Ctrl-C ends sim at once, with exit 130, even when sim was
// started with Ctrl-C ignored (in the background of a script), where the
// signal's default action is no end: the first stop waited out the whole
// grace all the same.
func TestSimSecondInterruptStopsAtOnce(t *testing.T) {
	signal.Ignore(os.Interrupt) // inherited by the process started
	cmd, out, done := endlessSim(t)
	signal.Reset(os.Interrupt)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	time.Sleep(500 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	select {
	case err := <-done:
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee)
		require.Equal(t, 130, ee.ExitCode())
	case <-time.After(simGrace - 2*time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("sim did not stop at the second Ctrl-C: %s", out.String())
	}
	require.Contains(t, out.String(), "arbiter sim: stopped at once; no table")
}
