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
