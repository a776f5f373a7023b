// A status queue whose only statement over old leases is an export that
// lists jobs in every state (status IS NOT NULL) for an audit: it takes
// nothing back, and a dead worker's job stays running.
package anystate_export

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Export(ctx context.Context, pool *pgxpool.Pool, before time.Time) (ids []int64, err error) {
	rows, err := pool.Query(ctx, `SELECT id FROM jobs WHERE status IS NOT NULL AND locked_until < $1`, before)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
