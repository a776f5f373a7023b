package sqlcheck

import (
	"context"
	"sort"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
)

// TestReplayDoBlocksMatchPostgreSQL runs migrations written to run twice
// (DO blocks guarded by the catalog, or by "already exists" handlers) on
// PostgreSQL 15, twice, and compares the indexes and columns it ends with
// to the replay's. The statements the replay leaves out (a branch on the
// data) are written so that they do not run: the replay is sound, not
// complete.
func TestReplayDoBlocksMatchPostgreSQL(t *testing.T) {
	migrations := []string{`
CREATE TABLE refresh_tokens (id bigserial PRIMARY KEY, tenant_id bigint, token text);
CREATE INDEX refresh_tokens_token_idx ON refresh_tokens (token);
`, `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.table_constraints
                 WHERE table_name = 'refresh_tokens' AND constraint_name = 'refresh_tokens_token_unique') THEN
    ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_token_unique UNIQUE (tenant_id, token);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'refresh_tokens_token_idx') THEN
    DROP INDEX refresh_tokens_token_idx;
  END IF;
  BEGIN
    ALTER TABLE refresh_tokens ADD COLUMN parent text;
  EXCEPTION WHEN duplicate_column THEN NULL;
  END;
  IF EXISTS (SELECT 1 FROM refresh_tokens WHERE token IS NULL) THEN
    CREATE INDEX refresh_tokens_null_idx ON refresh_tokens (id) WHERE token IS NULL;
  END IF;
END $$;
`}
	conn := pgtest.Connect(t)
	ctx := context.Background()
	pgtest.Exec(t, conn, migrations[0])
	for range 2 { // written to run twice
		_, err := conn.Exec(ctx, migrations[1])
		require.NoError(t, err)
	}
	var want []string
	rows, err := conn.Query(ctx, `
		SELECT 'column ' || attname FROM pg_attribute
		WHERE attrelid = 'refresh_tokens'::regclass AND attnum > 0 AND NOT attisdropped
		UNION ALL
		SELECT 'index ' || indexname || CASE WHEN indexdef LIKE 'CREATE UNIQUE%' THEN ' unique' ELSE '' END
		FROM pg_indexes WHERE tablename = 'refresh_tokens'`)
	require.NoError(t, err)
	for rows.Next() {
		var line string
		require.NoError(t, rows.Scan(&line))
		want = append(want, line)
	}
	require.NoError(t, rows.Err())

	s := replay(t, migrations...)
	require.Empty(t, s.Problems)
	var got []string
	rt := s.Table("public.refresh_tokens")
	for _, c := range rt.Columns {
		got = append(got, "column "+c.Name)
	}
	for _, idx := range rt.Indexes {
		line := "index " + idx.Name
		if idx.Unique || idx.Primary {
			line += " unique"
		}
		got = append(got, line)
	}
	sort.Strings(want)
	sort.Strings(got)
	require.Equal(t, want, got)
}
