// The store's claim counts and returns the attempt; the runner, in the
// same package, passes the count to Fail when the handler returns an
// error, and Fail decides between a retry and the end there. The
// recovery puts back running jobs whose lock expired with no limit: a
// job that kills the process never reaches Fail.
package failgoonly

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

type Job struct {
	ID                    int64
	Attempts, MaxAttempts int
}

func (s *Store) Claim(ctx context.Context) (*Job, error) {
	j := &Job{}
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY run_after LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts, max_attempts`).Scan(&j.ID, &j.Attempts, &j.MaxAttempts)
	return j, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'completed', locked_until = NULL WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64, attempts, maxAttempts int, msg string) error {
	if attempts >= maxAttempts {
		_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = $2 WHERE id = $1`, id, msg)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'pending', locked_until = NULL, last_error = $2, run_after = $3 WHERE id = $1`,
		id, msg, time.Now().Add(delay(attempts)))
	return err
}

// delay is called only from Fail: its comparisons stop no reclaim.
func delay(attempts int) time.Duration {
	if attempts > 10 {
		attempts = 10
	}
	return time.Duration(attempts) * time.Minute
}

func (s *Store) Recover(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'pending', locked_until = NULL WHERE status = 'running' AND locked_until < now()`) // want `this reclaim puts back jobs whose lease expired, and only the failure path compares attempts`
	return err
}

type Runner struct {
	store *Store
	run   func(context.Context, *Job) error
}

func (r *Runner) Tick(ctx context.Context) {
	j, err := r.store.Claim(ctx)
	if err != nil {
		return
	}
	if err := r.run(ctx, j); err != nil {
		_ = r.store.Fail(ctx, j.ID, j.Attempts, j.MaxAttempts, err.Error())
		return
	}
	_ = r.store.Complete(ctx, j.ID)
}
