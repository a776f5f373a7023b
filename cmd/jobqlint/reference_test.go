package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The reference queue is the working answer to every finding: jobqlint must
// report nothing on it, in either mode.
func TestReferenceQueueIsClean(t *testing.T) {
	dir := filepath.Join("..", "..", "reference")
	require.Empty(t, standaloneFindings(t, dir))
	require.Empty(t, vetFindings(t, dir))
}
