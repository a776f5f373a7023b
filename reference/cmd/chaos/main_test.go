package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgserver"
)

// The chaos run's short form: 5,000 jobs, three workers, a SIGKILL about
// every second, a freeze past the lease, stalled connections, stubborn
// handlers, one job's row held locked by another session for three leases,
// one PostgreSQL crash and restart. No job is lost, every extra
// run has a reason, no job runs twice at once in one worker, and no
// fenced-out worker records a completion.
func TestChaosShortForm(t *testing.T) {
	if err := pgserver.Installed(); err != nil {
		if os.Getenv("CI") != "true" {
			t.Skipf("%v (CI=true makes this a failure)", err)
		}
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "chaos")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run())

	out, err := exec.Command(bin, "-jobs", "5000", "-workers", "3", "-concurrency", "4", "-handler-time", "20ms", "-stall", "-stubborn", "-lock").CombinedOutput()
	t.Logf("%s", out)
	require.NoError(t, err)
	report := string(out)
	require.Contains(t, report, "chaos: crashing and restarting PostgreSQL")
	require.Regexp(t, `(?m)^chaos: holding job \d+'s row locked for 6s$`, report)
	require.Regexp(t, `(?m)^jobs lost: 0 \(0 in state failed\) \[ok\]$`, report)
	require.Regexp(t, `(?m)^completions recorded by a fenced-out worker: 0 of \d+ logged`, report)
	require.Regexp(t, `(?m)^jobs run twice at once in one worker: 0 \[ok\]$`, report)
	require.Regexp(t, `\nchaos: ok\n?$`, report, "its last line")

	m := regexp.MustCompile(`(?m)^workers killed: (\d+), frozen past their lease: (\d+), stalled: (\d+)$`).FindStringSubmatch(report)
	require.NotNil(t, m)
	killed, _ := strconv.Atoi(m[1])
	frozen, _ := strconv.Atoi(m[2])
	stalled, _ := strconv.Atoi(m[3])
	require.Positive(t, killed, "the run must actually kill workers")
	require.Positive(t, frozen, "the run must actually freeze a worker")
	require.Positive(t, stalled, "the run must actually stall a connection")
}
