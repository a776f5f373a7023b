// The poll is built at run time: the tool cannot see that jobs is a queue,
// and does not guess.
package accept_dynamic

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, table string) (id int64, err error) {
	q := fmt.Sprintf(`UPDATE %[1]s SET status = 'running'
		WHERE id = (SELECT id FROM %[1]s WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, table)
	err = pool.QueryRow(ctx, q).Scan(&id)
	return id, err
}
