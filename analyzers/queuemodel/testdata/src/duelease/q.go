package duelease // want package:"queues\\(public.deliveries\\)"

// A webhook worker locks the next due delivery and, in the same
// transaction, counts the attempt and pushes its due time ahead: a lease
// by due time, which the poll takes back once it expires. A failure
// pushes the due time again and keeps the error: a retry.

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func deliverNext(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error { // want deliverNext:"claims jobs, completes jobs, fails jobs, runs parameter 2"
	var (
		id      int64
		url     string
		payload []byte
	)
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT id, url, payload FROM deliveries
			WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &url, &payload)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1, next_retry_at = now() + interval '5 minutes' WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return err
	}
	if sendErr := send(url, payload); sendErr != nil {
		_, err = pool.Exec(ctx, `UPDATE deliveries SET next_retry_at = $2, last_error = $3 WHERE id = $1`, id, time.Now().Add(time.Minute), sendErr.Error())
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, id)
	return err
}

// The same worker holding the row's lock while it sends: a failure
// counts the attempt and pushes the due time, after the work, in the
// poll's function: a retry.
func deliverInTx(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error { // want deliverInTx:"claims jobs, fails jobs, runs parameter 2"
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		err := tx.QueryRow(ctx, `SELECT id, payload FROM deliveries
			WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &payload)
		if err != nil {
			return err
		}
		if send("", payload) != nil {
			if _, err := tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1, next_retry_at = now() + interval '1 minute' WHERE id = $1`, id); err != nil {
				log.Printf("count attempt of %d: %v", id, err)
			}
			return nil
		}
		_, err = tx.Exec(ctx, `DELETE FROM deliveries WHERE id = $1`, id)
		return err
	})
}

// A store whose lock and lease are two functions: the lease is not seen
// to run before the work, nor after it, and is left unread.
func lockDue(ctx context.Context, tx pgx.Tx) (int64, error) { // want lockDue:"claims jobs"
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM deliveries WHERE status = 'pending' AND next_retry_at <= now()
		ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id)
	return id, err
}

func leaseDue(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1, next_retry_at = now() + interval '5 minutes' WHERE id = $1`, id)
	return err
}

// A failed delivery given a new time by an operator: no retry of a job
// the poll takes.
func rescheduleFailed(ctx context.Context, pool *pgxpool.Pool, id int64, reason string) error {
	_, err := pool.Exec(ctx, `UPDATE deliveries SET next_retry_at = now() + interval '1 hour', last_error = $2 WHERE id = $1 AND status = 'failed'`, id, reason)
	return err
}

// A claim that sets the due time to the clock takes nothing: the row is
// due at once.
func deliverNow(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error { // want deliverNow:"claims jobs, completes jobs, runs parameter 2"
	var id int64
	var payload []byte
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT id, payload FROM deliveries
			WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &payload)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1, next_retry_at = now() WHERE id = $1`, id)
		return err
	})
	if err != nil {
		return err
	}
	if err := send("", payload); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, id)
	return err
}

// An unlocked read then a push of the due time: a two-step take the
// lease reading leaves to the claims it already knows.
func deliverUnlocked(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error { // want deliverUnlocked:"claims jobs, completes jobs, runs parameter 2"
	var id int64
	var payload []byte
	if err := pool.QueryRow(ctx, `SELECT id, payload FROM deliveries WHERE status = 'pending' AND next_retry_at <= now()
		ORDER BY next_retry_at LIMIT 1`).Scan(&id, &payload); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1, next_retry_at = now() + interval '5 minutes' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := send("", payload); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, id)
	return err
}
