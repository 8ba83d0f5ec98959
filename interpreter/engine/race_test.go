//go:build race

package engine_test

// raceDetector is set when the tests run with -race, whose instrumenting
// allocates: counts of allocations mean nothing then.
const raceDetector = true
