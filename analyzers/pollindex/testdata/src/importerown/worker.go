// The worker runs the store's poll on jobs and claims from a queue of its
// own: it reports its own table, and leaves jobs to the store, which
// claims from it (under go vet each package runs apart, and the finding on
// jobs would appear twice).
package importerown

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"importerown/store"
)

func Next(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	if err != nil {
		return store.Claim(ctx, pool)
	}
	return id, err
}

func NextMail(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE mails SET status = 'sending' WHERE id = (
		SELECT id FROM mails WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
