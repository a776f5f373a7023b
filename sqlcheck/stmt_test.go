package sqlcheck

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func stmt(t *testing.T, sql string) *Stmt {
	t.Helper()
	raws, errs := Parse(sql)
	require.Empty(t, errs)
	require.Len(t, raws, 1)
	st := Facts(raws[0])
	require.NotNil(t, st)
	return st
}

func TestFactsSeedPoll(t *testing.T) {
	st := stmt(t, `SELECT id, kind, payload, attempts FROM jobs
		WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`)
	require.Equal(t, KindSelect, st.Kind)
	require.Equal(t, "public.jobs", st.Table)
	require.Len(t, st.Where, 2)
	require.Equal(t, Pred{Column: "status", Op: OpEq, Values: []Value{{Kind: ValueConst, Str: "queued", Text: "'queued'"}}, Text: "status = 'queued'"}, st.Where[0])
	require.Equal(t, "run_at", st.Where[1].Column)
	require.Equal(t, OpLe, st.Where[1].Op)
	require.Equal(t, ValueNow, st.Where[1].Values[0].Kind)
	require.Equal(t, []OrderItem{{Column: "run_at", Expr: "run_at"}}, st.OrderBy)
	require.Equal(t, "1", st.Limit.Str)
	require.Nil(t, st.Lock)
	require.True(t, IsPollShape(st))
}

func TestFactsNormalizesComparisons(t *testing.T) {
	st := stmt(t, `SELECT 1 FROM q.tasks t WHERE now() >= t.run_at AND t.state = ANY($1) AND NOT t.done
		AND t.kind NOT IN ('a', 'b') AND t.locked_by IS NULL AND (t.a = 1 OR t.b = 2)`)
	require.Equal(t, "q.tasks", st.Table)
	require.Equal(t, "t", st.Alias)
	ops := []string{}
	for _, p := range st.Where {
		ops = append(ops, p.Column+" "+p.Op)
	}
	require.Equal(t, []string{"run_at <=", "state in", "done =", "kind not in", "locked_by is null", " other"}, ops)
	require.Equal(t, ValueParam, st.Where[1].Values[0].Kind)
	require.Equal(t, "false", st.Where[2].Values[0].Str)
}

func TestFactsAtomicClaim(t *testing.T) {
	st := stmt(t, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1)
		RETURNING id, payload`)
	require.Equal(t, KindUpdate, st.Kind)
	require.Equal(t, "public.jobs", st.Table)
	v, ok := st.Assigns("status")
	require.True(t, ok)
	require.Equal(t, "running", v.Str)
	lu, _ := st.Assigns("locked_until")
	require.Equal(t, ValueNow, lu.Kind)
	require.Equal(t, []string{"id", "payload"}, st.Returning)
	require.Len(t, st.Subqueries, 1)
	sub := st.Subqueries[0]
	require.Equal(t, &Lock{Strength: "update", SkipLocked: true}, sub.Lock)
	require.True(t, IsPollShape(sub))
	require.Equal(t, ValueSubquery, st.Where[0].Values[0].Kind)
}

func TestFactsCTEAndIn(t *testing.T) {
	st := stmt(t, `WITH next AS (
		  SELECT id FROM jobs WHERE state = 'available' ORDER BY priority, id LIMIT $1 FOR NO KEY UPDATE SKIP LOCKED
		)
		UPDATE jobs SET state = 'running' FROM next WHERE jobs.id = next.id RETURNING jobs.*`)
	require.Equal(t, "next", st.FromCTE)
	require.Len(t, st.CTEs, 1)
	require.Equal(t, "no key update", st.CTEs[0].Stmt.Lock.Strength)
	var polls int
	st.Walk(func(s *Stmt) {
		if IsPollShape(s) {
			polls++
		}
	})
	require.Equal(t, 1, polls)

	del := stmt(t, `DELETE FROM jobs WHERE id IN (SELECT id FROM jobs ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 10) RETURNING *`)
	require.Equal(t, KindDelete, del.Kind)
	require.Equal(t, []string{"*"}, del.Returning)
	require.Equal(t, OpIn, del.Where[0].Op)
	require.True(t, IsPollShape(del.Subqueries[0]))
}

func TestFactsInsert(t *testing.T) {
	st := stmt(t, `INSERT INTO jobs (kind, payload, run_at) VALUES ($1, $2::jsonb, now()) ON CONFLICT (id) DO UPDATE SET kind = excluded.kind RETURNING id`)
	require.Equal(t, KindInsert, st.Kind)
	require.Equal(t, []string{"kind", "payload", "run_at"}, st.InsertCols)
	require.Equal(t, ValueParam, st.InsertValues[1].Kind)
	require.Equal(t, ValueNow, st.InsertValues[2].Kind)
	require.True(t, st.OnConflict)
	require.Equal(t, []string{"id"}, st.ConflictCols)
	require.True(t, st.ConflictUpdate)
	v, ok := st.Assigns("kind")
	require.True(t, ok)
	require.Equal(t, ValueColumn, v.Kind)

	nothing := stmt(t, `INSERT INTO jobs (queue, key) VALUES ($1, $2) ON CONFLICT (queue, key) DO NOTHING`)
	require.Equal(t, []string{"queue", "key"}, nothing.ConflictCols)
	require.False(t, nothing.ConflictUpdate)
	expr := stmt(t, `INSERT INTO jobs (key) VALUES ($1) ON CONFLICT (lower(key)) DO UPDATE SET key = excluded.key`)
	require.Nil(t, expr.ConflictCols, "an expression is no column")
	bare := stmt(t, `INSERT INTO jobs (key) VALUES ($1) ON CONFLICT DO NOTHING`)
	require.Nil(t, bare.ConflictCols)
}

func TestFactsNotDML(t *testing.T) {
	raws, errs := Parse("CREATE TABLE x (id int); LISTEN jobs")
	require.Empty(t, errs)
	require.Len(t, raws, 2)
	for _, r := range raws {
		require.Nil(t, Facts(r))
	}
}

func TestLookupPollIsNotAPoll(t *testing.T) {
	require.False(t, IsPollShape(stmt(t, `SELECT * FROM users WHERE email = $1`)))
	require.False(t, IsPollShape(stmt(t, `SELECT count(*) FROM jobs WHERE status = 'queued'`)))
	require.False(t, IsPollShape(stmt(t, `SELECT * FROM jobs WHERE job_id = $1 FOR UPDATE SKIP LOCKED`)), "locking a known row is not a poll")
	require.True(t, IsPollShape(stmt(t, `SELECT * FROM jobs WHERE status = 'queued' FOR UPDATE SKIP LOCKED`)), "locking every queued row is")
	require.False(t, IsPollShape(stmt(t, `SELECT j.id FROM jobs j JOIN kinds k ON k.id = j.kind WHERE j.status = 'queued' ORDER BY j.id LIMIT 1`)), "a join has no single table")
	require.False(t, IsPollShape(stmt(t, `WITH input AS (SELECT unnest($1::bigint[]) AS id)
		SELECT j.id FROM jobs j JOIN input i ON i.id = j.id WHERE j.status = 'queued' ORDER BY j.id LIMIT 10 FOR UPDATE SKIP LOCKED`)),
		"a lookup of known jobs through a join is not a poll, even skipping locked rows")
}

func TestOutputs(t *testing.T) {
	require.Equal(t, []Output{{Name: "id", Column: "id"}, {Name: "p", Column: "payload"}, {}, {Star: true}, {Reads: []string{"max_attempts"}}, {Reads: []string{"max_attempts", "attempts"}}},
		stmt(t, `SELECT j.id, payload AS p, count(*), j.*, COALESCE(max_attempts, 0), max_attempts - j.attempts FROM jobs j GROUP BY 1`).Outputs)
	require.Equal(t, []Output{{Name: "id", Column: "id"}, {Name: "payload", Column: "payload"}},
		stmt(t, `UPDATE jobs SET status = 'running' WHERE id = 1 RETURNING id, jobs.payload`).Outputs)
}

func TestCaseResults(t *testing.T) {
	st := stmt(t, `UPDATE jobs SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'queued' END, note = CASE WHEN x THEN 'a' END WHERE id = $1`)
	status, _ := st.Assigns("status")
	require.Equal(t, []string{"failed", "queued"}, status.Cases)
	note, _ := st.Assigns("note")
	require.Nil(t, note.Cases, "no ELSE: NULL is a result too")
}

func TestCaseArms(t *testing.T) {
	st := stmt(t, `UPDATE tasks SET status = CASE WHEN attempts >= max_retries THEN 'failed' WHEN status = 'processing' AND locked THEN 'pending' ELSE status END WHERE true`)
	status, _ := st.Assigns("status")
	require.Nil(t, status.Cases, "ELSE status is not a constant")
	require.Len(t, status.Arms, 3)
	require.Equal(t, "attempts >= max_retries", status.Arms[0].When[0].Text)
	require.Equal(t, "failed", status.Arms[0].Result.Str)
	require.Len(t, status.Arms[1].When, 2, "the condition's conjuncts")
	require.Equal(t, "status", status.Arms[1].When[0].Column)
	require.Equal(t, "pending", status.Arms[1].Result.Str)
	require.Nil(t, status.Arms[2].When, "the ELSE")
	require.Equal(t, ValueColumn, status.Arms[2].Result.Kind)
	require.Equal(t, "status", status.Arms[2].Result.Str)

	simple := stmt(t, `UPDATE jobs SET status = CASE status WHEN 'running' THEN 'queued' END WHERE id = $1`)
	v, _ := simple.Assigns("status")
	require.Equal(t, []Pred{{Column: "status", Op: OpEq, Values: []Value{{Kind: ValueConst, Str: "running", Text: "'running'"}}, Text: "status = 'running'"}}, v.Arms[0].When)
	require.Equal(t, ValueNull, v.Arms[1].Result.Kind, "no ELSE gives NULL")
}

// A SELECT that takes the first rows of a WITH query takes them from the
// query's table: the WITH query is the poll, bounded by the outer LIMIT.
func TestLimitThroughCTE(t *testing.T) {
	st := stmt(t, `WITH next AS (SELECT DISTINCT ON (aggregate_id) id, created_at FROM outbox WHERE status = $1 ORDER BY aggregate_id, created_at)
		SELECT * FROM next ORDER BY created_at LIMIT $2`)
	require.Equal(t, "", st.Table)
	poll := st.CTEs[0].Stmt
	require.NotNil(t, poll.Limit)
	require.Equal(t, 2, poll.Limit.Param)
	require.Equal(t, []string{"aggregate_id", "created_at"}, orderColumns(poll), "its own order: the rows DISTINCT ON keeps")
	require.True(t, IsPollShape(poll))

	unordered := stmt(t, `WITH next AS (SELECT id, created_at FROM outbox WHERE status = 'pending') SELECT id FROM next ORDER BY created_at LIMIT 10`).CTEs[0].Stmt
	require.Equal(t, []string{"created_at"}, orderColumns(unordered), "the outer order, when it has none")
	require.True(t, IsPollShape(unordered))

	for _, sql := range []string{
		`WITH next AS (SELECT id, created_at FROM outbox WHERE status = 'pending') SELECT id FROM next ORDER BY created_at`,                                 // no LIMIT: every row
		`WITH next AS (SELECT id, created_at FROM outbox WHERE status = 'pending' LIMIT 5) SELECT id FROM next ORDER BY created_at LIMIT 10`,                // a LIMIT of its own
		`WITH next AS (SELECT id, created_at FROM outbox WHERE status = 'pending') SELECT n.id FROM next n JOIN users u ON u.id = n.id ORDER BY 1 LIMIT 10`, // joined
		`WITH next AS (UPDATE outbox SET status = 'sent' WHERE status = 'pending' RETURNING id) SELECT id FROM next ORDER BY id LIMIT 10`,                   // not a SELECT
		`WITH next AS (SELECT id FROM outbox WHERE status = 'pending') SELECT next.id FROM next, (SELECT 1 AS one) s ORDER BY next.id LIMIT 10`,             // with another relation
	} {
		c := stmt(t, sql).CTEs[0].Stmt
		if strings.Contains(sql, "LIMIT 5") {
			require.Equal(t, "5", c.Limit.Text, sql)
		} else {
			require.Nil(t, c.Limit, sql)
		}
	}
}

// A SELECT that takes the first rows of a subquery, its FROM's only item,
// takes them from the subquery's table, as it does from a WITH query.
func TestLimitThroughSubquery(t *testing.T) {
	st := stmt(t, `SELECT id FROM (SELECT DISTINCT ON (key) id, key, created_at FROM outbox WHERE status = $1 ORDER BY key, created_at) firsts
		ORDER BY created_at LIMIT $2`)
	require.Equal(t, "", st.Table)
	require.Len(t, st.Subqueries, 1)
	poll := st.Subqueries[0]
	require.NotNil(t, poll.Limit)
	require.Equal(t, 2, poll.Limit.Param)
	require.Equal(t, []string{"key", "created_at"}, orderColumns(poll), "its own order: the rows DISTINCT ON keeps")
	require.True(t, IsPollShape(poll))

	unordered := stmt(t, `SELECT id FROM (SELECT id, run_at FROM jobs WHERE status = 'queued') j ORDER BY run_at LIMIT 1`).Subqueries[0]
	require.Equal(t, []string{"run_at"}, orderColumns(unordered), "the outer order, when it has none")
	require.True(t, IsPollShape(unordered))

	for _, sql := range []string{
		`SELECT id FROM (SELECT id, run_at FROM jobs WHERE status = 'queued') j ORDER BY run_at`,                                        // no LIMIT: every row
		`SELECT id FROM (SELECT id, run_at FROM jobs WHERE status = 'queued' LIMIT 5) j ORDER BY run_at LIMIT 1`,                        // a LIMIT of its own
		`SELECT j.id FROM (SELECT id, run_at FROM jobs WHERE status = 'queued') j JOIN users u ON u.id = j.id ORDER BY 1 LIMIT 1`,       // joined
		`SELECT j.id FROM (SELECT id FROM jobs WHERE status = 'queued') j, (SELECT 1 AS one) s ORDER BY j.id LIMIT 1`,                   // with another relation
		`SELECT a.id FROM (SELECT 1 AS id) b JOIN (SELECT id FROM jobs WHERE status = 'queued') a ON a.id = b.id ORDER BY a.id LIMIT 1`, // two joined subqueries
	} {
		c := stmt(t, sql).Subqueries[len(stmt(t, sql).Subqueries)-1]
		if strings.Contains(sql, "LIMIT 5") {
			require.Equal(t, "5", c.Limit.Text, sql)
		} else {
			require.Nil(t, c.Limit, sql)
		}
	}
}

// ReadsFrom names the WITH query or subquery a SELECT reads alone, bound
// along with the statement; a SELECT that reads a table or several items
// reads from none.
func TestReadsFrom(t *testing.T) {
	sub := stmt(t, `SELECT id FROM (SELECT id, run_at FROM jobs WHERE status = $1) j ORDER BY run_at LIMIT 1`)
	require.Same(t, sub.Subqueries[0], sub.ReadsFrom())
	bound := sub.Bind(map[int]string{1: "queued"})
	require.Same(t, bound.Subqueries[0], bound.ReadsFrom())
	require.Equal(t, "queued", bound.ReadsFrom().Where[0].Values[0].Str)

	cte := stmt(t, `WITH next AS (SELECT id FROM jobs WHERE status = 'queued') SELECT id FROM next LIMIT 1`)
	require.Same(t, cte.CTEs[0].Stmt, cte.ReadsFrom())

	for _, sql := range []string{
		`SELECT id FROM jobs WHERE status = 'queued' LIMIT 1`,
		`SELECT j.id FROM (SELECT id FROM jobs) j, (SELECT 1 AS one) s LIMIT 1`,
		`WITH next AS (SELECT id FROM jobs) SELECT n.id FROM next n JOIN (SELECT 1 AS id) s ON s.id = n.id LIMIT 1`,
		`UPDATE jobs SET status = 'running' FROM (SELECT id FROM jobs LIMIT 1) n WHERE jobs.id = n.id`,
	} {
		require.Nil(t, stmt(t, sql).ReadsFrom(), sql)
	}
}

func orderColumns(s *Stmt) []string {
	var out []string
	for _, o := range s.OrderBy {
		out = append(out, o.Column)
	}
	return out
}

// A name in FROM is a WITH query when the statement or one it is nested in
// defines it earlier: a WITH query reads its earlier siblings, a subquery
// those of the statements around it.
func TestFactsWithQueriesInScope(t *testing.T) {
	st := stmt(t, `WITH open AS (SELECT name FROM queues), next AS (SELECT j.id FROM jobs j, open o WHERE j.queue = o.name)
		UPDATE jobs SET status = 'running' WHERE id IN (SELECT id FROM next) RETURNING id`)
	require.Len(t, st.CTEs, 2)
	next := st.CTEs[1].Stmt
	require.Equal(t, "public.jobs", next.Table, "open is a WITH query, not a second table")
	require.Equal(t, "open", next.FromCTE)
	require.True(t, next.Joined)
	require.Len(t, st.Subqueries, 1)
	require.Equal(t, "", st.Subqueries[0].Table, "next is the UPDATE's WITH query")
	require.Equal(t, "next", st.Subqueries[0].FromCTE)

	later := stmt(t, `WITH a AS (SELECT id FROM b), b AS (SELECT id FROM jobs) SELECT * FROM a`)
	require.Equal(t, "public.b", later.CTEs[0].Stmt.Table, "a WITH query sees only the siblings before it")
}

// The columns a SELECT joins on with a WITH query or subquery: from ON,
// USING and, for a comma list, the WHERE; none when a column is not placed.
func TestFactsJoinCols(t *testing.T) {
	const with = `WITH open AS (SELECT name FROM queues) `
	for sql, want := range map[string][]string{
		with + `SELECT j.id FROM jobs j, open o WHERE j.status = 'queued' AND j.queue = o.name`: {"queue"},
		with + `SELECT jobs.id FROM jobs JOIN open ON open.name = jobs.queue`:                   {"queue"},
		with + `SELECT id FROM jobs JOIN open USING (queue)`:                                    {"queue"},
		with + `SELECT j.id FROM jobs j JOIN open o ON o.name = j.queue AND j.kind = o.kind`:    {"queue", "kind"},
		with + `SELECT j.id FROM jobs j, open o WHERE j.queue = o.name AND j.kind = kind`:       nil,
		with + `SELECT j.id FROM jobs j, open o WHERE j.status = 'queued'`:                      nil,
		`SELECT j.id FROM jobs j JOIN (SELECT unnest($1::bigint[]) AS id) i ON i.id = j.id`:     {"id"},
	} {
		st := stmt(t, sql)
		require.True(t, st.Joined, sql)
		require.Equal(t, want, st.JoinCols, sql)
	}
}

// A SELECT joined with a WITH query by a column that names no row is a
// poll: the join only narrows the candidates.
func TestFilteredPollShape(t *testing.T) {
	poll := stmt(t, `WITH open AS (SELECT name FROM queues)
		SELECT j.id FROM jobs j, open o WHERE j.status = 'queued' AND j.queue = o.name ORDER BY j.id LIMIT 1`)
	require.False(t, IsPollShape(poll))
	keyIsID := func(cols []string) bool { return slices.Contains(cols, "id") }
	require.True(t, IsFilteredPollShape(poll, keyIsID))
	require.False(t, IsFilteredPollShape(poll, func([]string) bool { return true }), "joined on a key: the join names the rows")
	lookup := stmt(t, `WITH input AS (SELECT unnest($1::bigint[]) AS id)
		SELECT j.id FROM jobs j JOIN input i ON i.id = j.id WHERE j.status = 'queued' ORDER BY j.id LIMIT 10`)
	require.False(t, IsFilteredPollShape(lookup, keyIsID))
	plain := stmt(t, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`)
	require.False(t, IsFilteredPollShape(plain, keyIsID), "no join: IsPollShape's question")
}

// A SELECT that joins tables reads its rows from the one its locking
// clause names alone, or else the one its outputs all belong to; the
// conditions on the other tables only choose which of them qualify.
func TestJoinedTablesSubject(t *testing.T) {
	for sql, want := range map[string]string{
		`SELECT d.* FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id WHERE w.active AND d.status = $1 ORDER BY d.created_at LIMIT 1 FOR UPDATE SKIP LOCKED`: "public.deliveries",
		`SELECT deliveries.id, deliveries.payload FROM deliveries INNER JOIN webhooks ON deliveries.webhook_id = webhooks.id WHERE deliveries.status = 'pending'`:   "public.deliveries",
		`SELECT d.id, w.url FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id FOR UPDATE OF d SKIP LOCKED`:                                                   "public.deliveries",
		`SELECT d.id, w.url FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id`:                                                                               "",
		`SELECT id FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id`:                                                                                        "",
		`SELECT d.id, w.url FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id FOR UPDATE OF d, w`:                                                            "",
		`SELECT a.id FROM jobs a JOIN jobs b ON a.parent = b.id`:                                                                                                    "public.jobs",
	} {
		st := stmt(t, sql)
		require.Equal(t, want, st.Table, sql)
		require.Equal(t, want != "", st.Joined, sql)
	}
	poll := stmt(t, `SELECT d.* FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id
		WHERE w.active = true AND d.status = $1 AND d.scheduled_at <= $2 AND d.attempts < w.max_attempts ORDER BY d.created_at LIMIT 1 FOR UPDATE SKIP LOCKED`)
	var where []string
	for _, p := range poll.Where {
		where = append(where, p.Text)
	}
	require.Equal(t, []string{"d.status = $1", "d.scheduled_at <= $2", "d.attempts < w.max_attempts"}, where, "w.active chooses webhooks, not deliveries")
	require.Equal(t, []string{"webhook_id"}, poll.JoinCols)
	require.True(t, IsFilteredPollShape(poll, func(cols []string) bool { return slices.Contains(cols, "id") }))
}

// The time elapsed since a column compared with a threshold is the column
// compared with the clock shifted back: the column is read against the
// clock. An elapsed time compared with another column, or for equality,
// is not.
func TestFactsElapsedSinceAColumn(t *testing.T) {
	for _, tc := range []struct {
		where, col, op string
		kind           ValueKind
	}{
		{`now() - updated_at > interval '5 minutes'`, "updated_at", OpLt, ValueNow},
		{`extract(epoch from current_timestamp - j.updated_at) > $1`, "updated_at", OpLt, ValueNow},
		{`date_part('epoch', now() - locked_at)::int >= 30`, "locked_at", OpLe, ValueNow},
		{`interval '1 hour' < now() - heartbeat_at`, "heartbeat_at", OpLt, ValueNow},
		{`$2 - run_at >= interval '1 minute'`, "run_at", OpLe, ValueOther},
		{`now() - updated_at > j.timeout`, "timeout", OpLt, ValueNow}, // as before: a threshold from a column is no elapsed-time test
		{`now() - updated_at = interval '5 minutes'`, "", OpOther, 0},
		{`extract(hour from now() - updated_at) > 1`, "", OpOther, 0},
	} {
		st := stmt(t, `SELECT id FROM jobs j WHERE `+tc.where)
		p := st.Where[0]
		require.Equal(t, tc.col, p.Column, tc.where)
		require.Equal(t, tc.op, p.Op, tc.where)
		if tc.col != "" {
			require.Equal(t, tc.kind, p.Values[0].Kind, tc.where)
		}
	}
}

// The clock read in another zone is still the clock: AT TIME ZONE parses
// as timezone(zone, now()). A zone conversion of a column is not.
func TestFactsClockAtTimeZone(t *testing.T) {
	for _, tc := range []struct {
		set  string
		kind ValueKind
	}{
		{`published_at = (now() AT TIME ZONE 'utc')`, ValueNow},
		{`published_at = CURRENT_TIMESTAMP AT TIME ZONE 'UTC' + interval '1 minute'`, ValueNow},
		{`published_at = timezone('utc', now())`, ValueNow},
		{`published_at = created_at AT TIME ZONE 'utc'`, ValueOther},
		{`published_at = timezone('utc')`, ValueOther},
	} {
		st := stmt(t, `UPDATE outbox SET `+tc.set+` WHERE id = $1`)
		v, ok := st.Assigns("published_at")
		require.True(t, ok, tc.set)
		require.Equal(t, tc.kind, v.Kind, tc.set)
	}
}
