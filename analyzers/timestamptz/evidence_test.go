package timestamptz_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestEvidenceOnPostgreSQL checks the rule's claim on PostgreSQL 15. A web
// session in Europe/London enqueues a job due at a summer instant (the
// literal stands for now() at 12:00 UTC on 1 July); a worker session in UTC
// polls half an hour later. With seedpr's timestamp column the job is not
// yet due (it was stored as 13:00 local time, read as 13:00 UTC: an hour
// late); with seedfixed's timestamptz it is.
func TestEvidenceOnPostgreSQL(t *testing.T) {
	for fixture, wantDue := range map[string]int{"seedpr": 0, "seedfixed": 1} {
		t.Run(fixture, func(t *testing.T) {
			conn := pgtest.Connect(t)
			b, err := os.ReadFile(filepath.Join("..", "..", "testdata", fixture, "migrations", "001_create_jobs.sql"))
			require.NoError(t, err)
			pgtest.Exec(t, conn, string(b))

			pgtest.Exec(t, conn, `SET TIME ZONE 'Europe/London'`)
			pgtest.Exec(t, conn, `INSERT INTO jobs (kind, payload, run_at) VALUES ('email', '{}', '2026-07-01 12:00:00+00'::timestamptz)`)

			pgtest.Exec(t, conn, `SET TIME ZONE 'UTC'`)
			var due int
			require.NoError(t, conn.QueryRow(context.Background(),
				`SELECT count(*) FROM jobs WHERE status = 'queued' AND run_at <= '2026-07-01 12:30:00+00'::timestamptz`).Scan(&due))
			require.Equal(t, wantDue, due)
		})
	}
}
