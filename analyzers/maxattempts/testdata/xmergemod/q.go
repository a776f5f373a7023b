// A store whose Finish, like a broker's nack, puts the job back when its
// caller asks to requeue it, and writes the state the caller gives
// otherwise.
package xmerge

import (
	"context"
	"database/sql"
)

type Queries struct{ db *sql.DB }

func (q *Queries) Claim(ctx context.Context) (id int64, attempts int32, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (q *Queries) Finish(ctx context.Context, id int64, status string, requeue bool) error { // want Finish:`retries\(q.go:24\) when 3 is "queued"; retries\(q.go:21\)$`
	if requeue {
		_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + interval '1 minute' WHERE id = $1 AND status = 'running'`, id)
		return err
	}
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, id, status)
	return err
}
