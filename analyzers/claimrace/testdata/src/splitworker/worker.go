// The worker of splitstore: it reads the next job, then marks it running,
// two statements that each commit on their own.
package splitworker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"splitstore"
)

func Run(ctx context.Context, s *splitstore.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.Next(ctx) // want "two workers can claim the same job"
		if err != nil {
			continue
		}
		if err := s.MarkRunning(ctx, job.ID); err != nil {
			continue
		}
		if run(job.Payload) == nil {
			_ = s.MarkDone(ctx, job.ID)
		}
	}
}

// RunCAS takes the job with a compare-and-set: only one worker wins.
func RunCAS(ctx context.Context, s *splitstore.Store, run func([]byte) error) {
	for ctx.Err() == nil {
		job, err := s.Next(ctx)
		if err != nil {
			continue
		}
		if won, err := s.TryMarkRunning(ctx, job.ID); err != nil || !won {
			continue
		}
		_ = run(job.Payload)
	}
}

// RunSerialised takes an advisory lock around the two steps: the tool
// leaves such locks to the caller.
func RunSerialised(ctx context.Context, pool *pgxpool.Pool, s *splitstore.Store) error {
	if _, err := pool.Exec(ctx, `SELECT pg_advisory_lock(42)`); err != nil {
		return err
	}
	defer pool.Exec(ctx, `SELECT pg_advisory_unlock(42)`)
	job, err := s.Next(ctx)
	if err != nil {
		return err
	}
	return s.MarkRunning(ctx, job.ID)
}

// RunInTx runs both halves on a transaction it gives them: the halves'
// receiver is the caller's, which this check does not follow.
func RunInTx(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	job, err := splitstore.TxNext(ctx, tx)
	if err != nil {
		return err
	}
	if err := splitstore.TxMarkRunning(ctx, tx, job.ID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// RunLogged uses the job before it takes it: the tool joins a poll and a
// take only when the take comes first (a listing acted on row by row is
// not a claim), and stays silent here.
func RunLogged(ctx context.Context, s *splitstore.Store) error {
	job, err := s.Next(ctx)
	if err != nil {
		return err
	}
	println("taking", job.ID)
	return s.MarkRunning(ctx, job.ID)
}

// Finish moves the job it found to an outcome, not to the state claims
// move jobs to: not a take.
func Finish(ctx context.Context, s *splitstore.Store) error {
	job, err := s.Next(ctx)
	if err != nil {
		return err
	}
	return s.MarkDone(ctx, job.ID)
}

// RunGiven takes a job its caller names, not the one the poll found.
func RunGiven(ctx context.Context, s *splitstore.Store, id int64) error {
	if _, err := s.Next(ctx); err != nil {
		return err
	}
	return s.MarkRunning(ctx, id)
}
