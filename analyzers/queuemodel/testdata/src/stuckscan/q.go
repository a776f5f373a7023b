package stuckscan // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Fetch(ctx context.Context, tx pgx.Tx) error { // want Fetch:"claims jobs"
	// The poll: jobs are created 'available' (the column's DEFAULT).
	_, err := tx.Exec(ctx, `UPDATE jobs SET state = 'running', attempted_at = now()
		WHERE id IN (SELECT id FROM jobs WHERE state = 'available' ORDER BY run_at LIMIT 10 FOR UPDATE SKIP LOCKED)`)
	return err
}

func Stuck(ctx context.Context, tx pgx.Tx) error {
	// A rescuer's scan of 'running' jobs has a poll's shape, but picks no runnable work.
	_, err := tx.Exec(ctx, `SELECT id FROM jobs WHERE state = 'running' AND attempted_at < now() - interval '1 hour' ORDER BY id LIMIT 100`)
	return err
}
