package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// What a statement leaves on its connection: session-level advisory lock
// calls and LISTEN, in the order written, wherever they sit in the
// statement; the transaction-level locks end with the transaction and are
// not among them.
func TestSessionLevel(t *testing.T) {
	for _, tc := range []struct {
		sql  string
		want []string
	}{
		{`SELECT pg_advisory_lock(42)`, []string{"pg_advisory_lock"}},
		{`SELECT pg_try_advisory_lock_shared($1)`, []string{"pg_try_advisory_lock_shared"}},
		{`SELECT pg_catalog.PG_ADVISORY_UNLOCK(1, 2)`, []string{"pg_advisory_unlock"}},
		{`SELECT pg_advisory_unlock_all()`, []string{"pg_advisory_unlock_all"}},
		{`LISTEN jobs_ready`, []string{"LISTEN"}},
		{`SELECT id FROM jobs WHERE pg_try_advisory_lock(id) AND status = 'queued' LIMIT 1`, []string{"pg_try_advisory_lock"}},
		{`SELECT pg_advisory_unlock(1), pg_advisory_lock(2)`, []string{"pg_advisory_unlock", "pg_advisory_lock"}},
		{`SELECT pg_advisory_xact_lock(42)`, nil},
		{`SELECT pg_try_advisory_xact_lock(42)`, nil},
		{`SELECT pg_advisory_xact_lock_shared(42)`, nil},
		{`SELECT pg_try_advisory_xact_lock_shared(1, 2)`, nil},
		{`WITH l AS (SELECT pg_advisory_xact_lock($1)) UPDATE counters SET n = n + 1 FROM l WHERE key = $1`, nil},
		{`NOTIFY jobs_ready`, nil},
		{`UNLISTEN jobs_ready`, nil},
		{`SELECT id FROM jobs WHERE status = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`, nil},
	} {
		raws, errs := Parse(tc.sql)
		require.Empty(t, errs, tc.sql)
		require.Len(t, raws, 1, tc.sql)
		require.Equal(t, tc.want, SessionLevel(raws[0]), tc.sql)
	}
}
