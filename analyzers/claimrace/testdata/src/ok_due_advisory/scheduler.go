// One scheduler at a time: the loop runs only while this instance holds
// a session advisory lock (a leader).
package ok_due_advisory

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

func Lead(ctx context.Context, pool *pgxpool.Pool, h Handler) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	var leader bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(4242)`).Scan(&leader); err != nil || !leader {
		return err
	}
	for ctx.Err() == nil {
		rows, err := conn.Query(ctx, `SELECT id, payload FROM scheduled_jobs WHERE run_at <= $1`, time.Now())
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
			if err := h(ctx, j.payload); err != nil {
				continue
			}
			if _, err := conn.Exec(ctx, `DELETE FROM scheduled_jobs WHERE id = $1`, j.id); err != nil {
				return err
			}
		}
		time.Sleep(time.Second)
	}
	return nil
}
