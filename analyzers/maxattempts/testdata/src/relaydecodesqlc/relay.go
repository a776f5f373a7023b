// An outbox relay over sqlc-style queries of its own package: the event
// whose payload does not decode is left pending and read again first by
// every poll.
package relaydecodesqlc

import (
	"context"
	"encoding/json"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

type Queries struct{ db DBTX }

type OutboxEvent struct {
	ID      int64
	Payload []byte
}

const insertEvent = `INSERT INTO outbox_events (payload, status) VALUES ($1, 'pending')`

func (q *Queries) InsertEvent(ctx context.Context, payload []byte) error {
	_, err := q.db.Exec(ctx, insertEvent, payload)
	return err
}

const pendingEvents = `SELECT id, payload FROM outbox_events WHERE status = 'pending' ORDER BY created_at LIMIT $1`

func (q *Queries) PendingEvents(ctx context.Context, limit int32) ([]OutboxEvent, error) {
	rows, err := q.db.Query(ctx, pendingEvents, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []OutboxEvent
	for rows.Next() {
		var i OutboxEvent
		if err := rows.Scan(&i.ID, &i.Payload); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markPublished = `UPDATE outbox_events SET status = 'published' WHERE id = $1`

func (q *Queries) MarkPublished(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, markPublished, id)
	return err
}

type UserCreated struct {
	UserID string `json:"user_id"`
}

type Bus interface {
	PublishUserCreated(ctx context.Context, e UserCreated) error
}

func RelayOnce(ctx context.Context, q *Queries, bus Bus) error {
	events, err := q.PendingEvents(ctx, 50)
	if err != nil {
		return err
	}
	for _, ev := range events {
		var uc UserCreated
		if err := json.Unmarshal(ev.Payload, &uc); err != nil { // want `a row that keeps failing is taken again by every poll`
			log.Printf("event %d: %v", ev.ID, err)
			continue
		}
		if err := bus.PublishUserCreated(ctx, uc); err != nil {
			return err
		}
		if err := q.MarkPublished(ctx, ev.ID); err != nil {
			return err
		}
	}
	return nil
}
