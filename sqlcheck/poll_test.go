package sqlcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const seedPoll = `SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`

func TestPollIndex(t *testing.T) {
	const table = `CREATE TABLE jobs (id bigserial PRIMARY KEY, kind text, queue text, status text, run_at timestamptz, finished_at timestamptz, priority int);`
	cases := []struct {
		name    string
		indexes string
		poll    string
		want    Verdict
	}{
		{"seed: index on kind", `CREATE INDEX ON jobs (kind);`, seedPoll, NotServed},
		{"run_at without predicate", `CREATE INDEX ON jobs (run_at);`, seedPoll, NotServed},
		{"no index at all", ``, seedPoll, NotServed},
		{"partial on run_at", `CREATE INDEX ON jobs (run_at) WHERE status = 'queued';`, seedPoll, Served},
		{"partial with IN list", `CREATE INDEX ON jobs (run_at) WHERE status IN ('queued', 'retrying');`, seedPoll, Served},
		{"partial with IN list, poll IN subset", `CREATE INDEX ON jobs (run_at) WHERE status IN ('queued', 'retrying');`,
			`SELECT id FROM jobs WHERE status IN ('retrying', 'queued') ORDER BY run_at LIMIT 5`, Served},
		{"partial on another state", `CREATE INDEX ON jobs (run_at) WHERE status = 'running';`, seedPoll, NotServed},
		{"partial not-finished", `CREATE INDEX ON jobs (run_at) WHERE status <> 'done';`, seedPoll, Served},
		{"composite status, run_at", `CREATE INDEX ON jobs (status, run_at);`, seedPoll, Served},
		{"composite queue, status, run_at", `CREATE INDEX ON jobs (queue, status, run_at);`,
			`SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`, Served},
		{"index on a parameter filter only", `CREATE INDEX ON jobs (queue);`,
			`SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY run_at LIMIT 1`, NotServed},
		{"index on the parameter state", `CREATE INDEX ON jobs (status, run_at);`,
			`SELECT id FROM jobs WHERE status = $1 ORDER BY run_at LIMIT 1`, Served},
		{"composite led by an unfiltered column", `CREATE INDEX ON jobs (queue, status, run_at);`, seedPoll, NotServed},
		{"parameter state, partial index: cannot tell", `CREATE INDEX ON jobs (run_at) WHERE status = 'queued';`,
			`SELECT id FROM jobs WHERE status = $1 ORDER BY run_at LIMIT 1`, Unknown},
		{"btree on the state, OR of states", `CREATE INDEX ON jobs (status);`,
			`SELECT id FROM jobs WHERE status = 'queued' OR (status = 'failed' AND kind = 'x') LIMIT 1`, Served},
		{"btree on a column an OR only bounds", `CREATE INDEX ON jobs (run_at);`,
			`SELECT id FROM jobs WHERE run_at IS NULL OR (run_at <= now() AND kind = 'x') LIMIT 1`, NotServed},
		{"predicate jobqlint cannot evaluate", `CREATE INDEX ON jobs (run_at) WHERE lower(kind) = 'x';`, seedPoll, Unknown},
		{"poll by OR of states, partial IN list", `CREATE INDEX ON jobs (run_at) WHERE status IN ('queued', 'retry');`,
			`SELECT id FROM jobs WHERE (status = 'queued' OR status = 'retry') ORDER BY run_at LIMIT 1`, Served},
		{"poll by = ANY of an array constant", `CREATE INDEX ON jobs (run_at) WHERE status IN ('queued', 'retry');`,
			`SELECT id FROM jobs WHERE status = ANY('{queued,retry}') ORDER BY run_at LIMIT 1`, Served},
		{"poll by IN list wider than the index", `CREATE INDEX ON jobs (run_at) WHERE status = 'queued';`,
			`SELECT id FROM jobs WHERE status IN ('queued', 'retry') ORDER BY run_at LIMIT 1`, NotServed},
		{"poll by <>, partial <>", `CREATE INDEX ON jobs (run_at) WHERE status <> 'done';`,
			`SELECT id FROM jobs WHERE status <> 'done' ORDER BY run_at LIMIT 1`, Served},
		{"poll by NOT IN, partial <> of one of them", `CREATE INDEX ON jobs (run_at) WHERE status <> 'done';`,
			`SELECT id FROM jobs WHERE status NOT IN ('done', 'failed') ORDER BY run_at LIMIT 1`, Served},
		{"poll by <>, partial NOT IN excludes more", `CREATE INDEX ON jobs (run_at) WHERE status NOT IN ('done', 'failed');`,
			`SELECT id FROM jobs WHERE status != 'done' ORDER BY run_at LIMIT 1`, NotServed},
		{"poll by <>, partial on a state", `CREATE INDEX ON jobs (run_at) WHERE status = 'queued';`,
			`SELECT id FROM jobs WHERE status <> 'done' ORDER BY run_at LIMIT 1`, NotServed},
		{"poll by <>, btree led by the state cannot seek", `CREATE INDEX ON jobs (status, run_at);`,
			`SELECT id FROM jobs WHERE status <> 'done' ORDER BY run_at LIMIT 1`, NotServed},
		{"poll by <>, btree on the order walks finished rows", `CREATE INDEX ON jobs (run_at);`,
			`SELECT id FROM jobs WHERE status <> 'done' ORDER BY run_at LIMIT 1`, NotServed},
		{"poll by IN list, btree led by the state", `CREATE INDEX ON jobs (status, run_at);`,
			`SELECT id FROM jobs WHERE status IN ('queued', 'retry') ORDER BY run_at LIMIT 1`, Served},
		{"null-state queue with stale locks, partial on NULL", `CREATE INDEX ON jobs (id) WHERE finished_at IS NULL;`,
			`SELECT id FROM jobs WHERE finished_at IS NULL OR finished_at < now() - interval '5 minutes' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, NotServed},
		{"null-state queue", `CREATE INDEX ON jobs (id) WHERE finished_at IS NULL;`,
			`SELECT id FROM jobs WHERE finished_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, Served},
		{"partial on the finished rows does not hold the unfinished", `CREATE INDEX ON jobs (id) WHERE finished_at IS NOT NULL;`,
			`SELECT id FROM jobs WHERE finished_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, NotServed},
		{"expression index in the poll's order", `CREATE INDEX ON jobs ((coalesce(run_at, finished_at)));`,
			`SELECT id FROM jobs ORDER BY coalesce(run_at, finished_at) LIMIT 1 FOR UPDATE SKIP LOCKED`, Served},
		{"range filter on the indexed column", `CREATE INDEX ON jobs (priority);`,
			`SELECT id FROM jobs WHERE priority > 5 LIMIT 10 FOR UPDATE SKIP LOCKED`, Served},
		{"delete queue ordered by primary key", ``,
			`SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, Served},
		{"delete queue ordered by an unindexed column", ``,
			`SELECT id FROM jobs ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, NotServed},
		// A column read through COALESCE or a function: a btree on the
		// column cannot seek to it, a partial index of the same text
		// serves it (checked on PostgreSQL 15: an Index Scan, the poll's
		// alias o.status included), one on the bare column cannot be told.
		{"coalesced state, btree led by the state", `CREATE INDEX ON jobs (status, run_at);`,
			`SELECT id FROM jobs WHERE COALESCE(status, '') = 'queued' ORDER BY run_at LIMIT 1`, NotServed},
		{"coalesced state, partial of the same text", `CREATE INDEX ON jobs (run_at) WHERE COALESCE(status, '') NOT IN ('done', 'failed');`,
			`SELECT id FROM jobs WHERE COALESCE(status, '') NOT IN ('done', 'failed') ORDER BY run_at LIMIT 1`, Served},
		{"coalesced state, partial on the column", `CREATE INDEX ON jobs (run_at) WHERE status NOT IN ('done', 'failed');`,
			`SELECT id FROM jobs WHERE COALESCE(status, '') NOT IN ('done', 'failed') ORDER BY run_at LIMIT 1`, Unknown},
		{"IS DISTINCT FROM, partial <> leaves out the NULL rows", `CREATE INDEX ON jobs (run_at) WHERE status <> 'done';`,
			`SELECT id FROM jobs WHERE status IS DISTINCT FROM 'done' ORDER BY run_at LIMIT 1`, Unknown},
		{"lowered state, expression index", `CREATE INDEX ON jobs ((lower(status)), run_at);`,
			`SELECT id FROM jobs WHERE lower(status) = 'queued' ORDER BY run_at LIMIT 1`, Unknown},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := replay(t, table+c.indexes)
			_, v := s.Table("public.jobs").PollIndex(stmt(t, c.poll))
			require.Equal(t, c.want, v)
		})
	}
}

func TestPollIndexDroppedLater(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id int, status text, run_at timestamptz);
		CREATE INDEX jobs_poll ON jobs (run_at) WHERE status = 'queued';`, `DROP INDEX jobs_poll;`)
	_, v := s.Table("public.jobs").PollIndex(stmt(t, seedPoll))
	require.Equal(t, NotServed, v)
}

func TestSuggestPollIndex(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigserial PRIMARY KEY, queue text, status text, run_at timestamptz, priority int);`)
	jobs := s.Table("public.jobs")
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued'", SuggestPollIndex(jobs, stmt(t, seedPoll)))
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (queue, priority DESC, run_at) WHERE status = 'queued'",
		SuggestPollIndex(jobs, stmt(t, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY priority DESC, run_at LIMIT 1`)))
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (run_at) WHERE status = 'queued'",
		SuggestPollIndex(jobs, stmt(t, `SELECT id FROM jobs WHERE status = 'queued' AND run_at < now() LIMIT 1 FOR UPDATE SKIP LOCKED`)))
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx ON jobs (id) WHERE status = 'queued'",
		SuggestPollIndex(jobs, stmt(t, `SELECT id FROM jobs WHERE status = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`)))
	for poll, want := range map[string]string{
		`SELECT id FROM jobs j WHERE j.status = 'queued' OR j.status = 'retry' ORDER BY run_at LIMIT 1`:                                      "WHERE status IN ('queued', 'retry')",
		`SELECT id FROM jobs j WHERE j.status = 'queued' OR (j.status = 'running' AND j.run_at < now()) ORDER BY run_at LIMIT 1`:             "WHERE status IN ('queued', 'running')",
		`SELECT id FROM jobs j WHERE j.status <> 'done' ORDER BY run_at LIMIT 1`:                                                             "WHERE status <> 'done'",
		`SELECT id FROM jobs j WHERE j.status NOT IN ('done', 'failed') ORDER BY run_at LIMIT 1`:                                             "WHERE status NOT IN ('done', 'failed')",
		`SELECT id FROM jobs j WHERE j.status = ANY('{queued,retry}') ORDER BY run_at LIMIT 1`:                                               "WHERE status IN ('queued', 'retry')",
		`SELECT id FROM jobs j WHERE j.queue IS NULL OR j.queue = 'x' ORDER BY run_at LIMIT 1`:                                               "WHERE (queue IS NULL OR queue = 'x')",
		`SELECT id FROM jobs j WHERE j.run_at IS NULL OR j.run_at < now() - interval '5 minutes' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`: "(id)",
		`SELECT id FROM jobs j WHERE COALESCE(j.status, '') NOT IN ('done', 'failed') ORDER BY run_at LIMIT 1`:                               "(run_at) WHERE COALESCE(status, '') NOT IN ('done', 'failed')",
		`SELECT id FROM jobs j WHERE j.status IS DISTINCT FROM 'done' ORDER BY run_at LIMIT 1`:                                               "(run_at) WHERE status IS DISTINCT FROM 'done'",
	} {
		got := SuggestPollIndex(jobs, stmt(t, poll))
		require.True(t, strings.HasSuffix(got, want), "%s: %s", poll, got)
		raws, errs := Parse(got)
		require.Empty(t, errs, got)
		require.Len(t, raws, 1)
	}
}

// A state bound to a parameter ($1 given 'pending' by the Go code) is
// written into the suggested predicate as the constant: an index
// predicate cannot hold a parameter.
func TestSuggestPollIndexForABoundState(t *testing.T) {
	s := replay(t, `CREATE TABLE outbox (id bigserial PRIMARY KEY, aggregate_id text, status text, created_at timestamptz);`)
	st := stmt(t, `WITH next AS (SELECT DISTINCT ON (aggregate_id) id, created_at FROM outbox WHERE status = $1 ORDER BY aggregate_id, created_at)
		SELECT id FROM next ORDER BY created_at LIMIT $2`).Bind(map[int]string{1: "pending"})
	got := SuggestPollIndex(s.Table("public.outbox"), st.CTEs[0].Stmt)
	require.Equal(t, "CREATE INDEX CONCURRENTLY outbox_poll_idx ON outbox (aggregate_id, created_at) WHERE status = 'pending'", got)
	raws, errs := Parse(got)
	require.Empty(t, errs, got)
	require.Len(t, raws, 1)
	idx := replay(t, `CREATE TABLE outbox (id bigserial PRIMARY KEY, aggregate_id text, status text, created_at timestamptz);`+got).Table("public.outbox").Indexes
	require.Len(t, idx, 2)
	require.NotNil(t, idx[1].Where)
}

func TestPollIndexReviewCases(t *testing.T) {
	const table = `CREATE TABLE tasks (id bigserial PRIMARY KEY, state text, run_at timestamptz, locked_until timestamptz, expires_at timestamptz);`
	cases := []struct {
		name, indexes, poll string
		want                Verdict
	}{
		{"an OR implies the IN list of its branches' states", `CREATE INDEX tasks_poll_idx ON tasks (run_at) WHERE state IN ('pending', 'running');`,
			`SELECT id FROM tasks WHERE (state = 'pending' OR (state = 'running' AND locked_until < now())) AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, Served},
		{"an OR's conditional branch is outside the index", `CREATE INDEX tasks_poll_idx ON tasks (run_at) WHERE state = 'pending';`,
			`SELECT id FROM tasks WHERE (state = 'pending' OR (state = 'running' AND locked_until < now())) AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, NotServed},
		{"an OR with a branch the tool cannot read", `CREATE INDEX tasks_poll_idx ON tasks (run_at) WHERE state = 'pending';`,
			`SELECT id FROM tasks WHERE (state = 'pending' OR f(state)) AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`, Unknown},
		{"range without order, indexed", `CREATE INDEX ON tasks (expires_at);`,
			`SELECT id FROM tasks WHERE expires_at < now() LIMIT 1000 FOR UPDATE SKIP LOCKED`, Served},
		{"range without order, not indexed", ``,
			`SELECT id FROM tasks WHERE expires_at < now() LIMIT 1000 FOR UPDATE SKIP LOCKED`, NotServed},
		{"two unnamed indexes on one column: the partial one survives", `CREATE INDEX ON tasks (run_at) WHERE state = 'pending'; CREATE INDEX ON tasks (run_at);`,
			`SELECT id FROM tasks WHERE state = 'pending' ORDER BY run_at LIMIT 1`, Served},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := replay(t, table+c.indexes)
			_, v := s.Table("public.tasks").PollIndex(stmt(t, c.poll))
			require.Equal(t, c.want, v)
		})
	}
}

func TestSuggestPollIndexIsValidForAliases(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigserial PRIMARY KEY, status text, run_at timestamptz); CREATE INDEX jobs_poll_idx ON jobs (id);`)
	got := SuggestPollIndex(s.Table("public.jobs"), stmt(t, `SELECT j.id FROM jobs j WHERE j.status = 'queued' ORDER BY j.run_at LIMIT 1`))
	require.Equal(t, "CREATE INDEX CONCURRENTLY jobs_poll_idx2 ON jobs (run_at) WHERE status = 'queued'", got)
	raws, errs := Parse(got)
	require.Empty(t, errs)
	require.Len(t, raws, 1)
}

// A poll that names a column the table lacks was written for another
// schema; one that names only the table's columns, in ORDER BY, WHERE and
// an OR's branches, was written for this one.
func TestTableNames(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id int, state text, run_at timestamptz, queue text);`)
	jobs := s.Table("public.jobs")
	cases := map[string]bool{
		`SELECT id FROM jobs WHERE state = 'available' ORDER BY run_at LIMIT 1`:                        true,
		`SELECT id FROM jobs WHERE (state = 'available' OR queue = $1) ORDER BY run_at LIMIT 1`:        true,
		`SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`:                          false,
		`SELECT id FROM jobs WHERE state = 'available' ORDER BY priority LIMIT 1`:                      false,
		`SELECT id FROM jobs WHERE (state = 'available' OR status = 'queued') ORDER BY run_at LIMIT 1`: false,
	}
	for sql, want := range cases {
		require.Equal(t, want, jobs.Names(stmt(t, sql)), sql)
	}
}
