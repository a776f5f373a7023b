// An outbox relay that marks each event published in the transaction that
// holds the batch, right after its publish. When a later event's publish
// fails, the function returns and the deferred rollback undoes the batch,
// the earlier marks with it: the failing event is first again at the next
// poll, with no attempt counted, for ever.
package rbmarkeach

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Event struct {
	ID    int64
	Topic string
	Body  []byte
}

type Broker interface {
	Send(ctx context.Context, topic string, body []byte) error
}

func send(ctx context.Context, b Broker, ev Event) error {
	var err error
	for try := 0; try < 3; try++ {
		if err = b.Send(ctx, ev.Topic, ev.Body); err == nil {
			return nil
		}
	}
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, b Broker, limit int) (int, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	rows, err := tx.Query(ctx, `SELECT id, topic, body FROM events_outbox WHERE published_at IS NULL ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return 0, err
	}
	var evs []Event
	for rows.Next() {
		var ev Event
		if err := rows.Scan(&ev.ID, &ev.Topic, &ev.Body); err != nil {
			rows.Close()
			return 0, err
		}
		evs = append(evs, ev)
	}
	rows.Close()
	for _, ev := range evs {
		if err := send(ctx, b, ev); err != nil {
			return 0, fmt.Errorf("publish %d: %w", ev.ID, err) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		if _, err := tx.Exec(ctx, `UPDATE events_outbox SET published_at = now() WHERE id = $1`, ev.ID); err != nil {
			return 0, err
		}
	}
	return len(evs), tx.Commit(ctx)
}
