//go:build !linux

package main

// discardTypedAhead is discardTypedAhead of flush_linux.go where the
// terminal's queue of typed input is not reached: only what the line
// editor read ahead is dropped (linerReader.Forget).
func discardTypedAhead() {}
