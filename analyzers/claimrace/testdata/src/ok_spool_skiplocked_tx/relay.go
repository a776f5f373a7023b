// An outbox relay that reads due rows FOR UPDATE SKIP LOCKED in a
// transaction, publishes each, deletes it, and commits: the row lock is
// the lease until the DELETE commits.
package ok_spool_skiplocked_tx

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type event struct {
	id       int64
	topic    string
	body     []byte
	attempts int
}

const maxAttempts = 8

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, body, attempts FROM outbox_events WHERE next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 50 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	events, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (event, error) {
		var e event
		err := r.Scan(&e.id, &e.topic, &e.body, &e.attempts)
		return e, err
	})
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := pub.Publish(ctx, e.topic, e.body); err != nil {
			if e.attempts+1 >= maxAttempts {
				if _, err := tx.Exec(ctx, `INSERT INTO outbox_dead (id, topic, body) VALUES ($1, $2, $3)`, e.id, e.topic, e.body); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `DELETE FROM outbox_events WHERE id = $1`, e.id); err != nil {
					return err
				}
				continue
			}
			backoff := time.Duration(1<<e.attempts) * time.Second
			if _, err := tx.Exec(ctx, `UPDATE outbox_events SET attempts = attempts + 1, next_attempt_at = now() + $2 WHERE id = $1`, e.id, backoff); err != nil {
				return err
			}
			continue
		}
		if _, err := tx.Exec(ctx, `DELETE FROM outbox_events WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
