package pollindex_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// softDeletePoll is the poll of testdata/src/softdelete_ordered.
const softDeletePoll = `SELECT id FROM jobs WHERE status = 'queued' AND deleted_at IS NULL ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`

// TestSoftDeleteIndexOnPostgreSQL checks the premise of softdelete_ordered
// on PostgreSQL 15: on a queue that finishes jobs by their status and never
// writes deleted_at, the index on (deleted_at, created_at) does not keep
// the poll from reading every finished job (removed by the filter on
// status), whatever plan the planner picks. The index the finding suggests
// reads none.
func TestSoftDeleteIndexOnPostgreSQL(t *testing.T) {
	ddl, err := os.ReadFile(filepath.Join("testdata", "src", "softdelete_ordered", "schema.sql"))
	require.NoError(t, err)
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, string(ddl))
	pgtest.Exec(t, conn, `INSERT INTO jobs (status, created_at) SELECT 'done', now() - interval '90 days' + i * interval '1 minute' FROM generate_series(1, 50000) i`)
	pgtest.Exec(t, conn, `INSERT INTO jobs (status, created_at) SELECT 'queued', now() + i * interval '1 second' FROM generate_series(1, 20) i`)
	pgtest.Exec(t, conn, `ANALYZE jobs`)

	index, removed := analyzedPlan(t, conn, softDeletePoll)
	t.Logf("planned on %q", index)
	require.GreaterOrEqual(t, removed, 50000, "the poll walks every finished job")
	pgtest.Exec(t, conn, `SET enable_seqscan = off`)
	index, removed = analyzedPlan(t, conn, softDeletePoll)
	require.Equal(t, "jobs_live_idx", index, "made to use the index")
	require.GreaterOrEqual(t, removed, 50000, "even on the index the poll walks every finished job")
	pgtest.Exec(t, conn, `RESET enable_seqscan`)

	schema := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", ddl)})
	raws, errs := sqlcheck.Parse(softDeletePoll)
	require.Empty(t, errs)
	pgtest.Exec(t, conn, sqlcheck.SuggestPollIndex(schema.Table("public.jobs"), sqlcheck.Facts(raws[0])))
	pgtest.Exec(t, conn, `ANALYZE jobs`)
	index, removed = analyzedPlan(t, conn, softDeletePoll)
	require.Equal(t, "jobs_poll_idx", index)
	require.Zero(t, removed)
}

// analyzedPlan runs EXPLAIN ANALYZE of a query and returns the index of
// its plan and the rows its filters removed, over every node.
func analyzedPlan(t *testing.T, conn *pgx.Conn, query string) (string, int) {
	var plan []map[string]any
	var raw []byte
	require.NoError(t, conn.QueryRow(context.Background(), "EXPLAIN (ANALYZE, FORMAT JSON) "+query).Scan(&raw))
	require.NoError(t, json.Unmarshal(raw, &plan))
	root := plan[0]["Plan"].(map[string]any)
	var removed func(node map[string]any) int
	removed = func(node map[string]any) int {
		n := 0
		if f, ok := node["Rows Removed by Filter"].(float64); ok {
			n += int(f)
		}
		children, _ := node["Plans"].([]any)
		for _, c := range children {
			n += removed(c.(map[string]any))
		}
		return n
	}
	return findIndex(root), removed(root)
}
