// A relay that publishes a locked batch and deletes what it sent: one
// publish error aborts the batch, the deferred rollback puts every row
// back, and the record the broker rejects stops the relay at it for ever.
package rbbatch

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Record struct {
	ID      string
	Payload []byte
}

type Publisher interface {
	Publish(ctx context.Context, r Record) error
}

type Store struct{ pool *pgxpool.Pool }

func lockBatch(ctx context.Context, tx pgx.Tx, n int) ([]Record, error) {
	rows, err := tx.Query(ctx, `SELECT id, payload FROM outbox ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var r Record
		if err := rows.Scan(&r.ID, &r.Payload); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *Store) Relay(ctx context.Context, pub Publisher, n int) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(ctx) }()
	records, err := lockBatch(ctx, tx, n)
	if err != nil {
		return err
	}
	var sent []string
	for _, r := range records {
		if err := pub.Publish(ctx, r); err != nil {
			return fmt.Errorf("publish %s: %w", r.ID, err) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		sent = append(sent, r.ID)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM outbox WHERE id = ANY($1)`, sent); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
