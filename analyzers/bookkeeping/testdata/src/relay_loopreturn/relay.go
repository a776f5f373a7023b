// An outbox relay whose loop ends when marking a published batch fails:
// one database hiccup stops the relay for good.
package relay_loopreturn

import (
	"context"
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

func Run(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	for {
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
			if _, err := pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, ids[i]); err != nil { // want `a failed bookkeeping write stops the worker`
				return err
			}
		}
		time.Sleep(time.Second)
	}
}
