// Completions that put a recurring job back for its next run: the CASE
// records a success, or schedules the next occurrence; no failed job is
// retried. One queue names its states in SQL, the other binds them from Go
// constants.
package ok_recurring

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN repeat_every IS NOT NULL THEN 'queued' ELSE 'done' END,
		run_at = now() + coalesce(repeat_every, interval '0'), locked_until = NULL
		WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

type TaskStatus int16

const (
	TaskNew        TaskStatus = 0
	TaskProcessing TaskStatus = 1
	TaskSuccess    TaskStatus = 100
)

func ClaimTask(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE tasks SET status = $1, updated = now()
		WHERE id = (SELECT id FROM tasks WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, TaskProcessing, TaskNew).Scan(&id)
	return id, err
}

func CompleteTask(ctx context.Context, pool *pgxpool.Pool, id int64, next time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = CASE WHEN NOT endlessly THEN $2::smallint ELSE $3::smallint END, run_at = $4
		WHERE id = $1 AND status = $5::smallint`, id, TaskSuccess, TaskNew, next, TaskProcessing)
	return err
}
