// A relay that holds the store's Queries itself, made on a *sql.DB.
package relaydirect

import (
	"context"
	"database/sql"

	"relaydb"
)

type Relay struct {
	q       *relaydb.Queries
	publish func(relaydb.Event) error
}

func Open(dsn string, publish func(relaydb.Event) error) (*Relay, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	return &Relay{q: relaydb.New(db), publish: publish}, nil
}

func (r *Relay) Flush(ctx context.Context) {
	events, err := r.q.FetchPending(ctx, 100) // want "FetchPending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns"
	if err != nil {
		return
	}
	for _, e := range events {
		if r.publish(e) == nil {
			_ = r.q.MarkSent(ctx, e.ID)
		}
	}
}
