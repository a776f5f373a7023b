// The store keeps outcomes as an iota enum and maps them to the
// database's states; which one Move writes is its caller's choice.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"example.com/xstates"
)

type Outcome int

const (
	Queued Outcome = iota
	Done
	Failed
)

type Job struct {
	ID       int64
	Attempts int32
}

type Store struct{ q *xstates.Queries }

func toDB(o Outcome) (string, error) {
	switch o {
	case Queued:
		return "queued", nil
	case Done:
		return "done", nil
	case Failed:
		return "failed", nil
	}
	return "", fmt.Errorf("no state for outcome %d", o)
}

func (s *Store) Next(ctx context.Context) (Job, bool, error) { // want Next:"countfree"
	id, attempts, err := s.q.Claim(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, err
	}
	return Job{ID: id, Attempts: attempts}, true, nil
}

func (s *Store) Move(ctx context.Context, id int64, o Outcome) error { // want Move:`retries\(q.go:24\) when 3 is 0$`
	v, err := toDB(o)
	if err != nil {
		return err
	}
	return s.q.UpdateStatus(ctx, xstates.UpdateStatusParams{ID: id, Status: v})
}

// Finish writes a state that ends the job: no retry.
func (s *Store) Finish(ctx context.Context, id int64) error {
	return s.q.UpdateStatus(ctx, xstates.UpdateStatusParams{ID: id, Status: "done"})
}

// Requeue always puts the job back.
func (s *Store) Requeue(ctx context.Context, id int64) error { // want Requeue:`retries\(q.go:24\)`
	return s.q.UpdateStatus(ctx, xstates.UpdateStatusParams{ID: id, Status: "queued"})
}
