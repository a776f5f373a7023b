package claimrace_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestSpoolEvidenceOnPostgreSQL runs the delete-on-done queues' statements,
// read from the fixtures the rule judges, from two connections in
// lock-step on PostgreSQL 15: what each design does when two workers read
// the same due row.
func TestSpoolEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()

	t.Run("unlocked read: both senders read the same mails; the push-back makes a failed one due again later, counting for ever", func(t *testing.T) {
		a, b := spoolSessions(t, "spool_unlocked")
		pgtest.Exec(t, a, `INSERT INTO mail_queue (recipient, body, due_time) VALUES ('x@example.com', 'hi', now() - interval '1 minute'), ('y@example.com', 'yo', now() + interval '1 hour')`)
		sql := funcSQL(t, "spool_unlocked", "Tick")
		require.Len(t, sql, 3)
		read, pushBack, del := sql[0], sql[1], sql[2]
		idsA, idsB := scanIDs(t, a, read), scanIDs(t, b, read)
		require.Len(t, idsA, 1, "the mail due in an hour is not read")
		require.Equal(t, idsA, idsB, "both senders send the same mail")
		tagA, err := a.Exec(ctx, del, idsA[0])
		require.NoError(t, err)
		tagB, err := b.Exec(ctx, del, idsB[0])
		require.NoError(t, err)
		require.EqualValues(t, 1, tagA.RowsAffected())
		require.EqualValues(t, 0, tagB.RowsAffected(), "B's DELETE is a no-op, after B sent the mail")

		pgtest.Exec(t, a, `INSERT INTO mail_queue (id, recipient, body, due_time) VALUES (100, 'z@example.com', 'bounce', now() - interval '1 minute')`)
		for range 3 {
			require.Contains(t, scanIDs(t, a, read), int64(100))
			_, err := a.Exec(ctx, pushBack, int64(100))
			require.NoError(t, err)
			require.NotContains(t, scanIDs(t, a, read), int64(100), "pushed back: not due for five minutes")
			pgtest.Exec(t, a, `UPDATE mail_queue SET due_time = now() - interval '1 second' WHERE id = 100`) // five minutes pass
		}
		var attempts int
		require.NoError(t, a.QueryRow(ctx, `SELECT attempts FROM mail_queue WHERE id = 100`).Scan(&attempts))
		require.Equal(t, 3, attempts, "counted, but still due: nothing ends it")
	})

	t.Run("compare-and-set on the due time: one worker wins the lease, and the row comes due again when it passes", func(t *testing.T) {
		a, b := spoolSessions(t, "ok_spool_lease")
		pgtest.Exec(t, a, `INSERT INTO webhook_deliveries (url, body, run_after) VALUES ('https://example.com/hook', '\x00', now() - interval '1 minute')`)
		read := funcSQL(t, "ok_spool_lease", "due")
		sql := funcSQL(t, "ok_spool_lease", "Work")
		require.Len(t, read, 1)
		require.Len(t, sql, 2)
		take, del := sql[0], sql[1]
		readDue := func(c *pgx.Conn) (int64, time.Time) {
			var id int64
			var url string
			var body []byte
			var runAfter time.Time
			require.NoError(t, c.QueryRow(ctx, read[0]).Scan(&id, &url, &body, &runAfter))
			return id, runAfter
		}
		idA, atA := readDue(a)
		idB, atB := readDue(b)
		require.Equal(t, idA, idB)
		tagA, err := a.Exec(ctx, take, idA, atA)
		require.NoError(t, err)
		tagB, err := b.Exec(ctx, take, idB, atB)
		require.NoError(t, err)
		require.EqualValues(t, 1, tagA.RowsAffected())
		require.EqualValues(t, 0, tagB.RowsAffected(), "B's compare fails: B skips the delivery")
		require.Empty(t, scanIDs(t, b, read[0]), "while the lease runs the row is not due")
		pgtest.Exec(t, a, `UPDATE webhook_deliveries SET run_after = now() - interval '1 second'`) // A died: two minutes pass
		require.Equal(t, []int64{idA}, scanIDs(t, b, read[0]), "the lease passed: the delivery is due again")
		tagA, err = a.Exec(ctx, del, idA)
		require.NoError(t, err)
		require.EqualValues(t, 1, tagA.RowsAffected())
	})

	t.Run("FOR UPDATE SKIP LOCKED in a transaction: the row lock holds until the DELETE or the push-back commits", func(t *testing.T) {
		a, b := spoolSessions(t, "ok_spool_skiplocked_tx")
		pgtest.Exec(t, a, `INSERT INTO outbox_events (topic, body, next_attempt_at) VALUES ('t', '\x01', now() - interval '2 minutes'), ('t', '\x02', now() - interval '1 minute')`)
		sql := funcSQL(t, "ok_spool_skiplocked_tx", "Relay")
		require.Len(t, sql, 5)
		read, pushBack, del := sql[0], sql[3], sql[4]
		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		idsA := scanIDs(t, txA, read)
		require.Len(t, idsA, 2)
		txB, err := b.Begin(ctx)
		require.NoError(t, err)
		require.Empty(t, scanIDs(t, txB, read), "A holds the rows: B skips them")
		_, err = txA.Exec(ctx, del, idsA[0])
		require.NoError(t, err)
		_, err = txA.Exec(ctx, pushBack, idsA[1], time.Minute)
		require.NoError(t, err)
		require.Empty(t, scanIDs(t, txB, read), "still held until A commits")
		require.NoError(t, txA.Commit(ctx))
		require.Empty(t, scanIDs(t, txB, read), "after the commit one is gone and the other due in a minute")
		require.NoError(t, txB.Rollback(ctx))
	})

	t.Run("DELETE ... RETURNING with SKIP LOCKED: each worker takes its own rows, removed before they are sent", func(t *testing.T) {
		a, b := spoolSessions(t, "ok_spool_deletereturning")
		pgtest.Exec(t, a, `INSERT INTO reminders (user_id, text, remind_at) SELECT i, 'r', now() - i * interval '1 minute' FROM generate_series(1, 3) i`)
		sql := funcSQL(t, "ok_spool_deletereturning", "SendDue")
		require.Len(t, sql, 1)
		txA, err := a.Begin(ctx)
		require.NoError(t, err)
		usersA := scanIDs(t, txA, sql[0])
		require.Len(t, usersA, 3)
		usersB := scanIDs(t, b, sql[0])
		require.Empty(t, usersB, "A's DELETE holds the rows: B skips them")
		require.NoError(t, txA.Commit(ctx))
		require.Empty(t, scanIDs(t, b, sql[0]), "taken once: a send that fails after the DELETE is lost, not retried")
	})
}

// spoolSessions returns two connections to a database holding a
// fixture's schema.
func spoolSessions(t *testing.T, fixture string) (*pgx.Conn, *pgx.Conn) {
	conns := pgtest.Sessions(t, 2)
	files, err := filepath.Glob(filepath.Join("testdata", "src", fixture, "*.sql"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		ddl, err := os.ReadFile(f)
		require.NoError(t, err)
		pgtest.Exec(t, conns[0], string(ddl))
	}
	return conns[0], conns[1]
}
