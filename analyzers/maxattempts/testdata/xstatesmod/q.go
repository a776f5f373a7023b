// Queries the way sqlc writes them: the state UpdateStatus writes is the
// one its callers set in its parameter struct.
package xstates

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

type UpdateStatusParams struct {
	ID     int64
	Status string
}

func (q *Queries) UpdateStatus(ctx context.Context, arg UpdateStatusParams) error { // want UpdateStatus:`retries\(q.go:24\) when 2.Status is "queued"$`
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, arg.ID, arg.Status)
	return err
}
