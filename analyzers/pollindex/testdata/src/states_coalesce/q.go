// An outbox relay whose poll names the states it skips, through COALESCE
// (a row never marked has no status): no index serves it.
package states_coalesce

import (
	"context"

	"github.com/jackc/pgx/v5/pgtype"
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
	rows, err := pool.Query(ctx, `SELECT id, payload FROM outbox o WHERE COALESCE(o.status, '') NOT IN ('pending', 'processed') ORDER BY o.id LIMIT 100`)
	if err != nil {
		return err
	}
	type event struct {
		id      int64
		payload []byte
	}
	var events []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.id, &e.payload); err != nil {
			rows.Close()
			return err
		}
		events = append(events, e)
	}
	rows.Close()
	for _, e := range events {
		status := "processed"
		if err := pub.Publish(ctx, e.payload); err != nil {
			status = "failed"
		}
		if _, err := pool.Exec(ctx, `UPDATE outbox SET status = $2 WHERE id = $1`, e.id, pgtype.Text{String: status, Valid: true}); err != nil {
			return err
		}
	}
	return nil
}
