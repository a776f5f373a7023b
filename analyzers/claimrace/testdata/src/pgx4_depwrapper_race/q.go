// A job queue on a shared database module over pgx v4 (pgx4db, another
// module), read by its methods' pgx v4 results: an unlocked SELECT, then
// an UPDATE by id, each committing on its own.
package pgx4_depwrapper_race

import (
	"context"

	"example.com/platform/pgx4db"
)

type Repo struct{ pg *pgx4db.Postgres }

func (r *Repo) Next(ctx context.Context) (int64, error) {
	var id int64
	if err := r.pg.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := r.pg.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
