package claimrace_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestDueEvidenceOnPostgreSQL runs due-time queues' reads and takes, read
// from the fixtures the rule judges, from two connections in lock-step on
// PostgreSQL 15.
func TestDueEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()

	t.Run("unlocked read: both schedulers see the due rows; only one DELETE matches, after both ran them", func(t *testing.T) {
		a, b := twoSchedulers(t)
		sql := funcSQL(t, "due_workfirst_checked", "RunDue")
		require.Len(t, sql, 2)
		read, take := sql[0], sql[1]
		now := time.Now()
		idsA, idsB := scanIDsAt(t, a, read, now), scanIDsAt(t, b, read, now) // B reads before A deletes
		require.Len(t, idsA, 2, "the job due in the future is not read")
		require.Equal(t, idsA, idsB, "both schedulers hand the same jobs to their handlers")
		for _, id := range idsA {
			tagA, err := a.Exec(ctx, take, id)
			require.NoError(t, err)
			tagB, err := b.Exec(ctx, take, id)
			require.NoError(t, err)
			require.EqualValues(t, 1, tagA.RowsAffected())
			require.EqualValues(t, 0, tagB.RowsAffected(), "B's DELETE is a no-op, but B already ran the job")
		}
	})

	t.Run("an advance that does not compare the time it read: both advances match, both schedulers enqueue", func(t *testing.T) {
		a, b := twoSchedulers(t)
		sql := funcSQL(t, "due_cron_nocompare", "Promote")
		require.Len(t, sql, 2)
		read, take := sql[0], sql[1]
		idsA, idsB := scanIDs(t, a, read), scanIDs(t, b, read)
		require.Equal(t, idsA, idsB)
		tagA, err := a.Exec(ctx, take, idsA[0], time.Hour)
		require.NoError(t, err)
		tagB, err := b.Exec(ctx, take, idsB[0], time.Hour)
		require.NoError(t, err)
		require.EqualValues(t, 1, tagA.RowsAffected())
		require.EqualValues(t, 1, tagB.RowsAffected(), "B's advance matches the row too: its row count says it won")
	})

	t.Run("a compare-and-set advance: the second is a no-op, and its row count says so before the work", func(t *testing.T) {
		a, b := twoSchedulers(t)
		sql := funcSQL(t, "ok_due_cas", "Promote")
		require.Len(t, sql, 2)
		read, take := sql[0], sql[1]
		type due struct {
			id   int64
			next time.Time
		}
		readDue := func(c *pgx.Conn) []due {
			rows, err := c.Query(ctx, read)
			require.NoError(t, err)
			var out []due
			for rows.Next() {
				vals, err := rows.Values()
				require.NoError(t, err)
				out = append(out, due{vals[0].(int64), vals[2].(time.Time)})
			}
			require.NoError(t, rows.Err())
			return out
		}
		dueA, dueB := readDue(a), readDue(b)
		require.Equal(t, dueA, dueB, "both read the same due schedules")
		for i := range dueA {
			tagA, err := a.Exec(ctx, take, dueA[i].id, dueA[i].next, dueA[i].next.Add(time.Hour))
			require.NoError(t, err)
			tagB, err := b.Exec(ctx, take, dueB[i].id, dueB[i].next, dueB[i].next.Add(time.Hour))
			require.NoError(t, err)
			require.EqualValues(t, 1, tagA.RowsAffected())
			require.EqualValues(t, 0, tagB.RowsAffected(), "B's compare fails: it does not enqueue")
		}
	})

	t.Run("FOR UPDATE SKIP LOCKED in a transaction open until the DELETE: the second scheduler reads nothing", func(t *testing.T) {
		a, b := twoSchedulers(t)
		sql := funcSQL(t, "ok_due_tx", "RunDue")
		require.Len(t, sql, 2)
		read, take := sql[0], sql[1]
		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		idsA := scanIDs(t, txA, read)
		require.Len(t, idsA, 2)
		txB, err := b.Begin(ctx)
		require.NoError(t, err)
		require.Empty(t, scanIDs(t, txB, read), "A's rows are locked: B skips them")
		for _, id := range idsA {
			_, err := txA.Exec(ctx, take, id)
			require.NoError(t, err)
		}
		require.NoError(t, txA.Commit(ctx))
		require.Empty(t, scanIDs(t, txB, read), "after A's commit they are gone")
		require.NoError(t, txB.Rollback(ctx))
	})
}

// twoSchedulers returns two connections to a database whose
// scheduled_jobs hold two due jobs and one due in an hour, and whose
// cron_schedules hold one due schedule.
func twoSchedulers(t *testing.T) (*pgx.Conn, *pgx.Conn) {
	conns := pgtest.Sessions(t, 2)
	pgtest.Exec(t, conns[0], `CREATE TABLE scheduled_jobs (
		id bigserial PRIMARY KEY,
		payload bytea,
		run_at timestamptz NOT NULL
	)`)
	pgtest.Exec(t, conns[0], `INSERT INTO scheduled_jobs (payload, run_at) VALUES
		('\x01', now() - interval '2 minutes'), ('\x02', now() - interval '1 minute'), ('\x03', now() + interval '1 hour')`)
	pgtest.Exec(t, conns[0], `CREATE TABLE cron_schedules (
		id bigserial PRIMARY KEY,
		kind text NOT NULL,
		every interval NOT NULL DEFAULT '1 hour',
		next_run_at timestamptz NOT NULL
	)`)
	pgtest.Exec(t, conns[0], `INSERT INTO cron_schedules (kind, next_run_at) VALUES ('report', now() - interval '1 second')`)
	return conns[0], conns[1]
}

func scanIDsAt(t *testing.T, c *pgx.Conn, sql string, at time.Time) []int64 {
	rows, err := c.Query(context.Background(), sql, at)
	require.NoError(t, err)
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		vals, err := rows.Values()
		require.NoError(t, err)
		ids = append(ids, vals[0].(int64))
	}
	require.NoError(t, rows.Err())
	return ids
}
