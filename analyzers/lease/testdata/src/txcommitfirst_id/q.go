// The same sweep's shape, but it returns the id of a run it took: the
// caller works on that run after the commit, and a worker killed then
// leaves it 'picked' for ever. An integer result that comes from the rows
// is a job handed on, not a count.
package txcommitfirst_id

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const pickSQL = `WITH next AS (
	SELECT id FROM runs WHERE status = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
UPDATE runs r SET status = 'picked' FROM next WHERE r.id = next.id RETURNING r.id`

func Pick(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, pickSQL).Scan(&id); err != nil { // want `this claim moves the job to 'picked' and writes no lease deadline`
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	return id, nil
}

func Add(ctx context.Context, pool *pgxpool.Pool, name string) error {
	_, err := pool.Exec(ctx, `INSERT INTO runs (name, status) VALUES ($1, 'ready')`, name)
	return err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE runs SET status = 'finished' WHERE id = $1 AND status = 'picked'`, id)
	return err
}
