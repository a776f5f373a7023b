// The scheduler of clearednext, with a rescue that a ticker runs: rows a
// dead scheduler left taken for an hour get a run again.
package ok_clearednext_rescue

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Schedule struct {
	ID   int64
	Spec string
}

const takeSQL = `WITH due AS (
	SELECT id FROM schedules WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= $1
	ORDER BY next_run_at LIMIT 50 FOR UPDATE SKIP LOCKED)
UPDATE schedules s SET next_run_at = NULL, updated_at = now() FROM due WHERE s.id = due.id
RETURNING s.id, s.spec`

func TakeDue(ctx context.Context, pool *pgxpool.Pool, now time.Time) ([]Schedule, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, takeSQL, now)
	if err != nil {
		return nil, err
	}
	var out []Schedule
	for rows.Next() {
		var s Schedule
		if err := rows.Scan(&s.ID, &s.Spec); err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, s)
	}
	rows.Close()
	return out, tx.Commit(ctx)
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64, next time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET next_run_at = $2, last_run_at = now() WHERE id = $1`, id, next)
	return err
}

func Add(ctx context.Context, pool *pgxpool.Pool, spec string, first time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO schedules (spec, status, next_run_at) VALUES ($1, 'active', $2)`, spec, first)
	return err
}

// Rescue gives back the schedules taken an hour ago and never done.
func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET next_run_at = now()
		WHERE next_run_at IS NULL AND status = 'active' AND updated_at < now() - interval '1 hour'`)
	return err
}

func RescueLoop(ctx context.Context, pool *pgxpool.Pool) {
	for range time.Tick(time.Minute) {
		_ = Rescue(ctx, pool)
	}
}

// Pause and Resume are an operator's: a paused schedule is never due.
func Pause(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET status = 'paused' WHERE id = $1`, id)
	return err
}

func Resume(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET status = 'active' WHERE id = $1 AND status = 'paused'`, id)
	return err
}
