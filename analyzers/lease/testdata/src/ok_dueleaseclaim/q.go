package ok_dueleaseclaim

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

func deliverNext(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error {
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
func deliverInTx(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error {
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

// The lease computed from the old due time: the tool cannot tell it is
// ahead of the clock, and the write changes a column the poll reads.
func deliverShifted(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error {
	var id int64
	var payload []byte
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT id, payload FROM deliveries
			WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &payload)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1, next_retry_at = next_retry_at + interval '5 minutes' WHERE id = $1`, id)
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

// The attempt counted before the work, the row's lock held through it:
// the delivery is recorded by a helper on the same transaction.
func deliverCountedInTx(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		err := tx.QueryRow(ctx, `SELECT id, payload FROM deliveries
			WHERE status = 'pending' AND next_retry_at <= now()
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &payload)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1`, id); err != nil {
			return err
		}
		if err := send("", payload); err != nil {
			return err
		}
		return markDelivered(ctx, tx, id)
	})
}

func markDelivered(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, id)
	return err
}

// A poll that skips the rows a lease table holds: the claim takes the job
// by writing its lease there.
func deliverLeased(ctx context.Context, pool *pgxpool.Pool, send func(string, []byte) error) error {
	var id int64
	var payload []byte
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT id, payload FROM deliveries
			WHERE status = 'pending' AND id NOT IN (SELECT delivery_id FROM delivery_leases)
			ORDER BY next_retry_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &payload)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE deliveries SET attempts = attempts + 1 WHERE id = $1`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO delivery_leases (delivery_id, until) VALUES ($1, now() + interval '5 minutes')`, id)
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
