// An outbox relay whose poll names the states it skips, through
// COALESCE, and reads every row at once: a row marked 'failed' (or never
// marked) is read again. One UPDATE marks both outcomes, told apart only
// by the value in the wrapper.
package relay_wrapped

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, topic string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

type event struct {
	id      int64
	topic   string
	payload []byte
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	rows, err := pool.Query(ctx, `SELECT id, topic, payload FROM outbox WHERE COALESCE(status, '') NOT IN ('pending', 'processed')`) // want `two relays read the same unmarked rows`
	if err != nil {
		return err
	}
	var events []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.id, &e.topic, &e.payload); err != nil {
			rows.Close()
			return err
		}
		events = append(events, e)
	}
	rows.Close()
	for _, e := range events {
		status := "processed"
		if err := pub.Publish(ctx, e.topic, e.payload); err != nil {
			status = "failed"
		}
		if _, err := pool.Exec(ctx, `UPDATE outbox SET status = $2 WHERE id = $1`, e.id, pgtype.Text{String: status, Valid: true}); err != nil {
			return err
		}
	}
	return nil
}
