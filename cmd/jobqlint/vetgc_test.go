package main

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// Under go vet the collector runs at GOGC=400, unless the user set GOGC.
func TestVetGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "")
	vetGC()
	require.Equal(t, 400, debug.SetGCPercent(100))
	t.Setenv("GOGC", "50")
	vetGC()
	require.Equal(t, 100, debug.SetGCPercent(100))
}
