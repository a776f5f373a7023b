package sqlcheck

import (
	"context"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// TestReplayMatchesPostgreSQL replays migrations with jobqlint and runs them
// on PostgreSQL 15, and compares what each ends with: tables, columns,
// whether time columns have a time zone, and index names (PostgreSQL's
// generated names included).
func TestReplayMatchesPostgreSQL(t *testing.T) {
	migrations := []string{`
CREATE SCHEMA queue;
CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text, status text NOT NULL DEFAULT 'queued',
  run_at timestamp NOT NULL DEFAULT now(), email text UNIQUE, legacy int);
CREATE INDEX ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX ON jobs (run_at);
CREATE INDEX jobs_kind_idx ON jobs (kind);
CREATE TABLE queue.tasks (task_id uuid, state text, CONSTRAINT tasks_pk PRIMARY KEY (task_id));
`, `
ALTER TABLE jobs ALTER COLUMN run_at TYPE timestamptz, ADD COLUMN locked_until timestamp(3) without time zone, DROP COLUMN legacy;
ALTER TABLE jobs RENAME COLUMN kind TO job_kind;
DROP INDEX jobs_kind_idx;
ALTER TABLE queue.tasks RENAME TO work_items;
CREATE UNIQUE INDEX IF NOT EXISTS work_items_state ON queue.work_items (state, task_id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS work_items_state ON queue.work_items (task_id);
`}
	conn := pgtest.Connect(t)
	for _, m := range migrations {
		for _, stmt := range strings.Split(m, ";\n") {
			if strings.TrimSpace(stmt) != "" {
				pgtest.Exec(t, conn, stmt)
			}
		}
	}
	s := replay(t, migrations...)
	require.Empty(t, s.Problems)

	var want []string
	rows, err := conn.Query(context.Background(), `
		SELECT n.nspname || '.' || c.relname || ' column ' || a.attname || ' ' ||
		       CASE WHEN a.atttypid = 'timestamp'::regtype THEN 'timestamp'
		            WHEN a.atttypid = 'timestamptz'::regtype THEN 'timestamptz' ELSE 'other' END
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind = 'r' AND n.nspname IN ('public', 'queue') AND a.attnum > 0 AND NOT a.attisdropped
		UNION ALL
		SELECT schemaname || '.' || tablename || ' index ' || indexname FROM pg_indexes WHERE schemaname IN ('public', 'queue')`)
	require.NoError(t, err)
	for rows.Next() {
		var line string
		require.NoError(t, rows.Scan(&line))
		want = append(want, line)
	}
	require.NoError(t, rows.Err())

	var got []string
	for _, tbl := range s.Tables {
		for _, c := range tbl.Columns {
			kind := "other"
			if c.Type.Name == "timestamp" || c.Type.Name == "timestamptz" {
				kind = c.Type.Name
			}
			got = append(got, tbl.Name+" column "+c.Name+" "+kind)
		}
		for _, idx := range tbl.Indexes {
			got = append(got, tbl.Name+" index "+idx.Name)
		}
	}
	sort.Strings(want)
	sort.Strings(got)
	require.Equal(t, want, got)
}
