package relay_nomarker_func // want package:"queues\\(public.outbox\\)"

// An outbox with no marker: the relay reads the oldest rows, publishes
// each, then deletes what it published. A row's presence is its state.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, tx pgx.Tx, topic string, body []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO outbox (topic, body) VALUES ($1, $2)`, topic, body)
	return err
}

func Flush(ctx context.Context, pool *pgxpool.Pool, publish func(string, []byte) error) error { // want Flush:"claims jobs"
	rows, err := pool.Query(ctx, `SELECT id, topic, body FROM outbox ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		var topic string
		var body []byte
		if err := rows.Scan(&id, &topic, &body); err != nil {
			rows.Close()
			return err
		}
		if err := publish(topic, body); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	_, err = pool.Exec(ctx, `DELETE FROM outbox WHERE id = ANY($1)`, ids)
	return err
}
