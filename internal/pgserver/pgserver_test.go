package pgserver

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func startOrSkip(t *testing.T) *Server {
	t.Helper()
	s, err := Start(Options{})
	if errors.Is(err, ErrNoServer) && os.Getenv("CI") != "true" {
		t.Skipf("%v (CI=true makes this a failure)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func reachable(s *Server) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return false
	}
	conn.Close(ctx)
	return true
}

// A server whose test binary died (killed, or ended by -timeout) is
// stopped and removed by the next Start; one whose owner runs is kept.
func TestStartStopsOrphans(t *testing.T) {
	orphan := startOrSkip(t)
	defer orphan.Stop()
	kept := startOrSkip(t)
	defer kept.Stop()

	// No process has the id pid_max: ids stay below it.
	max, err := os.ReadFile("/proc/sys/kernel/pid_max")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(orphan.dir, ownerFile), bytes.TrimSpace(max), 0o644); err != nil {
		t.Fatal(err)
	}

	next := startOrSkip(t)
	defer next.Stop()

	if _, err := os.Stat(orphan.dir); !os.IsNotExist(err) {
		t.Errorf("the orphan's directory is still there (%v)", err)
	}
	if reachable(orphan) {
		t.Error("the orphan server still runs")
	}
	if !reachable(kept) {
		t.Error("a server whose owner runs was stopped")
	}
	if !reachable(next) {
		t.Error("the new server does not run")
	}
}
