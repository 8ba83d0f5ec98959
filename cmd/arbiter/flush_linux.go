//go:build linux

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// discardTypedAhead drops what was typed at the terminal and not read yet:
// at a hand-over, a second Enter or a line typed ahead by the player who
// leaves would otherwise answer for the one who comes.
func discardTypedAhead() {
	_ = unix.IoctlSetInt(int(os.Stdin.Fd()), unix.TCFLSH, unix.TCIFLUSH)
}
