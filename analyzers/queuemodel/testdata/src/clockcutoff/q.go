package clockcutoff // want package:"queues\\(public.jobs\\)"

// Two expiry cutoffs computed in Go: one from the clock a field keeps (the
// package only ever sets it to time.Now), one from a clock that a caller
// may replace with any function.

import (
	"context"
	"database/sql"
	"time"
)

type Queue struct {
	db      *sql.DB
	now     func() time.Time
	clock   func() time.Time
	timeout time.Duration
}

func NewQueue(db *sql.DB) *Queue {
	return &Queue{db: db, now: time.Now, clock: time.Now, timeout: time.Minute}
}

func (q *Queue) WithClock(clock func() time.Time) *Queue {
	q.clock = clock
	return q
}

func (q *Queue) Claim(ctx context.Context) (id int64, err error) { // want Claim:"claims jobs"
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', started_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Queue) Requeue(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND started_at < $1`, q.now().Add(-q.timeout))
	return err
}

func (q *Queue) RequeueBefore(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND started_at < $1`, q.clock().Add(-q.timeout))
	return err
}
