// The same switch on a helper's outcome, but the helper decides by the
// kind of error alone: every ordinary error is retried for ever.
package switchoutcomenolimit

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrPermanent = errors.New("permanent")

type outcome int

const (
	succeeded outcome = iota
	deadLetter
	retry
)

func classify(attempts int, err error) outcome {
	if err == nil {
		return succeeded
	}
	if errors.Is(err, ErrPermanent) {
		return deadLetter
	}
	return retry
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func finish(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, err error) error {
	switch classify(attempts, err) {
	case succeeded:
		_, err = pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	case deadLetter:
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	default:
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	}
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		finish(ctx, pool, id, attempts, handle(id))
	}
}
