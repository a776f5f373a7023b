package sqlcheck

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// A SELECT that joins its table with other tables on the table's key, and
// gives those tables no parameter, picks the next rows by its own WHERE,
// order and limit: the joined tables only narrow the candidates.
func TestNarrowedByTables(t *testing.T) {
	keyIsID := func(cols []string) bool { return slices.Contains(cols, "id") }
	for sql, want := range map[string]bool{
		`SELECT j.id FROM jobs j JOIN job_frontier f ON j.id = f.job_id
			WHERE j.status = 'queued' AND f.ready = TRUE AND j.due_at <= now()
			ORDER BY j.priority DESC, j.due_at LIMIT $1 FOR UPDATE SKIP LOCKED`: true,
		`SELECT j.id FROM jobs j, job_frontier f WHERE j.id = f.job_id AND f.ready
			AND j.status = 'queued' AND j.run_at <= $1 ORDER BY j.run_at LIMIT 10 FOR UPDATE OF j SKIP LOCKED`: true,
		// The parameter names rows of the other table: the jobs of one batch.
		`SELECT j.id FROM jobs j JOIN batch_items b ON b.job_id = j.id
			WHERE b.batch_id = $1 AND j.status = 'queued' ORDER BY j.id LIMIT 10 FOR UPDATE OF j SKIP LOCKED`: false,
		`SELECT j.id FROM jobs j JOIN batch_items b ON b.job_id = j.id AND b.batch_id = $1
			WHERE j.status = 'queued' ORDER BY j.id LIMIT 10 FOR UPDATE OF j SKIP LOCKED`: false,
		// A parameter whose table the tool cannot tell.
		`SELECT j.id FROM jobs j JOIN batch_items b ON b.job_id = j.id
			WHERE batch_id = $1 AND j.status = 'queued' ORDER BY j.id LIMIT 10 FOR UPDATE OF j SKIP LOCKED`: false,
		// Ids the caller gives, through a WITH query.
		`WITH input AS (SELECT unnest($1::bigint[]) AS id)
			SELECT j.id FROM jobs j JOIN input i ON i.id = j.id WHERE j.status = 'queued' ORDER BY j.id LIMIT 10`: false,
	} {
		st := stmt(t, sql)
		require.True(t, st.Joined, sql)
		require.Equal(t, want, IsFilteredPollShape(st, keyIsID), sql)
	}
	// A parameter on the table's own columns is its own filter.
	own := stmt(t, `SELECT j.id FROM jobs j JOIN job_frontier f ON j.id = f.job_id
		WHERE j.status = 'queued' AND f.ready AND j.run_at <= $1 ORDER BY j.run_at LIMIT 10 FOR UPDATE OF j SKIP LOCKED`)
	require.True(t, own.NarrowedByTables)
	require.Equal(t, "public.jobs", own.Table)
}
