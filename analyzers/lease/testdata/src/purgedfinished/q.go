// The claim writes a lease that nothing reads back. The purge removes rows
// by age, but its states are bound from the finished ones: it never takes
// a processing task, so a dead worker's task stays processing for ever.
package purgedfinished

import (
	"context"
	"database/sql"
	"time"

	"purgedfinished/tasks"
)

type Queue struct{ db *sql.DB }

func (q *Queue) Enqueue(ctx context.Context, payload string) error {
	_, err := q.db.ExecContext(ctx, `INSERT INTO tasks (payload, status) VALUES ($1, $2)`, payload, tasks.StatusPending)
	return err
}

func (q *Queue) Dequeue(ctx context.Context) (id int64, err error) {
	// want +1 `this claim writes a lease \(started_at\), but no statement in the module returns jobs whose lease expired\na killed worker's job stays 'processing' forever;`
	err = q.db.QueryRowContext(ctx, `UPDATE tasks SET status = $1, started_at = now()
		WHERE id = (SELECT id FROM tasks WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, tasks.StatusProcessing, tasks.StatusPending).Scan(&id)
	return id, err
}

func (q *Queue) Ack(ctx context.Context, id int64) error {
	return q.finish(ctx, id, tasks.StatusCompleted)
}

func (q *Queue) Fail(ctx context.Context, id int64) error {
	return q.finish(ctx, id, tasks.StatusFailed)
}

func (q *Queue) finish(ctx context.Context, id int64, to tasks.Status) error {
	_, err := q.db.ExecContext(ctx, `UPDATE tasks SET status = $1 WHERE id = $2`, to, id)
	return err
}

// Purge removes finished tasks older than age.
func (q *Queue) Purge(ctx context.Context, age time.Duration) error {
	return q.purge(ctx, tasks.StatusCompleted, tasks.StatusFailed, time.Now().Add(-age))
}

func (q *Queue) purge(ctx context.Context, a, b tasks.Status, cutoff time.Time) error {
	query := `
		DELETE FROM tasks
		WHERE status IN ($1, $2)
		  AND started_at < $3`
	_, err := q.db.ExecContext(ctx, query, a, b, cutoff)
	return err
}
