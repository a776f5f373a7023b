// The worker of the store: it finds the next pending job, then sets its
// status to running, through the store's UpdateStatus, with the state it
// names. Two statements that each commit on their own.
package worker

import (
	"context"
	"database/sql"

	"example.com/callerstate/store"
)

func Run(ctx context.Context, s *store.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx) // want "two workers can claim the same job"
		if err != nil {
			continue
		}
		if err := s.UpdateStatus(ctx, job.ID, store.StatusRunning); err != nil {
			continue
		}
		if run(job.Payload) != nil {
			_ = s.UpdateStatus(ctx, job.ID, store.StatusFailed)
			continue
		}
		_ = s.UpdateStatus(ctx, job.ID, store.StatusDone)
	}
}

// RunLocked locks the row on the pool, which releases it at once.
func RunLocked(ctx context.Context, s *store.Store, run func([]byte) error) error {
	job, err := s.NextLocked(ctx) // want "NextLocked's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns"
	if err != nil {
		return err
	}
	if err := s.UpdateStatus(ctx, job.ID, store.StatusRunning); err != nil {
		return err
	}
	err = run(job.Payload)
	return s.UpdateStatus(ctx, job.ID, store.StatusDone)
}

// Cancel moves the job it found to an outcome: no job is taken to be
// worked on.
func Cancel(ctx context.Context, s *store.Store) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	return s.UpdateStatus(ctx, job.ID, store.StatusDone)
}

// CancelInLoop does the same on every turn of a loop: the next turn's call
// is no later step of this turn's job.
func CancelInLoop(ctx context.Context, s *store.Store) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx)
		if err != nil {
			return
		}
		_ = s.UpdateStatus(ctx, job.ID, store.StatusDone)
	}
}

// RunCAS takes the job with a compare-and-set whose outcome it checks:
// only one worker wins.
func RunCAS(ctx context.Context, s *store.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx)
		if err != nil {
			continue
		}
		if won, err := s.Transition(ctx, job.ID, store.StatusPending, store.StatusRunning); err != nil || !won {
			continue
		}
		_ = run(job.Payload)
		_ = s.UpdateStatus(ctx, job.ID, store.StatusDone)
	}
}

// RunInTx locks the row and takes it in one transaction.
func RunInTx(ctx context.Context, db *sql.DB, run func([]byte) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	job, err := store.NextPendingTx(ctx, tx)
	if err != nil {
		return err
	}
	if err := store.UpdateStatusTx(ctx, tx, job.ID, store.StatusRunning); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	_ = run(job.Payload)
	return nil
}
