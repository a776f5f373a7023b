package countsplit // want package:"queues\\(public.deliveries\\)"

// Package countsplit records what happens to a delivery another package
// claims: the attempt it counts as the claim takes the row is no retry,
// since this package sees neither the poll nor the claim.

import (
	"context"
	"database/sql"

	_ "countsplit/claim"
)

func CountAttempt(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1`, id)
	return err
}

func Delivered(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE deliveries SET status = 'delivered' WHERE id = $1`, id)
	return err
}
