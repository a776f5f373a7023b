// A transaction around the read and the DELETE, but the read takes no
// lock: a second scheduler reads the same rows.
package due_tx_unlocked

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

type job struct {
	id      int64
	payload []byte
}

func RunDue(ctx context.Context, pool *pgxpool.Pool, h Handler) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, payload FROM scheduled_jobs WHERE run_at <= now() ORDER BY run_at LIMIT 10`) // want `two schedulers run the same due job`
		if err != nil {
			return err
		}
		jobs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (job, error) {
			var j job
			err := r.Scan(&j.id, &j.payload)
			return j, err
		})
		if err != nil {
			return err
		}
		for _, j := range jobs {
			if err := h(ctx, j.payload); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM scheduled_jobs WHERE id = $1`, j.id); err != nil {
				return err
			}
		}
		return nil
	})
}
