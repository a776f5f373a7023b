// An outbox relay whose loop counts consecutive failed batches and gives
// up only after maxErrors of them: a failed mark returns from the batch,
// is logged, and the next poll sends the batch again. One database hiccup
// does not stop the relay.
package ok_toleratecount

import (
	"context"
	"fmt"
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

const maxErrors = 5

func Run(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	errorsInARow := 0
	for {
		n, err := handleBatch(ctx, pool, pub)
		if err != nil {
			errorsInARow++
			log.Printf("relay: %v", err)
			if errorsInARow >= maxErrors {
				return fmt.Errorf("%d batches failed in a row: %w", errorsInARow, err)
			}
			time.Sleep(time.Second)
			continue
		}
		errorsInARow = 0
		if n == 0 {
			time.Sleep(time.Second)
		}
	}
}

func handleBatch(ctx context.Context, pool *pgxpool.Pool, pub Publisher) (int, error) {
	rows, err := pool.Query(ctx, `SELECT id, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT 100`)
	if err != nil {
		return 0, err
	}
	var ids []int64
	var payloads [][]byte
	for rows.Next() {
		var id int64
		var p []byte
		if err := rows.Scan(&id, &p); err != nil {
			rows.Close()
			return 0, err
		}
		ids, payloads = append(ids, id), append(payloads, p)
	}
	rows.Close()
	for i, p := range payloads {
		if err := pub.Publish(ctx, p); err != nil {
			return i, err
		}
	}
	if _, err := pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids); err != nil {
		return 0, fmt.Errorf("mark the batch: %w", err)
	}
	return len(ids), nil
}
