// A store whose poll locks its batch with FOR UPDATE SKIP LOCKED in a
// transaction of its own, begun on the pool with pgx.BeginFunc, which
// commits before Pending returns: the locks are gone when the caller gets
// the jobs.
package splitowntx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Pending(ctx context.Context, n int) ([]int64, error) {
	var ids []int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED`, n)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	return ids, err
}

func (s *Store) MarkRunning(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

func (s *Store) Enqueue(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (status) VALUES ('queued')`)
	return err
}
