package model_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/arbiter-games/arbiter/interpreter/model"
)

func TestSameName(t *testing.T) {
	for _, tc := range []struct {
		typed, shown string
		same         bool
	}{
		{"gambler's spark", "Gambler's Spark", true},
		{"Gambler\u2019s Spark", "Gambler's Spark", true},
		{"Gambler's Spark", "Gambler\u2019s Spark", true},
		{"Gambler\u02bcs Spark", "Gambler's Spark", true},
		{"\u201cFlame\u201d", `"flame"`, true},
		{"Gamblers Spark", "Gambler's Spark", false},
		{"Gambler`s Spark", "Gambler's Spark", false},
	} {
		assert.Equal(t, tc.same, model.SameName(tc.typed, tc.shown), "%q against %q", tc.typed, tc.shown)
	}
}
