// The reclaim's expiry cutoff is computed in Go, from a clock the queue
// keeps in a field (set to time.Now, replaced in tests): started_at < $2
// with $2 = q.now().Add(-q.timeout) is started_at < now() - timeout. The
// reclaim spends the attempt the dead worker used, and a reaper fails the
// jobs that used their last one.
package ok_clockfield

import (
	"context"
	"database/sql"
	"time"
)

const (
	statusPending = "pending"
	statusRunning = "running"
)

type Queue struct {
	db      *sql.DB
	now     func() time.Time
	timeout time.Duration
}

func NewQueue(db *sql.DB) *Queue {
	return &Queue{db: db, now: time.Now, timeout: 5 * time.Minute}
}

func (q *Queue) Claim(ctx context.Context) (id int64, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = $1, started_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, statusRunning, statusPending).Scan(&id)
	return id, err
}

func (q *Queue) Requeue(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = $1, started_at = NULL, attempts = attempts + 1 WHERE started_at < $2 AND status = $3`,
		statusPending, q.now().UTC().Add(-q.timeout), statusRunning)
	return err
}

func (q *Queue) Bury(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE status = $1 AND started_at < $2 AND attempts + 1 >= max_attempts`,
		statusRunning, q.now().Add(-q.timeout))
	return err
}
