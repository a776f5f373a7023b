package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

// startProfile writes a CPU profile of a standalone run into the directory
// named by JOBQLINT_CPUPROFILE, and a heap profile taken at the run's
// largest live heap into the directory named by JOBQLINT_MEMPROFILE, if
// set (for measuring; not user settings). Under go vet, unitchecker exits
// the process itself: no profile.
func startProfile() (stop func()) {
	stopCPU := startCPUProfile(os.Getenv("JOBQLINT_CPUPROFILE"))
	stopHeap := startPeakHeapProfile(os.Getenv("JOBQLINT_MEMPROFILE"))
	return func() { stopCPU(); stopHeap() }
}

func startCPUProfile(dir string) (stop func()) {
	if dir == "" {
		return func() {}
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("jobqlint-%d.pprof", os.Getpid())))
	if err != nil {
		fmt.Fprintln(os.Stderr, "jobqlint: JOBQLINT_CPUPROFILE:", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		fmt.Fprintln(os.Stderr, "jobqlint: JOBQLINT_CPUPROFILE:", err)
		return func() {}
	}
	return func() { pprof.StopCPUProfile(); f.Close() }
}

// startPeakHeapProfile samples the live heap (as of the last collection)
// every 100 ms and, each time it passes its largest size so far by 2 %,
// rewrites the heap profile: its inuse figures are then those of the
// collection nearest the peak.
func startPeakHeapProfile(dir string) (stop func()) {
	if dir == "" {
		return func() {}
	}
	path := filepath.Join(dir, fmt.Sprintf("jobqlint-heap-%d.pprof", os.Getpid()))
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var peak uint64
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			live := sample[0].Value.Uint64()
			if live <= peak+peak/50 {
				continue
			}
			peak = live
			f, err := os.Create(path)
			if err != nil {
				fmt.Fprintln(os.Stderr, "jobqlint: JOBQLINT_MEMPROFILE:", err)
				return
			}
			pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
	}()
	return func() { close(done); <-finished }
}
