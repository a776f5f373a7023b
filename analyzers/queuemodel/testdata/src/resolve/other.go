package resolve // want package:`goddl\(CREATE TABLE IF NOT EXISTS {resolve.Queue.table} \(id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued'\)\)`

import "context"

// Another file names the same field: the same placeholder.
func (q *Queue) count(ctx context.Context) {
	var n int
	q.pool.QueryRow(ctx, "SELECT count(*) FROM "+q.table).Scan(&n)
}
