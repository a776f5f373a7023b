// The claim records which runner took the job; the completion asks for
// that runner: a holder check under a name of the queue's own.
package ok_claimcol

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, runner string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', runner = $1, picked_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, runner).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64, runner string) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND runner = $2`, id, runner)
	return tag.RowsAffected() == 1, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', runner = NULL WHERE status = 'running' AND picked_at < now() - interval '5 minutes'`)
	return err
}
