// Names that look like an attempt limit but are none: a parameter of an
// interface's method (no body reads it: the implementation's does), and
// a per-attempt time limit. The retry is bounded, and nothing is
// reported.
package ok_limitnames

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Store is what the worker needs of the database.
type Store interface {
	Enqueue(ctx context.Context, kind string, maxAttempts int) error
}

type Options struct {
	AttemptLimitSeconds int
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func run(ctx context.Context, pool *pgxpool.Pool, opts Options, work func(context.Context) error) error {
	attemptLimit := time.Duration(opts.AttemptLimitSeconds) * time.Second
	log.Printf("each attempt may take %s", attemptLimit)
	return work(ctx)
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= 5 {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
