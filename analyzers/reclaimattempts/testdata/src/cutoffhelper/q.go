// The reclaim's cutoff is computed in Go, the clock minus a duration, and
// handed to a helper: updated_at < $1 with $1 = time.Now().UTC().Add(-limit)
// is updated_at < now() - interval. It counts the attempts it returns and
// nothing compares them with a limit.
package cutoffhelper

import (
	"context"
	"database/sql"
	"time"
)

type Relay struct {
	db         *sql.DB
	staleLimit time.Duration
}

func (r *Relay) Claim(ctx context.Context) (*sql.Rows, error) {
	return r.db.QueryContext(ctx, `UPDATE outbox SET status = 'claimed', updated_at = now()
		WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`)
}

func (r *Relay) RequeueStale(ctx context.Context) error {
	cutoff := time.Now().UTC().Add(-r.staleLimit)
	return requeue(ctx, r.db, cutoff)
}

func (r *Relay) RequeueDaysOld(ctx context.Context) error {
	return requeue(ctx, r.db, time.Now().AddDate(0, 0, -1))
}

func requeue(ctx context.Context, db *sql.DB, before time.Time) error {
	// want +1 `this reclaim returns jobs whose lease expired and counts their attempts, but never compares them with a limit`
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'pending', retries = retries + 1 WHERE status = 'claimed' AND updated_at < $1`, before)
	return err
}
