package stuckscancte // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Enqueue creates jobs 'available' in a CTE: the INSERT is not the
// statement's top, and gives the state all the same.
func Enqueue(ctx context.Context, tx pgx.Tx, payload []byte) error {
	_, err := tx.Exec(ctx, `WITH ins AS (INSERT INTO jobs (payload, state) VALUES ($1, 'available') RETURNING id)
		SELECT id FROM ins`, payload)
	return err
}

func Fetch(ctx context.Context, tx pgx.Tx) error { // want Fetch:"claims jobs"
	_, err := tx.Exec(ctx, `UPDATE jobs SET state = 'running', attempted_at = now()
		WHERE id IN (SELECT id FROM jobs WHERE state = 'available' ORDER BY run_at LIMIT 10 FOR UPDATE SKIP LOCKED)`)
	return err
}

func Stuck(ctx context.Context, tx pgx.Tx) error {
	// A rescuer's scan of 'running' jobs has a poll's shape, but picks no runnable work.
	_, err := tx.Exec(ctx, `SELECT id FROM jobs WHERE state = 'running' ORDER BY attempted_at LIMIT 100`)
	return err
}
