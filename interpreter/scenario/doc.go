// Package scenario runs scenario files: a ruleset, a seed, an optional placed
// position, scripted answers given by readable label, and expectations at any
// point. A run produces the text log and a final state summary, which tests
// compare with a golden file.
package scenario
