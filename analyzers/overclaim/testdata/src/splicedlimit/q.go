// The batch size is spliced into the text, chosen on two branches: the
// finding names it as a Go value, never as the bind parameter the tool
// reads it as.
package splicedlimit

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, max int, page bool) error {
	n := strconv.Itoa(max)
	if page {
		n = strconv.Itoa(max / 2)
	}
	// want +1 `this UPDATE takes the rows of IN \(SELECT \.\.\. LIMIT {…} FOR UPDATE SKIP LOCKED\)`
	rows, err := pool.Query(ctx, fmt.Sprintf(`UPDATE jobs SET status = 'running'
		WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT %s FOR UPDATE SKIP LOCKED)
		RETURNING id`, n))
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}
