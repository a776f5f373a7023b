// The claim's transaction decodes the payload, marks the row taken, counts
// the attempt and commits before any work runs: a decode error there is
// the claim step's own failure, and the work's failures are recorded by
// Nack under the limit.
package ok_rbclaimstep

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

type Task struct {
	ID       int64
	Attempts int
	Payload  map[string]any
}

type Queue struct{ db *sql.DB }

func (q *Queue) Dequeue(ctx context.Context) (*Task, error) {
	tx, err := q.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var t Task
	var payload []byte
	if err := tx.QueryRowContext(ctx, `SELECT id, attempts, payload FROM tasks WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&t.ID, &t.Attempts, &payload); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(payload, &t.Payload); err != nil {
		return nil, fmt.Errorf("unmarshal payload: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = 'processing', attempts = attempts + 1 WHERE id = $1`, t.ID); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return &t, nil
}

func (q *Queue) Nack(ctx context.Context, t *Task, cause error) error {
	if t.Attempts >= 3 {
		_, err := q.db.ExecContext(ctx, `UPDATE tasks SET status = 'failed', error = $2 WHERE id = $1`, t.ID, cause.Error())
		return err
	}
	_, err := q.db.ExecContext(ctx, `UPDATE tasks SET status = 'pending', error = $2 WHERE id = $1`, t.ID, cause.Error())
	return err
}
