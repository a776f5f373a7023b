package casesweep // want package:"queues\\(public.work_items\\)"

// A sweeper that decides each row's state in one CASE: one statement that
// fails exhausted items and puts expired running ones back.

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) Put(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO work_items DEFAULT VALUES`)
	return err
}

func (s *Store) Lease(ctx context.Context) (id int64, err error) { // want Lease:"claims jobs"
	err = s.db.QueryRowContext(ctx, `UPDATE work_items SET state = 'running', tries = tries + 1, heartbeat_at = now()
		WHERE id = (SELECT id FROM work_items WHERE state = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := s.db.ExecContext(ctx, `UPDATE work_items SET state = 'succeeded' WHERE id = $1 AND state = 'running'`, id)
	return err
}

// Sweep: the first arm fails items at their limit whatever their state,
// the second puts expired running items back, the ELSE keeps the state.
func (s *Store) Sweep(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE work_items SET
		state = CASE WHEN tries >= max_tries THEN 'dead' WHEN state = 'running' THEN 'queued' ELSE state END,
		error = CASE WHEN tries >= max_tries THEN 'too many tries' ELSE error END
		WHERE tries >= max_tries OR (state = 'running' AND heartbeat_at < now() - interval '2 minutes')`)
	return err
}

// Reprioritise decides another column with a CASE: it moves no state.
func (s *Store) Reprioritise(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE work_items SET run_at = CASE WHEN tries > 2 THEN now() + interval '1 hour' ELSE run_at END
		WHERE state = 'queued'`)
	return err
}

// Rescue gives each branch of its WHERE an arm of its own: expired
// running items go back (a reclaim), and so do dead items with tries left
// (an operator's redrive).
func (s *Store) Rescue(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE work_items SET
		state = CASE WHEN state = 'running' THEN 'queued' WHEN state = 'dead' THEN 'queued' END
		WHERE (state = 'dead' AND tries < max_tries) OR (state = 'running' AND heartbeat_at < now() - interval '2 minutes')`)
	return err
}
