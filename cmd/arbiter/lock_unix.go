//go:build unix

package main

import (
	"errors"
	"os"
	"syscall"
)

// tryLock takes an advisory lock on an open file for this process, without
// waiting. It reports false when another process holds one: a session
// that is still writing the file. The lock ends with the file's last
// descriptor, so a session killed leaves none behind.
func tryLock(f *os.File) (bool, error) {
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		switch {
		case err == nil:
			return true, nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return false, nil
		}
		// a file system without locks: nothing to tell sessions apart by
		return true, nil
	}
}
