package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An UPDATE or DELETE joined with rows the caller gives names its rows by
// key; joined with a table, or with a query that reads one, it does not.
func TestGivenKeys(t *testing.T) {
	for _, c := range []struct {
		sql  string
		keys []string
	}{
		{`WITH failed(id, err) AS (SELECT id, err FROM unnest($1::uuid[], $2::text[]) AS input(id, err))
		  UPDATE outbox AS o SET status = 'pending' FROM failed WHERE o.id = failed.id`, []string{"id"}},
		{`UPDATE outbox o SET status = 'done' FROM (VALUES ($1::bigint), ($2)) AS v(id) WHERE v.id = o.id`, []string{"id"}},
		{`DELETE FROM outbox o USING unnest_ids u WHERE o.id = u.id`, nil},
		{`WITH old AS (SELECT id FROM outbox WHERE created_at < $1) DELETE FROM outbox o USING old WHERE o.id = old.id`, nil},
		{`WITH given AS (SELECT unnest($1::bigint[]) AS id) UPDATE outbox o SET status = 'done' FROM given g WHERE o.status = 'processing'`, nil},
	} {
		require.Equal(t, c.keys, stmt(t, c.sql).GivenKeys, c.sql)
	}
}

// A SELECT that joins a subquery that locks its rows is the subquery's:
// it has no table of its own, and LockedFrom is the subquery.
func TestLockedFrom(t *testing.T) {
	st := stmt(t, `SELECT c.id, i.key FROM (SELECT * FROM creds WHERE signed IS NULL LIMIT 1 FOR UPDATE SKIP LOCKED) c
		JOIN issuers i ON i.id = c.issuer_id`)
	require.Equal(t, "", st.Table)
	require.NotNil(t, st.LockedFrom())
	require.Equal(t, "public.creds", st.LockedFrom().Table)

	plain := stmt(t, `SELECT c.id, i.key FROM (SELECT * FROM creds WHERE signed IS NULL LIMIT 1) c JOIN issuers i ON i.id = c.issuer_id`)
	require.Nil(t, plain.LockedFrom(), "no lock")
	require.Equal(t, "public.issuers", plain.Table, "as before")
}

// A UNION under an outer ORDER BY and LIMIT: each arm is searched with that
// order and limit.
func TestLimitIntoUnionArms(t *testing.T) {
	st := stmt(t, `SELECT id FROM (SELECT id, created_at FROM outbox WHERE status = 'pending'
		UNION ALL SELECT id, created_at FROM outbox WHERE status = 'processing' AND locked_at < now()) due
		ORDER BY created_at LIMIT $1`)
	u := st.ReadsFrom()
	require.NotNil(t, u)
	require.Len(t, u.Arms(), 2)
	for _, arm := range u.Arms() {
		require.NotNil(t, arm.Limit)
		require.Equal(t, "created_at", arm.OrderBy[0].Column)
	}
}
