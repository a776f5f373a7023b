// The worker's claim walks the finished jobs: reported. The admin page
// that lists the jobs of a state a page at a time (LIMIT, OFFSET) is a
// listing, not a poll: no finding of its own.
package pagedlisting

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (status) VALUES ('pending')`)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64, status string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// ListByStatus serves GET /jobs?status=...&page=...
func ListByStatus(ctx context.Context, pool *pgxpool.Pool, status string, limit, offset int32) ([]int64, error) {
	rows, err := pool.Query(ctx, `SELECT id FROM jobs WHERE status = $1 ORDER BY updated_at DESC LIMIT $2 OFFSET $3`, status, limit, offset)
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
