// Package pgtest gives tests a real, throwaway PostgreSQL 15 server
// (pgserver), started on first use and stopped when the package's tests end.
// Each test gets a database of its own. Where the server binaries are
// missing, tests skip, except under CI=true, where a missing PostgreSQL
// fails them.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/jobqlint/jobqlint/internal/pgserver"
)

// Main runs the tests of a package that uses pgtest and stops the server
// afterwards. Call it from TestMain: os.Exit(pgtest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	if srv != nil {
		srv.Stop()
	}
	return code
}

var (
	once   sync.Once
	srv    *pgserver.Server
	srvErr error
	dbSeq  atomic.Int64
)

// Connect returns a connection to a new, empty database on the test server,
// closed when the test ends. The session's TimeZone is UTC.
func Connect(t testing.TB) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), DSN(t))
	if err != nil {
		t.Fatalf("pgtest: connect: %v", err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// Sessions returns n connections to one new, empty database on the test
// server, each closed when the test ends: the sessions of a race between
// two workers, or of a migration and the worker it blocks.
func Sessions(t testing.TB, n int) []*pgx.Conn {
	t.Helper()
	dsn := DSN(t)
	conns := make([]*pgx.Conn, n)
	for i := range conns {
		c, err := pgx.Connect(context.Background(), dsn)
		if err != nil {
			t.Fatalf("pgtest: connect: %v", err)
		}
		t.Cleanup(func() { c.Close(context.Background()) })
		conns[i] = c
	}
	return conns
}

// DSN creates a new database on the test server and returns a connection
// string for it.
func DSN(t testing.TB) string {
	t.Helper()
	once.Do(func() { srv, srvErr = pgserver.Start(pgserver.Options{}) })
	if srvErr != nil {
		if errors.Is(srvErr, pgserver.ErrNoServer) && os.Getenv("CI") != "true" {
			t.Skipf("pgtest: %v (CI=true makes this a failure)", srvErr)
		}
		t.Fatalf("pgtest: %v", srvErr)
	}
	name := fmt.Sprintf("test_%d_%d", os.Getpid(), dbSeq.Add(1))
	dsn, err := srv.CreateDatabase(context.Background(), name)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return dsn
}

// Exec runs SQL on conn, failing the test on error.
func Exec(t testing.TB, conn *pgx.Conn, sql string, args ...any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("pgtest: %v\n%s", err, sql)
	}
}
