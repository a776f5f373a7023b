// The claim's locked SELECT admits running jobs only while they hold no
// lease, and the claim always writes one: nothing takes back a job whose
// lease passed.
package orpolltx_noexpiry

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	err = tx.QueryRow(ctx, `SELECT id FROM jobs
		WHERE status = 'queued' OR (status = 'running' AND locked_until IS NULL)
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err = tx.Exec(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = $1`, id); err != nil { // want `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
