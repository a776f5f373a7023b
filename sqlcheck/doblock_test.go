package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func doIndexNames(t *Table) []string {
	var out []string
	for _, idx := range t.Indexes {
		out = append(out, idx.Name)
	}
	return out
}

func TestReplayDoBlockGuardedByCatalog(t *testing.T) {
	s := replay(t, `
CREATE TABLE refresh_tokens (id bigserial PRIMARY KEY, token text);
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.table_constraints
                 WHERE table_name = 'refresh_tokens' AND constraint_name = 'refresh_tokens_token_unique') THEN
    ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_token_unique UNIQUE (token);
  END IF;
END $$;
`)
	require.Empty(t, s.Problems)
	rt := s.Table("public.refresh_tokens")
	require.Equal(t, []string{"refresh_tokens_pkey", "refresh_tokens_token_unique"}, doIndexNames(rt))
	u := rt.Indexes[1]
	require.True(t, u.Unique)
	require.Equal(t, "token", u.Keys[0].Column)
	require.Equal(t, 7, u.Loc.Line, "the constraint is placed where it is written inside the block")
}

func TestReplayDoBlockStatementsAndDuplicateHandlers(t *testing.T) {
	s := replay(t, `
CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text, status text);
DO $do$
BEGIN
  ALTER TABLE jobs ADD COLUMN run_at timestamptz;
  BEGIN
    CREATE UNIQUE INDEX jobs_queue_status ON jobs (queue, status);
  EXCEPTION WHEN duplicate_table OR duplicate_object THEN NULL;
  END;
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'jobs_old') THEN
    DROP INDEX jobs_old;
  END IF;
END
$do$ LANGUAGE plpgsql;
`)
	require.Empty(t, s.Problems)
	jobs := s.Table("public.jobs")
	require.NotNil(t, jobs.Column("run_at"))
	require.Equal(t, []string{"jobs_pkey", "jobs_queue_status"}, doIndexNames(jobs))
}

// A statement whose running depends on the data or on the catalog's
// contents (rather than on whether the object exists), on an error other
// than "already exists", or on an earlier branch not taken is not replayed:
// whether it ran is not known.
func TestReplayDoBlockLeavesOutWhatMayNotRun(t *testing.T) {
	s := replay(t, `
CREATE TABLE jobs (id bigserial PRIMARY KEY, token text, queue text, kind text);
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jobs WHERE token IS NULL) THEN
    CREATE UNIQUE INDEX jobs_token ON jobs (token);
  END IF;
  BEGIN
    CREATE UNIQUE INDEX jobs_queue ON jobs (queue);
  EXCEPTION WHEN OTHERS THEN NULL;
  END;
  IF NOT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'jobs_kind') THEN
    CREATE UNIQUE INDEX jobs_kind ON jobs (kind);
  ELSE
    RAISE NOTICE 'kept';
  END IF;
  IF EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'jobs_a') THEN
    RAISE NOTICE 'kept';
  ELSIF NOT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'jobs_b') THEN
    CREATE UNIQUE INDEX jobs_b ON jobs (kind);
  END IF;
  IF (SELECT data_type FROM information_schema.columns WHERE table_name = 'jobs' AND column_name = 'kind') = 'text' THEN
    CREATE UNIQUE INDEX jobs_kind_text ON jobs (kind);
  END IF;
  IF (SELECT data_type = 'text' FROM information_schema.columns WHERE table_name = 'jobs' AND column_name = 'kind') THEN
    CREATE UNIQUE INDEX jobs_kind_text2 ON jobs (kind);
  END IF;
  FOR i IN 1..2 LOOP
    ALTER TABLE jobs ADD COLUMN IF NOT EXISTS extra text;
  END LOOP;
  EXECUTE 'CREATE UNIQUE INDEX jobs_id2 ON jobs (id)';
END $$;
DO LANGUAGE plpgsql $$ BEGIN ALTER TABLE jobs ADD COLUMN lang_first text; END $$;
`)
	require.Empty(t, s.Problems)
	jobs := s.Table("public.jobs")
	require.Equal(t, []string{"jobs_pkey", "jobs_kind"}, doIndexNames(jobs), "with an ELSE, the guarded index is there after the block all the same")
	require.Nil(t, jobs.Column("extra"))
	require.NotNil(t, jobs.Column("lang_first"), "LANGUAGE may come first")
}
