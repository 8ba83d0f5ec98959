//go:build unix

package main

import (
	"errors"
	"fmt"
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

// privateDir makes sure dir, made or found, is a folder of this user's that
// only they may enter: a folder someone else made there beforehand (in a
// temporary folder all users share) is refused, and one an earlier version
// left open to others is closed.
func privateDir(dir string) error {
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	switch {
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	case ok && int(sys.Uid) != os.Getuid():
		return fmt.Errorf("%s belongs to another user: a replay log, which holds every hidden card, is not written there", dir)
	case st.Mode().Perm() != 0o700:
		return os.Chmod(dir, 0o700)
	}
	return nil
}
