// A worker that sleeps when no job is due and looks again is no drain:
// returning a failed write's error ends it.
package drainsleeps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Drainer struct {
	pool *pgxpool.Pool
	send func(ctx context.Context, payload []byte) error
}

func (d *Drainer) Run(ctx context.Context) error {
	for {
		tx, err := d.pool.Begin(ctx)
		if err != nil {
			return err
		}
		var id int64
		var payload []byte
		err = tx.QueryRow(ctx, `SELECT id, payload FROM reports WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload)
		if errors.Is(err, pgx.ErrNoRows) {
			_ = tx.Rollback(ctx)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		if err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if err := d.send(ctx, payload); err != nil {
			if err := recordFailure(ctx, tx, id, err); err != nil { // want `a failed bookkeeping write stops the worker here`
				_ = tx.Rollback(ctx)
				return fmt.Errorf("report %d: %w", id, err)
			}
			if err := tx.Commit(ctx); err != nil {
				return err
			}
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE reports SET status = 'sent' WHERE id = $1`, id); err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
	}
}

func recordFailure(ctx context.Context, tx pgx.Tx, id int64, cause error) error {
	_, err := tx.Exec(ctx, `UPDATE reports SET attempts = attempts + 1, last_error = $2,
		status = CASE WHEN attempts + 1 >= 5 THEN 'failed' ELSE 'pending' END WHERE id = $1`, id, cause.Error())
	return err
}
