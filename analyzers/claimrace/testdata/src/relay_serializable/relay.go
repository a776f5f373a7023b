// The relay reads and marks in one SERIALIZABLE transaction: of two relays
// that read the same rows, the second to mark them fails with 40001 and
// rolls back, but only after it has published them.
package relay_serializable

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (payload, sent) VALUES ($1, false)`, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, payload FROM outbox WHERE sent = false ORDER BY id LIMIT 100`) // want "two relays read the same unmarked rows"
	if err != nil {
		return err
	}
	type msg struct {
		id      int64
		payload []byte
	}
	var msgs []msg
	for rows.Next() {
		var m msg
		if err := rows.Scan(&m.id, &m.payload); err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	rows.Close()
	for _, m := range msgs {
		if err := pub.Publish(ctx, m.payload); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE outbox SET sent = true WHERE id = $1`, m.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
