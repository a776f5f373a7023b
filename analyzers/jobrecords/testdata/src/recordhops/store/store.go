// Package store passes states on to sqlc's query, and does other things
// around it that make a function no forwarder.
package store

import (
	"context"
	"fmt"
	"net/http"

	"recordhops/db"
)

type Store struct{ q *db.Queries }

// SetStatus forwards its key and its state, wrapping the error.
func (s *Store) SetStatus(ctx context.Context, id int64, status string) error { // want SetStatus:`record write public.jobs.status = arg 2 by arg 1`
	if err := s.set(ctx, id, status); err != nil {
		return fmt.Errorf("set status of %d: %w", id, err)
	}
	return nil
}

// set is an unexported hop.
func (s *Store) set(ctx context.Context, id int64, status string) error {
	return s.q.UpdateJobStatus(ctx, db.UpdateJobStatusParams{ID: id, Status: status})
}

// Start gives the state itself.
func (s *Store) Start(ctx context.Context, id int64) error { // want Start:`record write public.jobs.status = running by arg 1`
	return s.set(ctx, id, "running")
}

// Fetch marks the job and then runs an HTTP request: the request may be
// the job's work.
func (s *Store) Fetch(ctx context.Context, id int64, url string) error {
	if err := s.set(ctx, id, "running"); err != nil {
		return err
	}
	_, err := http.Get(url)
	return err
}

// Move writes twice.
func (s *Store) Move(ctx context.Context, id int64, from, to string) error {
	if err := s.set(ctx, id, from); err != nil {
		return err
	}
	return s.set(ctx, id, to)
}

// Later writes in a function literal.
func (s *Store) Later(ctx context.Context, id int64, status string) func() error {
	return func() error { return s.set(ctx, id, status) }
}

// Mine writes a key that is not its parameter.
func (s *Store) Mine(ctx context.Context, status string) error {
	return s.set(ctx, 42, status)
}

// Pick chooses the state by its own condition: not one constant, nor its
// parameter.
func (s *Store) Pick(ctx context.Context, id int64, ok bool) error {
	status := "failed"
	if ok {
		status = "done"
	}
	return s.set(ctx, id, status)
}
