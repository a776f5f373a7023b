// gue's shape: jobs are deleted when done, and the index holds the queue,
// the due time, then the priority the poll orders by. Its authors chose to
// range on run_at first; the rule does not second-guess an index that
// holds the order column.
package accept_rangefirst

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

func Take(ctx context.Context, tx pgx.Tx, queue string) (id int64, err error) {
	err = tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND run_at <= $2 ORDER BY priority ASC LIMIT 1 FOR UPDATE SKIP LOCKED`,
		queue, time.Now()).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return id, err
}
