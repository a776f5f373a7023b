// An outbox the tool cannot read: its poll's table is chosen at run time,
// and its next event comes from a client of some other store. It is no
// in-memory store, and what it claims is unknown.
package relaydyn

import (
	"context"
	"database/sql"

	"relayworker"
)

// Store is a client of another store (a Redis, a Spanner).
type Store interface {
	Next(ctx context.Context) (relayworker.Event, error)
}

type Outbox struct {
	db    *sql.DB
	store Store
	table string
}

func New(db *sql.DB, store Store, table string) *Outbox {
	return &Outbox{db: db, store: store, table: table}
}

// Pending and MarkSent pass no context, but run SQL all the same.
func (o *Outbox) Pending(ctx context.Context, n int32) ([]relayworker.Event, error) {
	rows, err := o.db.Query("SELECT id, body FROM "+o.table+" WHERE sent_at IS NULL ORDER BY id LIMIT $1", n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []relayworker.Event
	for rows.Next() {
		var e relayworker.Event
		if err := rows.Scan(&e.ID, &e.Body); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (o *Outbox) Claim(ctx context.Context, n int32) ([]relayworker.Event, error) {
	return o.Pending(ctx, n)
}

// Next reads the other store, through its client.
func (o *Outbox) Next(ctx context.Context) (relayworker.Event, error) {
	return o.store.Next(ctx)
}

func (o *Outbox) MarkSent(ctx context.Context, id string) error {
	_, err := o.db.Exec("UPDATE "+o.table+" SET sent_at = now() WHERE id = $1", id)
	return err
}
