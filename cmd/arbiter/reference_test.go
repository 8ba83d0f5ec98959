package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestReferenceIsCurrent keeps docs/reference.md equal to what arbiter doc
// --markdown prints; regenerate it with that command after changing the registry.
func TestReferenceIsCurrent(t *testing.T) {
	var b bytes.Buffer
	WriteReference(&b)
	path := filepath.Join("..", "..", "docs", "reference.md")
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), b.String(), "docs/reference.md is stale: go run ./cmd/arbiter doc --markdown > docs/reference.md")
}
