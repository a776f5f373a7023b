// The same dispatcher, but the worker's keyed lock does not re-check the
// state: a worker handed the id after the first one committed finds the
// row unlocked and runs the finished job again. The poll's locks end when
// it returns, and nothing claims the rows.
package autocommit_keylocknostate

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct {
	pool *pgxpool.Pool
	ids  chan int64
	run  func(ctx context.Context, payload []byte) error
}

func (q *Queue) Enqueue(ctx context.Context, payload []byte) error {
	_, err := q.pool.Exec(ctx, `INSERT INTO work_items (payload, status, run_after) VALUES ($1, 'new', now())`, payload)
	return err
}

// Run dispatches every second and works the ids on n goroutines.
func (q *Queue) Run(ctx context.Context, n int) {
	for i := 0; i < n; i++ {
		go func() {
			for id := range q.ids {
				_ = q.work(ctx, id)
			}
		}()
	}
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = q.dispatch(ctx)
		}
	}
}

func (q *Queue) dispatch(ctx context.Context) error {
	rows, err := q.pool.Query(ctx, `SELECT id FROM work_items WHERE status NOT IN ('processed') AND run_after <= now() ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`) // want `FOR UPDATE on a pool releases its row locks as soon as the SELECT returns, and nothing else claims the rows\n`
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		q.ids <- id
	}
	return nil
}

func (q *Queue) work(ctx context.Context, id int64) error {
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var payload []byte
	err = tx.QueryRow(ctx, `SELECT payload FROM work_items WHERE id = $1 FOR UPDATE SKIP LOCKED`, id).Scan(&payload)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // another worker holds it, or it is done
	}
	if err != nil {
		return err
	}
	if err := q.run(ctx, payload); err != nil {
		if _, err := tx.Exec(ctx, `UPDATE work_items SET status = 'failed', run_after = now() + interval '1 minute' WHERE id = $1`, id); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, `UPDATE work_items SET status = 'processed' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
