// The poll leaves out the rows that failed five times: the skip in Go
// only repeats it.
package ok_limitskippolled

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type event struct {
	ID         int64
	Topic      string
	Payload    []byte
	RetryCount int
}

type Relay struct {
	pool *pgxpool.Pool
	pub  Publisher
}

const maxRetries = 5

func Add(ctx context.Context, tx pgx.Tx, topic string, payload []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

func (r *Relay) Tick(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, payload, retry_count FROM outbox WHERE processed = false AND retry_count < 5 ORDER BY created_at LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var events []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.ID, &e.Topic, &e.Payload, &e.RetryCount); err != nil {
			rows.Close()
			return err
		}
		events = append(events, e)
	}
	rows.Close()
	for _, e := range events {
		if e.RetryCount >= maxRetries {
			continue
		}
		if err := r.pub.Publish(ctx, e.Topic, e.Payload); err != nil {
			log.Printf("publish %d: %v", e.ID, err)
			if _, err := tx.Exec(ctx, `UPDATE outbox SET retry_count = retry_count + 1 WHERE id = $1`, e.ID); err != nil {
				log.Printf("count %d: %v", e.ID, err)
			}
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE outbox SET processed = true, processed_at = now() WHERE id = $1`, e.ID); err != nil {
			log.Printf("mark %d: %v", e.ID, err)
		}
	}
	return tx.Commit(ctx)
}
