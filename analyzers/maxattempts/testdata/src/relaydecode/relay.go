// A notification relay on a pgx pool: a payload that does not decode is
// logged and skipped, unmarked, and every poll reads it again.
package relaydecode

import (
	"context"
	"encoding/json"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Notification struct {
	UserID int64  `json:"user_id"`
	Text   string `json:"text"`
}

type Sender interface {
	Send(ctx context.Context, n Notification) error
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO notifications_outbox (payload, created_at) VALUES ($1, now())`, payload)
	return err
}

func Drain(ctx context.Context, pool *pgxpool.Pool, s Sender) error {
	rows, err := pool.Query(ctx, `SELECT id, payload FROM notifications_outbox WHERE sent_at IS NULL ORDER BY created_at LIMIT 50`)
	if err != nil {
		return err
	}
	type row struct {
		id      int64
		payload []byte
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.payload); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, r)
	}
	rows.Close()
	for _, r := range batch {
		var n Notification
		if err := json.Unmarshal(r.payload, &n); err != nil { // want `a row that keeps failing is taken again by every poll, with no attempt count`
			log.Printf("notification %d: %v", r.id, err)
			continue
		}
		if err := s.Send(ctx, n); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE notifications_outbox SET sent_at = now() WHERE id = $1`, r.id); err != nil {
			return err
		}
	}
	return nil
}
