package claimrace_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestDueOrEvidenceOnPostgreSQL runs the reads and advances of reminders
// with two deadlines, read from the fixtures the rule judges, from two
// connections in lock-step on PostgreSQL 15: the row is due by its
// day-before deadline only, so the advance moves that one and leaves the
// hour-before deadline as it was.
func TestDueOrEvidenceOnPostgreSQL(t *testing.T) {
	ctx := context.Background()
	type due struct {
		id        int64
		day, hour time.Time
	}
	setup := func(t *testing.T) (a, b *pgx.Conn, read func(*pgx.Conn) []due) {
		conns := pgtest.Sessions(t, 2)
		pgtest.Exec(t, conns[0], `CREATE TABLE reminders (
			id bigserial PRIMARY KEY,
			chat_id bigint NOT NULL,
			remind_day_before timestamptz NOT NULL,
			remind_hour_before timestamptz NOT NULL
		)`)
		pgtest.Exec(t, conns[0], `INSERT INTO reminders (chat_id, remind_day_before, remind_hour_before) VALUES
			(7, now() - interval '1 minute', now() + interval '23 hours'),
			(8, now() + interval '2 days', now() + interval '3 days')`)
		sql := funcSQL(t, "due_reminders_or", "dueReminders")
		require.Len(t, sql, 1)
		return conns[0], conns[1], func(c *pgx.Conn) []due {
			rows, err := c.Query(ctx, sql[0])
			require.NoError(t, err)
			var out []due
			for rows.Next() {
				var d due
				var chat int64
				require.NoError(t, rows.Scan(&d.id, &chat, &d.day, &d.hour))
				out = append(out, d)
			}
			require.NoError(t, rows.Err())
			return out
		}
	}

	t.Run("a compare of the hour deadline alone: both advances match", func(t *testing.T) {
		a, b, read := setup(t)
		dueA, dueB := read(a), read(b)
		require.Len(t, dueA, 1, "the row whose deadlines are both ahead is not read")
		require.Equal(t, dueA, dueB)
		take := funcSQL(t, "due_reminders_or_halfcas", "advance")
		require.Len(t, take, 1)
		for _, c := range []*pgx.Conn{a, b} {
			d := dueA[0]
			tag, err := c.Exec(ctx, take[0], d.day.Add(7*24*time.Hour), d.hour, d.id, d.hour)
			require.NoError(t, err)
			require.EqualValues(t, 1, tag.RowsAffected(), "the hour deadline is unchanged: each replica's advance matches and each sends")
		}
	})

	t.Run("a compare of both deadlines: the second advance is a no-op", func(t *testing.T) {
		a, b, read := setup(t)
		dueA, dueB := read(a), read(b)
		require.Equal(t, dueA, dueB)
		take := funcSQL(t, "ok_due_reminders_or_cas", "advance")
		require.Len(t, take, 1)
		d := dueA[0]
		want := []int64{1, 0}
		for i, c := range []*pgx.Conn{a, b} {
			tag, err := c.Exec(ctx, take[0], d.day.Add(7*24*time.Hour), d.hour, d.id, d.day, d.hour)
			require.NoError(t, err)
			require.Equal(t, want[i], tag.RowsAffected())
		}
	})
}
