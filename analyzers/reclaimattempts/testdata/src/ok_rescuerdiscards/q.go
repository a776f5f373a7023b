// A rescuer in the manner of River's: it reads the jobs stuck past their
// lease, discards those that have used their attempts and puts the others
// back. The limit is compared where every stuck job passes.
package ok_rescuerdiscards

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'discarded' ELSE 'queued' END, locked_until = NULL
		WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT id, attempts, max_attempts FROM jobs WHERE status = 'running' AND locked_until < now() LIMIT 100`)
	if err != nil {
		return err
	}
	var retry, discard []int64
	for rows.Next() {
		var id int64
		var attempts, maxAttempts int
		if err := rows.Scan(&id, &attempts, &maxAttempts); err != nil {
			return err
		}
		if attempts >= maxAttempts {
			discard = append(discard, id)
		} else {
			retry = append(retry, id)
		}
	}
	if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'discarded', locked_until = NULL WHERE id = ANY($1) AND status = 'running'`, discard); err != nil {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = ANY($1) AND status = 'running' AND locked_until < now()`, retry)
	return err
}
