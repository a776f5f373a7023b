// The same relay, but the branch that gives up asks the error, not a
// count: a failed mark that is no timeout (a dropped connection, a
// failover) returns at once and stops the relay.
package toleratecount_errkind

import (
	"context"
	"errors"
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

func Run(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	errorsInARow := 0
	for {
		n, err := handleBatch(ctx, pool, pub)
		if err != nil {
			errorsInARow++
			log.Printf("relay: %v", err)
			if !errors.Is(err, context.DeadlineExceeded) {
				return fmt.Errorf("after %d batches: %w", errorsInARow, err)
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
	if _, err := pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1)`, ids); err != nil { // want `a failed bookkeeping write stops the worker`
		return 0, fmt.Errorf("mark the batch: %w", err)
	}
	return len(ids), nil
}
