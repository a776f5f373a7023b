package queue_markoutside // want package:"queues\\(public.outbox\\)"

// The relay of relay_markinlock, but its published_at mark is written on
// the pool, outside the transaction that locked the rows: the mark is
// not covered by the poll's lock, and is judged as a claim step as
// before.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Event struct {
	ID      int64
	Topic   string
	Payload []byte
}

func Add(ctx context.Context, tx pgx.Tx, topic string, payload []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, limit int, publish func(Event) error) (int, error) { // want Relay:"claims jobs, runs parameter 3"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return 0, err
	}
	var batch []Event
	for rows.Next() {
		var e Event
		if err := scanEvent(rows, &e); err != nil {
			rows.Close()
			return 0, err
		}
		batch = append(batch, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	var sent []int64
	for i := range batch {
		if publish(batch[i]) != nil {
			continue
		}
		sent = append(sent, batch[i].ID)
	}
	if len(sent) > 0 {
		if _, err := pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, sent); err != nil {
			return 0, err
		}
	}
	return len(sent), tx.Commit(ctx)
}

func scanEvent(rows pgx.Rows, e *Event) error {
	return rows.Scan(&e.ID, &e.Topic, &e.Payload)
}
