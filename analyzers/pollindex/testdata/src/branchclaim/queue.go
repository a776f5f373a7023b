// A library that creates its table when it starts and drops it when it
// closes, and claims either the job a notification named or the next one
// by its poll, the text chosen in two branches. The poll has no index
// but the primary key, and the Close that drops the table is no
// migration.
package branchclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct{ pool *pgxpool.Pool }

// want +2 "no index serves the poll on jobs"
func (q *Queue) Start(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS jobs (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		run_at timestamptz NOT NULL DEFAULT now(),
		locked_at timestamptz
	)`)
	return err
}

func (q *Queue) Claim(ctx context.Context, notified int64) (int64, error) {
	var (
		sql  string
		args []any
	)
	if notified != 0 {
		sql = `UPDATE jobs SET status = 'running', locked_at = now() WHERE id = $1 AND status = 'pending' RETURNING id`
		args = []any{notified}
	} else {
		sql = `UPDATE jobs SET status = 'running', locked_at = now()
			WHERE id = (SELECT id FROM jobs WHERE status = 'pending' AND run_at <= now() ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1)
			RETURNING id`
	}
	var id int64
	err := q.pool.QueryRow(ctx, sql, args...).Scan(&id)
	return id, err
}

func (q *Queue) Reclaim(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND locked_at < now() - interval '5 minutes'`)
	return err
}

func (q *Queue) Close(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `DROP TABLE IF EXISTS jobs`)
	return err
}
