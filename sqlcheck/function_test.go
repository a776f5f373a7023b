package sqlcheck

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const plpgsqlClaim = `CREATE TABLE jobs (id bigint PRIMARY KEY, queue text, status text, run_at timestamptz, attempts int);

CREATE OR REPLACE FUNCTION dequeue(p_queue text) RETURNS SETOF jobs AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM jobs
   WHERE status = 'queued' AND queue = p_queue ORDER BY run_at LIMIT 1;
  UPDATE jobs SET status = 'running' WHERE id = v_id;
  IF v_id IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT * FROM jobs WHERE jobs.id = v_id;
END;
$$ LANGUAGE plpgsql;
`

func TestPlpgsqlBodyStatements(t *testing.T) {
	s := replay(t, plpgsqlClaim)
	require.Empty(t, s.Problems)
	f := s.Function("public.dequeue")
	require.NotNil(t, f)
	require.Empty(t, f.Unread)
	require.Equal(t, []string{"p_queue"}, f.Params)
	require.Len(t, f.Body, 3)

	poll, claim, ret := f.Body[0], f.Body[1], f.Body[2]
	require.Equal(t, KindSelect, poll.Kind)
	require.Equal(t, "public.jobs", poll.Table)
	require.Equal(t, ResultChecked, poll.Result, "SELECT ... INTO reads the row into a variable")
	lines := strings.Split(plpgsqlClaim, "\n")
	require.Equal(t, 7, poll.Loc.Line)
	require.Equal(t, "  SELECT id INTO v_id FROM jobs", lines[poll.Loc.Line-1])
	require.Equal(t, 3, poll.Loc.Col)

	// queue = p_queue is the function's first parameter; v_id, a variable, comes after.
	var queue, key Pred
	for _, p := range poll.Where {
		if p.Column == "queue" {
			queue = p
		}
	}
	require.Equal(t, ValueParam, queue.Values[0].Kind)
	require.Equal(t, 1, queue.Values[0].Param)
	for _, p := range claim.Where {
		key = p
	}
	require.Equal(t, ValueParam, key.Values[0].Kind)
	require.Equal(t, 2, key.Values[0].Param)
	require.Equal(t, 9, claim.Loc.Line)
	require.Equal(t, ResultIgnored, claim.Result, "IF v_id IS NULL tests the SELECT's row, not the UPDATE's count")
	require.Equal(t, ResultReturned, ret.Result)
}

func TestPlpgsqlFoundChecksTheLastStatement(t *testing.T) {
	s := replay(t, `CREATE FUNCTION take(p_id bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET status = 'running' WHERE id = p_id AND status = 'queued';
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  IF (SELECT attempts FROM jobs WHERE id = p_id) >= 5 THEN
    UPDATE jobs SET status = 'failed' WHERE id = p_id;
  END IF;
  PERFORM take(p_id);
  RETURN true;
END $$;`)
	f := s.Function("public.take")
	require.Empty(t, f.Unread)
	require.Len(t, f.Body, 3)
	require.Equal(t, ResultChecked, f.Body[0].Result)
	require.Equal(t, []string{"(SELECT attempts FROM jobs WHERE id = p_id) >= 5"}, f.Body[1].Conds)
	require.NotNil(t, f.Body[2].Calls, "PERFORM f(x) only calls a function")
	require.Equal(t, "public.take", f.Body[2].Calls.Name)
	require.Equal(t, 10, f.Body[2].Loc.Line)
	require.Equal(t, 3, f.Body[2].Loc.Col, "at PERFORM, which pg_query rewrites as SELECT")
}

func TestDynamicBodyIsUnread(t *testing.T) {
	s := replay(t, `CREATE FUNCTION purge(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE jobs SET status = 'queued' WHERE id = 1;
  EXECUTE format('DELETE FROM %I WHERE done', t);
END $$;`)
	f := s.Function("public.purge")
	require.Nil(t, f.Body)
	require.Contains(t, f.Unread, "dynamic SQL")
}

func TestPlpgsqlWithoutCatalogIsUnreadNotAProblem(t *testing.T) {
	// Sound PL/pgSQL that pg_query cannot compile without the catalog: the
	// field of a variable of a composite type (WolvenSpirit/postgres-queue).
	s := replay(t, `CREATE TYPE pair AS (a int, b text);
CREATE FUNCTION get() RETURNS pair LANGUAGE plpgsql AS $$
DECLARE r pair;
BEGIN
  SELECT id, data INTO r.a, r.b FROM events LIMIT 1 FOR UPDATE SKIP LOCKED;
  RETURN r;
END $$;`)
	require.Empty(t, s.Problems)
	f := s.Function("public.get")
	require.Nil(t, f.Body)
	require.Contains(t, f.Unread, "cannot compile")
}

func TestSQLFunctionBodies(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigint, status text, queue text);
CREATE FUNCTION claim(queue text) RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running'
   WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND jobs.queue = claim.queue
               ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *
$$;
CREATE FUNCTION done(p bigint) RETURNS void LANGUAGE sql
BEGIN ATOMIC
  UPDATE jobs SET status = 'done' WHERE id = p;
END;
CREATE FUNCTION bad() RETURNS void LANGUAGE sql AS $$ UPDATE jobs SET WHERE $$;
CREATE PROCEDURE native() LANGUAGE c AS 'lib', 'sym';
CREATE TRIGGER jobs_done AFTER UPDATE OR INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION done();
`)
	claim := s.Function("public.claim")
	require.Len(t, claim.Body, 1)
	require.Equal(t, ResultReturned, claim.Body[0].Result)
	require.Equal(t, 3, claim.Body[0].Loc.Line)
	sub := claim.Body[0].Subqueries[0]
	var byQueue Pred
	for _, p := range sub.Where {
		if p.Column == "queue" {
			byQueue = p
		}
	}
	require.Equal(t, ValueParam, byQueue.Values[0].Kind, "claim.queue is the parameter")

	done := s.Function("public.done")
	require.Len(t, done.Body, 1)
	require.Equal(t, 10, done.Body[0].Loc.Line)
	require.Equal(t, ValueParam, done.Body[0].Where[0].Values[0].Kind)

	require.Len(t, s.Problems, 1, "a syntax error in a SQL body is the migration's: %v", s.Problems)
	require.Equal(t, 12, s.Problems[0].Loc.Line)
	require.Equal(t, 71, s.Problems[0].Loc.Col, "at WHERE")

	require.Contains(t, s.Function("public.native").Unread, "written in c")
	require.Len(t, s.Triggers, 1)
	require.Equal(t, "public.done", s.Triggers[0].Function)
	require.True(t, s.Triggers[0].Fires(KindUpdate))
	require.True(t, s.Triggers[0].Fires(KindInsert))
	require.False(t, s.Triggers[0].Fires(KindDelete))
}

func TestCallOnly(t *testing.T) {
	for sql, want := range map[string]string{
		"SELECT dequeue($1)":              "public.dequeue",
		"SELECT * FROM q.dequeue($1, $2)": "q.dequeue",
		"CALL reclaim()":                  "public.reclaim",
		"SELECT dequeue($1)::text AS j":   "public.dequeue",
		"SELECT count(*) FROM jobs":       "",
		"SELECT f($1) WHERE $2":           "",
		"SELECT f(x => 1)":                "",
	} {
		raws, errs := Parse(sql)
		require.Empty(t, errs)
		got := ""
		if c := CallOnly(raws[0].Node); c != nil {
			got = c.Name
		}
		require.Equal(t, want, got, sql)
	}
}

func TestDropTriggerAndFunction(t *testing.T) {
	s := replay(t, `CREATE TABLE app.events (id int);
CREATE FUNCTION app.notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('c', NEW.id::text); RETURN NEW; END $$;
CREATE TRIGGER events_notify AFTER INSERT ON app.events FOR EACH ROW EXECUTE FUNCTION app.notify();
CREATE TRIGGER events_keep AFTER INSERT ON app.events FOR EACH ROW EXECUTE FUNCTION app.notify();
`, `DROP TRIGGER IF EXISTS events_notify ON app.events;
DROP FUNCTION IF EXISTS app.notify();
`)
	require.Empty(t, s.Problems)
	require.Nil(t, s.Function("app.notify"))
	require.Len(t, s.Triggers, 1)
	require.Equal(t, "events_keep", s.Triggers[0].Name)
}

// A statement runs on every call only when it is written in the
// function's own block, in no branch, loop, nested block or handler.
func TestPlpgsqlAlways(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigint PRIMARY KEY, status text);
CREATE FUNCTION f(p_id bigint, p_retry boolean) RETURNS void AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1);
  IF p_retry THEN
    UPDATE jobs SET status = 'queued' WHERE id = p_id;
  ELSE
    UPDATE jobs SET status = 'failed' WHERE id = p_id;
  END IF;
  FOR i IN 1..3 LOOP
    DELETE FROM jobs WHERE id = p_id;
  END LOOP;
  BEGIN
    UPDATE jobs SET status = 'done' WHERE id = p_id;
  END;
  UPDATE jobs SET status = 'seen' WHERE id = p_id;
EXCEPTION WHEN others THEN
  PERFORM pg_advisory_xact_lock(2);
END;
$$ LANGUAGE plpgsql;
CREATE FUNCTION h(p_id bigint) RETURNS void AS $$
BEGIN
  BEGIN
    PERFORM pg_advisory_xact_lock(1);
  EXCEPTION WHEN others THEN
    NULL;
  END;
  UPDATE jobs SET status = 'running' WHERE id = p_id;
END;
$$ LANGUAGE plpgsql;
CREATE FUNCTION g(p_id bigint) RETURNS void LANGUAGE sql AS $$
  UPDATE jobs SET status = 'done' WHERE id = p_id;
  DELETE FROM jobs WHERE id = p_id;
$$;`)
	f := s.Function("public.f")
	require.NotNil(t, f)
	require.Empty(t, f.Unread)
	var always []bool
	for _, st := range f.Body {
		always = append(always, st.Always)
	}
	// the lock, the two arms, the loop's DELETE, the inner block's UPDATE, the last UPDATE, the handler's lock
	require.Equal(t, []bool{true, false, false, false, true, true, false}, always)
	h := s.Function("public.h")
	require.NotNil(t, h)
	require.Len(t, h.Body, 2)
	require.False(t, h.Body[0].Always, "a handler may catch the error after the lock and go on after the block")
	require.True(t, h.Body[1].Always)
	g := s.Function("public.g")
	require.NotNil(t, g)
	require.Len(t, g.Body, 2)
	require.True(t, g.Body[0].Always)
	require.True(t, g.Body[1].Always)
}

// Two statements of a body are exclusive in different arms of one IF or
// CASE, unless a loop may take one arm and then the other.
func TestPlpgsqlExclusive(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigint PRIMARY KEY, status text);
CREATE FUNCTION f(p_id bigint, a boolean, b boolean) RETURNS void AS $$
BEGIN
  IF a THEN
    IF b THEN
      UPDATE jobs SET status = 's1' WHERE id = p_id;
    ELSE
      UPDATE jobs SET status = 's2' WHERE id = p_id;
    END IF;
  ELSIF b THEN
    UPDATE jobs SET status = 's3' WHERE id = p_id;
  ELSE
    UPDATE jobs SET status = 's4' WHERE id = p_id;
  END IF;
  IF a THEN UPDATE jobs SET status = 's5' WHERE id = p_id; END IF;
  IF b THEN UPDATE jobs SET status = 's6' WHERE id = p_id; END IF;
  CASE WHEN a THEN UPDATE jobs SET status = 's7' WHERE id = p_id;
       ELSE UPDATE jobs SET status = 's8' WHERE id = p_id;
  END CASE;
  FOR i IN 1..2 LOOP
    IF i = 1 THEN UPDATE jobs SET status = 's9' WHERE id = p_id;
    ELSE UPDATE jobs SET status = 's10' WHERE id = p_id;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql;`)
	f := s.Function("public.f")
	require.NotNil(t, f)
	require.Empty(t, f.Unread)
	require.Len(t, f.Body, 10)
	by := map[string]*BodyStmt{}
	for _, st := range f.Body {
		v, _ := st.Assigns("status")
		by[v.Str] = st
	}
	for _, c := range []struct {
		a, b      string
		exclusive bool
	}{
		{"s1", "s2", true}, {"s1", "s3", true}, {"s2", "s4", true}, {"s3", "s4", true},
		{"s4", "s5", false}, {"s5", "s6", false}, {"s7", "s8", true}, {"s1", "s7", false},
		{"s9", "s10", false},
	} {
		require.Equal(t, c.exclusive, by[c.a].Exclusive(by[c.b]), c.a+" "+c.b)
		require.Equal(t, c.exclusive, by[c.b].Exclusive(by[c.a]), c.b+" "+c.a)
	}
}

// A function replaced by a later migration runs its latest body.
func TestLatestReplaceWins(t *testing.T) {
	s := replay(t, `CREATE TABLE jobs (id bigint PRIMARY KEY, status text, priority int);
CREATE FUNCTION dequeue() RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY priority DESC LIMIT 1) RETURNING *
$$;
CREATE OR REPLACE FUNCTION dequeue() RETURNS SETOF jobs LANGUAGE sql AS $$
  UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING *
$$;`)
	f := s.Function("public.dequeue")
	require.NotNil(t, f)
	require.Len(t, f.Body, 1)
	require.Len(t, f.Body[0].Subqueries, 1)
	poll := f.Body[0].Subqueries[0]
	require.NotNil(t, poll.Lock)
	require.False(t, poll.OrderBy[0].Desc)
	require.Equal(t, 5, f.Loc.Line, "the CREATE OR REPLACE")
}
