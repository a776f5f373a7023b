// Cron schedules joined with the job templates they start: the outputs
// come from both tables, the due column and the advance from schedules.
package due_join

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Starter interface {
	Start(ctx context.Context, kind string, args []byte) error
}

type due struct {
	id    int64
	every time.Duration
	kind  string
	args  []byte
}

const dueSchedules = `SELECT s.id, s.every, t.kind, t.args
	FROM schedules s JOIN job_templates t ON t.id = s.template_id
	WHERE enabled AND next_run_at <= $1 ORDER BY next_run_at`

func Tick(ctx context.Context, pool *pgxpool.Pool, st Starter) error {
	rows, err := pool.Query(ctx, dueSchedules, time.Now()) // want `two schedulers run the same due job`
	if err != nil {
		return err
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.every, &d.kind, &d.args); err != nil {
			rows.Close()
			return err
		}
		list = append(list, d)
	}
	rows.Close()
	for _, d := range list {
		if err := st.Start(ctx, d.kind, d.args); err != nil {
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE schedules SET next_run_at = now() + $2 WHERE id = $1`, d.id, d.every); err != nil {
			return err
		}
	}
	return nil
}
