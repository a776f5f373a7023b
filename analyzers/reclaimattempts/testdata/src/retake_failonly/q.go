// The claim also retakes deliveries whose lease expired and counts an
// attempt, but its poll takes them whatever the count; the worker
// compares the count only when the send returned an error.
package retake_failonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxTries = 8

type Delivery struct {
	ID       int64
	Attempts int
}

const claimSQL = `UPDATE deliveries SET state = 'sending', attempts = attempts + 1, lease_until = now() + interval '2 minutes'
	WHERE id = (SELECT id FROM deliveries WHERE state = 'pending' OR (state = 'sending' AND lease_until < now())
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING id, attempts`

func claim(ctx context.Context, pool *pgxpool.Pool) (d Delivery, err error) {
	err = pool.QueryRow(ctx, claimSQL).Scan(&d.ID, &d.Attempts) // want `this claim also takes back jobs whose lease expired, and only the failure path compares attempts`
	return d, err
}

func Deliver(ctx context.Context, pool *pgxpool.Pool, send func(int64) error) error {
	d, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := send(d.ID); err != nil {
		state := "pending"
		if d.Attempts >= maxTries {
			state = "dead"
		}
		_, err = pool.Exec(ctx, `UPDATE deliveries SET state = $2, lease_until = NULL WHERE id = $1`, d.ID, state)
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE deliveries SET state = 'sent', lease_until = NULL WHERE id = $1`, d.ID)
	return err
}
