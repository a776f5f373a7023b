package main

import (
	"os"
	"runtime/debug"
)

// heapLimit is the soft limit on the Go heap of a standalone run, unless
// the user sets GOMEMLIMIT: near it the collector runs more often, so the
// peak stays under it when what is live fits (docs/speed.md). It is soft:
// a module whose live heap is larger runs over it, with the collector's
// extra work capped by the runtime, rather than failing.
const heapLimit = 1200 << 20

// leanHeap makes the standalone run collect garbage sooner than Go's
// default (GOGC=100 lets the heap grow to twice what is live), unless the
// user set GOGC, and keeps the heap near heapLimit, unless the user set
// GOMEMLIMIT. The standalone driver holds every package of the module at
// once (syntax, types, each package's SSA while its rules run), so the
// heap is large and twice it is the machine's memory.
func leanHeap() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(heapLimit)
	}
}
