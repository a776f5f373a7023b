// A mail sender counts its tries as try_count: a send that has used its
// tries fails for good, any other goes back to the queue.
package ok_trycount

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const giveUpAfter = 7

type Send struct {
	ID       int64
	TryCount int
}

func next(ctx context.Context, pool *pgxpool.Pool) (s Send, err error) {
	err = pool.QueryRow(ctx, `UPDATE sends SET status = 'sending', try_count = try_count + 1 WHERE id = (
		SELECT id FROM sends WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, try_count`).Scan(&s.ID, &s.TryCount)
	return s, err
}

func finish(ctx context.Context, pool *pgxpool.Pool, s Send, sendErr error) error {
	switch {
	case sendErr == nil:
		_, err := pool.Exec(ctx, `UPDATE sends SET status = 'sent' WHERE id = $1`, s.ID)
		return err
	case s.TryCount >= giveUpAfter:
		_, err := pool.Exec(ctx, `UPDATE sends SET status = 'failed' WHERE id = $1`, s.ID)
		return err
	default:
		_, err := pool.Exec(ctx, `UPDATE sends SET status = 'queued' WHERE id = $1`, s.ID)
		return err
	}
}

func Work(ctx context.Context, pool *pgxpool.Pool, deliver func(Send) error) error {
	for ctx.Err() == nil {
		s, err := next(ctx, pool)
		if err != nil {
			return err
		}
		if err := finish(ctx, pool, s, deliver(s)); err != nil {
			return err
		}
	}
	return nil
}
