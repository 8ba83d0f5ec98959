package model

import "testing"

// Fractions print as a designer writes them: at most two decimals, no
// trailing zeros, no binary noise.
func TestFractionText(t *testing.T) {
	for f, want := range map[float64]string{
		7.0 / 2:    "3.5",
		6.0 / 2:    "3",
		-7.0 / 2:   "-3.5",
		2.0 / 3:    "0.67",
		1.0 / 3:    "0.33",
		0.1 + 0.2:  "0.3",
		10.0 / 4:   "2.5",
		-0.001:     "0",
		1e9 / 3:    "333333333.33",
		1e10:       "10000000000",
		0.125 * 10: "1.25",
	} {
		if got := FractionText(f); got != want {
			t.Errorf("FractionText(%v) = %q, want %q", f, got, want)
		}
	}
}
