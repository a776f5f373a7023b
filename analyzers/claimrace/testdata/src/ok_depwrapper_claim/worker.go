// A job queue on the shared database module whose claim takes one job in
// one statement: the UPDATE's subquery skips the rows others locked.
package ok_depwrapper_claim

import (
	"context"

	"example.com/platform/pgdb"
)

type Queue struct{ db *pgdb.DB }

func (q *Queue) Enqueue(ctx context.Context, payload []byte) error {
	_, err := q.db.ExecContext(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'queued')`, payload)
	return err
}

func (q *Queue) Claim(ctx context.Context) (int64, []byte, error) {
	var id int64
	var payload []byte
	err := q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', started_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func (q *Queue) Complete(ctx context.Context, id int64) error {
	_, err := q.db.ExecRetry(ctx, q.db.Policy, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}
