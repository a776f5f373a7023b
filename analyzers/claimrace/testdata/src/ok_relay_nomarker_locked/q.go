package ok_relay_nomarker_locked

// The same outbox, its oldest rows read FOR UPDATE in the transaction that
// publishes and deletes them: a second relay waits for the first to commit
// and then no longer finds the rows.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, tx pgx.Tx, payload []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO outbox_events (payload) VALUES ($1)`, payload)
	return err
}

func Flush(ctx context.Context, pool *pgxpool.Pool, publish func([]byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, payload FROM outbox_events ORDER BY id LIMIT 100 FOR UPDATE`)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		var payload []byte
		if err := rows.Scan(&id, &payload); err != nil {
			rows.Close()
			return err
		}
		if err := publish(payload); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if _, err := tx.Exec(ctx, `DELETE FROM outbox_events WHERE id = ANY($1)`, ids); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
