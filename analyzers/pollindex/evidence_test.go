package pollindex_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/internal/pgtest"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// seedPoll is the poll of testdata/seedpr/queue/queue.go.
const seedPoll = `SELECT id, kind, payload, attempts FROM jobs
	WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`

// TestEvidenceOnPostgreSQL checks the rule's claims on PostgreSQL 15: with a
// table of finished jobs, the seed's poll cannot use seedpr's index on kind
// and scans the table; seedfixed's partial index serves it; the index the
// finding tells seedpr to add serves it too; a btree on the state alone
// leaves the poll to sort; and the suggested CONCURRENTLY build lets writes
// through.
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
	t.Run("a btree on the state alone leaves the poll to sort", evidenceUnorderedIndex)
	t.Run("CREATE INDEX CONCURRENTLY lets writes through", evidenceConcurrently)
}

// TestStatePredicatesOnPostgreSQL checks, for each state predicate the
// rule reads, that its verdict is the planner's: a poll the rule calls
// served by a partial index is planned on that index, and one it calls not
// served cannot use it. The schemas and polls are those of testdata/src.
func TestStatePredicatesOnPostgreSQL(t *testing.T) {
	cases := []struct {
		pkg, poll string
		wantIndex string // the partial index the planner uses; "" when it cannot use one
	}{
		{"accept_states_or", `SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
			ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, "jobs_live"},
		{"states_or_narrow", `SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
			ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, ""},
		{"states_ne", `SELECT id FROM jobs j WHERE j.status <> 'done' AND (j.locked_until IS NULL OR j.locked_until < now())
			ORDER BY j.run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, ""},
		{"accept_states_notin", `SELECT id FROM jobs WHERE status NOT IN ('done', 'failed') AND (locked_until IS NULL OR locked_until < now())
			ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, "jobs_unfinished"},
		{"accept_states_any", `SELECT id FROM jobs WHERE status = ANY('{queued,retry}'::text[]) ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, "jobs_runnable"},
		{"states_or_btree", `SELECT id FROM jobs WHERE status = 'queued' OR (status = 'failed' AND attempts < 5)
			ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, "jobs_status"},
		{"accept_inlist", `SELECT id FROM jobs WHERE status IN ('queued', 'retrying') AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, "jobs_runnable"},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			ddl, err := os.ReadFile(filepath.Join("testdata", "src", c.pkg, "schema.sql"))
			require.NoError(t, err)
			schema := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", ddl)})
			raws, errs := sqlcheck.Parse(c.poll)
			require.Empty(t, errs)
			_, verdict := schema.Table("public.jobs").PollIndex(sqlcheck.Facts(raws[0]))
			require.Equal(t, c.wantIndex != "", verdict == sqlcheck.Served, "the rule's verdict")

			conn := pgtest.Connect(t)
			pgtest.Exec(t, conn, string(ddl))
			pgtest.Exec(t, conn, `ALTER TABLE jobs ADD COLUMN IF NOT EXISTS locked_until timestamptz`)
			pgtest.Exec(t, conn, `INSERT INTO jobs (status, run_at) SELECT 'done', now() - (i % 90) * interval '1 day' FROM generate_series(1, 100000) i`)
			pgtest.Exec(t, conn, `INSERT INTO jobs (status, run_at) SELECT (ARRAY['queued', 'running'])[i % 2 + 1], now() FROM generate_series(1, 20) i`)
			pgtest.Exec(t, conn, `ANALYZE jobs`)
			got := planIndex(t, conn, c.poll)
			t.Logf("planned on %q", got)
			if c.wantIndex == "" {
				require.NotContains(t, []string{"jobs_queued", "jobs_live", "jobs_unfinished", "jobs_runnable"}, got, "the planner cannot use a partial index the poll does not imply")
				// The index the finding tells the user to add serves the poll.
				pgtest.Exec(t, conn, sqlcheck.SuggestPollIndex(schema.Table("public.jobs"), sqlcheck.Facts(raws[0])))
				pgtest.Exec(t, conn, `ANALYZE jobs`)
				require.Equal(t, "jobs_poll_idx", planIndex(t, conn, c.poll))
				return
			}
			require.Equal(t, c.wantIndex, got)
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

// pollIndex returns the index the planner uses for the seed's poll, or "".
func pollIndex(t *testing.T, conn *pgx.Conn) string { return planIndex(t, conn, seedPoll) }

// planIndex returns the index the planner uses for a query, or "".
func planIndex(t *testing.T, conn *pgx.Conn, query string) string {
	var plan []map[string]any
	var raw []byte
	require.NoError(t, conn.QueryRow(context.Background(), "EXPLAIN (FORMAT JSON) "+query).Scan(&raw))
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

// evidenceUnorderedIndex checks on PostgreSQL 15 that a btree on the
// state alone leaves the poll to sort every runnable row, and that the
// suggested partial index removes the sort.
func evidenceUnorderedIndex(t *testing.T) {
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, migration(t, "seedpr"))
	pgtest.Exec(t, conn, `CREATE INDEX jobs_status_idx ON jobs (status)`)
	fill(t, conn)
	pgtest.Exec(t, conn, `INSERT INTO jobs (kind, payload, status, run_at)
		SELECT 'charge', '{}', 'queued', now() - i * interval '1 second' FROM generate_series(1, 5000) i`)
	pgtest.Exec(t, conn, `ANALYZE jobs`)
	require.Equal(t, "jobs_status_idx", pollIndex(t, conn))
	require.True(t, planHas(t, conn, "Sort"), "the poll sorts the queued rows")

	pgtest.Exec(t, conn, suggestedIndex(t))
	pgtest.Exec(t, conn, `ANALYZE jobs`)
	require.Equal(t, "jobs_poll_idx", pollIndex(t, conn))
	require.False(t, planHas(t, conn, "Sort"))
}

// evidenceConcurrently checks on PostgreSQL 15 why the suggestion is
// CREATE INDEX CONCURRENTLY: while a plain CREATE INDEX waits for a
// writer's transaction, every other write to the queue waits behind it;
// CONCURRENTLY lets them through. And it cannot run in a transaction block.
func evidenceConcurrently(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		create  string
		blocked bool
	}{
		{`CREATE INDEX jobs_plain_idx ON jobs (run_at) WHERE status = 'queued'`, true},
		{`CREATE INDEX CONCURRENTLY jobs_conc_idx ON jobs (run_at) WHERE status = 'queued'`, false},
	} {
		t.Run(c.create, func(t *testing.T) {
			dsn := pgtest.DSN(t)
			connect := func() *pgx.Conn {
				conn, err := pgx.Connect(ctx, dsn)
				require.NoError(t, err)
				t.Cleanup(func() { conn.Close(ctx) })
				return conn
			}
			writer, builder, other := connect(), connect(), connect()
			pgtest.Exec(t, writer, migration(t, "seedpr"))

			tx, err := writer.Begin(ctx) // a worker's transaction, in flight
			require.NoError(t, err)
			_, err = tx.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('email', '{}')`)
			require.NoError(t, err)

			var pid int
			require.NoError(t, builder.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid))
			built := make(chan error, 1)
			go func() { _, err := builder.Exec(ctx, c.create); built <- err }()
			require.Eventually(t, func() bool {
				var waiting bool
				require.NoError(t, other.QueryRow(ctx, `SELECT coalesce(wait_event_type = 'Lock', false) FROM pg_stat_activity WHERE pid = $1`, pid).Scan(&waiting))
				return waiting
			}, 10*time.Second, 20*time.Millisecond, "the index build waits for the writer")

			pgtest.Exec(t, other, `SET lock_timeout = '300ms'`)
			_, err = other.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('email', '{}')`)
			if c.blocked {
				var pgErr *pgconn.PgError
				require.ErrorAs(t, err, &pgErr)
				require.Equal(t, "55P03", pgErr.Code, "lock_not_available: the enqueue waits behind the index build")
			} else {
				require.NoError(t, err, "the enqueue goes through while the index builds")
			}
			require.NoError(t, tx.Commit(ctx))
			require.NoError(t, <-built)
		})
	}

	t.Run("CONCURRENTLY cannot run inside a transaction block", func(t *testing.T) {
		conn := pgtest.Connect(t)
		pgtest.Exec(t, conn, migration(t, "seedpr"))
		tx, err := conn.Begin(ctx)
		require.NoError(t, err)
		defer tx.Rollback(ctx)
		_, err = tx.Exec(ctx, suggestedIndex(t))
		var pgErr *pgconn.PgError
		require.ErrorAs(t, err, &pgErr)
		require.Equal(t, "25001", pgErr.Code) // active_sql_transaction
	})
}

// planHas reports whether the poll's plan holds a node of a type.
func planHas(t *testing.T, conn *pgx.Conn, nodeType string) bool {
	var plan []map[string]any
	var raw []byte
	require.NoError(t, conn.QueryRow(context.Background(), "EXPLAIN (FORMAT JSON) "+seedPoll).Scan(&raw))
	require.NoError(t, json.Unmarshal(raw, &plan))
	var has func(node map[string]any) bool
	has = func(node map[string]any) bool {
		if node["Node Type"] == nodeType {
			return true
		}
		children, _ := node["Plans"].([]any)
		for _, c := range children {
			if has(c.(map[string]any)) {
				return true
			}
		}
		return false
	}
	return has(plan[0]["Plan"].(map[string]any))
}

// TestOrOfPartialIndexesOnPostgreSQL checks on PostgreSQL 15 that a poll
// whose OR has one partial index per arm is planned as a BitmapOr of those
// two indexes, reading no finished row, as the rule's verdict says; and
// that with a plain index for one arm the rule's verdict is "not served".
func TestOrOfPartialIndexesOnPostgreSQL(t *testing.T) {
	const poll = `SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`
	verdict := func(pkg string) sqlcheck.Verdict {
		ddl, err := os.ReadFile(filepath.Join("testdata", "src", pkg, "schema.sql"))
		require.NoError(t, err)
		schema := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", ddl)})
		raws, errs := sqlcheck.Parse(poll)
		require.Empty(t, errs)
		_, v := schema.Table("public.jobs").PollIndex(sqlcheck.Facts(raws[0]))
		return v
	}
	require.Equal(t, sqlcheck.Served, verdict("accept_states_or_split"))
	require.Equal(t, sqlcheck.NotServed, verdict("states_or_split_full"))

	ddl, err := os.ReadFile(filepath.Join("testdata", "src", "accept_states_or_split", "schema.sql"))
	require.NoError(t, err)
	conn := pgtest.Connect(t)
	pgtest.Exec(t, conn, string(ddl))
	pgtest.Exec(t, conn, `INSERT INTO jobs (status, run_at, locked_until) SELECT 'done', now() - (i % 90) * interval '1 day', now() - (i % 90) * interval '1 day' FROM generate_series(1, 100000) i`)
	pgtest.Exec(t, conn, `INSERT INTO jobs (status, run_at, locked_until) SELECT (ARRAY['queued', 'running'])[i % 2 + 1], now(), now() - interval '1 minute' FROM generate_series(1, 20) i`)
	pgtest.Exec(t, conn, `ANALYZE jobs`)
	var raw []byte
	require.NoError(t, conn.QueryRow(context.Background(), "EXPLAIN (FORMAT JSON) "+poll).Scan(&raw))
	var plan []map[string]any
	require.NoError(t, json.Unmarshal(raw, &plan))
	nodes, indexes := map[string]bool{}, map[string]bool{}
	var walk func(map[string]any)
	walk = func(n map[string]any) {
		nodes[n["Node Type"].(string)] = true
		if name, ok := n["Index Name"].(string); ok {
			indexes[name] = true
		}
		children, _ := n["Plans"].([]any)
		for _, c := range children {
			walk(c.(map[string]any))
		}
	}
	walk(plan[0]["Plan"].(map[string]any))
	t.Logf("plan nodes %v, indexes %v", nodes, indexes)
	require.True(t, nodes["BitmapOr"], "the two arms' bitmaps are ORed")
	require.False(t, nodes["Seq Scan"], "no row outside the indexes is read")
	require.Equal(t, map[string]bool{"jobs_queued": true, "jobs_leased": true}, indexes)
}

// TestDistinctOnPollOnPostgreSQL checks what the rule says of a poll that
// keeps the oldest pending row of each aggregate in a WITH query and takes
// the first of those (the outbox relay's shape): the outer LIMIT does not
// stop the inner scan, which reads every pending row. An index on the
// aggregate alone leaves it to scan the sent rows too; any index that
// holds only the pending rows (or leads with the state) keeps it to them;
// the suggested one, keyed on the WITH query's own order, also spares the
// sort that DISTINCT ON needs.
func TestDistinctOnPollOnPostgreSQL(t *testing.T) {
	const table = `CREATE TABLE outbox (id bigserial PRIMARY KEY, aggregate_type text, aggregate_id text, status text, created_at timestamptz);`
	const poll = `WITH next AS (
			SELECT DISTINCT ON (aggregate_type, aggregate_id) id, aggregate_type, aggregate_id, created_at FROM outbox
			WHERE status = $1 ORDER BY aggregate_type, aggregate_id, created_at)
		SELECT id FROM next ORDER BY created_at LIMIT $2`
	raws, errs := sqlcheck.Parse(poll)
	require.Empty(t, errs)
	inner := sqlcheck.Facts(raws[0]).Bind(map[int]string{1: "pending"}).CTEs[0].Stmt
	require.True(t, sqlcheck.IsPollShape(inner))
	suggested := sqlcheck.SuggestPollIndex(sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", []byte(table))}).Table("public.outbox"), inner)
	require.Equal(t, "CREATE INDEX CONCURRENTLY outbox_poll_idx ON outbox (aggregate_type, aggregate_id, created_at) WHERE status = 'pending'", suggested)

	cases := []struct {
		index     string
		want      sqlcheck.Verdict
		innerSort bool // DISTINCT ON sorts the rows it reads
	}{
		{`CREATE INDEX outbox_agg ON outbox (aggregate_type, aggregate_id)`, sqlcheck.NotServed, true},
		{suggested, sqlcheck.Served, false},
		{`CREATE INDEX outbox_pending ON outbox (created_at) WHERE status = 'pending'`, sqlcheck.Served, true},
		{`CREATE INDEX outbox_status ON outbox (status, created_at)`, sqlcheck.Served, true},
	}
	for _, c := range cases {
		t.Run(c.index, func(t *testing.T) {
			schema := sqlcheck.Replay([]*sqlcheck.Source{sqlcheck.SQLFile("schema.sql", []byte(table+c.index))})
			_, v := schema.Table("public.outbox").PollIndex(inner)
			require.Equal(t, c.want, v)

			conn := pgtest.Connect(t)
			pgtest.Exec(t, conn, table)
			pgtest.Exec(t, conn, c.index)
			pgtest.Exec(t, conn, `INSERT INTO outbox (aggregate_type, aggregate_id, status, created_at)
				SELECT 'order', (i % 5000)::text, 'sent', now() - i * interval '1 second' FROM generate_series(1, 100000) i`)
			pgtest.Exec(t, conn, `INSERT INTO outbox (aggregate_type, aggregate_id, status, created_at)
				SELECT 'order', (i % 30)::text, 'pending', now() FROM generate_series(1, 100) i`)
			pgtest.Exec(t, conn, `ANALYZE outbox`)
			var raw []byte
			require.NoError(t, conn.QueryRow(context.Background(), "EXPLAIN (ANALYZE, FORMAT JSON) "+poll, "pending", 10).Scan(&raw))
			var plan []map[string]any
			require.NoError(t, json.Unmarshal(raw, &plan))
			sorts, seq, unique := 0, false, 0.0
			var walk func(map[string]any)
			walk = func(n map[string]any) {
				switch n["Node Type"] {
				case "Sort":
					sorts++
				case "Seq Scan":
					seq = true
				case "Unique":
					unique = n["Actual Rows"].(float64)
				}
				children, _ := n["Plans"].([]any)
				for _, ch := range children {
					walk(ch.(map[string]any))
				}
			}
			walk(plan[0]["Plan"].(map[string]any))
			require.Equal(t, c.want == sqlcheck.NotServed, seq, "a sequential scan reads the sent rows")
			require.Equal(t, 30.0, unique, "DISTINCT ON keeps one row of each of the 30 aggregates: the LIMIT of 10 does not stop it")
			wantSorts := 1 // the outer ORDER BY created_at
			if c.innerSort {
				wantSorts++
			}
			require.Equal(t, wantSorts, sorts)
		})
	}
}
