// Package queue is the PostgreSQL store the worker command wires into
// the worker package: Complete records success and returns its error.
package queue

import (
	"context"

	"database/sql"

	"example.com/wire/worker"
)

type Task = worker.Task

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Claim(ctx context.Context) (*Task, error) {
	var t Task
	err := s.db.QueryRowContext(ctx, `UPDATE tasks SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = (
		SELECT id FROM tasks WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&t.ID)
	return &t, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64, msg string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = 'failed', last_error = $2 WHERE id = $1`, id, msg)
	return err
}

// Finish records the outcome its caller gives.
func (s *Store) Finish(ctx context.Context, id int64, status string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $2 WHERE id = $1`, id, status)
	return err
}

func (s *Store) Enqueue(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO tasks (status) VALUES ('queued')`)
	return err
}

func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
