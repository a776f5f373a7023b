// The same helper writes the user's row and inserts the welcome job, both
// on the transaction: both commit, or neither.
package accept_helperexec

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
	if err := execTx(ctx, tx, `INSERT INTO jobs (kind) VALUES ('welcome_email')`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
