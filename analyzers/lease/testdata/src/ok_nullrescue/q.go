// NULL as the state, with a reaper: the claim stamps started_at and the
// runner's beat; a reaper lists started, unfinished jobs whose beat is too
// old and finishes each one with an error, by key.
package ok_nullrescue

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, now time.Time, runner int64) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE builds SET started_at = $1, beat_at = $1, runner = $2
		WHERE id = (SELECT id FROM builds WHERE started_at IS NULL ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
		RETURNING id`, now, runner).Scan(&id)
	return id, err
}

func Beat(ctx context.Context, pool *pgxpool.Pool, id int64, now time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE builds SET beat_at = $2 WHERE id = $1`, id, now)
	return err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64, now time.Time, failure *string) error {
	_, err := pool.Exec(ctx, `UPDATE builds SET finished_at = $2, failure = $3 WHERE id = $1`, id, now, failure)
	return err
}

func Reap(ctx context.Context, pool *pgxpool.Pool, horizon time.Time) error {
	rows, err := pool.Query(ctx, `SELECT id FROM builds
		WHERE beat_at < $1 AND started_at IS NOT NULL AND finished_at IS NULL`, horizon)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	msg := "the runner stopped beating"
	for _, id := range ids {
		if err := Finish(ctx, pool, id, time.Now(), &msg); err != nil {
			return err
		}
	}
	return nil
}
