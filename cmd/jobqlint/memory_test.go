package main

import (
	"math"
	"runtime/debug"
	"testing"
)

func TestLeanHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))

	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(math.MaxInt64)
	leanHeap()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("with GOGC unset, the standalone run collects at %d%%, want 50%%", got)
	}
	if got := debug.SetMemoryLimit(-1); got != heapLimit {
		t.Errorf("with GOMEMLIMIT unset, the heap's soft limit is %d, want %d", got, heapLimit)
	}

	t.Setenv("GOGC", "200")
	t.Setenv("GOMEMLIMIT", "4GiB")
	debug.SetGCPercent(200)
	debug.SetMemoryLimit(4 << 30)
	leanHeap()
	if got := debug.SetGCPercent(100); got != 200 {
		t.Errorf("with GOGC=200 set by the user, the standalone run collects at %d%%, want 200%%", got)
	}
	if got := debug.SetMemoryLimit(-1); got != 4<<30 {
		t.Errorf("with GOMEMLIMIT=4GiB set by the user, the heap's soft limit is %d, want %d", got, int64(4<<30))
	}
}
