// The relay takes its batch by deleting it, in the transaction that
// publishes it: DELETE ... RETURNING over rows locked with SKIP LOCKED.
package ok_relay_delete

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (payload) VALUES ($1)`, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED) RETURNING payload`)
	if err != nil {
		return err
	}
	var payloads [][]byte
	for rows.Next() {
		var p []byte
		if err := rows.Scan(&p); err != nil {
			return err
		}
		payloads = append(payloads, p)
	}
	rows.Close()
	for _, p := range payloads {
		if err := pub.Publish(ctx, p); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
