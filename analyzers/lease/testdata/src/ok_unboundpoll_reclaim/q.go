package ok_unboundpoll_reclaim

// The poll takes the states to look in from its caller (a list spliced as
// placeholders), so it says nothing of which states are runnable; the
// compare-and-set that takes each task names them: the state tasks are
// created in, and the one a failed task waits in before its next try.

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"ok_unboundpoll_reclaim/state"
)

type Store struct{ db *sql.DB }

func (s *Store) Add(ctx context.Context, kind string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO tasks (kind) VALUES ($1)`, kind)
	return err
}

func (s *Store) Due(ctx context.Context, states []state.Status, limit int) ([]int64, error) {
	ph := []string{}
	args := []any{}
	for i, st := range states {
		ph = append(ph, fmt.Sprintf("$%d", i+1))
		args = append(args, st)
	}
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM tasks WHERE status IN (`+strings.Join(ph, ", ")+`)
		AND run_at <= now() ORDER BY run_at LIMIT `+fmt.Sprintf("$%d", len(args)), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Take reports whether this worker got the task.
func (s *Store) Take(ctx context.Context, id int64, worker string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, locked_by = $2, locked_at = now()
		WHERE id = $3 AND (status = $4 OR status = $5)`, state.Running, worker, id, state.Pending, state.Scheduled)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1 WHERE id = $2`, state.Completed, id)
	return err
}

func (s *Store) Later(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, attempts = attempts + 1 WHERE id = $2`, state.Scheduled, id)
	return err
}

// Work takes each due task and runs it.
func (s *Store) Work(ctx context.Context, run func(int64) error) error {
	ids, err := s.Due(ctx, []state.Status{state.Pending, state.Scheduled}, 10)
	if err != nil {
		return err
	}
	for _, id := range ids {
		got, err := s.Take(ctx, id, "w1")
		if err != nil || !got {
			continue // another worker has it
		}
		if err := run(id); err != nil {
			_ = s.Later(ctx, id)
			continue
		}
		_ = s.Done(ctx, id)
	}
	return nil
}

// Reclaim puts back the tasks whose worker died: their lock is older than
// any run takes.
func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, locked_by = NULL, locked_at = NULL
		WHERE status = $2 AND locked_at < now() - interval '10 minutes'`, state.Scheduled, state.Running)
	return err
}
