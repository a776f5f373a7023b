package duecountclaim // want package:"queues\\(public.deliveries\\)"

// A webhook worker locks the next due delivery, counts the attempt and
// commits, then sends: the claim moves no column the poll reads. On
// failure it pushes the due time and keeps the error, a retry; past the
// limit it fails the delivery.

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func deliverNext(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) (bool, error) { // want deliverNext:"claims jobs, completes jobs, fails jobs, runs parameter 2"
	var (
		id       int64
		url      string
		payload  []byte
		attempts int
	)
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT id, url, payload, attempts FROM deliveries
			WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &url, &payload, &attempts)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1`, id)
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	sendErr := send(url, payload)
	switch {
	case sendErr == nil:
		_, err = pool.Exec(ctx, `UPDATE deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, id)
	case attempts+1 >= maxAttempts:
		_, err = pool.Exec(ctx, `UPDATE deliveries SET status = 'failed', last_error = $2 WHERE id = $1`, id, sendErr.Error())
	default:
		_, err = pool.Exec(ctx, `UPDATE deliveries SET next_retry_at = now() + $3::interval, last_error = $2 WHERE id = $1`, id, sendErr.Error(), fmt.Sprintf("%d seconds", 30*(attempts+1)))
	}
	return true, err
}
