package sqlcheck

import "testing"

// The LIMIT of a SELECT that reads a WITH query of an enclosing statement
// reaches that query, and passes on through a query that reads nothing but
// a subquery, down to the SELECT that reads the table: the claim of a queue
// that locks the candidates in a WITH query and takes the first ten of
// them in the UPDATE's FROM.
func TestLimitThroughEnclosingCTEAndSubquery(t *testing.T) {
	st := stmt(t, `WITH pending AS (
			SELECT DISTINCT ON (t.account_id) t.account_id, t.name, t.priority, t.created_at
			FROM (SELECT q.account_id, q.name, q.priority, q.created_at FROM sync_queue q
			      WHERE q.locked_at IS NULL AND q.synced_at IS NULL FOR UPDATE) AS t)
		UPDATE sync_queue SET locked_at = now()
		FROM (SELECT pending.account_id, pending.name FROM pending ORDER BY pending.priority DESC, pending.created_at LIMIT 10) AS picked
		WHERE picked.account_id = sync_queue.account_id AND picked.name = sync_queue.name
		RETURNING picked.account_id, picked.name`)
	middle := st.CTEs[0].Stmt
	if middle.Limit == nil || middle.Limit.Text != "10" {
		t.Fatalf("the WITH query of the UPDATE has no LIMIT 10: %+v", middle.Limit)
	}
	poll := middle.Subqueries[0]
	if poll.Table != "public.sync_queue" || poll.Limit == nil || poll.Limit.Text != "10" {
		t.Fatalf("the SELECT of sync_queue has table %q, limit %+v", poll.Table, poll.Limit)
	}
	if got := orderColumns(poll); len(got) != 2 || got[0] != "priority" || got[1] != "created_at" {
		t.Fatalf("order %v, want the outer priority, created_at", got)
	}
	if !IsPollShape(poll) {
		t.Fatal("the SELECT of sync_queue is not read as a poll")
	}

	// Without the outer LIMIT every candidate is taken: no bounded search.
	all := stmt(t, `WITH pending AS (SELECT * FROM (SELECT id FROM jobs WHERE locked_at IS NULL FOR UPDATE) t)
		UPDATE jobs SET locked_at = now() FROM (SELECT pending.id FROM pending ORDER BY pending.id) AS picked WHERE picked.id = jobs.id`)
	if l := all.CTEs[0].Stmt.Subqueries[0].Limit; l != nil {
		t.Fatalf("a LIMIT %q with none in the statement", l.Text)
	}
	// A WITH query that reads another beside a second relation passes no
	// LIMIT on: its rows are not the first of the other's.
	joined := stmt(t, `WITH base AS (SELECT id FROM jobs WHERE locked_at IS NULL),
		pending AS (SELECT b.id FROM base b, (SELECT 1 AS one) s)
		SELECT pending.id FROM pending ORDER BY pending.id LIMIT 5`)
	if l := joined.CTEs[1].Stmt.Limit; l == nil {
		t.Fatal("the WITH query read alone gets the LIMIT")
	}
	if l := joined.CTEs[0].Stmt.Limit; l != nil {
		t.Fatalf("a WITH query read beside another relation got LIMIT %q", l.Text)
	}
}
