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

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// seedPoll is the poll of testdata/seedpr/queue/queue.go.
const seedPoll = `SELECT id, kind, payload, attempts FROM jobs
	WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`

// TestEvidenceOnPostgreSQL checks the rule's claim on PostgreSQL 15: with a
// table of finished jobs, the seed's poll cannot use seedpr's index on kind
// and scans the table; seedfixed's partial index serves it; and the index
// the finding tells seedpr to add serves it too.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	cases := []struct {
		name, fixture string
		extra         func(t *testing.T) string // DDL added after the migration
		wantIndex     string                    // "" for a sequential scan
	}{
		{"seedpr", "seedpr", nil, ""},
		{"seedfixed", "seedfixed", nil, "jobs_runnable_idx"},
		{"seedpr with the suggested index", "seedpr", suggestedIndex, "jobs_poll_idx"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := pgtest.Connect(t)
			pgtest.Exec(t, conn, migration(t, c.fixture))
			if c.extra != nil {
				pgtest.Exec(t, conn, c.extra(t))
			}
			fill(t, conn)
			require.Equal(t, c.wantIndex, pollIndex(t, conn))
		})
	}
}

func migration(t *testing.T, fixture string) string {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", fixture, "migrations", "001_create_jobs.sql"))
	require.NoError(t, err)
	return string(b)
}

// suggestedIndex is the CREATE INDEX of the finding on seedpr.
func suggestedIndex(t *testing.T) string {
	schema := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("001.sql", []byte(migration(t, "seedpr")))})
	raws, errs := sqlcheck.Parse(seedPoll)
	require.Empty(t, errs)
	return sqlcheck.SuggestPollIndex(schema.Table("public.jobs"), sqlcheck.Facts(raws[0]))
}

// fill loads 90 days of finished jobs and a few runnable ones.
func fill(t *testing.T, conn *pgx.Conn) {
	pgtest.Exec(t, conn, `INSERT INTO jobs (kind, payload, status, run_at)
		SELECT 'email', '{}', 'done', now() - (i % 90) * interval '1 day' FROM generate_series(1, 100000) i`)
	pgtest.Exec(t, conn, `INSERT INTO jobs (kind, payload, status, run_at)
		SELECT 'charge', '{}', 'queued', now() - i * interval '1 minute' FROM generate_series(1, 20) i`)
	pgtest.Exec(t, conn, `ANALYZE jobs`)
}

// pollIndex returns the index the planner uses for the poll, or "".
func pollIndex(t *testing.T, conn *pgx.Conn) string {
	var plan []map[string]any
	var raw []byte
	require.NoError(t, conn.QueryRow(context.Background(), "EXPLAIN (FORMAT JSON) "+seedPoll).Scan(&raw))
	require.NoError(t, json.Unmarshal(raw, &plan))
	return findIndex(plan[0]["Plan"].(map[string]any))
}

func findIndex(node map[string]any) string {
	if name, ok := node["Index Name"].(string); ok {
		return name
	}
	children, _ := node["Plans"].([]any)
	for _, c := range children {
		if name := findIndex(c.(map[string]any)); name != "" {
			return name
		}
	}
	return ""
}
