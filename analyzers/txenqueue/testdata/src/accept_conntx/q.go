// A transaction begun on a *pgx.Conn, and the job inserted on that
// connection while it is open: a connection runs one session, so the
// INSERT runs inside the transaction and commits with the user's row.
package accept_conntx

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

func SignUp(ctx context.Context, conn *pgx.Conn, email string) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, `INSERT INTO jobs (kind) VALUES ('welcome_email')`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
