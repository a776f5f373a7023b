package pollindex_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// flagSchema is a queue whose pending state is a boolean flag added by a
// later migration, on a table keyed by two columns that a poll joins with
// another.
const flagSchema = `CREATE TABLE messages (id bigint PRIMARY KEY, content text NOT NULL);
CREATE TABLE bookmarks (user_id bigint NOT NULL, message_id bigint NOT NULL REFERENCES messages, PRIMARY KEY (user_id, message_id));
ALTER TABLE bookmarks ADD COLUMN remind_at timestamptz;
ALTER TABLE bookmarks ADD COLUMN reminded boolean NOT NULL DEFAULT false;
`

// TestFlagPollsOnPostgreSQL checks on PostgreSQL 15 that the rule's verdict
// on each index of a flag queue is the planner's, for a poll that joins
// the queue with another table and returns columns of both (read as the
// queue's SELECT, see sqlcheck.Stmt.AsSubject), and for every pair of the
// ways a boolean flag is written in the poll and in a partial index's
// predicate: NOT x, x = false and x <> true prove one another, x IS FALSE
// and x IS NOT TRUE only themselves.
func TestFlagPollsOnPostgreSQL(t *testing.T) {
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, flagSchema)
	pgtest.Exec(t, conn, `INSERT INTO messages SELECT i, 'm' FROM generate_series(1, 100020) i`)
	pgtest.Exec(t, conn, `INSERT INTO bookmarks (user_id, message_id, remind_at, reminded)
		SELECT i % 500, i, now() - (i % 90) * interval '1 day', true FROM generate_series(1, 100000) i`)
	pgtest.Exec(t, conn, `INSERT INTO bookmarks (user_id, message_id, remind_at)
		SELECT 1, i, now() - interval '1 minute' FROM generate_series(100001, 100020) i`)
	pgtest.Exec(t, conn, `ANALYZE messages`)

	check := func(t *testing.T, index, poll string) {
		t.Helper()
		replayed := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", []byte(flagSchema+index+";\n"))})
		raws, errs := sqlcheck.Parse(poll)
		require.Empty(t, errs)
		st := sqlcheck.Facts(raws[0])
		if st.Table == "" {
			st = st.AsSubject("public.bookmarks")
			require.NotNil(t, st)
		}
		_, verdict := replayed.Table("public.bookmarks").PollIndex(st)

		pgtest.Exec(t, conn, `DROP INDEX IF EXISTS bookmarks_due; `+index+`; ANALYZE bookmarks`)
		got := planIndex(t, conn, poll)
		require.Equal(t, got == "bookmarks_due", verdict == sqlcheck.Served, "index %s, poll %s: planned on %q, the rule says %v", index, poll, got, verdict)
	}

	joined := []string{
		`SELECT b.user_id, b.message_id, m.content FROM bookmarks b JOIN messages m ON m.id = b.message_id
			WHERE b.reminded = false AND b.remind_at <= now() LIMIT 50`,
		`SELECT b.user_id, b.message_id, m.content FROM bookmarks b JOIN messages m ON m.id = b.message_id
			WHERE NOT b.reminded AND b.remind_at <= now() LIMIT 50`,
	}
	for _, poll := range joined {
		check(t, `CREATE INDEX bookmarks_due ON bookmarks (remind_at) WHERE NOT reminded`, poll)
		check(t, `CREATE INDEX bookmarks_due ON bookmarks (remind_at)`, poll)
		check(t, `CREATE INDEX bookmarks_due ON bookmarks (remind_at) WHERE reminded`, poll)
	}
	forms := []string{"NOT reminded", "reminded = false", "reminded <> true", "reminded IS FALSE", "reminded IS NOT TRUE"}
	for _, in := range forms {
		for _, by := range forms {
			check(t, `CREATE INDEX bookmarks_due ON bookmarks (remind_at) WHERE `+in,
				fmt.Sprintf(`SELECT user_id, message_id FROM bookmarks WHERE %s AND remind_at <= now() LIMIT 50`, by))
		}
	}
}

// A flag queue's poll that joins it with another table, its flag added by
// a later migration: an index on the due time alone walks every reminded
// row; a partial index on the flag, written in another of the forms
// PostgreSQL proves from the poll's (NOT reminded for reminded = false),
// serves it.
func TestJoinedFlagPoll(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "joinedflag", "accept_joinedflag")
}
