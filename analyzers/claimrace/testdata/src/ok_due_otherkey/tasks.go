// Rescheduling a task warns the owners of the overdue tasks it would
// collide with, then moves the task the caller named: the key of the
// UPDATE is the caller's, not one the read returned.
package ok_due_otherkey

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Notifier interface {
	Warn(ctx context.Context, owner string) error
}

func Reschedule(ctx context.Context, pool *pgxpool.Pool, n Notifier, id int64, to time.Time) error {
	rows, err := pool.Query(ctx, `SELECT owner FROM tasks WHERE due_at < $1`, to)
	if err != nil {
		return err
	}
	var owners []string
	for rows.Next() {
		var o string
		if err := rows.Scan(&o); err != nil {
			rows.Close()
			return err
		}
		owners = append(owners, o)
	}
	rows.Close()
	for _, o := range owners {
		if err := n.Warn(ctx, o); err != nil {
			return err
		}
	}
	_, err = pool.Exec(ctx, `UPDATE tasks SET due_at = $2 WHERE id = $1`, id, to)
	return err
}
