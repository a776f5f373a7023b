// Package loggedqueue is another PostgreSQL store the worker can run on:
// it claims as queue does, but its Complete and Finish log a failed write
// and return no error.
package loggedqueue

import (
	"context"
	"database/sql"
	"log"

	"example.com/wire/worker"
)

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Claim(ctx context.Context) (*worker.Task, error) {
	var t worker.Task
	err := s.db.QueryRowContext(ctx, `UPDATE tasks SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = (
		SELECT id FROM tasks WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&t.ID)
	return &t, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1`, id); err != nil {
		log.Printf("complete %d: %v", id, err)
	}
	return nil
}

func (s *Store) Fail(ctx context.Context, id int64, msg string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = 'failed', last_error = $2 WHERE id = $1`, id, msg); err != nil {
		log.Printf("fail %d: %v", id, err)
	}
	return nil
}

func (s *Store) Finish(ctx context.Context, id int64, status string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $2 WHERE id = $1`, id, status); err != nil {
		log.Printf("finish %d: %v", id, err)
	}
	return nil
}
