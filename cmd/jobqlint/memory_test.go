package main

import (
	"runtime/debug"
	"testing"
)

func TestLeanHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))

	t.Setenv("GOGC", "")
	debug.SetGCPercent(100)
	leanHeap()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC unset, the standalone run collects at %d%%, want 50%%", got)
	}

	t.Setenv("GOGC", "200")
	debug.SetGCPercent(200)
	leanHeap()
	if got := debug.SetGCPercent(100); got != 200 {
		t.Errorf("with GOGC=200 set by the user, the standalone run collects at %d%%, want 200%%", got)
	}
}
