// The worker takes the job to running, works it, then moves it to an
// outcome. Nothing in the module puts a running job back.
package worker

import (
	"context"
	"database/sql"

	"example.com/callerstate/store"
)

func Run(ctx context.Context, s *store.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.NextPending(ctx)
		if err != nil {
			continue
		}
		// want +1 `this call claims the job NextPending found: UpdateStatus's UPDATE moves it to 'running', and nothing in the module takes 'running' jobs back`
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

// Cancel moves the job it found straight to an outcome: no claim.
func Cancel(ctx context.Context, s *store.Store) error {
	job, err := s.NextPending(ctx)
	if err != nil {
		return err
	}
	return s.UpdateStatus(ctx, job.ID, store.StatusDone)
}

// RunInTx takes the job and works it in one transaction: a crash rolls
// the take back.
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
	if err := run(job.Payload); err != nil {
		return err
	}
	if err := store.UpdateStatusTx(ctx, tx, job.ID, store.StatusDone); err != nil {
		return err
	}
	return tx.Commit()
}
