// Package bktx is a job store whose outcome writes report their error in
// the ways pgx code does: through the Scan of an UPDATE ... RETURNING, and
// through the Commit of a transaction the method begins (and rolls back
// in a deferred call). Its facts say which methods pass a completion's
// error on.
package bktx

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

// DoneReturning's error is the completion's, read by the Scan.
func (s *Store) DoneReturning(ctx context.Context, id int64) error {
	var n int64
	return s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 RETURNING id`, id).Scan(&n)
}

// DoneTx completes the job in a transaction that also records an event:
// the completion holds only if the Commit succeeds, and its error is the
// one returned.
func (s *Store) DoneTx(ctx context.Context, id int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO job_events (job_id, kind) VALUES ($1, 'done')`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// DoneTxCommit logs a failed write, and returns the Commit's error as it
// is: the completion's error reaches its caller only through the Commit.
func (s *Store) DoneTxCommit(ctx context.Context, id int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		log.Printf("job %d: done: %v", id, err)
		return err
	}
	return tx.Commit(ctx)
}

// DoneTxLogged logs a failed write or Commit before it returns it.
func (s *Store) DoneTxLogged(ctx context.Context, id int64) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		log.Printf("job %d: done: %v", id, err)
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		log.Printf("job %d: commit: %v", id, err)
		return err
	}
	return nil
}

// FailTx records a failure in a transaction: its Commit carries no
// completion.
func (s *Store) FailTx(ctx context.Context, id int64, msg string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'failed', last_error = $2 WHERE id = $1`, id, msg); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
