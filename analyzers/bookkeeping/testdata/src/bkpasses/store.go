// Package bkpasses is a job store in a package of its own whose methods
// either pass the write's error on to their caller or log it first: its
// facts say which.
package bkpasses

import (
	"context"
	"fmt"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

// Done returns the write's error wrapped.
func (s *Store) Done(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return fmt.Errorf("done %d: %w", id, err)
	}
	return nil
}

// DoneLogged logs the write's error, then returns it.
func (s *Store) DoneLogged(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err != nil {
		log.Printf("done %d: %v", id, err)
	}
	return err
}

func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func Handle(ctx context.Context, id int64) error { return nil }

// LoggedStore is another store whose Done logs the write's error before
// it returns it.
type LoggedStore struct{ pool *pgxpool.Pool }

func (s *LoggedStore) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *LoggedStore) Done(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err != nil {
		log.Printf("done %d: %v", id, err)
	}
	return err
}

// Move records the state its caller names, and passes the write's error
// on.
func (s *Store) Move(ctx context.Context, id int64, status string) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, status)
	return err
}

// Settle ends the job through Move, done or failed.
func (s *Store) Settle(ctx context.Context, id int64, ok bool) error {
	if ok {
		return s.Move(ctx, id, "done")
	}
	return s.Move(ctx, id, "failed")
}

// Park puts the job back with a note its caller names, and passes the
// write's error on: it records no success.
func (s *Store) Park(ctx context.Context, id int64, note string) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', note = $2 WHERE id = $1`, id, note)
	return err
}
