//go:build !race

package engine_test

// raceDetector is set when the tests run with -race (race_test.go).
const raceDetector = false
