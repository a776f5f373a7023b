// An outbox with no state column: markers say where a row is. The claim
// stamps claimed_at and counts the attempt; a failure gives the row back
// with a backoff, or stamps dead_at once the attempts run out; every poll
// skips rows with dead_at set. The admin's requeue takes back only a row
// whose dead_at is set, which no worker holds and no poll picks: a dead
// letter redriven by hand, whose count starts again.
package ok_redrivemarker

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 8

type Outbox struct{ pool *pgxpool.Pool }

func (o *Outbox) claim(ctx context.Context) (id int64, attempts int, err error) {
	err = o.pool.QueryRow(ctx, `WITH next AS (
			SELECT id FROM outbox
			WHERE sent_at IS NULL AND dead_at IS NULL AND claimed_at IS NULL AND due_at <= now()
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		UPDATE outbox o SET claimed_at = now(), attempts = attempts + 1
		FROM next WHERE o.id = next.id
		RETURNING o.id, o.attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (o *Outbox) sent(ctx context.Context, id int64) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET sent_at = now(), claimed_at = NULL WHERE id = $1 AND sent_at IS NULL`, id)
	return err
}

func (o *Outbox) failed(ctx context.Context, id int64, attempts int, backoff time.Duration) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox
		SET claimed_at = NULL,
			dead_at = CASE WHEN $2 >= $3 THEN now() ELSE NULL END,
			due_at = now() + make_interval(secs => $4)
		WHERE id = $1 AND sent_at IS NULL`, id, attempts, maxAttempts, backoff.Seconds())
	return err
}

// Work sends one message, if one is due.
func (o *Outbox) Work(ctx context.Context, send func(context.Context, int64) error) error {
	id, attempts, err := o.claim(ctx)
	if err != nil {
		return err
	}
	if err := send(ctx, id); err != nil {
		return o.failed(ctx, id, attempts, time.Duration(attempts)*time.Minute)
	}
	return o.sent(ctx, id)
}

func (o *Outbox) ReleaseStale(ctx context.Context, before time.Time) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET claimed_at = NULL
		WHERE sent_at IS NULL AND dead_at IS NULL AND claimed_at < $1`, before)
	return err
}

// Redrive is the admin console's "send again" on a dead letter.
func (o *Outbox) Redrive(ctx context.Context, id int64) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox
		SET claimed_at = NULL, dead_at = NULL, attempts = 0, due_at = now()
		WHERE id = $1 AND sent_at IS NULL AND dead_at IS NOT NULL`, id)
	return err
}
