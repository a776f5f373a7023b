package resolve // want package:`goddl\(CREATE TABLE IF NOT EXISTS {resolve.Queue.table} \(id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued'\); -- the index of {resolve.Queue.table}\nCREATE INDEX IF NOT EXISTS "{resolve.Queue.table}_id" ON {resolve.Queue.table} \(id\)\)`

import (
	"context"
	"fmt"
)

// Another file names the same field: the same placeholder.
func (q *Queue) count(ctx context.Context) {
	var n int
	q.pool.QueryRow(ctx, "SELECT count(*) FROM "+q.table).Scan(&n)
}

// Helpers that return one expression are read with their arguments.
func tableSQL(q *Queue, sqlf string) string { return fmt.Sprintf(sqlf, q.table) }

func pollSQL(q *Queue) string {
	return tableSQL(q, "SELECT id FROM %s WHERE status = 'queued' ORDER BY id LIMIT 1")
}

func (q *Queue) helpers(ctx context.Context, kind string) {
	q.pool.Exec(ctx, pollSQL(q))
	q.pool.Exec(ctx, tableSQL(q, "SELECT id FROM %s WHERE kind = '"+kind+"'"))
}

func indexSQL(q *Queue) string {
	f := "-- the index of %s\nCREATE INDEX IF NOT EXISTS %s_id ON %s (id)"
	return fmt.Sprintf(f, q.table, q.table, q.table)
}

func (q *Queue) index(ctx context.Context) {
	q.pool.Exec(ctx, indexSQL(q))
}

func (q *Queue) shard(ctx context.Context, n int) {
	q.pool.Exec(ctx, fmt.Sprintf("SELECT id FROM jobs_%d", n))
}
