package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The reference queue is the working answer to every finding: jobqlint must
// report nothing on it. (Standalone only: that both modes agree is the seed
// tests' business, and a go vet run costs a minute.)
func TestReferenceQueueIsClean(t *testing.T) {
	require.Empty(t, standaloneFindings(t, filepath.Join("..", "..", "reference")))
}
