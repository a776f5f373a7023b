package nullmarker_outbox // want package:"queues\\(public.outbox\\)"

// An outbox whose rows wait while processed_at IS NULL: the relay stamps
// locked_at on a batch it takes, processed_at once a message is out (or
// failed_at when it cannot be), and a reaper clears locked_at that is too old for a relay still alive.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Outbox struct{ pool *pgxpool.Pool }

func (o *Outbox) Add(ctx context.Context, topic string, payload []byte) error {
	_, err := o.pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

func (o *Outbox) Take(ctx context.Context) ([]int64, error) { // want Take:"claims jobs"
	rows, err := o.pool.Query(ctx, `UPDATE outbox SET locked_at = now()
		WHERE id IN (SELECT id FROM outbox WHERE processed_at IS NULL AND failed_at IS NULL AND locked_at IS NULL
		             ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
		RETURNING id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// MarkProcessed also clears the record of an earlier failure (a message
// an operator sent again).
func (o *Outbox) MarkProcessed(ctx context.Context, id int64) error { // want MarkProcessed:"completes jobs"
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET processed_at = now(), failed_at = NULL, last_error = NULL WHERE id = $1`, id)
	return err
}

func (o *Outbox) MarkFailed(ctx context.Context, id int64, msg string) error { // want MarkFailed:"fails jobs, writes outcomes"
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET failed_at = now(), last_error = $2 WHERE id = $1`, id, msg)
	return err
}

// Resend puts a failed message back for the relay.
func (o *Outbox) Resend(ctx context.Context, id int64) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET failed_at = NULL, last_error = NULL WHERE id = $1`, id)
	return err
}

func (o *Outbox) Reap(ctx context.Context) error {
	_, err := o.pool.Exec(ctx, `UPDATE outbox SET locked_at = NULL
		WHERE processed_at IS NULL AND failed_at IS NULL AND locked_at < now() - interval '10 minutes'`)
	return err
}
