package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
)

// startProfile writes a CPU profile of a standalone run into the directory
// named by JOBQLINT_CPUPROFILE, if set (for measuring; not a user setting).
// Under go vet, unitchecker exits the process itself: no profile.
func startProfile() (stop func()) {
	dir := os.Getenv("JOBQLINT_CPUPROFILE")
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
