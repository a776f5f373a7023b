// The repository wraps the Queries it makes itself on a *sql.DB: each of
// its methods runs on the pool. It implements the relay's interface, which
// the relay's package cannot see.
package relayrepo

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"relaydb"
	"relayworker"
)

// Event is the relay's.
type Event = relayworker.Event

type Repo struct{ q *relaydb.Queries }

func Open(dsn string) (*Repo, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	return &Repo{q: relaydb.New(db)}, nil
}

func (r *Repo) Pending(ctx context.Context, n int32) ([]Event, error) {
	rows, err := r.q.FetchPending(ctx, n)
	if err != nil {
		return nil, fmt.Errorf("fetch pending: %w", err)
	}
	out := make([]Event, 0, len(rows))
	for _, row := range rows {
		out = append(out, Event{ID: strconv.FormatInt(row.ID, 10), Body: row.Payload})
	}
	return out, nil
}

func (r *Repo) Next(ctx context.Context) (Event, error) {
	row, err := r.q.NextPending(ctx)
	return Event{ID: strconv.FormatInt(row.ID, 10), Body: row.Payload}, err
}

// Claim takes the events it returns in one statement.
func (r *Repo) Claim(ctx context.Context, n int32) ([]Event, error) {
	rows, err := r.q.ClaimPending(ctx, n)
	if err != nil {
		return nil, err
	}
	out := make([]Event, 0, len(rows))
	for _, row := range rows {
		out = append(out, Event{ID: strconv.FormatInt(row.ID, 10), Body: row.Payload})
	}
	return out, nil
}

func (r *Repo) MarkSent(ctx context.Context, id string) error {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return err
	}
	return r.q.MarkSent(ctx, n)
}

func (r *Repo) Add(ctx context.Context, topic string, body []byte) error {
	return r.q.InsertEvent(ctx, topic, body)
}
