// The scheduler takes the due schedules by clearing next_run_at and runs
// each one in the transaction that took it, writing the next run there:
// a scheduler that dies rolls the take back. TakeOne takes by pushing the
// due time ahead instead.
package ok_clearednext_tx

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const takeSQL = `WITH due AS (
	SELECT id FROM schedules WHERE status = 'active' AND next_run_at <= now()
	ORDER BY next_run_at LIMIT 50 FOR UPDATE SKIP LOCKED)
UPDATE schedules s SET next_run_at = NULL FROM due WHERE s.id = due.id
RETURNING s.id, s.spec`

func RunDue(ctx context.Context, pool *pgxpool.Pool, run func(spec string) (time.Time, error)) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, takeSQL)
	if err != nil {
		return err
	}
	type due struct {
		id   int64
		spec string
	}
	var all []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.spec); err != nil {
			rows.Close()
			return err
		}
		all = append(all, d)
	}
	rows.Close()
	for _, d := range all {
		next, err := run(d.spec)
		if err != nil {
			next = time.Now().Add(5 * time.Minute)
		}
		if _, err := tx.Exec(ctx, `UPDATE schedules SET next_run_at = $2, last_run_at = now() WHERE id = $1`, d.id, next); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// Pause and Resume are an operator's: a paused schedule is never due.
func Pause(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET status = 'paused' WHERE id = $1`, id)
	return err
}

func Resume(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE schedules SET status = 'active' WHERE id = $1 AND status = 'paused'`, id)
	return err
}

// TakeOne pushes the due time ahead as it takes a schedule (a lease the
// next poll respects) and clears the last error, which no poll reads: no
// row is taken by clearing.
func TakeOne(ctx context.Context, pool *pgxpool.Pool) (id int64, spec string, err error) {
	err = pool.QueryRow(ctx, `UPDATE schedules SET next_run_at = now() + interval '10 minutes', last_error = NULL
		WHERE id = (SELECT id FROM schedules WHERE status = 'active' AND next_run_at <= now()
			ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, spec`).Scan(&id, &spec)
	return id, spec, err
}
