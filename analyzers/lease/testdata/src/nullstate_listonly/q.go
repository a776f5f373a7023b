// NULL as the state: the claim stamps started_at and a beat, and the only
// statement over started jobs lists them for a status page; nothing looks
// at how old the beat is, so a dead runner's job stays started.
package nullstate_listonly

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, now time.Time, runner int64) (id int64, err error) {
	// want +1 `this claim writes a lease \(started_at, beat_at\), but no statement in the module returns jobs whose lease expired`
	err = pool.QueryRow(ctx, `UPDATE builds SET started_at = $1, beat_at = $1, runner = $2
		WHERE id = (SELECT id FROM builds WHERE started_at IS NULL ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
		RETURNING id`, now, runner).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64, now time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE builds SET finished_at = $2 WHERE id = $1`, id, now)
	return err
}

func Running(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	rows, err := pool.Query(ctx, `SELECT id FROM builds WHERE started_at IS NOT NULL AND finished_at IS NULL ORDER BY started_at`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
