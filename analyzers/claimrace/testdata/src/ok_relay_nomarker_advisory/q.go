package ok_relay_nomarker_advisory

// The store's relay runs only while its process holds an advisory lock:
// one relay at a time.

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

func (q *Queries) TryLead(ctx context.Context, conn *pgxpool.Conn) (bool, error) {
	var ok bool
	err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&ok)
	return ok, err
}

func (q *Queries) ListEvents(ctx context.Context, limit int32) (pgx.Rows, error) {
	return q.db.Query(ctx, `SELECT id, payload FROM outbox_events ORDER BY id ASC LIMIT $1`, limit)
}

func (q *Queries) DeleteEventsUpTo(ctx context.Context, maxID int64) error {
	_, err := q.db.Exec(ctx, `DELETE FROM outbox_events WHERE id <= $1`, maxID)
	return err
}
