// An outbox relay that logs a failed mark and goes on: the row is
// published again on the next poll, and the relay keeps running.
package ok_relay_logged

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (payload) VALUES ($1)`, payload)
	return err
}

func Run(ctx context.Context, pool *pgxpool.Pool, pub Publisher) {
	for ctx.Err() == nil {
		rows, err := pool.Query(ctx, `SELECT id, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT 100`)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		var ids []int64
		var payloads [][]byte
		for rows.Next() {
			var id int64
			var p []byte
			if err := rows.Scan(&id, &p); err != nil {
				break
			}
			ids, payloads = append(ids, id), append(payloads, p)
		}
		rows.Close()
		for i, p := range payloads {
			if err := pub.Publish(ctx, p); err != nil {
				break
			}
			if _, err := pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, ids[i]); err != nil {
				log.Printf("mark %d published: %v", ids[i], err)
			}
		}
		time.Sleep(time.Second)
	}
}
