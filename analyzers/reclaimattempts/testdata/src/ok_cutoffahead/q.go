// Times bound from Go that are not a cutoff behind the clock: a time ahead
// of it (the clock plus a ttl), one moved by an offset of unknown sign, and
// one a caller elsewhere passes. Compared with a column, none finds the
// rows whose lease expired: none of these UPDATEs is read as a reclaim.
package ok_cutoffahead

import (
	"context"
	"database/sql"
	"time"
)

type Relay struct {
	db     *sql.DB
	ttl    time.Duration
	offset time.Duration
}

func (r *Relay) Claim(ctx context.Context) (*sql.Rows, error) {
	return r.db.QueryContext(ctx, `UPDATE outbox SET status = 'claimed', lease_until = now() + interval '1 minute'
		WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`)
}

const release = `UPDATE outbox SET status = 'pending', retries = retries + 1 WHERE status = 'claimed' AND lease_until < $1`

func (r *Relay) ReleaseEnding(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, release, time.Now().Add(r.ttl))
	return err
}

func (r *Relay) ReleaseShifted(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, release, time.Now().UTC().Add(r.offset))
	return err
}

func (r *Relay) ReleaseAhead(ctx context.Context) error {
	_, err := r.db.ExecContext(ctx, release, time.Now().Add(5*time.Minute))
	return err
}

// ReleaseBefore is given its time by callers the package cannot see.
func (r *Relay) ReleaseBefore(ctx context.Context, t time.Time) error {
	_, err := r.db.ExecContext(ctx, `UPDATE outbox SET status = 'pending', retries = retries + 1 WHERE status = 'claimed' AND lease_until < $1`, t)
	return err
}

// RequeueOlder is called here with a cutoff, and may be called elsewhere
// with any time: what its parameter holds is not known.
func (r *Relay) RequeueOlder(ctx context.Context, before time.Time) error {
	_, err := r.db.ExecContext(ctx, `UPDATE outbox SET status = 'pending', retries = retries + 1 WHERE status = 'claimed' AND lease_until < $1`, before)
	return err
}

func (r *Relay) RequeueHourOld(ctx context.Context) error {
	return r.RequeueOlder(ctx, time.Now().Add(-time.Hour))
}
