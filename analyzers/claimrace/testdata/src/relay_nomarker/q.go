package relay_nomarker

// An outbox with no marker, read and deleted by a store's methods: two
// relay replicas list the same oldest events and both publish them before
// either deletes.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Queries struct{ db *pgxpool.Pool }

func (q *Queries) AddEvent(ctx context.Context, payload []byte) error {
	_, err := q.db.Exec(ctx, `INSERT INTO outbox_events (payload) VALUES ($1)`, payload)
	return err
}

func (q *Queries) ListEvents(ctx context.Context, limit int32) (pgx.Rows, error) {
	return q.db.Query(ctx, `SELECT id, payload FROM outbox_events ORDER BY id ASC LIMIT $1`, limit) // want `two relays read the same unmarked rows`
}

func (q *Queries) DeleteEventsUpTo(ctx context.Context, maxID int64) error {
	_, err := q.db.Exec(ctx, `DELETE FROM outbox_events WHERE id <= $1`, maxID)
	return err
}
