// The user's row is written through a helper of the package that runs its
// SQL on the transaction it is given; the welcome job goes on the pool
// while that transaction is open.
package helperexec

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Claim makes jobs a queue table.
func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func execTx(ctx context.Context, tx pgx.Tx, sql string, args ...any) error {
	_, err := tx.Exec(ctx, sql, args...)
	return err
}

func SignUp(ctx context.Context, pool *pgxpool.Pool, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := execTx(ctx, tx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ('welcome_email')`); err != nil { // want `enqueued outside transaction tx, which writes users and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	}
	return tx.Commit(ctx)
}
