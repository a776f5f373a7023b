package maxattempts_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestCaseBoolEvidenceOnPostgreSQL checks, on PostgreSQL 15, what the rule
// reads in SET status = CASE WHEN $2 THEN 'failed' ELSE 'pending' END: the
// parameter is typed boolean from its place in the CASE (pgx binds a Go
// bool to it), and the value bound alone decides: false puts the job back
// where the poll takes it again, true ends it.
func TestCaseBoolEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pgtest.DSN(t))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close(ctx) })
	pgtest.Exec(t, conn, `CREATE TABLE casebool_jobs (id int PRIMARY KEY, status text NOT NULL)`)
	pgtest.Exec(t, conn, `INSERT INTO casebool_jobs VALUES (1, 'running'), (2, 'running')`)
	const fail = `UPDATE casebool_jobs SET status = CASE WHEN $2 THEN 'failed' ELSE 'pending' END WHERE id = $1`
	_, err = conn.Exec(ctx, fail, 1, false)
	require.NoError(t, err)
	_, err = conn.Exec(ctx, fail, 2, true)
	require.NoError(t, err)

	var polled []int
	rows, err := conn.Query(ctx, `SELECT id FROM casebool_jobs WHERE status = 'pending' ORDER BY id FOR UPDATE SKIP LOCKED`)
	require.NoError(t, err)
	polled, err = pgx.CollectRows(rows, pgx.RowTo[int])
	require.NoError(t, err)
	require.Equal(t, []int{1}, polled, "false puts the job back; true ends it")

	sd, err := conn.Prepare(ctx, "casebool_fail", fail)
	require.NoError(t, err)
	require.Equal(t, []uint32{pgtype.Int4OID, pgtype.BoolOID}, sd.ParamOIDs, "$2 is a boolean")
}
