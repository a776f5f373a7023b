// A claim step for a batch: it locks the runnable rows, decodes each
// payload as it scans it, marks the batch taken with its attempt counted,
// and commits before any work runs. A payload that fails to decode fails
// the claim, not the work; the work's failures are recorded under the
// limit.
package ok_rbbatchstep

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct {
	ID       int64
	Attempts int
	Args     map[string]string
}

type Tasks struct{ pool *pgxpool.Pool }

func (s *Tasks) TakeBatch(ctx context.Context, n int) ([]Task, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, attempts, args FROM tasks WHERE state = 'ready' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Task
	var ids []int64
	for rows.Next() {
		var t Task
		var raw []byte
		if err := rows.Scan(&t.ID, &t.Attempts, &raw); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(raw, &t.Args); err != nil {
			return nil, fmt.Errorf("task %d: %w", t.ID, err)
		}
		out = append(out, t)
		ids = append(ids, t.ID)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE tasks SET state = 'running', attempts = attempts + 1 WHERE id = ANY($1)`, ids); err != nil {
		return nil, err
	}
	return out, tx.Commit(ctx)
}

func (s *Tasks) Finish(ctx context.Context, t Task, runErr error) error {
	switch {
	case runErr == nil:
		_, err := s.pool.Exec(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, t.ID)
		return err
	case t.Attempts >= 5:
		_, err := s.pool.Exec(ctx, `UPDATE tasks SET state = 'failed', last_error = $2 WHERE id = $1`, t.ID, runErr.Error())
		return err
	default:
		_, err := s.pool.Exec(ctx, `UPDATE tasks SET state = 'ready', last_error = $2 WHERE id = $1`, t.ID, runErr.Error())
		return err
	}
}
