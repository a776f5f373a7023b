// A cron table holds one row per schedule: each registration upserts the
// row of its name, and firing a schedule moves its next run on. Nothing
// accumulates, so its poll needs no index (the jobs it enqueues are
// another table, which has one).
package accept_schedules

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Register(ctx context.Context, pool *pgxpool.Pool, name, spec string, next time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO schedules (name, spec, next_run_at) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET spec = excluded.spec, next_run_at = excluded.next_run_at`, name, spec, next)
	return err
}

func Tick(ctx context.Context, pool *pgxpool.Pool, now time.Time, next func(string) time.Time) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT name FROM schedules WHERE paused = false AND next_run_at <= $1
		ORDER BY next_run_at LIMIT 100 FOR UPDATE SKIP LOCKED`, now)
	if err != nil {
		return err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	for _, name := range names {
		if _, err := tx.Exec(ctx, `INSERT INTO jobs (kind) VALUES ($1)`, name); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE schedules SET next_run_at = $2 WHERE name = $1`, name, next(name)); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

func Pause(ctx context.Context, pool *pgxpool.Pool, name string) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET paused = true WHERE name = $1`, name)
	return err
}

func Resume(ctx context.Context, pool *pgxpool.Pool, name string) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET paused = false WHERE name = $1`, name)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
