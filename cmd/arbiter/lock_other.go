//go:build !unix

package main

import "os"

// tryLock is tryLock of lock_unix.go where the system offers no advisory
// locks to Go's standard library: every file counts as free.
func tryLock(*os.File) (bool, error) { return true, nil }

// privateDir is privateDir of lock_unix.go where files have no owner to
// compare: the folder is only made private.
func privateDir(dir string) error { return os.Chmod(dir, 0o700) }
