package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// The worker command end to end: with -migrate it migrates, runs the jobs the enqueue
// example commits, and exits 0 on SIGTERM after draining.
func TestWorkerRunsEnqueuedJobsAndStopsOnSIGTERM(t *testing.T) {
	dsn := pgtest.DSN(t)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin, "./", "../enqueue")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run())

	worker := exec.Command(filepath.Join(bin, "worker"), "-concurrency", "2", "-migrate")
	worker.Env = append(os.Environ(), "DATABASE_URL="+dsn)
	stderr, err := worker.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, worker.Start())
	defer worker.Process.Kill()
	lines := make(chan string, 100)
	go func() {
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			lines <- s.Text()
		}
		close(lines)
	}()
	// waitLine waits until the worker has logged each of wants, in any order.
	waitLine := func(wants ...string) {
		t.Helper()
		timeout := time.After(time.Minute)
		for len(wants) > 0 {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("worker exited before logging %q", wants)
				}
				for i, want := range wants {
					if strings.Contains(line, want) {
						wants = append(wants[:i], wants[i+1:]...)
						break
					}
				}
			case <-timeout:
				t.Fatalf("worker did not log %q", wants)
			}
		}
	}
	waitLine("worker started")

	out, err := exec.CommandContext(context.Background(), filepath.Join(bin, "enqueue"), "-dsn", dsn, "-email", "ann@example.com").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "jobs [1 2]")
	waitLine("sending email", "charging subscription")

	require.NoError(t, worker.Process.Signal(syscall.SIGTERM))
	waitLine("worker stopped")
	for range lines {
	}
	io.Copy(io.Discard, stderr)
	require.NoError(t, worker.Wait(), "exit status after SIGTERM")
}
