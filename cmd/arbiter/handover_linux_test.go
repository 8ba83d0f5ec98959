//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// openPty opens a pseudo-terminal: the side the test writes and reads, and
// the side a program runs on as its terminal.
func openPty(t *testing.T) (*os.File, *os.File) {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	t.Cleanup(func() { ptm.Close() })
	require.NoError(t, unix.IoctlSetPointerInt(int(ptm.Fd()), unix.TIOCSPTLCK, 0))
	n, err := unix.IoctlGetInt(int(ptm.Fd()), unix.TIOCGPTN)
	require.NoError(t, err)
	pts, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { pts.Close() })
	require.NoError(t, unix.IoctlSetWinsize(int(pts.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 50, Col: 120}))
	return ptm, pts
}

// At a hand-over between two players at one terminal, what the player who
// leaves typed ahead (a second Enter with the answer, as one write) is
// dropped: it must not take the hand-over, which would show the next
// player's hand to the one still at the terminal, nor answer for them.
func TestHandOverDropsTypedAhead(t *testing.T) {
	bin, dir := arbiterIn(t)
	ptm, pts := openPty(t)
	cmd := exec.Command(bin, "play", "lands", "--seat", "p1=human", "--seat", "p2=human", "--seed", "7", "--log", filepath.Join(dir, "g.jsonl"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "TERM=dumb")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &unix.SysProcAttr{Setsid: true, Setctty: true}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })

	var mu sync.Mutex
	var out strings.Builder
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := ptm.Read(buf)
			mu.Lock()
			out.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	seen := func() string { mu.Lock(); defer mu.Unlock(); return out.String() }
	waitFor := func(s string) {
		t.Helper()
		require.Eventually(t, func() bool { return strings.Contains(seen(), s) }, 20*time.Second, 20*time.Millisecond, "waiting for %q; got:\n%s", s, seen())
	}

	waitFor("Pass the terminal to p1 and press Enter.")
	_, err := ptm.Write([]byte("\n"))
	require.NoError(t, err)
	waitFor("p1> ")
	// the answer and a second Enter in one write, as a double press or a paste
	_, err = ptm.Write([]byte("1\n\n"))
	require.NoError(t, err)
	waitFor("Pass the terminal to p2 and press Enter.")
	time.Sleep(time.Second) // time enough for a line typed ahead to be read
	got := seen()
	after := got[strings.LastIndex(got, "Pass the terminal to p2"):]
	require.NotContains(t, after, "you are p2", "the hand-over was passed without the next player's Enter")
	require.NotContains(t, after, "p2> ")

	// a line with words (p1's undo, typed late) does not pass it either
	_, err = ptm.Write([]byte("undo\n"))
	require.NoError(t, err)
	waitFor("that line is not read")
	time.Sleep(300 * time.Millisecond)
	after = seen()[strings.LastIndex(seen(), "Pass the terminal to p2"):]
	require.NotContains(t, after, "you are p2")

	// p2's own Enter passes it
	_, err = ptm.Write([]byte("\n"))
	require.NoError(t, err)
	waitFor("p2> ")
}
