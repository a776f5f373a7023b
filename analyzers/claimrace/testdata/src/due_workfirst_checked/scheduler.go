// The DELETE's row count is read, but only after the handler ran: both
// schedulers have run the job by then.
package due_workfirst_checked

import (
	"context"
	"database/sql"
	"time"
)

type Handler interface {
	Handle(ctx context.Context, payload []byte) error
}

func RunDue(ctx context.Context, db *sql.DB, h Handler) error {
	rows, err := db.QueryContext(ctx, `SELECT id, payload FROM scheduled_jobs WHERE run_at <= $1 ORDER BY run_at LIMIT 20`, time.Now()) // want `two schedulers run the same due job: each hands it to its work before either takes it`
	if err != nil {
		return err
	}
	type job struct {
		id      int64
		payload []byte
	}
	var jobs []job
	for rows.Next() {
		var j job
		if err := rows.Scan(&j.id, &j.payload); err != nil {
			rows.Close()
			return err
		}
		jobs = append(jobs, j)
	}
	rows.Close()
	for _, j := range jobs {
		if err := h.Handle(ctx, j.payload); err != nil {
			continue
		}
		res, err := db.ExecContext(ctx, `DELETE FROM scheduled_jobs WHERE id = $1`, j.id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
	}
	return nil
}
