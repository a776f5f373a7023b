package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A SELECT whose outputs come from several joined tables has no subject;
// it lists its tables, and read as the SELECT of one of them it keeps the
// conditions on that one (and the unqualified ones) only.
func TestJoinedTablesAsSubject(t *testing.T) {
	st := stmt(t, `SELECT s.id, t.kind FROM schedules s JOIN job_templates t ON t.id = s.template_id
		WHERE t.enabled AND next_run_at <= $1 AND s.paused = false ORDER BY next_run_at`)
	require.Equal(t, "", st.Table)
	require.Equal(t, []JoinedTable{{"public.schedules", "s"}, {"public.job_templates", "t"}}, st.JoinedTables)

	s := st.AsSubject("public.schedules")
	require.NotNil(t, s)
	require.Equal(t, "public.schedules", s.Table)
	require.Equal(t, "s", s.Alias)
	require.True(t, s.Joined)
	var where []string
	for _, p := range s.Where {
		where = append(where, p.Text)
	}
	require.Equal(t, []string{"next_run_at <= $1", "s.paused = false"}, where, "t.enabled chooses templates")
	require.Equal(t, "", st.Table, "the statement itself is left as it was")

	require.Nil(t, st.AsSubject("public.jobs"), "not joined")
	require.Nil(t, stmt(t, `SELECT a.id, b.id FROM jobs a JOIN jobs b ON a.parent = b.id`).AsSubject("public.jobs"), "joined twice")
	require.Empty(t, stmt(t, `SELECT d.* FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id`).JoinedTables, "a subject: no list")
}

// Read as the SELECT of one of its tables, a SELECT that joins only
// tables is narrowed by them unless a condition binds a parameter that
// is not about that table alone (the other table's rows the caller
// names), as a Joined SELECT with a subject is.
func TestJoinedTablesAsSubjectNarrowed(t *testing.T) {
	for sql, want := range map[string]bool{
		`SELECT b.id, m.body FROM bookmarks b JOIN messages m ON m.id = b.message_id WHERE NOT b.reminded AND b.remind_at <= now() LIMIT 50`:            true,
		`SELECT b.id, m.body FROM bookmarks b JOIN messages m ON m.id = b.message_id WHERE NOT b.reminded AND b.remind_at <= $1 LIMIT $2`:               true,
		`SELECT b.id, m.body FROM bookmarks b JOIN messages m ON m.id = b.message_id AND m.channel_id = $1 WHERE NOT b.reminded LIMIT 50`:               false,
		`SELECT b.id, m.body FROM bookmarks b JOIN messages m ON m.id = b.message_id WHERE m.channel_id = $1 AND NOT b.reminded LIMIT 50`:               false,
		`SELECT b.id, m.body, x.n FROM bookmarks b JOIN messages m ON m.id = b.message_id JOIN (SELECT 1 AS n) x ON true WHERE NOT b.reminded LIMIT 50`: false,
	} {
		s := stmt(t, sql).AsSubject("public.bookmarks")
		require.NotNil(t, s, sql)
		require.Equal(t, want, s.NarrowedByTables, sql)
	}
}
