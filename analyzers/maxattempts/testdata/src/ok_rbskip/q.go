// A relay that skips a record it cannot publish and commits the rest: no
// rollback undoes the batch (the skipped record is sent again next time,
// which is a policy, not a rollback).
package ok_rbskip

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, id string, payload []byte) error
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, payload FROM outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type rec struct {
		id      string
		payload []byte
	}
	var recs []rec
	for rows.Next() {
		var r rec
		if err := rows.Scan(&r.id, &r.payload); err != nil {
			rows.Close()
			return err
		}
		recs = append(recs, r)
	}
	rows.Close()
	var sent []string
	for _, r := range recs {
		if err := pub.Publish(ctx, r.id, r.payload); err != nil {
			log.Printf("outbox %s: %v", r.id, err)
			continue
		}
		sent = append(sent, r.id)
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox SET sent_at = now() WHERE id = ANY($1)`, sent); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
