package pgtest_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func TestServerIsPostgreSQL15(t *testing.T) {
	conn := pgtest.Connect(t)
	var version string
	require.NoError(t, conn.QueryRow(context.Background(), "SHOW server_version").Scan(&version))
	require.True(t, strings.HasPrefix(version, "15."), version)
}

func TestEachTestHasItsOwnDatabase(t *testing.T) {
	a, b := pgtest.Connect(t), pgtest.Connect(t)
	pgtest.Exec(t, a, "CREATE TABLE only_in_a (id int)")
	var n int
	require.NoError(t, b.QueryRow(context.Background(), "SELECT count(*) FROM pg_tables WHERE tablename = 'only_in_a'").Scan(&n))
	require.Zero(t, n)
}

func TestSessionsShareOneDatabase(t *testing.T) {
	ctx := context.Background()
	s := pgtest.Sessions(t, 2)
	pgtest.Exec(t, s[0], "CREATE TABLE seen_by_both (id int)")
	var n int
	require.NoError(t, s[1].QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE tablename = 'seen_by_both'").Scan(&n))
	require.Equal(t, 1, n)
	var pids [2]int
	for i, c := range s {
		require.NoError(t, c.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pids[i]))
	}
	require.NotEqual(t, pids[0], pids[1], "two sessions, not one connection twice")
}
