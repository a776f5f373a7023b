// A store whose poll and take are two methods; the worker, in another
// package, calls one after the other. Each runs on the pool.
package splitstore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

type Job struct {
	ID      int64
	Payload []byte
}

func (s *Store) Enqueue(ctx context.Context, payload []byte) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (status, payload) VALUES ('queued', $1)`, payload)
	return err
}

func (s *Store) Next(ctx context.Context) (Job, error) {
	var j Job
	err := s.pool.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (s *Store) MarkRunning(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'running', started_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) MarkDone(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// TryMarkRunning takes the job only if it is still queued: a
// compare-and-set, whose caller sees whether it won.
func (s *Store) TryMarkRunning(ctx context.Context, id int64) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'running', started_at = now() WHERE id = $1 AND status = 'queued'`, id)
	return tag.RowsAffected() == 1, err
}

// TxNext and TxMarkRunning run on the transaction their caller gives them.
func TxNext(ctx context.Context, tx pgx.Tx) (Job, error) {
	var j Job
	err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&j.ID, &j.Payload)
	return j, err
}

func TxMarkRunning(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running', started_at = now() WHERE id = $1`, id)
	return err
}
