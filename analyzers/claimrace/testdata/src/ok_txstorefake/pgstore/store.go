package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID      int64
	Payload []byte
}

type Store struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

type Tx struct{ tx pgx.Tx }

func (s *Store) RunInTx(ctx context.Context, fn func(tx *Tx) error) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(&Tx{tx: tx}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (t *Tx) NextDue(ctx context.Context) (Job, error) {
	var j Job
	err := t.tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' AND run_at <= now()
		ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (t *Tx) MarkRunning(ctx context.Context, id int64) error {
	_, err := t.tx.Exec(ctx, `UPDATE jobs SET status = 'running', started_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) MarkDone(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
