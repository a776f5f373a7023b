package claimrace_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestBulkTakeOnPostgreSQL races two runs of ok_bulktake's take on
// PostgreSQL 15: B's UPDATE waits for the rows A's took, re-checks NOT
// running on them once A commits, and takes none of them.
func TestBulkTakeOnPostgreSQL(t *testing.T) {
	const take = `UPDATE schedules SET running = true WHERE next_run <= now() AND NOT running RETURNING id`
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	conn := func() *pgx.Conn {
		c, err := pgx.Connect(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close(ctx) })
		return c
	}
	a, b := conn(), conn()
	pgtest.Exec(t, a, `CREATE TABLE schedules (id bigserial PRIMARY KEY, command text NOT NULL, next_run timestamptz NOT NULL, running boolean NOT NULL DEFAULT false);
		INSERT INTO schedules (command, next_run) VALUES ('a', now() - interval '1 minute'), ('b', now() - interval '1 minute'), ('c', now() + interval '1 hour')`)
	ids := func(rows pgx.Rows, err error) ([]int64, error) {
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	txA, err := a.Begin(ctx)
	require.NoError(t, err)
	tookA, err := ids(txA.Query(ctx, take))
	require.NoError(t, err)
	require.Len(t, tookA, 2)
	type result struct {
		ids []int64
		err error
	}
	done := make(chan result, 1)
	go func() {
		got, err := ids(b.Query(ctx, take))
		done <- result{got, err}
	}()
	select {
	case r := <-done:
		t.Fatalf("B's UPDATE did not wait for A's rows: %v, %v", r.ids, r.err)
	case <-time.After(300 * time.Millisecond):
	}
	require.NoError(t, txA.Commit(ctx))
	r := <-done
	require.NoError(t, r.err)
	require.Empty(t, r.ids, "B took none of the rows A took")
}
