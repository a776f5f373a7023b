package sqlcheck

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestFilterStates(t *testing.T) {
	cases := []struct {
		where string
		col   string
		want  States
		ok    bool
	}{
		{`status = 'queued'`, "status", States{In: []string{"queued"}}, true},
		{`status = 'queued' OR status = 'retry'`, "status", States{In: []string{"queued", "retry"}}, true},
		{`j.status IN ('queued') OR j.status = 'retry'`, "status", States{In: []string{"queued", "retry"}}, true},
		{`status = ANY('{queued,"re try"}'::text[])`, "status", States{In: []string{"queued", "re try"}}, true},
		{`status = ANY(ARRAY['queued', 'retry'])`, "status", States{In: []string{"queued", "retry"}}, true},
		{`status <> 'done'`, "status", States{Not: true, In: []string{"done"}}, true},
		{`status != 'done' AND status <> 'failed'`, "status", States{Not: true, In: []string{"done", "failed"}}, true},
		{`status NOT IN ('done', 'failed')`, "status", States{Not: true, In: []string{"done", "failed"}}, true},
		{`NOT (status = 'done')`, "status", States{Not: true, In: []string{"done"}}, true},
		{`NOT (status IN ('done', 'failed'))`, "status", States{Not: true, In: []string{"done", "failed"}}, true},
		{`NOT (locked_at IS NOT NULL)`, "locked_at", States{In: []string{StateNull}}, true},
		{`status <> ALL('{done,failed}')`, "status", States{Not: true, In: []string{"done", "failed"}}, true},
		{`status IN ('queued', 'done') AND status <> 'done'`, "status", States{In: []string{"queued"}}, true},
		{`locked_at IS NULL`, "locked_at", States{In: []string{StateNull}}, true},
		{`locked_at IS NOT NULL`, "locked_at", States{Not: true}, true},
		// The usual poll that also takes back expired leases: 'running' only with a condition.
		{`status = 'queued' OR (status = 'running' AND locked_until < now())`, "status",
			States{In: []string{"queued"}, Cond: []string{"running"}}, true},
		{`(status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_until < now())`, "status",
			States{Cond: []string{"queued", "running"}}, true},
		{`locked_at IS NULL OR locked_at < now() - interval '5 minutes'`, "locked_at",
			States{In: []string{StateNull}, Cond: []string{StateNotNull}}, true},
		// Booleans whose NULL counts: WHERE ack IS NULL OR ack IS FALSE.
		{`ack IS NULL OR ack IS FALSE`, "ack", States{In: []string{StateNull, "false"}}, true},
		{`ack IS NOT TRUE`, "ack", States{In: []string{"false", StateNull}}, true},
		{`ack IS TRUE`, "ack", States{In: []string{"true"}}, true},
		{`NOT ack`, "ack", States{In: []string{"false"}}, true},
		// ORs whose branches each require a state next to other conditions,
		// whatever column the OR is filed under, nested ORs included.
		{`(priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued')`, "status",
			States{Cond: []string{"queued"}}, true},
		{`(priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued')`, "priority",
			States{Cond: []string{"1", "2"}}, true},
		{`queue = $1 AND ((target IS NULL AND ((status = 'queued' AND run_at <= $5) OR ($6 AND status = 'running' AND lease_until < $5)))
			OR (target = $2 AND status = 'queued' AND run_at <= $5))`, "status",
			States{Cond: []string{"queued", "running"}}, true},
		{`(target IS NULL AND status = 'queued') OR status = 'queued'`, "status", States{In: []string{"queued"}}, true},
		{`(kind = 'a' AND status IN ('queued', 'retry')) OR (kind = 'b' AND status = 'queued')`, "status",
			States{Cond: []string{"queued", "retry"}}, true},
		{`(kind = 'a' AND status = 'queued') OR (kind = 'b' AND (status = 'retry' OR status = 'queued'))`, "status",
			States{Cond: []string{"queued", "retry"}}, true},
		{`status IN ('queued', 'running') AND ((kind = 'a' AND status = 'queued') OR (kind = 'b' AND status = 'done'))`, "status",
			States{Cond: []string{"queued"}}, true},
		// Negative predicates real relays write: the states a wrapped
		// column takes, and whether NULL rows pass.
		{`COALESCE(status, '') NOT IN ('pending', 'processed')`, "status", States{Not: true, In: []string{"pending", "processed"}, Null: true}, true},
		{`COALESCE(status, 'pending') NOT IN ('pending', 'processed')`, "status", States{Not: true, In: []string{"pending", "processed"}}, true},
		{`COALESCE(j.status, 'queued') = 'queued'`, "status", States{In: []string{"queued", StateNull}}, true},
		{`COALESCE(status, 'x')::text <> ALL('{done,failed}')`, "status", States{Not: true, In: []string{"done", "failed"}, Null: true}, true},
		{`lower(status) <> 'done'`, "status", States{Not: true, In: []string{"done"}}, true},
		{`lower(status::text) IN ('queued', 'retry')`, "status", States{In: []string{"queued", "retry"}}, true},
		{`'done' <> upper(status)`, "status", States{Not: true, In: []string{"done"}}, true},
		{`status IS DISTINCT FROM 'sent'`, "status", States{Not: true, In: []string{"sent"}, Null: true}, true},
		{`status IS NOT DISTINCT FROM 'sent'`, "status", States{In: []string{"sent"}}, true},
		{`status IS DISTINCT FROM NULL`, "status", States{Not: true}, true},
		{`NOT (status = ANY('{done,failed}'))`, "status", States{Not: true, In: []string{"done", "failed"}}, true},
		{`NOT (COALESCE(status, '') = 'done')`, "status", States{Not: true, In: []string{"done"}, Null: true}, true},
		{`NOT (COALESCE(status, 'done') = 'done')`, "status", States{Not: true, In: []string{"done"}}, true},
		{`NOT (status IS DISTINCT FROM 'queued')`, "status", States{In: []string{"queued"}}, true},
		{`status IS DISTINCT FROM 'sent' AND status <> 'failed'`, "status", States{Not: true, In: []string{"sent", "failed"}}, true},
		// Not a restriction to states.
		{`COALESCE(status, $2) <> 'done'`, "status", States{}, false},
		{`COALESCE(status, '') NOT IN ($1, 'done')`, "status", States{}, false},
		{`COALESCE(status, other) <> 'done'`, "status", States{}, false},
		{`length(status) <> 0`, "status", States{}, false},
		{`(priority = 1 AND status = 'queued') OR priority = 2`, "status", States{}, false},
		{`(target IS NULL AND (status = 'queued' OR run_at < now())) OR (target = $2 AND status = 'queued')`, "status", States{}, false},
		{`status = $1`, "status", States{}, false},
		{`status = 'queued' OR kind = 'x'`, "status", States{}, false},
		{`status = 'queued' OR f(status)`, "status", States{}, false},
		{`status = ANY($1)`, "status", States{}, false},
		{`status = ANY('{queued,NULL}')`, "status", States{}, false},
		{`queue = 'default'`, "status", States{}, false},
	}
	for _, c := range cases {
		t.Run(c.where, func(t *testing.T) {
			st := stmt(t, "SELECT 1 FROM jobs j WHERE "+c.where)
			got, ok := FilterStates(st.Where, c.col)
			require.Equal(t, c.ok, ok)
			require.Equal(t, c.want, got)
		})
	}
}

func TestOrOfOneColumnIsAnInList(t *testing.T) {
	st := stmt(t, `SELECT 1 FROM jobs WHERE status = 'queued' OR status = 'retry'`)
	require.Len(t, st.Where, 1)
	require.Equal(t, "status", st.Where[0].Column)
	require.Equal(t, OpIn, st.Where[0].Op)
	require.Nil(t, st.Where[0].Branches)
	require.Len(t, StateFilters(st), 1)

	mixed := stmt(t, `SELECT 1 FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())`)
	require.Equal(t, "status", mixed.Where[0].Column)
	require.Equal(t, OpOther, mixed.Where[0].Op, "rules that do not read branches see an OR")
	require.Len(t, mixed.Where[0].Branches, 2)
	require.Len(t, StateFilters(mixed), 1)
}

func TestStateFiltersReadEveryColumnAnOrPins(t *testing.T) {
	st := stmt(t, `SELECT 1 FROM jobs WHERE queue = $1 AND ((target IS NULL AND status = 'queued') OR (target = $2 AND status = 'queued' AND run_at <= now())) ORDER BY id LIMIT 1`)
	require.Equal(t, "target", st.Where[1].Column, "the OR is filed under its first common column")
	var cols []string
	for _, p := range StateFilters(st) {
		cols = append(cols, p.Column)
	}
	require.Equal(t, []string{"queue", "status"}, cols, "target is bound to $2 in one branch; status is pinned in both")
	require.True(t, IsPollShape(st))

	// A column one branch only bounds is a clock, not a state.
	clock := stmt(t, `SELECT 1 FROM jobs WHERE (status = 'queued' AND locked_until IS NULL) OR (status = 'running' AND locked_until < now()) ORDER BY id LIMIT 1`)
	cols = nil
	for _, p := range StateFilters(clock) {
		cols = append(cols, p.Column)
	}
	require.Equal(t, []string{"status"}, cols)
}

func TestStatesValuesAndAdmits(t *testing.T) {
	universe := []string{"queued", "running", "done", "failed"}
	not := States{Not: true, In: []string{"done", "failed"}}
	require.Equal(t, []string{"queued", "running"}, not.Values(universe))
	require.False(t, not.Admits(StateNull), "status <> 'done' is not true of NULL")
	cond := States{In: []string{"queued"}, Cond: []string{"running"}}
	require.Equal(t, []string{"queued", "running"}, cond.Values(universe))
	require.True(t, cond.Admits("running"))
	lease := States{In: []string{StateNull}, Cond: []string{StateNotNull}}
	require.True(t, lease.Admits("2026-01-01"))
}

func TestColumnStatesFromSchema(t *testing.T) {
	s := replay(t, `
CREATE TYPE job_state AS ENUM ('queued', 'running', 'done');
CREATE TABLE jobs (id bigserial PRIMARY KEY, state job_state NOT NULL DEFAULT 'queued', kind text);
CREATE TABLE tasks (id bigserial PRIMARY KEY, status text NOT NULL CHECK (status IN ('new', 'taken', 'ok')));
CREATE TABLE items (id int, status text, CONSTRAINT items_status CHECK (status = ANY (ARRAY['a', 'b'])));
CREATE TABLE other (id int, status text CHECK (status <> 'x'), n int CHECK (n > 0));
CREATE SCHEMA q;
CREATE TYPE q.st AS ENUM ('ready');
CREATE TABLE q.work (id int, st q.st);
`, `
ALTER TYPE job_state ADD VALUE 'failed';
ALTER TYPE q.st ADD VALUE IF NOT EXISTS 'ready';
ALTER TYPE q.st RENAME VALUE 'ready' TO 'available';
ALTER TABLE items DROP CONSTRAINT items_status;
ALTER TABLE tasks ADD COLUMN phase text;
ALTER TABLE tasks ADD CONSTRAINT tasks_phase_check CHECK (phase = 'x' OR phase = 'y');
`)
	require.Equal(t, []string{"queued", "running", "done", "failed"}, s.ColumnStates("public.jobs", "state"))
	require.Nil(t, s.ColumnStates("public.jobs", "kind"))
	require.Equal(t, []string{"new", "taken", "ok"}, s.ColumnStates("public.tasks", "status"))
	require.Equal(t, []string{"x", "y"}, s.ColumnStates("public.tasks", "phase"))
	require.Nil(t, s.ColumnStates("public.items", "status"), "the constraint was dropped")
	require.Nil(t, s.ColumnStates("public.other", "status"), "a CHECK that excludes lists no states")
	require.Nil(t, s.ColumnStates("public.other", "n"))
	require.Equal(t, []string{"available"}, s.ColumnStates("q.work", "st"))
}

func TestRenamedColumnKeepsItsIndexPredicate(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id int, state text, lease timestamptz, run_at timestamptz);
		CREATE INDEX jobs_live ON jobs (run_at) WHERE state = 'queued' OR (state = 'running' AND lease < now());`,
		`ALTER TABLE jobs RENAME COLUMN state TO status;`)
	_, v := s.Table("public.jobs").PollIndex(stmt(t, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`))
	require.Equal(t, Served, v)
}
