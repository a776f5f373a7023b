package relay_nomarker_store // want package:"queues\\(public.outbox_events\\)"

// A store's methods for an outbox with no marker, as sqlc writes them: the
// relay lists the oldest events and, once it published them, deletes every
// event up to the last id it read.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Queries struct{ db *pgxpool.Pool }

type Event struct {
	ID      int64
	Payload []byte
}

func (q *Queries) AddEvent(ctx context.Context, payload []byte) error {
	_, err := q.db.Exec(ctx, `INSERT INTO outbox_events (payload) VALUES ($1)`, payload)
	return err
}

func (q *Queries) ListEvents(ctx context.Context, limit int32) (pgx.Rows, error) { // want ListEvents:"claims jobs"
	return q.db.Query(ctx, `SELECT id, payload FROM outbox_events ORDER BY id ASC LIMIT $1`, limit)
}

func (q *Queries) DeleteEventsUpTo(ctx context.Context, maxID int64) error { // want DeleteEventsUpTo:"completes jobs, writes outcomes"
	_, err := q.db.Exec(ctx, `DELETE FROM outbox_events WHERE id <= $1`, maxID)
	return err
}
