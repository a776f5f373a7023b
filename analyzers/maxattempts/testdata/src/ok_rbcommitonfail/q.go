// The failure path commits: the claim's transaction is not rolled back
// (this rule's rollback shape); what it records is judged by its
// statements.
package ok_rbcommitonfail

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Once(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return err
	}
	if err := run(payload); err != nil {
		if cerr := tx.Commit(ctx); cerr != nil {
			return cerr
		}
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
