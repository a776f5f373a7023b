package queue

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgserver"
)

// The benchmark against River (its own module, reference/bench) builds on
// this package's API and prints both queues and their ratio: a short run
// keeps it working. Its figures here mean nothing; docs/reference-queue.md's come from a
// full run.
func TestBenchmarkRuns(t *testing.T) {
	if testing.Short() && os.Getenv("CI") != "true" {
		t.Skip("-short: builds River")
	}
	if err := pgserver.Installed(); err != nil {
		if os.Getenv("CI") != "true" {
			t.Skipf("%v (CI=true makes this a failure)", err)
		}
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", ".", "-jobs", "2000", "-duration", "2s", "-samples", "10", "-enqueue-duration", "1s", "-fsync=false")
	cmd.Dir = "../bench"
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	for _, want := range []string{
		`(?m)^reference\s+burn-down\s+2000 jobs in`,
		`(?m)^river\s+burn-down\s+2000 jobs in`,
		`(?m)^river-1ms\s+burn-down\s+2000 jobs in`,
		`(?m)^\s+reference\s+river\s+river-1ms\s+ratio to river\s+ratio to river-1ms$`,
		`(?m)^burn-down jobs/s(\s+\d+){3}(\s+\d+\.\d\d){2}$`,
		`(?m)^continuous jobs/s(\s+\d+){3}(\s+\d+\.\d\d){2}$`,
		`(?m)^idle pickup p50(\s+[\d.]+ ms){3}$`,
		`(?m)^idle pickup p99(\s+[\d.]+ ms){3}$`,
		`(?m)^bound: \d+ single-row commits/s`,
		`(?m)^burn-down / bound(\s+\d+\.\d\d){3}$`,
		`(?m)^continuous / bound(\s+\d+\.\d\d){3}$`,
		`(?m)^  reference \(wake-up at most every 20 ms\)\s+\d+ tx/s$`,
		`(?m)^  no wake-up\s+\d+ tx/s$`,
		`(?m)^  NOTIFY in every transaction\s+\d+ tx/s$`,
		`\nratio to River \(1 ms cooldown\): burn-down \d+\.\d\d, continuous \d+\.\d\d\n$`,
	} {
		require.Regexp(t, want, string(out))
	}
}
