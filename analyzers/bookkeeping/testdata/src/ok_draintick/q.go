// A drain takes the due rows one at a time until none is left, and
// returns: its caller runs it again at every tick. A failed bookkeeping
// write rolls the row back to the queue and ends this drain, with an
// error its caller (out of sight here: a scheduler reaching it through an
// interface) reports before the next tick. The drain is no worker that
// stops.
package ok_draintick

import (
	"context"
	"errors"
	"fmt"

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
			return nil
		}
		if err != nil {
			_ = tx.Rollback(ctx)
			return err
		}
		if err := d.send(ctx, payload); err != nil {
			if err := recordFailure(ctx, tx, id, err); err != nil {
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

// RunBatch drains a batch at a time, until a claim takes none.
func (d *Drainer) RunBatch(ctx context.Context) error {
	for {
		rows, err := d.pool.Query(ctx, `UPDATE reports SET status = 'sending' WHERE id IN (
			SELECT id FROM reports WHERE status = 'pending' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id`)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			return nil
		}
		for _, id := range ids {
			if _, err := d.pool.Exec(ctx, `UPDATE reports SET status = 'sent' WHERE id = $1`, id); err != nil {
				return err
			}
		}
	}
}
